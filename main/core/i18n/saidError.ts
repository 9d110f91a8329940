// An error whose words are the catalogue's: the English message and hint are made from the same keys the CLI and the
// window say in the user's language, so each sentence is written once (resources/strings).
import { KopaError, type ErrorCode, type KopaErrorOptions } from '../errors.ts';
import { saidVars, translate, type StringKey } from './strings.ts';

export interface Said {
  message: StringKey;
  hint?: StringKey;
  vars?: Record<string, string | number>;
  parts?: Record<string, { key: StringKey; vars?: Record<string, string | number> }>;
}

export function saidError(code: ErrorCode, said: Said, options: Omit<KopaErrorOptions, 'hint' | 'saidAs'> = {}): KopaError {
  const vars = saidVars('en', said);
  return new KopaError(code, translate('en', said.message, vars), {
    ...options,
    ...(said.hint ? { hint: translate('en', said.hint, vars) } : {}),
    saidAs: said,
  });
}
