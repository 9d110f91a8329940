// Catalog files are validated when they are loaded. A problem names the file, the tool and the field, so that
// whoever edits a spec (or reviews an imported one) knows exactly where to look.
import type { Ajv, ErrorObject } from 'ajv';
import { compileArgsValidator, createSchemaAjv } from './argsValidator.ts';
import { isLocalToolName } from './localTools.ts';
import { keyGoesTo, keyPortals, type KeyGrant } from './keyPortals.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';
import type { CatalogFile, ParametersSchema, ToolSpec } from './types.ts';
import type { CatalogProblem } from './catalogProblem.ts';

export interface SemanticVocabulary {
  /** `generic`: a value anyone can give without asking another service (a date, an amount, a code from a short fixed list). */
  tags: Record<string, { ko: string; en: string; pattern?: string; generic?: boolean }>;
}

export interface CatalogSource {
  /** File name as the user knows it (shown in problems). */
  file: string;
  json: unknown;
}

const toolKeys = new Set([
  'id',
  'agency',
  'kind',
  'name',
  'description',
  'searchWords',
  'endpoint',
  'auth',
  'format',
  'fixed',
  'parameters',
  'response',
  'quota',
  'source',
  'verify',
  'examples',
  'function',
]);

function locate(file: string, json: unknown, pointer: string): { tool?: string; field?: string } {
  const match = /^\/tools\/(\d+)(\/.*)?$/.exec(pointer);
  if (!match) return pointer ? { field: pointer } : {};
  const tools = (json as { tools?: { id?: unknown }[] }).tools ?? [];
  const index = Number(match[1]);
  const id = tools[index]?.id;
  return { tool: typeof id === 'string' ? id : `#${index}`, ...(match[2] ? { field: match[2] } : {}) };
}

