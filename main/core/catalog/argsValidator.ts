// Arguments are checked against a tool's JSON Schema before any request: every violation is reported at once,
// scalar types are coerced ("60" → 60) because models often quote numbers, and defaults are filled in.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { translate, type StringKey } from '../i18n/strings.ts';
import type { ParametersSchema } from './types.ts';

/** KOPA Studio's extension keywords in parameter schemas. */
const extensionKeywords = ['x-semantic', 'x-description-en', 'x-in'];

export function createSchemaAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes: true, useDefaults: true, strict: true, strictRequired: false });
  (addFormats as unknown as (ajv: Ajv) => Ajv)(ajv);
  for (const keyword of extensionKeywords) if (!ajv.getKeyword(keyword)) ajv.addKeyword(keyword);
  return ajv;
}

export interface ArgsViolation {
  /** The argument it concerns, as a JSON pointer (e.g. /nx), or "" for the whole object. */
  path: string;
  /** In English, for models and programs. */
  message: string;
  /** The same in the message catalogue's words, for a person in their language (absent where only English exists). */
  said?: { key: StringKey; vars: Record<string, string | number> };
}

export interface ArgsValidator {
  /** Validates (and coerces, and fills defaults into) a copy of the arguments. */
  check(args: unknown): { ok: true; args: Record<string, unknown> } | { ok: false; violations: ArgsViolation[] };
}

/** Where an argument's documented form is said: its description, and a value from the tool's examples. */
interface ParameterDoc {
  description?: string;
  example?: unknown;
}

function violation(path: string, key: StringKey, vars: Record<string, string | number> = {}): ArgsViolation {
  return { path, message: translate('en', key, vars), said: { key, vars } };
}

/** A pattern's shape in words (8 digits), for the common shapes of the catalog; the documented format for others. */
function patternShape(pattern: string): { key: StringKey; vars: Record<string, string | number> } {
  const exact = /^\^\\d\{(\d+)\}\$$/.exec(pattern);
  if (exact) return { key: 'args.shape.digits', vars: { n: exact[1]! } };
  const range = /^\^\\d\{(\d+),(\d+)\}\$$/.exec(pattern);
  if (range) return { key: 'args.shape.digitRange', vars: { min: range[1]!, max: range[2]! } };
  return { key: 'args.shape.documented', vars: {} };
}

/**
 * A format problem said as the format a person reads (8 digits, 발표일자 YYYYMMDD, e.g. 20250301), never as the
 * regular expression.
 */
function formatViolation(path: string, error: ErrorObject, doc: ParameterDoc | undefined): ArgsViolation {
  const shape =
    error.keyword === 'pattern'
      ? patternShape(String(error.params.pattern))
      : error.keyword === 'maxLength'
        ? { key: 'args.shape.maxLength' as const, vars: { n: Number(error.params.limit) } }
        : error.keyword === 'minLength'
          ? { key: 'args.shape.minLength' as const, vars: { n: Number(error.params.limit) } }
          : { key: 'args.shape.format' as const, vars: { format: String(error.params.format) } };
  const example = doc?.example !== undefined ? (typeof doc.example === 'string' ? doc.example : JSON.stringify(doc.example)) : undefined;
  const key: StringKey = doc?.description
    ? example !== undefined
      ? 'args.formatSaidExample'
      : 'args.formatSaid'
    : example !== undefined
      ? 'args.formatExample'
      : 'args.format';
  const vars = { ...shape.vars, said: doc?.description ?? '', example: example ?? '' };
  // The shape is a key of its own, filled in each language before the sentence around it.
  return {
    path,
    message: translate('en', key, { ...vars, shape: translate('en', shape.key, shape.vars) }),
    said: { key, vars: { ...vars, shapeKey: shape.key } },
  };
}

function describe(error: ErrorObject, docs: Record<string, ParameterDoc>): ArgsViolation {
  const path = error.instancePath || (error.params && 'missingProperty' in error.params ? `/${String(error.params.missingProperty)}` : '');
  if (error.keyword === 'additionalProperties') return violation(`/${String(error.params.additionalProperty)}`, 'args.notParameter');
  if (error.keyword === 'required') return violation(path, 'args.required');
  if (error.keyword === 'enum')
    return violation(path, 'args.oneOf', { values: (error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ') });
  const name = path.split('/')[1] ?? '';
  if (['pattern', 'format', 'minLength', 'maxLength'].includes(error.keyword)) return formatViolation(path, error, docs[name]);
  if (error.keyword === 'type') return violation(path, 'args.type', { type: String(error.params.type) });
  if (error.keyword === 'maximum') return violation(path, 'args.maximum', { limit: Number(error.params.limit) });
  if (error.keyword === 'minimum') return violation(path, 'args.minimum', { limit: Number(error.params.limit) });
  return { path, message: error.message ?? error.keyword };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text that cannot be sent: a lone UTF-16 surrogate has no UTF-8 form, so no URL or body can carry it. */
function illFormed(value: unknown, path: string): ArgsViolation[] {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? [violation(path, 'args.illFormed')] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => illFormed(v, `${path}/${i}`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => illFormed(v, `${path}/${k}`));
  return [];
}

/** `examples`: the tool's documented calls, whose values show each argument's form in messages. */
export function compileArgsValidator(ajv: Ajv, schema: ParametersSchema, examples: { args: Record<string, unknown> }[] = []): ArgsValidator {
  const validate: ValidateFunction = ajv.compile(schema);
  const docs: Record<string, ParameterDoc> = Object.fromEntries(
    Object.entries(schema.properties).map(([name, p]) => [
      name,
      { description: p.description, example: examples.find((e) => e.args[name] !== undefined)?.args[name] ?? p.examples?.[0] },
    ]),
  );
  return {
    check(args) {
      const copy = structuredClone(args ?? {});
      if (typeof copy !== 'object' || copy === null || Array.isArray(copy)) return { ok: false, violations: [violation('', 'args.notObject')] };
      const text = illFormed(copy, '');
      if (validate(copy) && text.length === 0) return { ok: true, args: copy as Record<string, unknown> };
      return { ok: false, violations: [...(validate.errors ?? []).map((e) => describe(e, docs)), ...text] };
    },
  };
}
