// The questions people really ask of these APIs (resources/synth/intents.json): for each, the tool that answers
// it, the answer field(s) and how the row is chosen in the words people use, the inputs a person states, and
// Korean phrasings in three registers. Synthesis plans backwards from an intent's goal to its stated inputs over
// the verified graph; the intent never fixes the path, only the question.
import { z } from 'zod';
import type { Catalog } from '../catalog/Catalog.ts';
import { queryOps } from '../resultView/queryRows.ts';
import { INPUT_KINDS } from './statedInputs.ts';
import { registers } from './types.ts';

const condition = z.object({
  field: z.string(),
  op: z.enum(queryOps),
  value: z.union([z.string(), z.number(), z.boolean()]),
  /** The words the request uses for the value, when it is not the value itself ("일요일" for dutyTime7s != ""). */
  statedAs: z.string().optional(),
});

/** How one row of a list is chosen, in the words a person uses. */
const rowPick = z.discriminatedUnion('kind', [
  /** The list holds one row for what was stated (a business number, a content id). */
  z.object({ kind: z.literal('only') }),
  /** The row nearest the stated place (by the tool's distance field). */
  z.object({ kind: z.literal('nearest') }),
  /** The row with the stated name. */
  z.object({ kind: z.literal('stated') }),
  /** The largest, smallest, latest or earliest by a field ("가장 비싼", "가장 최근"), among rows meeting `where`. */
  z.object({ kind: z.enum(['max', 'min', 'latest', 'earliest']), field: z.string(), where: z.array(condition).optional() }),
  /** The first row on or after today by a date field ("다음 공휴일"). */
  z.object({ kind: z.literal('next'), field: z.string() }),
]);

const answerPick = z.union([
  rowPick,
  /**
   * A KMA category/value row: the category, and for a forecast which time: tomorrow's (TMX, TMN: one a day), or the
   * hour an input of kind hour states.
   */
  z.object({
    kind: z.literal('facet'),
    category: z.string(),
    when: z.enum(['now', 'tomorrow', 'at', 'step']).default('now'),
    /** For at: the input of kind hour. */
    slot: z.string().optional(),
    /** For step: the day is this field of the row the question picks of that tool (a festival's first day). */
    from: z.object({ tool: z.string(), field: z.string() }).optional(),
  }),
  /** How many rows (meeting `where`). */
  z.object({ kind: z.literal('count'), where: z.array(condition).optional() }),
  /** One value over the rows (meeting `where`): a sum, mean, max or min. */
  z.object({ kind: z.literal('aggregate'), op: z.enum(['sum', 'avg', 'max', 'min']), field: z.string(), where: z.array(condition).optional() }),
]);

const answerSchema = z.object({
  /** Answer fields of the picked row (more than one: the answer is that set); unused for count and aggregate. */
  fields: z.array(z.string()).default([]),
  label: z.string(),
  unit: z.string().optional(),
  pick: answerPick,
});

const boundArg = z.union([
  /** From a stated input. */
  z.object({ slot: z.string() }),
  /** A value the question fixes, said as `statedAs` ("관광지" for contentTypeId 12); "" when the request need not say it. */
  z.object({ value: z.union([z.string(), z.number()]), statedAs: z.string() }),
]);

const toolUse = z.object({
  /** How this tool's row is picked when a later step reads it. */
  pick: rowPick.optional(),
  /** Parameters bound besides the required ones (a list's filters: coordinates and a radius). */
  args: z.record(z.string(), boundArg).optional(),
  /** Optional parameters a link must fill (a list filtered by coordinates an earlier step finds). */
  linked: z.array(z.string()).optional(),
});

const phrasings = z.object(
  Object.fromEntries(registers.map((r) => [r, z.array(z.string().min(4)).min(1)])) as Record<(typeof registers)[number], z.ZodArray<z.ZodString>>,
);

export const intentSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(\.[a-z0-9-]+)+$/),
  /** The tool whose result answers the question. */
  goal: z.string(),
  /** Stated inputs by slot name; the phrasings write them as {slot}. */
  inputs: z.record(z.string(), z.enum(INPUT_KINDS)),
  answer: answerSchema,
  /** The goal tool's own use: its extra arguments and the links it needs. */
  goalUse: toolUse.optional(),
  /**
   * A question asked of two values of one kind at once ("2월과 3월 각각", "청운동과 우동 중"): the goal asked again with
   * `second` in place of `slot`, the steps that do not depend on it shared. The answer is the two answers.
   */
  each: z.object({ slot: z.string(), second: z.string() }).optional(),
  /** A second question of the same inputs to another tool ("평균 매매가와 평균 전세 보증금"); the answer is both. */
  also: z.object({ goal: z.string(), answer: answerSchema, goalUse: toolUse.optional() }).optional(),
  /** Tools the question names a step of (the next holiday, the dearest deal) with how their row is picked. */
  via: z.record(z.string(), toolUse).optional(),
  /** Where the question can be asked: the 시도 a service covers (Seoul's bus information covers Seoul). */
  scope: z.object({ sido: z.array(z.string()).min(1) }).optional(),
  phrasings,
});

