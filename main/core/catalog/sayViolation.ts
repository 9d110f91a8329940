// An argument violation in the reader's language. Its own module so that the window can say violations without
// bundling the validator (Ajv) that finds them.
import { isStringKey, translate, type Locale } from '../i18n/strings.ts';
import type { ArgsViolation } from './argsValidator.ts';

/** A violation in `locale`, where it carries the catalogue's words; else its English message. */
export function sayViolation(locale: Locale, v: ArgsViolation): string {
  if (!v.said || !isStringKey(v.said.key)) return v.message;
  const { shapeKey, ...vars } = v.said.vars;
  const shape: Record<string, string> = typeof shapeKey === 'string' && isStringKey(shapeKey) ? { shape: translate(locale, shapeKey, vars) } : {};
  return translate(locale, v.said.key, { ...vars, ...shape });
}

/** Violations as one line, each after the argument it concerns; `say` picks the words (the catalogue's, or the validator's English for a model). */
export function listViolations(locale: Locale, violations: ArgsViolation[], say: (v: ArgsViolation) => string = (v) => sayViolation(locale, v)): string {
  return violations.map((v) => `${v.path || translate(locale, 'cli.call.wholeArguments')} ${say(v)}`).join('; ');
}

/**
 * A call's error in `locale` where it was recorded with catalogue words (its violations said one by one among them);
 * undefined where only the message as written exists.
 */
export function sayCallError(
  locale: Locale,
  error: { message: string; said?: { key: string; vars?: Record<string, string | number> }; violations?: ArgsViolation[] },
): string | undefined {
  if (!error.said || !isStringKey(error.said.key)) return undefined;
  const vars: Record<string, string | number> = { ...error.said.vars };
  if (error.violations) vars.violations = listViolations(locale, error.violations);
  return translate(locale, error.said.key, vars);
}
