import { describe, expect, it } from 'vitest';
import ko from '../../../resources/strings/ko.json';
import en from '../../../resources/strings/en.json';

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('UI strings', () => {
  it('exist in Korean and English for exactly the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ko).sort());
  });

  it('use the same placeholders in both languages, and no empty text', () => {
    for (const [key, text] of Object.entries(ko)) {
      const english = (en as Record<string, string>)[key]!;
      expect(placeholders(english), key).toEqual(placeholders(text));
      expect(text.trim(), key).not.toBe('');
      expect(english.trim(), key).not.toBe('');
    }
  });
});
