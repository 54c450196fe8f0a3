import { describe, expect, it } from 'vitest';
import { IMPORT_TEXT_MAX_CHARS } from '#core/api/stories.ts';
import { ImportFileError, MAX_IMPORT_FILE_BYTES, readImportFile, titleFromFileName } from './import-file.ts';

/** A chosen file made of these bytes (what readImportFile uses of a File). */
function fileOf(name: string, bytes: Uint8Array | string) {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  return { name, size: data.byteLength, arrayBuffer: () => Promise.resolve(data.slice().buffer) };
}

describe('titleFromFileName', () => {
  it('drops the folder and .txt, and reads underscores and dashes as spaces', () => {
    expect(titleFromFileName('page_12.txt')).toBe('page 12');
    expect(titleFromFileName('C:\\homework\\The-Red-Hen.TXT')).toBe('The Red Hen');
    expect(titleFromFileName('poem')).toBe('poem');
    expect(titleFromFileName('.txt')).toBe('');
  });
});

describe('readImportFile', () => {
  it('reads UTF-8 text, with or without a byte-order mark, and names it after the file', async () => {
    await expect(readImportFile(fileOf('my_poem.txt', 'Über the moon — “hi”.'))).resolves.toEqual({
      text: 'Über the moon — “hi”.',
      name: 'my poem',
    });
    const withMark = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Hello.')]);
    await expect(readImportFile(fileOf('a.txt', withMark))).resolves.toMatchObject({ text: 'Hello.' });
  });

  it('refuses a file that is not text, an empty one and one too big, saying what to do', async () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]); // "café" in Latin-1: not UTF-8
    await expect(readImportFile(fileOf('old.txt', latin1))).rejects.toThrow(/not plain text/);
    const pdfLike = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]);
    await expect(readImportFile(fileOf('book.txt', pdfLike))).rejects.toThrow(ImportFileError);
    await expect(readImportFile(fileOf('empty.txt', ''))).rejects.toThrow(/empty/);
    const big = {
      name: 'big.txt',
      size: MAX_IMPORT_FILE_BYTES + 1,
      arrayBuffer: () => Promise.reject(new Error('read')),
    };
    await expect(readImportFile(big)).rejects.toThrow(
      new RegExp(`at most ${IMPORT_TEXT_MAX_CHARS.toLocaleString('en')} characters`),
    );
  });
});
