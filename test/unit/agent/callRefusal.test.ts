// Why a call was not made is kept as what happened: the model reads it as it always has (Korean, the validator's
// English for each violation), a screen says it in its own language, and the failure taxonomy counts it by kind.
import { describe, expect, it } from 'vitest';
import { refusalForModel, sayRefusal, sayRefused, type CallRefusal } from '../../../main/core/agent/callRefusal.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';

const hangul = /[\uac00-\ud7a3]/;

describe('a refused call', () => {
  const checked = bundledCatalog().validator('kma.getVilageFcst').check({ nx: 'sixty', base_time: '0500' });
  if (checked.ok) throw new Error('the arguments were meant to be refused');
  const invalid: CallRefusal = { kind: 'invalidArguments', violations: checked.violations };

  it('reads to the model in Korean with the validator’s English, as it was tuned on', () => {
    const text = refusalForModel(invalid);
    expect(text).toMatch(/^인자가 스키마에 맞지 않아 호출하지 않았습니다: /);
    for (const v of checked.violations) expect(text).toContain(`${v.path} ${v.message}`);
  });

  it('is said on an English screen without Korean, and on a Korean screen in Korean, violations included', () => {
    const english = sayRefusal('en', invalid);
    expect(english).toMatch(/^Not called: the arguments do not fit the tool's schema: /);
    expect(english).not.toMatch(hangul);
    const korean = sayRefusal('ko', invalid);
    expect(korean).toMatch(/^인자가 스키마에 맞지 않아 호출하지 않았습니다: /);
    // Each violation the catalogue has words for is said in them, not in the validator's English.
    for (const v of checked.violations.filter((x) => x.said)) expect(korean).not.toContain(v.message);
  });

  it('says every kind in both languages; the user’s own reason stays as they wrote it', () => {
    const kinds: CallRefusal[] = [
      { kind: 'unknownTool', name: 'weather_now', offered: ['kma_getVilageFcst', 'query_rows'] },
      { kind: 'repeated' },
      { kind: 'turnCap', limit: 8 },
      { kind: 'episodeCap', limit: 24 },
      { kind: 'denied' },
      { kind: 'unanswered', waitedMs: 600_000 },
    ];
    for (const r of kinds) {
      expect(sayRefusal('en', r)).not.toMatch(hangul);
      expect(sayRefusal('ko', r)).toMatch(hangul);
    }
    expect(sayRefusal('en', { kind: 'unanswered', waitedMs: 600_000 })).toBe('The user did not allow this call (no answer in 10 min).');
    expect(sayRefusal('en', { kind: 'denied', why: '6월은 묻지 않았습니다' })).toBe('The user did not allow this call. Their reason: 6월은 묻지 않았습니다');
  });

  it('recorded before refusals were kept, is said as the model read it', () => {
    expect(sayRefused('en', { refused: '같은 인자로 같은 도구를 이미 여러 번 호출했습니다.' })).toBe('같은 인자로 같은 도구를 이미 여러 번 호출했습니다.');
    expect(sayRefused('en', { refused: 'x', refusal: { kind: 'repeated' } })).toMatch(/^The same tool was already called/);
    expect(sayRefused('en', {})).toBeUndefined();
  });
});
