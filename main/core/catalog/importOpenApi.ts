// Turns an OpenAPI 3 or Swagger 2 document (as data.go.kr publishes them) into catalog tool specs for a person
// to review: endpoint, parameters with JSON-Schema types, the key parameter, the JSON switch, and the fields of
// the response rows. What cannot be known from the document (English text, success codes, semantic tags) is
// filled with a best guess and listed as a warning.
import type { CatalogFile, FieldSpec, FieldType, ParameterSchema, RemoteToolSpec } from './types.ts';

export interface ImportResult {
  file: CatalogFile;
  warnings: string[];
}

export interface ImportOptions {
  /** Prefix of the tool ids and the agency name. Defaults to a name derived from the host and path. */
  agency?: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const KEY_PARAMS = new Set(['servicekey', 'confmkey', 'apikey', 'key']);
const FORMAT_PARAMS = new Set(['_type', 'datatype', 'returntype', 'type', 'resulttype', 'format']);
const METHODS = ['get', 'post'] as const;

/** Semantic tags inferred from well-known parameter names of Korean public APIs. */
const SEMANTIC_BY_NAME: Record<string, string> = {
  lawd_cd: 'region.lawdCd5',
  deal_ymd: 'date.yyyymm',
  base_date: 'date.yyyymmdd',
  base_time: 'time.hhmm',
  nx: 'kma.nx',
  ny: 'kma.ny',
  pageno: 'paging.pageNo',
  numofrows: 'paging.numOfRows',
  sigungucd: 'region.lawdCd5',
  bjdongcd: 'region.bjdongCd5',
  stationname: 'airkorea.stationName',
  contentid: 'tour.contentId',
  contenttypeid: 'tour.contentTypeId',
  ykiho: 'hira.ykiho',
  ldongregncd: 'region.sidoCd2',
  ldongsigngucd: 'region.sigunguCd3',
  mapx: 'geo.lon',
  mapy: 'geo.lat',
  solyear: 'date.yyyy',
  solmonth: 'date.mm',
  locdate: 'date.yyyymmdd',
};

function semanticFor(name: string): string | undefined {
  return SEMANTIC_BY_NAME[name.toLowerCase()] ?? SEMANTIC_BY_NAME[name];
}

function resolveRef(doc: Obj, value: unknown): unknown {
  if (!isObj(value) || typeof value.$ref !== 'string') return value;
  const path = value.$ref.replace(/^#\//, '').split('/');
  let node: unknown = doc;
  for (const part of path) node = isObj(node) ? node[part] : undefined;
  return resolveRef(doc, node);
}

function fieldType(schema: Obj): FieldType {
  const t = schema.type;
  if (t === 'integer') return 'integer';
  if (t === 'number') return 'number';
  if (t === 'boolean') return 'boolean';
  return 'string';
}

/** Finds the row object of a response schema: the item under items, or the elements of the first array. */
function rowSchema(doc: Obj, schema: unknown, depth = 0): Obj | undefined {
  const s = resolveRef(doc, schema);
  if (!isObj(s) || depth > 8) return undefined;
  if (s.type === 'array') return rowSchema(doc, s.items, depth + 1) ?? (isObj(resolveRef(doc, s.items)) ? (resolveRef(doc, s.items) as Obj) : undefined);
  const props = isObj(s.properties) ? s.properties : undefined;
  if (!props) return undefined;
  for (const key of ['response', 'body', 'items', 'item']) {
    if (props[key]) {
      const inner = rowSchema(doc, props[key], depth + 1);
      if (inner) return inner;
      if (key === 'item') return resolveRef(doc, props[key]) as Obj;
    }
  }
  for (const value of Object.values(props)) {
    const v = resolveRef(doc, value);
    if (isObj(v) && v.type === 'array') return rowSchema(doc, v.items, depth + 1) ?? (resolveRef(doc, v.items) as Obj);
  }
  const scalar = Object.values(props).every((v) => {
    const r = resolveRef(doc, v);
    return isObj(r) && r.type !== 'object' && r.type !== 'array';
  });
  return depth > 0 && scalar ? s : undefined;
}

function toParameter(raw: Obj, doc: Obj): ParameterSchema {
  const schema = isObj(raw.schema) ? (resolveRef(doc, raw.schema) as Obj) : raw;
  const type = schema.type === 'integer' || schema.type === 'number' || schema.type === 'boolean' || schema.type === 'array' ? schema.type : 'string';
  const description = String(raw.description ?? schema.description ?? raw.name);
  const out: ParameterSchema = { type, description: description.trim() || String(raw.name) };
  const semantic = semanticFor(String(raw.name));
  if (semantic) out['x-semantic'] = semantic;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) out.enum = schema.enum as (string | number)[];
  if (typeof schema.pattern === 'string') out.pattern = schema.pattern;
  if (typeof schema.minimum === 'number') out.minimum = schema.minimum;
  if (typeof schema.maximum === 'number') out.maximum = schema.maximum;
  if (schema.default !== undefined) out.default = schema.default;
  if (raw.in === 'body') out['x-in'] = 'body';
  return out;
}

function exampleValue(p: ParameterSchema, raw: Obj): unknown {
  const candidates = [raw.example, raw['x-example'], isObj(raw.schema) ? raw.schema.example : undefined, p.default, p.enum?.[0]];
  const found = candidates.find((c) => c !== undefined);
  if (found !== undefined) return found;
  return p.type === 'integer' || p.type === 'number' ? (p.minimum ?? 1) : p.type === 'boolean' ? true : 'example';
}

function agencyFrom(host: string, path: string): string {
  const first = path.split('/').filter(Boolean)[0] ?? host.split('.')[0] ?? 'imported';
  return first.replace(/[^A-Za-z0-9]/g, '').toLowerCase() || 'imported';
}

/** Names that would reach an object's prototype as property keys. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

export function importOpenApi(document: unknown, options: ImportOptions = {}): ImportResult {
  if (!isObj(document)) throw new Error('the document is not a JSON or YAML object');
  const warnings: string[] = [];
  const swagger2 = typeof document.swagger === 'string' && document.swagger.startsWith('2');
  const openapi3 = typeof document.openapi === 'string' && document.openapi.startsWith('3');
  if (!swagger2 && !openapi3) throw new Error('not an OpenAPI 3 or Swagger 2 document (no "openapi" or "swagger" version)');
  const server = serverOf(document, swagger2, warnings);
  if (!server.host) warnings.push('No host: fill in endpoint.host before use.');
  const paths = isObj(document.paths) ? document.paths : {};
  const agency = options.agency ?? agencyFrom(server.host, server.basePath);
  const info = isObj(document.info) ? document.info : {};
  const title = String(info.title ?? agency);
  const tools: RemoteToolSpec[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObj(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isObj(op)) tools.push(importedTool(document, { path, item, op, method, agency, title, server }, warnings));
    }
  }
  if (tools.length === 0) throw new Error('the document has no GET or POST operations');
  warnings.push(`${tools.length} tool(s) imported; English names, descriptions and success codes need review.`);
  return { file: { agency, agencyName: { ko: title, en: title }, tools }, warnings };
}

interface Server {
  scheme: 'http' | 'https';
  host: string;
  port: number | undefined;
  basePath: string;
}

/** Where the operations are: Swagger 2's schemes, host and basePath, or OpenAPI 3's first server URL. */
function serverOf(document: Obj, swagger2: boolean, warnings: string[]): Server {
  let scheme: 'http' | 'https' = 'https';
  let address: string;
  let basePath = '';
  if (swagger2) {
    const schemes = Array.isArray(document.schemes) ? document.schemes : [];
    scheme = schemes.includes('https') ? 'https' : schemes.includes('http') ? 'http' : 'https';
    address = document.host === undefined ? '' : `${scheme}://${String(document.host)}`;
    basePath = String(document.basePath ?? '');
  } else {
    address = Array.isArray(document.servers) && isObj(document.servers[0]) ? String(document.servers[0].url ?? '') : '';
    if (!/^https?:\/\//.test(address)) {
      warnings.push('servers[0].url is missing or not absolute: fill in the endpoint host.');
      address = '';
    }
  }
  if (!address) return { scheme, host: '', port: undefined, basePath };
  let url: URL | undefined;
  try {
    url = new URL(address);
  } catch {
    warnings.push(`the server address ${address} is not a URL: fill in the endpoint host.`);
    return { scheme, host: '', port: undefined, basePath };
  }
  // A user part (apis.data.go.kr@evil.example) decides where requests really go: it is refused, not dropped.
  if (url.username || url.password)
    throw new Error(`the server address names a user (${url.username}@…), which would send requests to ${url.hostname}: refused`);
  return {
    scheme: url.protocol === 'http:' ? 'http' : 'https',
    host: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    basePath: swagger2 ? basePath : url.pathname.replace(/\/$/, ''),
  };
}

interface Operation {
  path: string;
  item: Obj;
  op: Obj;
  method: (typeof METHODS)[number];
  agency: string;
  title: string;
  server: Server;
}

/** One operation as a catalog tool, marked for review: its names in English, its codes and tags are guesses. */
function importedTool(document: Obj, o: Operation, warnings: string[]): RemoteToolSpec {
  const { op, server } = o;
  const opName = String(op.operationId ?? o.path.split('/').filter(Boolean).pop() ?? 'operation').replace(/[^A-Za-z0-9]/g, '');
  const id = `${o.agency}.${opName.charAt(0).toLowerCase()}${opName.slice(1)}`;
  const { keyParam, formatParam, properties, required, exampleArgs } = operationParameters(document, o, id, warnings);
  const fields = responseFields(document, op, id, warnings);
  const summary = String(op.summary ?? op.description ?? opName).trim();
  const formatValues = formatParam ? (isObj(formatParam.schema) ? formatParam.schema.enum : formatParam.enum) : undefined;
  const jsonValue = Array.isArray(formatValues) ? formatValues.map(String).find((v) => v.toLowerCase() === 'json') : formatParam ? 'json' : undefined;
  return {
    id,
    agency: o.agency,
    kind: 'remote',
    name: { ko: summary, en: `${opName} (imported: translate)` },
    description: { ko: String(op.description ?? summary).trim() || summary, en: `Imported from ${o.title}: describe for a model in English.` },
    endpoint: {
      scheme: server.scheme,
      host: server.host || 'unknown.invalid',
      ...(server.port ? { port: server.port } : {}),
      path: `${server.basePath}${o.path}`.replace(/\/{2,}/g, '/'),
      method: o.method === 'post' ? 'POST' : 'GET',
    },
    auth: keyParam ? { kind: 'serviceKey', param: String(keyParam.name), keyId: 'data.go.kr' } : { kind: 'none', param: 'none', keyId: 'data.go.kr' },
    format: formatParam && jsonValue ? { request: 'json', param: String(formatParam.name), json: jsonValue, xml: 'xml' } : { request: 'xml' },
    parameters: { type: 'object', properties, required, additionalProperties: false },
    response: { envelope: 'datago', successCodes: ['00'], noDataCodes: ['03'], fields },
    source: String((isObj(document.externalDocs) ? document.externalDocs.url : undefined) ?? `imported OpenAPI document: ${o.title}`),
    verify: [
      {
        en: 'Imported: check the success codes, the envelope, the English name and description, and the semantic tags',
        ko: '가져온 도구입니다: 성공 코드, 응답 봉투, 영어 이름과 설명, 의미 태그를 확인하세요',
      },
    ],
    examples: [{ args: exampleArgs }],
  };
}

/** The operation's query and body parameters (the path item's and its own), less the key and the format switch. */
function operationParameters(document: Obj, o: Operation, id: string, warnings: string[]) {
  const rawParams = [...(Array.isArray(o.item.parameters) ? o.item.parameters : []), ...(Array.isArray(o.op.parameters) ? o.op.parameters : [])]
    .map((p) => resolveRef(document, p))
    .filter(isObj);
  const keyParam = rawParams.find((p) => KEY_PARAMS.has(String(p.name).toLowerCase()));
  const formatParam = rawParams.find((p) => FORMAT_PARAMS.has(String(p.name).toLowerCase()));
  const properties: Record<string, ParameterSchema> = {};
  const required: string[] = [];
  const exampleArgs: Record<string, unknown> = {};
  for (const raw of rawParams) {
    const name = String(raw.name);
    if (raw === keyParam || raw === formatParam || (raw.in !== 'query' && raw.in !== 'body')) continue;
    if (RESERVED.has(name)) {
      warnings.push(`${id}: the parameter "${name}" cannot be imported (the name is reserved); describe it by hand if the API needs it.`);
      continue;
    }
    const param = toParameter(raw, document);
    properties[name] = param;
    if (raw.required === true) {
      required.push(name);
      exampleArgs[name] = exampleValue(param, raw);
    }
  }
  return { keyParam, formatParam, properties, required, exampleArgs };
}

/** The fields of a row of the operation's success response, as far as its schema names them. */
function responseFields(document: Obj, op: Obj, id: string, warnings: string[]): Record<string, FieldSpec> {
  const okResponse = isObj(op.responses) ? (op.responses['200'] ?? op.responses.default) : undefined;
  const responseSchema = isObj(okResponse)
    ? (okResponse.schema ??
      (isObj(okResponse.content)
        ? Object.values(okResponse.content)
            .map((c) => (isObj(c) ? c.schema : undefined))
            .find(Boolean)
        : undefined))
    : undefined;
  const row = rowSchema(document, responseSchema);
  const fields: Record<string, FieldSpec> = {};
  for (const [name, value] of Object.entries(isObj(row?.properties) ? row.properties : {})) {
    const v = resolveRef(document, value);
    if (!isObj(v) || RESERVED.has(name)) continue;
    const field: FieldSpec = { type: fieldType(v) };
    const semantic = semanticFor(name);
    if (semantic) field.semantic = semantic;
    if (typeof v.description === 'string' && v.description.trim()) field.ko = v.description.trim();
    fields[name] = field;
  }
  if (Object.keys(fields).length === 0) {
    fields.value = { type: 'string' };
    warnings.push(`${id}: the response schema names no row fields; describe them in response.fields.`);
  }
  return fields;
}
