// For models without a tool-calling template: every agent step is generated under a JSON-schema grammar that
// allows exactly a call of one offered tool with schema-valid arguments, or a final answer. The schemas use the
// subset of JSON Schema that llama.cpp grammars support (types, enums, consts, objects, arrays, oneOf). A llama.cpp
// grammar writes every property an object lists, in the listed order, so a tool's arguments list every parameter and
// an optional one takes null for "not given" (dropped before the call is checked); native calls are held to the same
// arguments grammar.
import { functionName } from '../catalog/functionSchema.ts';
import { aggregates, QUERY_TOOL, queryOps } from '../resultView/queryRows.ts';
import type { ModelTool } from './types.ts';
import { isAnswerCall } from '../answer/answerTool.ts';

export type GrammarSchema =
  | { type: 'number' | 'integer' | 'boolean' | 'null' }
  | { type: 'string'; maxLength: number; minLength?: number }
  | { enum: (string | number | boolean | null)[] }
  | { const: string | number | boolean | null }
  | { oneOf: GrammarSchema[] }
  | { type: 'array'; items: GrammarSchema }
  | { type: 'object'; properties: Record<string, GrammarSchema>; required: string[]; additionalProperties: false };

function toGrammar(schema: Record<string, unknown>): GrammarSchema {
  if (Array.isArray(schema.enum)) return { enum: schema.enum as (string | number | boolean | null)[] };
  if ('const' in schema) return { const: schema.const as string | number | boolean | null };
  if (Array.isArray(schema.oneOf)) return { oneOf: (schema.oneOf as Record<string, unknown>[]).map(toGrammar) };
  switch (schema.type) {
    case 'integer':
    case 'number':
    case 'boolean':
      return { type: schema.type };
    case 'array':
      return { type: 'array', items: toGrammar((schema.items as Record<string, unknown> | undefined) ?? { type: 'string' }) };
    case 'object':
      return objectGrammar((schema.properties as Record<string, Record<string, unknown>> | undefined) ?? {}, (schema.required as string[] | undefined) ?? []);
    default:
      return stringGrammar(schema);
  }
}

/**
 * A string as long as its schema allows: a code of digits (`^\d{5}$`, a date `^\d{8}$`) exactly that long, else the
 * schema's bounds, and never unbounded (a weak model would write a 500-character district code). llama.cpp grammars
 * bound lengths, not characters, so the digits themselves are left to the argument check.
 */
function stringGrammar(schema: Record<string, unknown>): GrammarSchema {
  const digits = typeof schema.pattern === 'string' ? /^\^\\d\{(\d+)(?:,(\d+))?\}\$$/.exec(schema.pattern) : null;
  const min = digits ? Number(digits[1]) : typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = digits ? Number(digits[2] ?? digits[1]) : typeof schema.maxLength === 'number' ? schema.maxLength : MAX_TEXT;
  const maxLength = Math.min(max, MAX_TEXT);
  return min > 0 ? { type: 'string', minLength: Math.min(min, maxLength), maxLength } : { type: 'string', maxLength };
}

const MAX_TEXT = 100;

function objectGrammar(properties: Record<string, Record<string, unknown>>, required: string[]): GrammarSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, toGrammar(v)])),
    required: required.filter((r) => r in properties),
    additionalProperties: false,
  };
}

/**
 * The query tool's arguments as three shapes, since a llama.cpp grammar makes every listed property required: rows
 * that meet conditions; those rows sorted and cut to a limit; or one aggregate over them. An empty `where` keeps
 * every row.
 */
function queryGrammar(choices: Record<string, (string | number)[]>): GrammarSchema {
  const text = (maxLength: number): GrammarSchema => ({ type: 'string', maxLength });
  // Held to the handles and fields of the results shown, where copyChoices gives them (a field written by heart fails).
  const handle: GrammarSchema = choices.result ? { enum: choices.result } : text(8);
  const fieldName: GrammarSchema = choices.field ? { enum: choices.field } : text(60);
  const where: GrammarSchema = {
    type: 'array',
    items: {
      type: 'object',
      properties: { field: fieldName, op: { enum: [...queryOps] }, value: { oneOf: [text(MAX_TEXT), { type: 'number' }] } },
      required: ['field', 'op', 'value'],
      additionalProperties: false,
    },
  };
  const shape = (extra: Record<string, GrammarSchema>): GrammarSchema => {
    const properties = { result: handle, where, ...extra };
    return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
  };
  return {
    oneOf: [
      shape({}),
      shape({ orderBy: fieldName, order: { enum: ['asc', 'desc'] }, limit: { type: 'integer' } }),
      shape({ aggregate: { enum: [...aggregates] }, field: fieldName }),
    ],
  };
}

