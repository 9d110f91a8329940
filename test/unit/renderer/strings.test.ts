import { describe, expect, it } from 'vitest';
import ko from '../../../resources/strings/ko.json';
import en from '../../../resources/strings/en.json';
import { ABILITIES, FAILURE_KINDS } from '../../../main/core/bench/types.ts';
import { benchTerm, callKindLabel, stopLabel } from '../../../main/core/i18n/strings.ts';
import { callErrorKinds } from '../../../main/core/gateway/callErrorKinds.ts';

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

  it("name every failure kind, ability, stop reason and failed call's kind in Korean, and KOPA-Bench's terms by the taxonomy's own words in English", () => {
    for (const [term, ids] of [
      ['failure', FAILURE_KINDS],
      ['ability', ABILITIES],
    ] as const) {
      for (const id of ids) {
        expect(benchTerm('en', term, id)).toBe(id);
        expect(benchTerm('ko', term, id), id).toMatch(/[가-힣]/);
      }
    }
    expect(benchTerm('ko', 'failure', 'invalid arguments')).toBe('잘못된 인자');
    for (const kind of callErrorKinds) expect(callKindLabel('ko', kind), kind).toMatch(/[가-힣]/);
    for (const stop of ['final', 'maxSteps', 'callCap', 'truncated', 'abort']) expect(stopLabel('ko', stop), stop).toMatch(/[가-힣]/);
    // A kind a newer run recorded that this build does not know is shown as recorded.
    expect(benchTerm('ko', 'failure', 'tool timeout')).toBe('tool timeout');
  });
});
