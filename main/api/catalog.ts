// The catalog of tools: listing, one tool, validating and importing spec files, and the kinds of values.
import type { LocalizedText, SearchWords, ToolSpec, CatalogFile } from '../core/catalog/types.ts';
import type { CatalogProblem } from '../core/catalog/catalogProblem.ts';
import { z } from 'zod';
import { empty, text, type EmptyParams, type MethodSchemas } from './shared.ts';

export interface ToolSummary {
  id: string;
  agency: string;
  kind: 'remote' | 'local' | 'query';
  name: LocalizedText;
  description: LocalizedText;
  /** What people call what it gives, beyond its name: the search reads them. */
  searchWords?: SearchWords;
  /** "GET http://apis.data.go.kr/…", or null for a local tool. */
  endpoint: string | null;
}

export interface AgencyInfo {
  id: string;
  name: LocalizedText;
  /** Tools of this agency in the listing. */
  tools: number;
}

export interface CatalogListing {
  tools: ToolSummary[];
  agencies: AgencyInfo[];
  /** Problems with user-added catalog files (their tools are left out). */
  problems: CatalogProblem[];
}

export interface CatalogValidation {
  files: string[];
  tools: number;
  problems: CatalogProblem[];
}

export interface CatalogImport {
  file: CatalogFile;
  warnings: string[];
  /** Validation of the imported specs as they stand (what must be fixed before use). */
  problems: CatalogProblem[];
}

/** What a code means, and what the values it reads mean where they are codes too (SKY: 1 맑음, 3 구름많음, 4 흐림). */
export interface CodeMeaning {
  ko: string;
  en: string;
  unit?: string;
  values?: Record<string, { ko: string; en: string }>;
}

/** A kind of value tools take and return (resources/catalog/semantics.json). */
export interface SemanticKind {
  ko: string;
  en: string;
  pattern?: string;
  example?: string;
  /** A value anyone can give without asking another service (a date, an amount, a code from a short list): never a dependency. */
  generic?: boolean;
  /** What each code of a coded kind means (a KMA category: T1H → 기온, ℃), for tables in people's words. */
  codes?: Record<string, CodeMeaning>;
}

/** Parameters and result of each method. */
export interface CatalogMethods {
  'catalog.list': { params: { agency?: string }; result: CatalogListing };
  'catalog.get': { params: { id: string }; result: ToolSpec };
  'catalog.validate': { params: { files?: string[] }; result: CatalogValidation };
  'catalog.import': { params: { file: string; agency?: string }; result: CatalogImport };
  'catalog.kinds': { params: EmptyParams; result: Record<string, SemanticKind> };
}

export const catalogSchemas: MethodSchemas<CatalogMethods> = {
  'catalog.list': z.object({ agency: text.optional() }).strict(),
  'catalog.get': z.object({ id: text }).strict(),
  'catalog.validate': z.object({ files: z.array(text).max(1000).optional() }).strict(),
  'catalog.import': z
    .object({
      file: text,
      agency: z
        .string()
        .regex(/^[a-z][a-z0-9]*$/)
        .optional(),
    })
    .strict(),
  'catalog.kinds': empty,
};
