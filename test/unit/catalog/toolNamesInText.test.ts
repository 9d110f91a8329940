// A description that points the model to another tool names it as the model is offered it (local_latLonToKmaGrid),
// never by the catalog's own function name (latLonToKmaGrid), which is not a tool the model can call.
import { describe, expect, it } from 'vitest';
import { functionName } from '../../../main/core/catalog/functionSchema.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('tool names in the catalog text', () => {
  it('are the names tools are offered by', () => {
    const catalog = bundledCatalog();
    const tools = catalog.list();
    const wrong: string[] = [];
    for (const spec of tools) {
      const said = texts([spec.name, spec.description, spec.parameters]);
      for (const other of tools) {
        const bare = other.id.split('.').slice(1).join('.');
        // A bare function name, not part of the offered name (agency_function) or of the catalog id (agency.function).
        const mention = new RegExp(`(?<![\\w.])${bare}(?!\\w)`);
        for (const text of said) if (mention.test(text)) wrong.push(`${spec.id} names ${bare}: use ${functionName(other.id)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
