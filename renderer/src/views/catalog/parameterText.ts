// What a parameter is, in the screen's language: the catalog's English description on an English screen, else the
// English name of its value kind (a page number, a year YYYY); the Korean description only where neither exists, and
// then said to be Korean.
import type { SemanticKind } from '../../../../main/api/contract.ts';
import type { ParameterSchema } from '../../../../main/core/catalog/types.ts';

export function parameterText(
  schema: ParameterSchema,
  locale: 'ko' | 'en',
  kinds: Record<string, SemanticKind> | undefined,
): { text: string; lang: 'ko' | 'en' } {
  if (locale === 'ko') return { text: schema.description, lang: 'ko' };
  const kind = schema['x-semantic'] ? kinds?.[schema['x-semantic']]?.en : undefined;
  const english = schema['x-description-en'] ?? kind;
  return english ? { text: english, lang: 'en' } : { text: schema.description, lang: 'ko' };
}
