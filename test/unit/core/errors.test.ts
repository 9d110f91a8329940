import { describe, expect, it } from 'vitest';
import { fromErrorPayload, KopaError, toErrorPayload } from '../../../main/core/errors.ts';

describe('error payloads', () => {
  it('carry code, message, hint and details across a transport unchanged', () => {
    const original = new KopaError('NewerDatabase', 'too new', { hint: 'upgrade', details: { schemaVersion: 9 } });
    const back = fromErrorPayload(JSON.parse(JSON.stringify(toErrorPayload(original))));
    expect(back).toBeInstanceOf(KopaError);
    expect(back).toMatchObject({ code: 'NewerDatabase', message: 'too new', hint: 'upgrade', details: { schemaVersion: 9 } });
  });

  it('turn unknown failures into Internal and aborts into Aborted', () => {
    expect(toErrorPayload(new TypeError('boom'))).toEqual({ code: 'Internal', message: 'boom' });
    expect(toErrorPayload(new DOMException('stop', 'AbortError')).code).toBe('Aborted');
  });

  it('map a code this build does not know to Internal instead of trusting it', () => {
    expect(fromErrorPayload({ code: 'Bogus' as never, message: 'x' }).code).toBe('Internal');
  });
});
