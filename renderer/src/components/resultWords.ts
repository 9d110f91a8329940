// A result table in people's words: a column is headed by the catalog's name for its field, in the screen's
// language, with its unit (거래금액 (만원)); a code of a kind the catalog explains reads as what it means (T1H →
// 기온 (℃) · T1H). The API's own names and codes stay visible beside the words, for whoever checks them.
import type { CodeMeaning, SemanticKind } from '../../../main/api/contract.ts';
import type { FieldSpec } from '../../../main/core/catalog/types.ts';

export type Locale = 'ko' | 'en';

/** Units the catalog writes in Korean, as an English screen says them. */
const UNITS_EN: Record<string, string> = { 만원: '10,000 KRW' };

export function unitIn(unit: string, locale: Locale): string {
  return locale === 'en' ? (UNITS_EN[unit] ?? unit) : unit;
}

export interface ColumnWords {
  /** What the header says. */
  label: string;
  /** The API's field name, when the label is not it. */
  code?: string;
}

/** A kind's label as a column name: its words before a bracket or a format ("날짜 YYYYMMDD" → 날짜). */
function kindName(kind: SemanticKind | undefined, locale: Locale): string | undefined {
  const text = kind?.[locale]?.replace(/\s*\(.*$/, '').replace(/\s+[A-Z]{2,}[A-Za-z]*$/, '');
  return text || undefined;
}

export function columnWords(name: string, field: FieldSpec | undefined, locale: Locale, kinds?: Record<string, SemanticKind>): ColumnWords {
  const own = locale === 'en' ? field?.en : field?.ko;
  const named = own ?? kindName(field?.semantic ? kinds?.[field.semantic] : undefined, locale) ?? field?.ko ?? field?.en;
  const label = `${named ?? name}${field?.unit ? ` (${unitIn(field.unit, locale)})` : ''}`;
  return label === name ? { label } : { label, code: name };
}

/** Times, dates and moments as one screen writes them all (08:30, 2026-12-05, 2026-12-05 16:00), whatever the API wrote. */
const MOMENTS: Partial<Record<string, [RegExp, string]>> = {
  'time.hhmm': [/^([01]\d|2[0-4])([0-5]\d)$/, '$1:$2'],
  'kma.baseTime': [/^([01]\d|2[0-3])([0-5]\d)$/, '$1:$2'],
  'date.yyyymmdd': [/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'],
  'datetime.compact': [/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/, '$1-$2-$3 $4:$5'],
};

/** A measured amount (a field with a unit) with thousands separators: 247870 → 247,870, "  12,000" → 12,000. */
function amount(value: string, locale: Locale): string {
  const plain = value.replace(/[\s,]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return value;
  return new Intl.NumberFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { maximumFractionDigits: 20 }).format(Number(plain));
}

/** What the code in a row's `readBy` field says its value is (the row's KMA category), if the catalog knows. */
export function readingOf(
  field: FieldSpec | undefined,
  row: Record<string, unknown>,
  fields: Record<string, FieldSpec> | undefined,
  kinds: Record<string, SemanticKind> | undefined,
): CodeMeaning | undefined {
  const by = field?.readBy;
  const semantic = by ? fields?.[by]?.semantic : undefined;
  return semantic ? kinds?.[semantic]?.codes?.[String(row[by!])] : undefined;
}

export function cellWords(
  value: string,
  field: FieldSpec | undefined,
  kinds: Record<string, SemanticKind> | undefined,
  locale: Locale,
  reading?: CodeMeaning,
): string {
  const code = field?.semantic ? kinds?.[field.semantic]?.codes?.[value] : undefined;
  if (code) return `${code[locale]}${code.unit ? ` (${code.unit})` : ''} · ${value}`;
  // A reading: a coded one in words (SKY 1 → 맑음 · 1), a measured one with its unit (TMP 23 → 23 ℃).
  const meant = reading?.values?.[value];
  if (meant) return `${meant[locale]} · ${value}`;
  if (reading?.unit && /^-?\d+(\.\d+)?$/.test(value)) return `${value} ${reading.unit}`;
  const moment = field?.semantic ? MOMENTS[field.semantic] : undefined;
  if (moment && moment[0].test(value)) return value.replace(moment[0], moment[1]);
  if (field?.unit && (field.type === 'integer' || field.type === 'number')) return amount(value, locale);
  return value;
}
