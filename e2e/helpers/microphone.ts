import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../playwright.config.ts';

/**
 * A browser whose fake microphone plays `wav` once (see ../shared/notes/stack-gotchas.md: `%noloop`;
 * one file per browser launch).
 */
export function launchWithMicrophone(wav: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}%noloop`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/**
 * flite (voice slt) reads `text` into a 16 kHz mono 16-bit WAV, with `padSeconds` of silence in front
 * (for the fake microphone: it starts playing when the microphone opens, before a 3-2-1 countdown ends).
 * @returns the WAV's path
 */
export function fliteReading(text: string, padSeconds = 0): string {
  const dir = mkdtempSync(join(tmpdir(), 'sparky-reading-'));
  const raw = join(dir, 'raw.wav');
  const wav = join(dir, 'reading.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', raw]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', String(padSeconds), '0']);
  return wav;
}

/**
 * Waits until the reading page has heard speech and then `quietMs` of silence, read from the
 * page's own microphone level meter (role=meter, 0–100): the fake microphone has played its reading.
 * A journey that reads only part of a story then presses Stop, as a reader who is done would,
 * instead of waiting out the silence prompt (10 s) and its 20 s wait.
 */
export async function waitForReadingHeard(page: Page, quietMs = 1500): Promise<void> {
  await page.waitForFunction(
    (quiet) => {
      const seen = window as unknown as { readingHeardAt?: number };
      const meter = document.querySelector('[role="meter"]');
      if (!meter) return false;
      const now = performance.now();
      if (Number(meter.getAttribute('aria-valuenow')) > 20) seen.readingHeardAt = now;
      return seen.readingHeardAt !== undefined && now - seen.readingHeardAt > quiet;
    },
    quietMs,
    { polling: 100, timeout: 120_000 },
  );
}

/**
 * flite (voice rms) says a spoken command, with 0.5 s of silence before it and 2 s after, as a 16 kHz mono
 * 16-bit WAV for the fake microphone (Chromium plays it in a loop from launch).
 * @returns the WAV's path
 */
export function fliteCommand(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sparky-command-'));
  const raw = join(dir, 'raw.wav');
  const wav = join(dir, 'command.wav');
  execFileSync('flite', ['-voice', 'rms', '-t', text, '-o', raw]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', wav, 'pad', '0.5', '2']);
  return wav;
}
