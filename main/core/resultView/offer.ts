// Which tools an episode offers: the ones asked for, plus the query tool wherever a result can be longer than the
// view (any remote API), so that every hidden row stays reachable. Chat, bench, rollouts and synthesis exports all
// decide it here, so training data offers the tool exactly where inference does.
import type { Catalog } from '../catalog/Catalog.ts';
import { QUERY_TOOL } from './queryRows.ts';

export function offeredTools(catalog: Catalog, ids: string[]): string[] {
  const unique = [...new Set(ids)];
  const needed = unique.some((id) => catalog.get(id)?.kind === 'remote');
  if (!needed || unique.includes(QUERY_TOOL) || !catalog.get(QUERY_TOOL)) return unique;
  return [...unique, QUERY_TOOL];
}
