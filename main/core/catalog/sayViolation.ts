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
