// Engine API methods over the catalog: listing, one spec, validating files, importing OpenAPI documents.
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { importOpenApi } from '../../core/catalog/importOpenApi.ts';
import { isRemote, type ToolSpec } from '../../core/catalog/types.ts';
import type { CatalogImport, CatalogListing, CatalogValidation, ToolSummary, CatalogMethods } from '../../api/contract.ts';
import { readGrants, validateSources } from './loadCatalog.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { readInputFile } from '../files/readInputFile.ts';

export function summarize(spec: ToolSpec): ToolSummary {
  const endpoint = isRemote(spec)
    ? `${spec.endpoint.method} ${spec.endpoint.scheme}://${spec.endpoint.host}${spec.endpoint.port ? `:${spec.endpoint.port}` : ''}${spec.endpoint.path}`
    : null;
  return {
    id: spec.id,
    agency: spec.agency,
    kind: spec.kind,
    name: spec.name,
    description: spec.description,
    ...(spec.searchWords ? { searchWords: spec.searchWords } : {}),
    endpoint,
  };
}

export function listCatalog(engine: EngineServices, agency?: string): CatalogListing {
  const { catalog, problems, agencies: names } = engine.catalogInfo();
  const wanted = agency?.toLowerCase();
  const tools = catalog.list().filter((t) => !wanted || t.agency.toLowerCase() === wanted || t.id.startsWith(`${wanted}.`));
  const counts = new Map<string, number>();
  for (const tool of tools) counts.set(tool.agency, (counts.get(tool.agency) ?? 0) + 1);
  const agencies = [...counts].map(([id, n]) => ({ id, name: names[id] ?? { ko: id, en: id }, tools: n }));
  return { tools: tools.map(summarize), agencies, problems };
}

function readJsonOrYaml(file: string): unknown {
  const text = readInputFile(file).toString('utf8');
  try {
    return file.endsWith('.yaml') || file.endsWith('.yml') ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    // Parser messages quote the file's text; a file that is not a catalog (a password file) must not be echoed.
    const at = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    throw saidError('InvalidRequest', {
      message: at ? 'error.notJsonYamlAt' : 'error.notJsonYaml',
      hint: 'error.notJsonYaml.hint',
      vars: { file, line: at?.line ?? 0, column: at?.col ?? 0 },
    });
  }
}

export function validateCatalogFiles(engine: EngineServices, files?: string[]): CatalogValidation {
  if (!files || files.length === 0) {
    const info = engine.catalogInfo();
    return { files: info.files, tools: info.catalog.size, problems: info.problems };
  }
  const sources = files.map((file) => ({ file, json: readJsonOrYaml(path.resolve(file)) }));
  const result = validateSources(engine.resourcesDir, sources, readGrants(path.join(engine.dataDir, 'catalog')).grants);
  return { files, tools: result.tools.length, problems: result.problems };
}

export function importCatalog(engine: EngineServices, file: string, agency?: string): CatalogImport {
  const document = readJsonOrYaml(path.resolve(file));
  let imported;
  try {
    imported = importOpenApi(document, { agency });
  } catch (error) {
    throw saidError('InvalidRequest', { message: 'error.cannotImport', hint: 'error.cannotImport.hint', vars: { file, reason: (error as Error).message } });
  }
  const { problems } = validateSources(
    engine.resourcesDir,
    [{ file: `${path.basename(file)} (imported)`, json: imported.file }],
    readGrants(path.join(engine.dataDir, 'catalog')).grants,
  );
  return { ...imported, problems };
}

/** The catalog's API methods. */
export const catalogMethods = (engine: EngineServices): MethodHandlers<CatalogMethods> => ({
  'catalog.list': async ({ agency }) => listCatalog(engine, agency),
  'catalog.get': async ({ id }) => engine.catalog().require(id),
  'catalog.validate': async ({ files }) => validateCatalogFiles(engine, files),
  'catalog.import': async ({ file, agency }) => importCatalog(engine, file, agency),
  'catalog.kinds': async () => engine.catalogInfo().vocabulary.tags,
});