function schemaMessage(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') return `unexpected property "${String(error.params.additionalProperty)}"`;
  if (error.keyword === 'required') return `missing property "${String(error.params.missingProperty)}"`;
  if (error.keyword === 'propertyNames')
    return `parameter name "${String(error.params.propertyName)}" is not an identifier (letters, digits and "_", not starting with a digit)`;
  if (error.keyword === 'enum') return `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
  if (error.keyword === 'oneOf') return 'must be one of: a remote tool (endpoint, auth, format), a local tool (function), or the query tool (kind "query")';
  return error.message ?? error.keyword;
}

function collectSemantics(parameters: ParametersSchema): { pointer: string; tag: string }[] {
  const found: { pointer: string; tag: string }[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-semantic' && typeof value === 'string') found.push({ pointer: `${pointer}/x-semantic`, tag: value });
      else walk(value, `${pointer}/${key}`);
    }
  };
  walk(parameters, '/parameters');
  return found;
}

/** Names that would reach an object's prototype wherever a parameter or field name becomes a property key. */
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** Why a host cannot be on the allowlist (an IP literal, a name not in lower case), or undefined. */
function badHost(host: string): string | undefined {
  if (/^\[|:/.test(host) || /^\d+(\.\d+){3}$/.test(host) || /^[\d.]+$/.test(host)) return 'is an IP address; the allowlist names hosts only';
  if (host !== host.toLowerCase()) return 'must be written in lower case';
  return undefined;
}

/** Why a path cannot be on the allowlist (a dot segment, an empty segment, an escape), or undefined. */
function badPath(path: string): string | undefined {
  if (path.split('/').some((seg) => seg === '.' || seg === '..')) return 'has a "." or ".." segment';
  if (path.includes('//')) return 'has an empty segment';
  if (path.includes('%')) return 'has a percent-escape';
  return undefined;
}

function checkTool(tool: ToolSpec, vocabulary: SemanticVocabulary, ajv: Ajv, grants: readonly KeyGrant[]): { field?: string; message: string }[] {
  const problems: { field?: string; message: string }[] = [];
  for (const key of Object.keys(tool)) if (!toolKeys.has(key)) problems.push({ field: `/${key}`, message: `unexpected property "${key}"` });
  const props = tool.parameters.properties;
  for (const name of [...Object.keys(props), ...Object.keys(tool.response.fields)]) {
    if (RESERVED_NAMES.has(name)) problems.push({ field: `/parameters/properties/${name}`, message: `"${name}" cannot be a parameter or field name` });
  }
  if (problems.length > 0) return problems;
  for (const name of tool.parameters.required ?? []) {
    if (!props[name]) problems.push({ field: `/parameters/required`, message: `"${name}" is required but not defined in properties` });
  }
  for (const { pointer, tag } of collectSemantics(tool.parameters)) {
    if (!vocabulary.tags[tag]) problems.push({ field: pointer, message: `unknown semantic tag "${tag}"` });
  }
  for (const [name, field] of Object.entries(tool.response.fields)) {
    if (field.semantic && !vocabulary.tags[field.semantic])
      problems.push({ field: `/response/fields/${name}/semantic`, message: `unknown semantic tag "${field.semantic}"` });
  }
  if (tool.kind === 'local') {
    if (!isLocalToolName(tool.function)) problems.push({ field: '/function', message: `no local function named "${tool.function}"` });
  } else if (tool.kind === 'query') {
    if (tool.id !== QUERY_TOOL) problems.push({ field: '/id', message: `the query tool is ${QUERY_TOOL}; no other tool may be of kind "query"` });
  } else {
    if (props[tool.auth.param])
      problems.push({
        field: `/parameters/properties/${tool.auth.param}`,
        message: 'the key parameter must not be a tool argument (keys come from the key store)',
      });
    const host = badHost(tool.endpoint.host);
    if (host) problems.push({ field: '/endpoint/host', message: `${tool.endpoint.host} ${host}` });
    const path = badPath(tool.endpoint.path);
    if (path) problems.push({ field: '/endpoint/path', message: `${tool.endpoint.path} ${path}` });
    if (tool.auth.kind !== 'none' && !keyGoesTo(tool.auth.keyId, tool.endpoint.host, grants)) {
      problems.push({
        field: '/auth/keyId',
        message: `the ${tool.auth.keyId} key is only sent to its issuer's hosts (${keyPortals[tool.auth.keyId].hosts.join(', ') || 'none'}), not to ${tool.endpoint.host}; if this API really takes that key, grant it in catalog/key-grants.json`,
      });
    }
    for (const name of tool.response.headline ?? []) {
      if (!tool.response.fields[name]) problems.push({ field: '/response/headline', message: `"${name}" is not a response field` });
    }
    for (const name of Object.keys(tool.fixed ?? {})) {
      if (props[name]) problems.push({ field: `/fixed/${name}`, message: `"${name}" is both fixed and an argument` });
    }
    const format = tool.format;
    if (format.param && !format[format.request]) problems.push({ field: '/format', message: `format.param is set but no value for "${format.request}"` });
    if (tool.endpoint.method === 'GET') {
      for (const [name, schema] of Object.entries(props))
        if (schema['x-in'] === 'body') problems.push({ field: `/parameters/properties/${name}/x-in`, message: 'a GET request has no body' });
    }
  }
  let validator;
  try {
    validator = compileArgsValidator(ajv, tool.parameters);
  } catch (error) {
    problems.push({ field: '/parameters', message: `not a valid JSON Schema: ${(error as Error).message}` });
    return problems;
  }
  tool.examples.forEach((example, i) => {
    const result = validator.check(example.args);
    if (!result.ok) {
      for (const v of result.violations) problems.push({ field: `/examples/${i}/args${v.path}`, message: `example does not fit the parameters: ${v.message}` });
    }
  });
  return problems;
}

/**
 * Validates catalog files against the catalog schema and the rules a schema cannot say (known semantic tags,
 * unique ids, keys never as arguments, examples that fit their parameters). Returns the valid tools and every problem.
 */
export function validateCatalog(
  sources: CatalogSource[],
  fileSchema: object,
  vocabulary: SemanticVocabulary,
  grants: readonly KeyGrant[] = [],
): { tools: ToolSpec[]; problems: CatalogProblem[] } {
  const ajv = createSchemaAjv();
  const validateFile = ajv.compile(fileSchema);
  const tools: ToolSpec[] = [];
  const problems: CatalogProblem[] = [];
  const seen = new Map<string, string>();
  for (const { file, json } of sources) {
    if (!validateFile(json)) {
      for (const error of validateFile.errors ?? []) problems.push({ file, ...locate(file, json, error.instancePath), message: schemaMessage(error) });
      continue;
    }
    for (const tool of (json as CatalogFile).tools) {
      const own = checkTool(tool, vocabulary, ajv, grants);
      const earlier = seen.get(tool.id);
      if (earlier) own.push({ message: `duplicate tool id (also in ${earlier})` });
      if (own.length > 0) {
        for (const p of own) problems.push({ file, tool: tool.id, ...p });
        continue;
      }
      seen.set(tool.id, file);
      tools.push(tool);
    }
  }
  return { tools, problems };
}
