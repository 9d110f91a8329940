// The engine's errors in the window's language: an error that names its message in the catalogue (saidAs) is
// rethrown with that message and hint in the locale; any other passes as the engine wrote it.
import type { EngineApi } from '../../../main/api/contract.ts';
import { KopaError } from '../../../main/core/errors.ts';
import { errorText, type Locale } from '../../../main/core/i18n/strings.ts';

export function localizeError(error: unknown, locale: Locale): unknown {
  if (!(error instanceof KopaError) || !error.saidAs) return error;
  const said = errorText(locale, error);
  return new KopaError(error.code, said.message, { hint: said.hint, details: error.details, saidAs: error.saidAs, cause: error });
}

/** The same API, its failures in `locale`. */
export function withLocalizedErrors(api: EngineApi, locale: Locale): EngineApi {
  return {
    call: (method, params, options) => api.call(method, params, options).catch((error: unknown) => Promise.reject(localizeError(error, locale))),
  };
}
