// Reads the bundled catalog (resources/catalog) and the user's own specs (DATA_DIR/catalog), validates both,
// and builds the Catalog. Bundled specs must be valid; a bad user file is reported and its tools left out.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Catalog } from '../../core/catalog/Catalog.ts';
import { formatProblem, validateCatalog, type CatalogProblem, type CatalogSource, type SemanticVocabulary } from '../../core/catalog/validateCatalog.ts';
import { KopaError } from '../../core/errors.ts';
import type { KeyGrant } from '../../core/catalog/keyPortals.ts';
import { keyIds, type KeyId } from '../../core/catalog/types.ts';

export interface LoadCatalogOptions {
  resourcesDir: string;
  /** Folder of user-added catalog files. Defaults to none. */
  userDir?: string;
}

export interface LoadedCatalog {
  catalog: Catalog;
  /** The value kinds tools take and return (resources/catalog/semantics.json). */
  vocabulary: SemanticVocabulary;
  problems: CatalogProblem[];
  files: string[];
}

/** The user's grants of a key to a host outside its issuer's (see KeyPortal.hosts). */
export const KEY_GRANTS_FILE = 'key-grants.json';

const NOT_TOOL_FILES = new Set(['toolspec.schema.json', 'semantics.json', KEY_GRANTS_FILE]);

/** Reads catalog/key-grants.json: {"grants": [{"keyId": "data.go.kr", "host": "api.example.go.kr"}]}; a bad entry is a problem. */
export function readGrants(dir: string | undefined): { grants: KeyGrant[]; problems: CatalogProblem[] } {
  const file = dir ? path.join(dir, KEY_GRANTS_FILE) : undefined;
  if (!file || !existsSync(file)) return { grants: [], problems: [] };
  const json = readJson(file) as { grants?: unknown; __unreadable?: string };
  if (json.__unreadable || !Array.isArray(json.grants)) return { grants: [], problems: [{ file, message: 'must be {"grants": [{"keyId": …, "host": …}]}' }] };
  const grants: KeyGrant[] = [];
  const problems: CatalogProblem[] = [];
  json.grants.forEach((g: unknown, i) => {
    const { keyId, host } = (g ?? {}) as { keyId?: unknown; host?: unknown };
    if (typeof keyId === 'string' && (keyIds as readonly string[]).includes(keyId) && keyId !== 'inference' && typeof host === 'string' && /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(host) && !/^[\d.]+$/.test(host)) {
      grants.push({ keyId: keyId as KeyId, host });
    } else problems.push({ file, field: `/grants/${i}`, message: `needs a keyId (${keyIds.filter((k) => k !== 'inference').join(', ')}) and a host name in lower case` });
  });
  return { grants, problems };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { __unreadable: (error as Error).message };
  }
}

function sources(dir: string): CatalogSource[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !NOT_TOOL_FILES.has(f))
    .sort()
    .map((f) => ({ file: path.join(dir, f), json: readJson(path.join(dir, f)) }));
}

export function catalogSchemaFiles(resourcesDir: string): { schema: object; vocabulary: SemanticVocabulary } {
  const dir = path.join(resourcesDir, 'catalog');
  return {
    schema: JSON.parse(readFileSync(path.join(dir, 'toolspec.schema.json'), 'utf8')) as object,
    vocabulary: JSON.parse(readFileSync(path.join(dir, 'semantics.json'), 'utf8')) as SemanticVocabulary,
  };
}

export function validateSources(resourcesDir: string, list: CatalogSource[], grants: readonly KeyGrant[] = []): { tools: ReturnType<typeof validateCatalog>['tools']; problems: CatalogProblem[]; vocabulary: SemanticVocabulary } {
  const { schema, vocabulary } = catalogSchemaFiles(resourcesDir);
  const unreadable = list.filter((s) => (s.json as { __unreadable?: string }).__unreadable);
  const readable = list.filter((s) => !unreadable.includes(s));
  const result = validateCatalog(readable, schema, vocabulary, grants);
  return {
    tools: result.tools,
    vocabulary,
    problems: [...unreadable.map((s) => ({ file: s.file, message: `not valid JSON: ${(s.json as { __unreadable: string }).__unreadable}` })), ...result.problems],
  };
}

export function loadCatalog(options: LoadCatalogOptions): LoadedCatalog {
  const bundled = sources(path.join(options.resourcesDir, 'catalog'));
  const user = options.userDir ? sources(options.userDir) : [];
  const granted = readGrants(options.userDir);
  const result = validateSources(options.resourcesDir, [...bundled, ...user], granted.grants);
  const bundledProblems = result.problems.filter((p) => bundled.some((b) => b.file === p.file));
  if (bundledProblems.length > 0) {
    throw new KopaError('Internal', `The bundled catalog is invalid:\n${bundledProblems.map(formatProblem).join('\n')}`, {
      hint: 'Reinstall KOPA Studio; if you edited resources/catalog, run kopa catalog validate.',
    });
  }
  return { catalog: new Catalog(result.tools, granted.grants), vocabulary: result.vocabulary, problems: [...granted.problems, ...result.problems], files: [...bundled, ...user].map((s) => s.file) };
}
