// Arguments are checked against a tool's JSON Schema before any request: every violation is reported at once,
// scalar types are coerced ("60" → 60) because models often quote numbers, and defaults are filled in.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
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
  message: string;
}

export interface ArgsValidator {
  /** Validates (and coerces, and fills defaults into) a copy of the arguments. */
  check(args: unknown): { ok: true; args: Record<string, unknown> } | { ok: false; violations: ArgsViolation[] };
}

/** A pattern in words ("8 digits"), for the common shapes of the catalog; undefined for others. */
function patternWords(pattern: string): string | undefined {
  const exact = /^\^\\d\{(\d+)\}\$$/.exec(pattern);
  if (exact) return `${exact[1]} digits`;
  const range = /^\^\\d\{(\d+),(\d+)\}\$$/.exec(pattern);
  if (range) return `${range[1]} to ${range[2]} digits`;
  return undefined;
}

/** Where an argument's documented form is said: its description, and a value from the tool's examples. */
interface ParameterDoc {
  description?: string;
  example?: unknown;
}

/**
 * A format problem said as the format a person reads (8 digits, 발표일자 YYYYMMDD, e.g. 20250301), never as the
 * regular expression.
 */
function formatMessage(error: ErrorObject, doc: ParameterDoc | undefined): string {
  const words = error.keyword === 'pattern' ? patternWords(String(error.params.pattern)) : undefined;
  const shape = words ?? (error.keyword === 'pattern' ? 'in the documented format' : (error.message ?? error.keyword).replace(/^must be /, ''));
  const said = doc?.description ? ` (${doc.description})` : '';
  const example = doc?.example !== undefined ? `, e.g. ${typeof doc.example === 'string' ? doc.example : JSON.stringify(doc.example)}` : '';
  return `must be ${shape}${said}${example}`;
}

function describe(error: ErrorObject, docs: Record<string, ParameterDoc>): ArgsViolation {
  const path = error.instancePath || (error.params && 'missingProperty' in error.params ? `/${String(error.params.missingProperty)}` : '');
  if (error.keyword === 'additionalProperties') {
    return { path: `/${String(error.params.additionalProperty)}`, message: 'is not a parameter of this tool' };
  }
  if (error.keyword === 'required') return { path, message: 'is required' };
  if (error.keyword === 'enum') return { path, message: `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
  const name = path.split('/')[1] ?? '';
  if (['pattern', 'format', 'minLength', 'maxLength'].includes(error.keyword)) return { path, message: formatMessage(error, docs[name]) };
  return { path, message: error.message ?? error.keyword };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text that cannot be sent: a lone UTF-16 surrogate has no UTF-8 form, so no URL or body can carry it. */
function illFormed(value: unknown, path: string): ArgsViolation[] {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? [{ path, message: 'is not well-formed text (it holds a lone UTF-16 surrogate)' }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => illFormed(v, `${path}/${i}`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => illFormed(v, `${path}/${k}`));
  return [];
}

/** `examples`: the tool's documented calls, whose values show each argument's form in messages. */
export function compileArgsValidator(ajv: Ajv, schema: ParametersSchema, examples: { args: Record<string, unknown> }[] = []): ArgsValidator {
  const validate: ValidateFunction = ajv.compile(schema);
  const docs: Record<string, ParameterDoc> = Object.fromEntries(
    Object.entries(schema.properties).map(([name, p]) => [name, { description: p.description, example: examples.find((e) => e.args[name] !== undefined)?.args[name] ?? p.examples?.[0] }]),
  );
  return {
    check(args) {
      const copy = structuredClone(args ?? {});
      if (typeof copy !== 'object' || copy === null || Array.isArray(copy)) return { ok: false, violations: [{ path: '', message: 'arguments must be a JSON object' }] };
      const text = illFormed(copy, '');
      if (validate(copy) && text.length === 0) return { ok: true, args: copy as Record<string, unknown> };
      return { ok: false, violations: [...(validate.errors ?? []).map((e) => describe(e, docs)), ...text] };
    },
  };
}
