import { describe, expect, it } from 'vitest';
import {
  cleanImportedText,
  cleanImportedTitle,
  IMPORT_TEXT_MAX_CHARS,
  importedWordCount,
  ImportStoryRequestSchema,
} from './stories.ts';

describe('cleanImportedText', () => {
  it('keeps words and punctuation, and makes line breaks, spaces and blank lines plain', () => {
    expect(cleanImportedText('\uFEFF  The cat\r\nsat.\r\rIt\t\tran\u00A0away. \n\n\n\n\nThe end.  ')).toBe(
      'The cat\nsat.\n\nIt ran away.\n\nThe end.',
    );
  });

  it('removes invisible characters that make two texts look alike or hide words', () => {
    // zero-width space, right-to-left override, soft hyphen, a NUL and a bell
    expect(cleanImportedText('ca\u200Bt \u202Etac\u202C ba\u00ADby\u0000\u0007')).toBe('cat tac baby');
  });

  it('writes accents one way (NFC), so a pasted é and a typed é are the same text', () => {
    expect(cleanImportedText('Cafe\u0301')).toBe('Café');
    expect(cleanImportedText('Cafe\u0301')).toBe(cleanImportedText('Caf\u00E9'));
  });

  it('makes a title one line', () => {
    expect(cleanImportedTitle(' Page\n12 \t of  my book ')).toBe('Page 12 of my book');
  });
});

describe('ImportStoryRequestSchema', () => {
  it('checks what is kept, not what was sent', () => {
    const padded = `${'  \n'.repeat(500)}${'a'.repeat(IMPORT_TEXT_MAX_CHARS)}`;
    expect(ImportStoryRequestSchema.safeParse({ title: 'A', text: padded }).success).toBe(true);
    expect(
      ImportStoryRequestSchema.safeParse({ title: 'A', text: 'a'.repeat(IMPORT_TEXT_MAX_CHARS + 1) }).success,
    ).toBe(false);
    const parsed = ImportStoryRequestSchema.parse({ title: ' A ', text: ' The dog. ' });
    expect(parsed).toEqual({ title: 'A', text: 'The dog.' });
  });

  it('needs a name and a word with a letter', () => {
    const messages = (body: unknown) => {
      const result = ImportStoryRequestSchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(messages({ title: '\u200B', text: 'Hi.' })).toEqual(['title: Give the text a name.']);
    expect(messages({ title: 'A', text: ' \n ' })).toEqual(['text: Type or paste the text to read.']);
    expect(messages({ title: 'A', text: '1 2 3 ...' })).toEqual(['text: The text has no words to read.']);
    expect(messages({ title: 'A', text: 'Hi.', extra: 1 })).toHaveLength(1);
  });
});

describe('importedWordCount', () => {
  it('counts what a reader says: tokens with a letter or digit', () => {
    expect(importedWordCount('The cat — sat on 2 mats!')).toBe(6);
    expect(importedWordCount('')).toBe(0);
  });
});
