// BFCL function docs as a function-calling model is offered them. Names lose their dots (an OpenAI-style
// function name cannot have one), which is BFCL's own "underscore_to_dot" treatment of FC models, so results are
// checked with that flag set. Java and JavaScript docs are shown with every type as a string plus a hint of the
// language type, as upstream shows them; the checker uses the original docs.
import type { ModelTool } from '../agent/types.ts';
import type { FunctionDoc, Language } from './astChecker.ts';

interface ParamDoc {
  type: string;
  description?: string;
  items?: ParamDoc;
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, ParamDoc>;
}

const PYTHON_TO_JSON: Record<string, string> = {
  string: 'string',
  integer: 'integer',
  float: 'number',
  boolean: 'boolean',
  array: 'array',
  tuple: 'array',
  dict: 'object',
  any: 'string',
};

function schemaOf(doc: ParamDoc, language: Language): Record<string, unknown> {
  const description = doc.description ?? '';
  if (language !== 'python') {
    return {
      type: 'string',
      description: `${description} This is ${language === 'java' ? 'Java' : 'JavaScript'} ${doc.type} type parameter in string representation.`.trim(),
    };
  }
  const out: Record<string, unknown> = { type: PYTHON_TO_JSON[doc.type] ?? 'string', ...(description ? { description } : {}) };
  if (doc.enum) out.enum = doc.enum;
  if (doc.default !== undefined) out.default = doc.default;
  if (doc.items) out.items = schemaOf(doc.items, language);
  if (doc.properties) out.properties = Object.fromEntries(Object.entries(doc.properties).map(([k, v]) => [k, schemaOf(v, language)]));
  return out;
}

export function bfclFunctionName(name: string): string {
  return name.replace(/\./g, '_');
}

export function toModelTool(doc: FunctionDoc & { description?: string }, language: Language): ModelTool {
  const properties = doc.parameters.properties as Record<string, ParamDoc>;
  return {
    name: bfclFunctionName(doc.name),
    description: doc.description ?? '',
    parameters: {
      type: 'object',
      properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, schemaOf(v, language)])),
      required: [...(doc.parameters.required ?? [])],
    },
  };
}
