// The "try it" form of a tool, derived from its parameter schema: which input each parameter gets, in what order,
// and how the text a person types becomes the arguments the gateway checks. Pure, so it is tested without a page.
import type { ParameterSchema, ParametersSchema } from '../../../../main/core/catalog/types.ts';
import type { StringKey } from '../../../../main/core/i18n/strings.ts';

export type InputKind = 'select' | 'date' | 'month' | 'integer' | 'number' | 'boolean' | 'list' | 'json' | 'text';

export interface FormField {
  name: string;
  schema: ParameterSchema;
  required: boolean;
  kind: InputKind;
}

/** Paging parameters have defaults that suit a first try; they go last. */
const isPaging = (schema: ParameterSchema): boolean => schema['x-semantic']?.startsWith('paging.') ?? false;

export function inputKind(schema: ParameterSchema): InputKind {
  if (schema.enum && schema.enum.length > 0) return 'select';
  if (schema['x-semantic'] === 'date.yyyymmdd') return 'date';
  if (schema['x-semantic'] === 'date.yyyymm') return 'month';
  if (schema.type === 'integer') return 'integer';
  if (schema.type === 'number') return 'number';
  if (schema.type === 'boolean') return 'boolean';
  // Records (NTS's businesses to validate) are written as JSON: a comma list cannot hold them.
  if (schema.type === 'array' && (schema.items as { type?: string } | undefined)?.type === 'object') return 'json';
  if (schema.type === 'array') return 'list';
  return 'text';
}

/** Required parameters first, then the optional ones, paging last; the schema's order within each. */
export function formFields(parameters: ParametersSchema): FormField[] {
  const required = new Set(parameters.required ?? []);
  const fields = Object.entries(parameters.properties).map(([name, schema]) => ({ name, schema, required: required.has(name), kind: inputKind(schema) }));
  const rank = (f: FormField): number => (f.required ? 0 : isPaging(f.schema) ? 2 : 1);
  return fields
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f);
}

/** What an input shows for an argument value (20250505 in a date input is 2025-05-05). */
export function toInput(field: FormField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'json') return JSON.stringify(value);
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  if (field.kind === 'date' && /^\d{8}$/.test(text)) return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}`;
  if (field.kind === 'month' && /^\d{6}$/.test(text)) return `${text.slice(0, 4)}-${text.slice(4)}`;
  return text;
}

/**
 * The argument an input's text stands for, or undefined when it is empty (the parameter is left out). Text that is
 * not a number stays text for a numeric parameter, so the gateway's check names the problem instead of the form
 * dropping it.
 */
export function fromInput(field: FormField, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  switch (field.kind) {
    case 'date':
    case 'month':
      return trimmed.replaceAll('-', '');
    case 'integer':
    case 'number':
      return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
    case 'boolean':
      return trimmed === 'true';
    case 'json':
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        return trimmed;
      }
    case 'select':
      return field.schema.enum?.find((option) => String(option) === trimmed) ?? trimmed;
    case 'list': {
      const itemType = (field.schema.items as { type?: string } | undefined)?.type;
      const parts = trimmed
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      return itemType === 'integer' || itemType === 'number' ? parts.map((part) => (Number.isFinite(Number(part)) ? Number(part) : part)) : parts;
    }
    default:
      return trimmed;
  }
}

export type FormValues = Record<string, string>;

export function valuesFromArgs(fields: FormField[], args: Record<string, unknown>): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, toInput(f, args[f.name])]));
}

/** Longest a value is drawn on an example's button (HIRA's ykiho is 80 characters). */
const LABEL_VALUE_CHARS = 20;

/** An example's button: its values, a record's by their own values, each cut to a glance. */
export function exampleLabel(args: Record<string, unknown>): string {
  const leaves = (value: unknown): string[] =>
    value !== null && typeof value === 'object' ? Object.values(value as Record<string, unknown>).flatMap(leaves) : [String(value)];
  return Object.values(args)
    .flatMap(leaves)
    .map((v) => (v.length > LABEL_VALUE_CHARS ? `${v.slice(0, LABEL_VALUE_CHARS - 1)}…` : v))
    .join(' · ');
}

export function argsFromValues(fields: FormField[], values: FormValues): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fromInput(field, values[field.name] ?? '');
    if (value !== undefined) args[field.name] = value;
  }
  return args;
}

type Say = (key: StringKey, vars?: Record<string, string | number>) => string;

/** Patterns the catalog writes for dates and times, said as a person reads them. */
const SHAPES: Record<string, StringKey> = {
  '^(0[1-9]|1[0-2])$': 'format.month',
  '^([01]\\d|2[0-4])[0-5]\\d$': 'format.timeOfDay',
  '^([01]\\d|2[0-3])00$': 'format.onTheHour',
  '^([01]\\d|2[0-3])(00|30)$': 'format.halfHour',
  '^\\d{8}(0600|1800)$': 'format.issueTime',
  '^[01]$': 'format.zeroOrOne',
  '^\\d{4}(\\d{2})?$': 'format.yearOrMonth',
};

/** A pattern in words where it is one of the catalog's common shapes (8 digits, a month); else the pattern itself. */
function patternWords(pattern: string, say: Say): string {
  const shape = SHAPES[pattern];
  if (shape) return say(shape);
  const exact = /^\^\\d\{(\d+)\}\$$/.exec(pattern);
  if (exact) return say('format.digits', { n: exact[1]! });
  const range = /^\^\\d\{(\d+),(\d+)\}\$$/.exec(pattern);
  if (range) return say('format.digitRange', { min: range[1]!, max: range[2]! });
  return pattern;
}

/** The format a parameter takes in words (8 digits, 1~100, one of …, default 100), for the parameter table. */
export function formatOf(schema: ParameterSchema, say: Say): string {
  const parts: string[] = [];
  if (schema.pattern) parts.push(patternWords(schema.pattern, say));
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(say('format.range', { min: schema.minimum ?? '', max: schema.maximum ?? '' }));
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    parts.push(say('format.length', { min: schema.minLength ?? 0, max: schema.maxLength ?? '' }));
  if (schema.enum) parts.push(say('format.oneOf', { values: schema.enum.join(', ') }));
  if (schema.default !== undefined) parts.push(say('format.default', { value: String(schema.default) }));
  return parts.join(' · ');
}
