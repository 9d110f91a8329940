// EDGE's links as the engine reads them: from the database, each classified against the catalog now loaded (a
// user catalog can make a format-only link a dependency, or the other way round, without touching the store).
import { linkClassifier, type LinkClassifier } from '../../core/edges/linkKind.ts';
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { EngineServices } from '../EngineServices.ts';
import { EdgeRepository } from '../store/repositories/EdgeRepository.ts';

const classifiers = new WeakMap<Catalog, LinkClassifier>();

export function edgeStore(engine: EngineServices): EdgeRepository {
  const { catalog, vocabulary } = engine.catalogInfo();
  let classify = classifiers.get(catalog);
  if (!classify) classifiers.set(catalog, (classify = linkClassifier(catalog.list(), vocabulary)));
  return new EdgeRepository(engine.store.db, classify);
}
