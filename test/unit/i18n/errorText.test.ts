// An engine error in the user's language where it names its words in the catalogue, as written otherwise; the window
// rethrows it so, with the English kept for logs.
import { describe, expect, it } from 'vitest';
import { KopaError } from '../../../main/core/errors.ts';
import { errorText } from '../../../main/core/i18n/strings.ts';
import { localizeError } from '../../../renderer/src/api/localizedErrors.ts';

const missing = new KopaError('NotFound', 'There is no dataset seoul-v2.', {
  hint: 'kopa synth list shows the datasets.',
  saidAs: { message: 'error.noDataset', hint: 'error.noDataset.hint', vars: { name: 'seoul-v2' } },
});

describe('error text', () => {
  it('says a catalogued error in the locale, and any other as the engine wrote it', () => {
    expect(errorText('ko', missing)).toEqual({ message: '데이터셋 seoul-v2이(가) 없습니다.', hint: '데이터셋 목록은 kopa synth list로 봅니다.' });
    expect(errorText('en', missing)).toEqual({ message: 'There is no dataset seoul-v2.', hint: 'kopa synth list shows the datasets.' });
    expect(errorText('ko', new KopaError('Internal', 'disk full', { hint: 'free some space' }))).toEqual({ message: 'disk full', hint: 'free some space' });
    // A key this build does not know (an older window, a newer engine) falls back to the English.
    expect(errorText('ko', { message: 'Something new.', saidAs: { message: 'error.fromTheFuture' } })).toEqual({ message: 'Something new.' });
  });

  it('rethrows in the window with the same code and the English kept behind it', () => {
    const shown = localizeError(missing, 'ko') as KopaError;
    expect(shown).toBeInstanceOf(KopaError);
    expect(shown).toMatchObject({ code: 'NotFound', message: '데이터셋 seoul-v2이(가) 없습니다.', hint: '데이터셋 목록은 kopa synth list로 봅니다.' });
    expect((shown.cause as KopaError).message).toBe('There is no dataset seoul-v2.');
    const plain = new Error('socket closed');
    expect(localizeError(plain, 'ko')).toBe(plain);
  });
});
