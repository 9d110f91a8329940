// A tool is one operation of a public API (or a local function) as KOPA Studio models it: where it lives, how
// it is called, what it takes (JSON Schema with semantic tags) and what it returns (typed, normalised fields).
// Specs are data (resources/catalog/*.json), validated on load; these types are their shape.
import type { CallErrorKind } from '../gateway/callErrorKinds.ts';

export interface LocalizedText {
  ko: string;
  en: string;
}

export const envelopeKinds = ['datago', 'stanReginCd', 'juso', 'vworld', 'nts', 'seoulBus', 'kosis'] as const;
export type EnvelopeKind = (typeof envelopeKinds)[number];

export const authKinds = ['serviceKey', 'confmKey', 'apiKey', 'key', 'none'] as const;
export type AuthKind = (typeof authKinds)[number];

/** Which credential a tool needs; one key per issuing portal. */
export const keyIds = ['data.go.kr', 'juso.search', 'juso.coord', 'vworld', 'kosis', 'inference'] as const;
export type KeyId = (typeof keyIds)[number];

export const fieldTypes = ['string', 'number', 'integer', 'boolean'] as const;
export type FieldType = (typeof fieldTypes)[number];

/** Value clean-ups applied to response fields, by name. */
export const normaliserNames = ['commaNumber', 'dashNull', 'kstMidnight24', 'ynBoolean', 'trim', 'httpsUrl', 'emptyNull'] as const;
export type NormaliserName = (typeof normaliserNames)[number];

export interface Endpoint {
  scheme: 'http' | 'https';
  host: string;
  /** Omitted means the scheme's default port. */
  port?: number;
  path: string;
  method: 'GET' | 'POST';
}

export interface AuthSpec {
  kind: AuthKind;
  /** The query parameter that carries the key, spelled as the API's guide spells it. */
  param: string;
  keyId: KeyId;
}

export interface FormatSpec {
  /** What the gateway asks for. */
  request: 'json' | 'xml';
  /** The query parameter that switches the format, and its values; omitted when the API has one format. */
  param?: string;
  json?: string;
  xml?: string;
}

export interface FieldSpec {
  type: FieldType;
  /** A value kind from the semantic vocabulary (resources/catalog/semantics.json). */
  semantic?: string;
  ko?: string;
  en?: string;
  unit?: string;
  /** The operation version (the request's `ver`) from which the service returns the field; older versions leave it out. */
  since?: string;
  /**
   * A date the result defines as the day something happens (a holiday, a festival's first day): it can decide a later
   * call's date, unlike bookkeeping dates (opened, approved) and echoes of the request (a forecast's base date).
   */
  event?: boolean;
  normalise?: NormaliserName[];
  /** The field of the same row whose code says what this value is (a KMA reading's category: SKY 1 is 맑음). */
  readBy?: string;
}

/** A JSON Schema for one parameter, with KOPA Studio's extensions. */
export interface ParameterSchema {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  description: string;
  'x-description-en'?: string;
  'x-semantic'?: string;
  /** Where the value goes. Defaults to the query string; "body" puts it in the JSON body of a POST. */
  'x-in'?: 'query' | 'body';
  format?: string;
  pattern?: string;
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  items?: ParameterSchema | Record<string, unknown>;
  maxItems?: number;
  minItems?: number;
  examples?: unknown[];
}

export interface ParametersSchema {
  type: 'object';
  properties: Record<string, ParameterSchema>;
  required?: string[];
  additionalProperties?: false;
}

export interface ResponseSpec {
  envelope: EnvelopeKind;
  successCodes: string[];
  /** Codes that mean "no such data" rather than a failure. */
  noDataCodes?: string[];
  /** API-specific result codes and what they mean, beyond the data.go.kr standard table. */
  errorCodes?: Record<string, { kind: Exclude<CallErrorKind, 'ReplayMiss'>; message?: string }>;
  /** Where the rows sit, for readers of the spec (the envelope parser knows it). */
  itemsPath?: string;
  /**
   * A success whose every row holds only zeros and empty values (the fields in `except` aside) is the service's way
   * of saying it has nothing for the request (KMA's mid-term forecast for a region id it does not issue): the
   * gateway reports it as NoData with `message` and the excepted fields' values.
   */
  blankRows?: { except: string[]; message: string };
  /** The fields a person reads first in a row (a deal's name, price, area and floor), shown first in tables. */
  headline?: string[];
  fields: Record<string, FieldSpec>;
}

export interface QuotaSpec {
  /** Calls that count against the same limit share a group. */
  group: string;
  perDay?: number;
  perSecond?: number;
}

export interface ToolExample {
  args: Record<string, unknown>;
  note?: string;
}

/** Everyday words for a tool, in each language. */
export interface SearchWords {
  ko: string[];
  en: string[];
}

export interface RemoteToolSpec {
  id: string;
  agency: string;
  kind: 'remote';
  name: LocalizedText;
  description: LocalizedText;
  /** What people call what it gives, beyond its name (부동산, fine dust): the catalog's search reads them. */
  searchWords?: SearchWords;
  endpoint: Endpoint;
  auth: AuthSpec;
  format: FormatSpec;
  /** Query parameters always sent with these values (e.g. TourAPI's MobileOS). */
  fixed?: Record<string, string>;
  parameters: ParametersSchema;
  response: ResponseSpec;
  quota?: QuotaSpec;
  source: string;
  /**
   * Facts not confirmed at a source (⚠️ in the reference), for whoever verifies against the live API: in both
   * languages, or as one English sentence (a user's catalog may write them so).
   */
  verify?: (string | LocalizedText)[];
  examples: ToolExample[];
}

export interface LocalToolSpec {
  id: string;
  agency: 'local';
  kind: 'local';
  name: LocalizedText;
  description: LocalizedText;
  /** What people call what it gives, beyond its name (부동산, fine dust): the catalog's search reads them. */
  searchWords?: SearchWords;
  /** The pure function that implements it (main/core/catalog/localTools.ts). */
  function: string;
  parameters: ParametersSchema;
  response: { fields: Record<string, FieldSpec> };
  source: string;
  examples: ToolExample[];
}

/**
 * The query tool (local.queryRows): it reads the rows of an episode's earlier results by handle, so it runs inside
 * an agent episode or a plan execution (main/core/resultView/EpisodeResults.ts), never through the gateway.
 */
export interface QueryToolSpec {
  id: string;
  agency: 'local';
  kind: 'query';
  name: LocalizedText;
  description: LocalizedText;
  /** What people call what it gives, beyond its name (부동산, fine dust): the catalog's search reads them. */
  searchWords?: SearchWords;
  parameters: ParametersSchema;
  response: { fields: Record<string, FieldSpec> };
  source: string;
  examples: ToolExample[];
}

export type ToolSpec = RemoteToolSpec | LocalToolSpec | QueryToolSpec;

export interface CatalogFile {
  agency: string;
  agencyName: LocalizedText;
  /** Names of the agencies its tools name, where a file holds several (health: HIRA and NMC). */
  agencyNames?: Record<string, LocalizedText>;
  tools: ToolSpec[];
}

export function isRemote(spec: ToolSpec): spec is RemoteToolSpec {
  return spec.kind === 'remote';
}

/** A catalog note in `locale`, with the language it is written in (a plain note is English). */
export function noteIn(note: string | LocalizedText, locale: 'ko' | 'en'): { text: string; lang: 'ko' | 'en' } {
  return typeof note === 'string' ? { text: note, lang: 'en' } : { text: note[locale], lang: locale };
}
