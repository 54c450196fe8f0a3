import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Processes whose command line mentions `text` (from `ps`, so no process of ours counts itself). */
function processesMentioning(text: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(text));
}

describe('startWarmBatch', () => {
  it('leaves no process behind when Node exits while its decoder has ended without opening the hypothesis pipe', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sparky-warm-test-'));
    const dictionaryPath = join(dir, 'tiny.dict');
    writeFileSync(dictionaryPath, 'yes Y EH S\n');
    // A "decoder" that fails at once on pocketsphinx's arguments, as a broken install would:
    // it never opens the hypothesis pipe, so the wrapper's reader waits for a writer.
    const script = join(dir, 'start.mts');
    writeFileSync(
      script,
      `import { startWarmBatch } from ${JSON.stringify(resolve('server/speech/warm-batch.ts'))};
void startWarmBatch({ binary: 'sleep', modelDir: ${JSON.stringify(dir)}, dictionaryPath: ${JSON.stringify(dictionaryPath)},
  extraLines: [], warpArgs: [], languageWeight: 8, memoryKb: 1000000 }).catch(() => {});
setTimeout(() => process.exit(0), 1000);
`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(0);
    // The wrapper (and its reader) run with the decoder's arguments, the model folder among them.
    await expect.poll(() => processesMentioning(`-hmm ${dir} `), { timeout: 10_000 }).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