/**
 * The answer tool's claim with each kind's value held to the values answerChoices gives it (a shape's `value` as an
 * enum); a kind without choices stays as the schema says.
 */
function heldClaim(schema: Record<string, unknown>, choices: Record<string, (string | number)[]>): GrammarSchema {
  if (!Array.isArray(schema.oneOf)) return toGrammar(schema);
  return {
    oneOf: (schema.oneOf as Record<string, unknown>[]).map((shape): GrammarSchema => {
      const kind = (shape.properties as Record<string, { const?: unknown }> | undefined)?.kind?.const;
      const held = choices[`answer.${String(kind)}`];
      const object = toGrammar(shape);
      if (!held || !('properties' in object) || !object.properties.value) return object;
      return { ...object, properties: { ...object.properties, value: { enum: held } } };
    }),
  };
}

const isQueryTool = (tool: ModelTool): boolean => tool.name === functionName(QUERY_TOOL);

/** The query tool's parameters its grammar shapes use (queryGrammar). */
const QUERY_PARAMETERS = ['result', 'where', 'orderBy', 'order', 'limit', 'aggregate', 'field'];

/** The parameters a grammar step lets the model write: all of them, in the schema's order (the query tool: its shapes'). */
export function grammarParameters(tool: ModelTool): string[] {
  const names = Object.keys(tool.parameters.properties);
  return isQueryTool(tool) ? QUERY_PARAMETERS.filter((k) => names.includes(k)) : names;
}

/**
 * The values each parameter of each tool may take this turn (copyChoices.ts), by tool name; a parameter absent is free,
 * an optional one with an empty list not given.
 */
export type ArgumentChoices = Record<string, Record<string, (string | number)[]>>;

/**
 * A tool's arguments: every parameter, an optional one as its value or null; one with choices held to them, an
 * optional one with none to null.
 */
function argumentsGrammar(tool: ModelTool, choices: Record<string, (string | number)[]> = {}): GrammarSchema {
  if (isQueryTool(tool)) return queryGrammar(choices);
  const schemas = tool.parameters.properties as Record<string, Record<string, unknown>>;
  const properties = Object.fromEntries(
    Object.entries(schemas).map(([k, v]): [string, GrammarSchema] => {
      const held = choices[k];
      const required = tool.parameters.required.includes(k);
      if (held?.length === 0 && !required) return [k, { type: 'null' }];
      const value = isAnswerCall(tool.name) && k === 'answer' ? heldClaim(v, choices) : held?.length ? ({ enum: held } as GrammarSchema) : toGrammar(v);
      return [k, required ? value : { oneOf: [value, { type: 'null' }] }];
    }),
  );
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** Arguments as the model wrote them under the grammar, without the optional parameters it left null. */
export function givenArguments(tool: ModelTool | undefined, args: Record<string, unknown>): Record<string, unknown> {
  if (!tool || isQueryTool(tool)) return args;
  return Object.fromEntries(Object.entries(args).filter(([k, v]) => !(v === null && !tool.parameters.required.includes(k))));
}

/** Arguments as the grammar makes the model write them: every parameter in order, null where none was given. */
export function grammarArguments(tool: ModelTool | undefined, args: Record<string, unknown>): Record<string, unknown> {
  if (!tool || isQueryTool(tool)) return args;
  const known = grammarParameters(tool);
  return {
    ...Object.fromEntries(known.map((k) => [k, k in args ? args[k] : null])),
    ...Object.fromEntries(Object.entries(args).filter(([k]) => !known.includes(k))),
  };
}

/**
 * One step: {"tool": NAME, "arguments": {…}} for one of the tools, or (unless a call is required, or the answer tool is
 * offered: the answer is then its call) {"final_answer": "…"}. Arguments list every parameter; an optional one may be null.
 */
export function stepGrammar(tools: ModelTool[], options: { allowFinal?: boolean; choices?: ArgumentChoices } = {}): GrammarSchema {
  const calls = tools.map(
    (t): GrammarSchema => ({
      type: 'object',
      properties: { tool: { const: t.name }, arguments: argumentsGrammar(t, options.choices?.[t.name]) },
      required: ['tool', 'arguments'],
      additionalProperties: false,
    }),
  );
  const final: GrammarSchema = {
    type: 'object',
    properties: { final_answer: { type: 'string', maxLength: 1000 } },
    required: ['final_answer'],
    additionalProperties: false,
  };
  const choices = options.allowFinal === false || tools.some((t) => isAnswerCall(t.name)) ? calls : [...calls, final];
  return choices.length === 1 ? choices[0]! : { oneOf: choices };
}

/** The parameters of one tool, as a llama.cpp function's params (native mode): the same arguments grammar. */
export function paramsGrammar(tool: ModelTool): GrammarSchema {
  return argumentsGrammar(tool);
}
