// Tools as function-calling models see them: OpenAI-style function schemas. Function names allow letters,
// digits, "_" and "-" only, so "kma.getUltraSrtNcst" is offered as "kma_getUltraSrtNcst"; the mapping is
// one-to-one over the catalog and reversed when a model calls.
import type { ModelTool } from '../agent/types.ts';
import type { ParameterSchema, ToolSpec } from './types.ts';

export interface FunctionSchema {
  type: 'function';
  function: { name: string; description: string; parameters: { type: 'object'; properties: Record<string, unknown>; required: string[] } };
}

export function functionName(toolId: string): string {
  return toolId.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** A parameter schema without KOPA Studio's x- extensions (models and trainers do not know them). */
function plainSchema(schema: ParameterSchema | Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-')) continue;
    if (key === 'items' && value && typeof value === 'object') out.items = plainSchema(value as Record<string, unknown>);
    else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, Record<string, unknown>>).map(([k, v]) => [k, plainSchema(v)]));
    } else out[key] = value;
  }
  return out;
}

export function functionSchema(spec: ToolSpec): FunctionSchema {
  return {
    type: 'function',
    function: {
      name: functionName(spec.id),
      description: `${spec.name.ko}: ${spec.description.ko}`,
      parameters: {
        type: 'object',
        properties: Object.fromEntries(Object.entries(spec.parameters.properties).map(([name, p]) => [name, plainSchema(p)])),
        required: [...(spec.parameters.required ?? [])],
      },
    },
  };
}

/** A tool as the agent offers it: its function schema, and the catalog's first example call for prompts that describe tools in words. */
export function modelTool(spec: ToolSpec): ModelTool {
  const example = spec.examples[0]?.args;
  const semantics = Object.fromEntries(
    Object.entries(spec.parameters.properties).flatMap(([name, p]) => (p['x-semantic'] ? [[name, p['x-semantic']] as const] : [])),
  );
  const resultSemantics = Object.fromEntries(Object.entries(spec.response.fields).flatMap(([name, f]) => (f.semantic ? [[name, f.semantic] as const] : [])));
  return {
    ...functionSchema(spec).function,
    ...(example ? { example } : {}),
    ...(Object.keys(semantics).length ? { semantics } : {}),
    ...(Object.keys(resultSemantics).length ? { resultSemantics } : {}),
  };
}
