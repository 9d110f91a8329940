// The one message catalogue of the window and the command line, in Korean and English (resources/strings: ko.json
// defines the keys, en.json has exactly the same).
import type { SaidAs } from '../errors.ts';
import ko from '../../../resources/strings/ko.json';
import en from '../../../resources/strings/en.json';

export type Locale = 'ko' | 'en';
export const locales: readonly Locale[] = ['ko', 'en'];
export type StringKey = keyof typeof ko;

const catalogs: Record<Locale, Record<StringKey, string>> = { ko, en };

export function isStringKey(key: string): key is StringKey {
  return key in ko;
}

/** The text of `key` with its {placeholders} filled; a placeholder without a value stays as written. */
export function translate(locale: Locale, key: StringKey, vars: Record<string, string | number> = {}): string {
  return catalogs[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Korean where the system's locale is Korean (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them), else English. */
export function systemLocale(env: Record<string, string | undefined>): Locale {
  const chosen = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return chosen?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

/** The catalogue's words for an id the engine records (a stage, a failure kind, …), else the id as recorded. */
const named = (locale: Locale, key: string, id: string): string => (isStringKey(key) ? translate(locale, key) : id);

/** A job stage's name as the window and the command line show it (job.stage.*), else as the engine reported it. */
export function stageLabel(locale: Locale, stage: string): string {
  return named(locale, `job.stage.${stage}`, stage);
}

/**
 * A KOPA-Bench failure kind or ability as the window, the command line and the reports say it (bench.failure.*,
 * bench.ability.*, the id with hyphens for spaces), else as the run recorded it. Filters and --json keep the ids.
 */
export function benchTerm(locale: Locale, term: 'failure' | 'ability', id: string): string {
  return named(locale, `bench.${term}.${id.replace(/ /g, '-')}`, id);
}

/** Why an agent episode stopped (final, maxSteps, callCap, truncated, abort) in words, else as recorded. */
export function stopLabel(locale: Locale, stop: string): string {
  return named(locale, `stop.${stop}`, stop);
}

/** Why a model calls tools as it does (models.toolMode.*), with the template fixes applied, in words. */
export function toolCallReasonText(locale: Locale, support: { wrapper: string; reason: string; patches: string[] }): string {
  const key = `models.toolMode.${support.reason}`;
  const reason = isStringKey(key) ? translate(locale, key, { wrapper: support.wrapper }) : support.reason;
  return support.patches.length > 0 ? `${reason}; ${translate(locale, 'models.toolMode.patched', { patches: support.patches.join(', ') })}` : reason;
}

/** A gateway mode (emulator, replay, record, live) in words, else as recorded. */
export function modeLabel(locale: Locale, mode: string): string {
  return named(locale, `mode.${mode}`, mode);
}

/** A failed call's kind (BadKey, Quota, InvalidParam, …) in a few words, else its code. */
export function callKindLabel(locale: Locale, kind: string): string {
  return named(locale, `callKind.${kind}`, kind);
}

/** A sentence recorded with its catalogue key and values, in `locale`; else the English it was recorded in. */
export function sayRecorded(locale: Locale, said: { key: string; vars?: Record<string, string | number> } | undefined, english: string): string {
  return said && isStringKey(said.key) ? translate(locale, said.key, said.vars) : english;
}

/** An error's message and hint in `locale` where the error says them in the catalogue, else as written. */
export function errorText(locale: Locale, error: { message: string; hint?: string; saidAs?: SaidAs }): { message: string; hint?: string } {
  const said = error.saidAs;
  const vars = said ? saidVars(locale, said) : {};
  const message = said && isStringKey(said.message) ? translate(locale, said.message, vars) : error.message;
  const hint = said?.hint && isStringKey(said.hint) ? translate(locale, said.hint, vars) : error.hint;
  return { message, ...(hint ? { hint } : {}) };
}

/** A said sentence's values, its parts (sentences of their own) said in `locale` among them. */
export function saidVars(locale: Locale, said: Pick<SaidAs, 'vars' | 'parts'>): Record<string, string | number> {
  const parts = Object.entries(said.parts ?? {}).map(([name, part]) => [name, sayRecorded(locale, part, part.key)] as const);
  return { ...said.vars, ...Object.fromEntries(parts) };
}
