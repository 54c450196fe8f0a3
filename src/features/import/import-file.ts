/**
 * Reading a text file chosen on /import (docs/decisions/0044-import-text.md) in the browser: plain text in UTF-8
 * (with or without a byte-order mark), or refused with a sentence a grown-up can act on. Nothing is sent until the
 * text is saved, so a refused file loses nothing.
 */
import { IMPORT_TEXT_MAX_CHARS } from '#core/api/stories.ts';

/**
 * The largest file opened, in bytes: four bytes for each allowed character (UTF-8's longest) and room for the
 * spaces and blank lines cleaning removes. A larger file is refused before it is read.
 */
export const MAX_IMPORT_FILE_BYTES = IMPORT_TEXT_MAX_CHARS * 4 + 16 * 1024;

/** A file read: its text (as written, cleaned when saved) and a name for it (the file name without `.txt`). */
export interface ImportedFile {
  text: string;
  name: string;
}

/** Why a file was refused, as said to the user. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}

/** The file name as a text's name: no folder, no `.txt`, underscores and dashes as spaces ("page_12.txt" → "page 12"). */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return base
    .replace(/\.(txt|text)$/i, '')
    .replace(/[_-]+/g, ' ')
    .trim();
}

/** A file's bytes: `Blob.arrayBuffer()`, or a FileReader where a Blob lacks it (older engines, jsdom). */
function bytesOf(file: Pick<File, 'arrayBuffer'>): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(file as Blob);
  });
}

/**
 * Reads a chosen file as plain text.
 * @param file the file (a `File`, or anything with a name, a size and its bytes)
 * @throws ImportFileError for a file over {@link MAX_IMPORT_FILE_BYTES}, an empty one, or one that is not UTF-8 text
 *   (a word processor's or a PDF file, a picture: invalid UTF-8, or NUL bytes)
 */
export async function readImportFile(
  file: Pick<File, 'name' | 'size' | 'arrayBuffer'>,
): Promise<ImportedFile> {
  if (file.size > MAX_IMPORT_FILE_BYTES) {
    throw new ImportFileError(
      `That file is too big. A text can be at most ${IMPORT_TEXT_MAX_CHARS.toLocaleString('en')} characters: choose a shorter file, or paste a part of it.`,
    );
  }
  if (file.size === 0) throw new ImportFileError('That file is empty. Choose a file with the text in it.');
  const bytes = new Uint8Array(await bytesOf(file));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = '\0';
  }
  if (text.includes('\0')) {
    throw new ImportFileError(
      'That file is not plain text. Save it as a text file (.txt) first, or copy the words and paste them here.',
    );
  }
  return { text, name: titleFromFileName(file.name) };
}
