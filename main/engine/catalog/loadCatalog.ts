// Reads the bundled catalog (resources/catalog) and the user's own specs (DATA_DIR/catalog), validates both,
// and builds the Catalog. Bundled specs must be valid; a bad user file is reported and its tools left out.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Catalog } from '../../core/catalog/Catalog.ts';
import { formatProblem, type CatalogProblem } from '../../core/catalog/catalogProblem.ts';
import { validateCatalog, type CatalogSource, type SemanticVocabulary } from '../../core/catalog/validateCatalog.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import type { KeyGrant } from '../../core/catalog/keyPortals.ts';
import { keyIds, type CatalogFile, type KeyId, type LocalizedText } from '../../core/catalog/types.ts';
import { APP_VERSION } from '../../core/appInfo.ts';

export interface LoadCatalogOptions {
  resourcesDir: string;
  /** Folder of user-added catalog files. Defaults to none. */
  userDir?: string;
  /**
   * Where the fingerprint of the last catalog found wholly valid is kept (DATA_DIR/cache), so that an unchanged
   * catalog is not validated again at every start (compiling its JSON Schemas is most of a command's start-up).
   * Defaults to none: always validate.
   */
  cacheDir?: string;
}

/** Part of the fingerprint: change it when the validation rules change, so that older fingerprints stop counting. */
const VALIDATION_RULES = 1;
const FINGERPRINT_FILE = 'catalog-valid.txt';

export interface LoadedCatalog {
  catalog: Catalog;
  /** The value kinds tools take and return (resources/catalog/semantics.json). */
  vocabulary: SemanticVocabulary;
  problems: CatalogProblem[];
  files: string[];
  /** Each agency's name as its catalog file gives it (KMA: 기상청 / Korea Meteorological Administration). */
  agencies: Record<string, LocalizedText>;
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
    if (
      typeof keyId === 'string' &&
      (keyIds as readonly string[]).includes(keyId) &&
      keyId !== 'inference' &&
      typeof host === 'string' &&
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(host) &&
      !/^[\d.]+$/.test(host)
    ) {
      grants.push({ keyId: keyId as KeyId, host });
    } else
      problems.push({
        file,
        field: `/grants/${i}`,
        message: `needs a keyId (${keyIds.filter((k) => k !== 'inference').join(', ')}) and a host name in lower case`,
      });
  });
  return { grants, problems };
}

function readJson(file: string): unknown {
  return parseJson(readFileSync(file, 'utf8'));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    return { __unreadable: (error as Error).message };
  }
}

type SourceText = CatalogSource & { text: string };

function agencyNames(list: SourceText[]): Record<string, LocalizedText> {
  const names: Record<string, LocalizedText> = {};
  for (const { json } of list) {
    const file = json as Partial<CatalogFile>;
    if (typeof file.agency === 'string' && typeof file.agencyName?.ko === 'string' && typeof file.agencyName.en === 'string')
      names[file.agency] ??= file.agencyName;
    for (const [agency, name] of Object.entries(file.agencyNames ?? {}))
      if (typeof name?.ko === 'string' && typeof name.en === 'string') names[agency] ??= name;
  }
  return names;
}

function sources(dir: string): SourceText[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !NOT_TOOL_FILES.has(f))
    .sort()
    .map((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8');
      return { file: path.join(dir, f), json: parseJson(text), text };
    });
}

/** What a validation depends on: the rules, the schema and vocabulary, the grants, every file's name and text. */
function fingerprint(resourcesDir: string, list: SourceText[], grants: readonly KeyGrant[]): string {
  const hash = createHash('sha256').update(`${APP_VERSION}\n${VALIDATION_RULES}\n`);
  for (const name of ['toolspec.schema.json', 'semantics.json']) hash.update(readFileSync(path.join(resourcesDir, 'catalog', name)));
  hash.update(JSON.stringify(grants));
  for (const s of list) hash.update(`\n${s.file}\n${s.text}`);
  return hash.digest('hex');
}

export function catalogSchemaFiles(resourcesDir: string): { schema: object; vocabulary: SemanticVocabulary } {
  const dir = path.join(resourcesDir, 'catalog');
  return {
    schema: JSON.parse(readFileSync(path.join(dir, 'toolspec.schema.json'), 'utf8')) as object,
    vocabulary: JSON.parse(readFileSync(path.join(dir, 'semantics.json'), 'utf8')) as SemanticVocabulary,
  };
}

export function validateSources(
  resourcesDir: string,
  list: CatalogSource[],
  grants: readonly KeyGrant[] = [],
): { tools: ReturnType<typeof validateCatalog>['tools']; problems: CatalogProblem[]; vocabulary: SemanticVocabulary } {
  const { schema, vocabulary } = catalogSchemaFiles(resourcesDir);
  const unreadable = list.filter((s) => (s.json as { __unreadable?: string }).__unreadable);
  const readable = list.filter((s) => !unreadable.includes(s));
  const result = validateCatalog(readable, schema, vocabulary, grants);
  return {
    tools: result.tools,
    vocabulary,
    problems: [
      ...unreadable.map((s) => ({ file: s.file, message: `not valid JSON: ${(s.json as { __unreadable: string }).__unreadable}` })),
      ...result.problems,
    ],
  };
}

export function loadCatalog(options: LoadCatalogOptions): LoadedCatalog {
  const bundled = sources(path.join(options.resourcesDir, 'catalog'));
  const user = options.userDir ? sources(options.userDir) : [];
  const granted = readGrants(options.userDir);
  const all = [...bundled, ...user];
  const files = all.map((s) => s.file);
  const memo = options.cacheDir ? path.join(options.cacheDir, FINGERPRINT_FILE) : undefined;
  const print = memo && granted.problems.length === 0 ? fingerprint(options.resourcesDir, all, granted.grants) : undefined;
  if (memo && print && existsSync(memo) && readFileSync(memo, 'utf8') === print) {
    const tools = all.flatMap((s) => (s.json as CatalogFile).tools);
    return {
      catalog: new Catalog(tools, granted.grants),
      vocabulary: catalogSchemaFiles(options.resourcesDir).vocabulary,
      problems: [],
      files,
      agencies: agencyNames(all),
    };
  }
  const result = validateSources(options.resourcesDir, all, granted.grants);
  const bundledProblems = result.problems.filter((p) => bundled.some((b) => b.file === p.file));
  if (bundledProblems.length > 0) {
    throw saidError('Internal', {
      message: 'error.bundledCatalog',
      hint: 'error.bundledCatalog.hint',
      vars: { problems: bundledProblems.map(formatProblem).join('\n') },
    });
  }
  const problems = [...granted.problems, ...result.problems];
  if (memo && print && problems.length === 0) {
    try {
      mkdirSync(path.dirname(memo), { recursive: true });
      writeFileSync(memo, print);
    } catch {
      // A data folder that cannot be written only means validating again next time.
    }
  }
  return { catalog: new Catalog(result.tools, granted.grants), vocabulary: result.vocabulary, problems, files, agencies: agencyNames(all) };
}