export type Intent = z.infer<typeof intentSchema>;
export type RowPick = z.infer<typeof rowPick>;
export type AnswerPick = z.infer<typeof answerPick>;
export type IntentCondition = z.infer<typeof condition>;
export type BoundArg = z.infer<typeof boundArg>;
export type ToolUse = z.infer<typeof toolUse>;
export type IntentAnswer = z.infer<typeof answerSchema>;

export const intentFileSchema = z.object({ version: z.literal(1), description: z.string().optional(), intents: z.array(intentSchema) });

/** A slot in a phrasing: {slot} or {slot|을/를}. */
export const SLOT = /\{([a-zA-Z][a-zA-Z0-9]*)(?:\|([^}]+))?\}/g;

/** The slots a phrasing names, in order. */
export function slotsOf(text: string): string[] {
  return [...text.matchAll(SLOT)].map((m) => m[1]!);
}

/** Problems with intents against the catalog: unknown tools, parameters or fields, slots that do not match. */
export function checkIntents(intents: Intent[], catalog: Catalog): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const intent of intents) {
    const where = `intent ${intent.id}`;
    if (ids.has(intent.id)) problems.push(`${where}: the id is used twice`);
    ids.add(intent.id);
    const goal = catalog.get(intent.goal);
    if (!goal) {
      problems.push(`${where}: no tool ${intent.goal}`);
      continue;
    }
    const fields = goal.response.fields;
    for (const field of intent.answer.fields) if (!fields[field]) problems.push(`${where}: ${intent.goal} has no field ${field}`);
    const pick = intent.answer.pick;
    if ('field' in pick && !fields[pick.field]) problems.push(`${where}: ${intent.goal} has no field ${pick.field}`);
    if ('where' in pick) for (const c of pick.where ?? []) if (!fields[c.field]) problems.push(`${where}: ${intent.goal} has no field ${c.field}`);
    if (pick.kind !== 'count' && pick.kind !== 'aggregate' && pick.kind !== 'facet' && intent.answer.fields.length === 0)
      problems.push(`${where}: the answer names no field`);
    if (pick.kind === 'facet' && pick.when === 'at' && (!pick.slot || intent.inputs[pick.slot] !== 'hour'))
      problems.push(`${where}: a forecast at an hour needs an input of kind hour as its slot`);
    if (
      pick.kind === 'facet' &&
      pick.when === 'step' &&
      (!pick.from || !intent.via?.[pick.from.tool]?.pick || !catalog.get(pick.from.tool)?.response.fields[pick.from.field])
    )
      problems.push(`${where}: a forecast on a step's day needs that step in via, with its pick, and the field`);
    if (intent.each && (intent.inputs[intent.each.slot] === undefined || intent.inputs[intent.each.slot] !== intent.inputs[intent.each.second]))
      problems.push(`${where}: each needs two inputs of one kind`);
    if (intent.also) {
      const other = catalog.get(intent.also.goal);
      if (!other) problems.push(`${where}: no tool ${intent.also.goal}`);
      else
        for (const field of intent.also.answer.fields) if (!other.response.fields[field]) problems.push(`${where}: ${intent.also.goal} has no field ${field}`);
    }
    const uses: [string, ToolUse | undefined][] = [
      [intent.goal, intent.goalUse],
      ...Object.entries(intent.via ?? {}),
      ...(intent.also ? [[intent.also.goal, intent.also.goalUse] as [string, ToolUse | undefined]] : []),
    ];
    for (const [toolId, use] of uses) {
      const spec = catalog.get(toolId);
      if (!spec) {
        problems.push(`${where}: no tool ${toolId}`);
        continue;
      }
      for (const [param, arg] of Object.entries(use?.args ?? {})) {
        if (!spec.parameters.properties[param]) problems.push(`${where}: ${toolId} has no parameter ${param}`);
        if ('slot' in arg && !(arg.slot in intent.inputs)) problems.push(`${where}: ${toolId}.${param} names the slot ${arg.slot}, which is not an input`);
      }
      for (const param of use?.linked ?? []) if (!spec.parameters.properties[param]) problems.push(`${where}: ${toolId} has no parameter ${param}`);
      if (use?.pick && 'field' in use.pick && !spec.response.fields[use.pick.field]) problems.push(`${where}: ${toolId} has no field ${use.pick.field}`);
    }
    for (const register of registers) {
      for (const text of intent.phrasings[register]) {
        const slots = slotsOf(text);
        for (const slot of Object.keys(intent.inputs))
          if (!slots.includes(slot)) problems.push(`${where}: the ${register} phrasing "${text}" leaves out {${slot}}`);
        for (const slot of slots)
          if (!(slot in intent.inputs)) problems.push(`${where}: the ${register} phrasing "${text}" names {${slot}}, which is not an input`);
      }
    }
  }
  return problems;
}
