import { isRemote, type RemoteToolSpec } from '../../main/core/catalog/types.ts';
import type { Catalog } from '../../main/core/catalog/Catalog.ts';
import { loadCatalog } from '../../main/engine/catalog/loadCatalog.ts';
import { defaultResourcesDir } from '../../main/engine/resources.ts';

let cached: Catalog | undefined;

/** The bundled catalog, loaded once per test file. */
export function bundledCatalog(): Catalog {
  cached ??= loadCatalog({ resourcesDir: defaultResourcesDir() }).catalog;
  return cached;
}

export function remoteSpec(id: string): RemoteToolSpec {
  const spec = bundledCatalog().require(id);
  if (!isRemote(spec)) throw new Error(`${id} is not remote`);
  return spec;
}
