// Runs a planned trajectory for one question: each step called with the stated values and the rows the steps
// before it picked, the way a person would pick them (the one row, the nearest, the one with the stated name, the
// pick the question names), every pick made among the rows the result view shows or through the query tool when
// the view hides some; then the answer the question asks for. The result is a plan, its trace and what the request
// says of each step, or why this trajectory does not answer this question.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { ToolSpec } from '../../core/catalog/types.ts';
import { bindingExpression } from '../../core/edges/transforms.ts';
import { fieldRef } from '../../core/plan/expressions.ts';
import type { AnswerSpec, Plan, PlanArg, PlanStep } from '../../core/plan/types.ts';
import { describeHidden, hiddenRead, stepResults } from '../../core/plan/visibility.ts';
import type { AnswerPick, Intent, IntentAnswer, RowPick } from '../../core/synth/intents.ts';
import type { PhraseBook } from '../../core/synth/phraseBook.ts';
import { filteringKinds, type Skeleton, type SkeletonStep } from '../../core/synth/planner.ts';
import { pickRow, queryArgs, selectionExpr } from '../../core/synth/selection.ts';
import type { StatedValue } from '../../core/synth/statedInputs.ts';
import type { Mention, Selection, Walk, WalkAnswer, WalkInput } from '../../core/synth/types.ts';
import { timelyArgs } from '../../core/time/issueTimes.ts';
import { kst, ymd } from '../../core/time/kst.ts';
import { EpisodeResults } from '../../core/resultView/EpisodeResults.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import type { ViewOptions } from '../../core/resultView/resultView.ts';
import { finishTrace, resolveArgs, traceStep, type PlanCaller } from '../plan/executePlan.ts';
import { complete, isNumber, present, whole, type ExecutedStep } from './executedStep.ts';

export interface IntentExecutorOptions {
  catalog: Catalog;
  book: PhraseBook;
  call: PlanCaller;
  /** A tool's working inputs, for the arguments that say how to call it (format, period switches). */
  baseArgs: (toolId: string) => Record<string, unknown>;
  /** The moment the question is asked. */
  asOf: Date;
  /** The result view the trajectory is shown through. Defaults to the standard view. */
  view?: ViewOptions;
}

export type Execution = { ok: true; walk: Walk } | { ok: false; reason: string };

type Done = ExecutedStep;

/** Rows a list is asked for: every row, so that a pick over them is a pick over all (the query tool reaches them). */
const LIST_ROWS = 1000;
const NAMING = /^(region\.(fullName|sidoName|sidoShortName|sigunguName|emdName)|org\.name|airkorea\.stationName)$/;
const DISTANCE = new Set(['geo.distanceM', 'geo.distanceKm']);

/**
 * Whether a model can make the pick from the rows it is shown: all of them are shown, or the pick names its row
 * (the one row, the stated names) and that row is shown. A superlative needs every row; the query tool has them.
 */
function readable(d: Done, s: Selection): boolean {
  if (s.kind === 'only' || s.byOrder || complete(d)) return true;
  if (s.kind !== 'stated' && s.kind !== 'match') return false;
  const row = pickRow(d.trace.items, s);
  return row !== undefined && d.visible.some((v) => Object.entries(row).every(([k, x]) => v[k] === x || !present(x)));
}

export class IntentExecutor {
  private readonly options: IntentExecutorOptions;

  constructor(options: IntentExecutorOptions) {
    this.options = options;
  }

  async run(intent: Intent, skeleton: Skeleton, values: Record<string, StatedValue>): Promise<Execution> {
    const episode = new EpisodeResults((tool, args) => this.options.call(tool, args), { catalog: this.options.catalog, view: this.options.view });
    const statedAs: Record<string, string> = {};
    const done: Done[] = [];
    const bySkeletonId = new Map<string, Done>();
    for (const step of skeleton.steps) {
      const outcome = await this.step(step, skeleton, done, bySkeletonId, values, episode, statedAs);
      if ('reason' in outcome) return { ok: false, reason: outcome.reason };
      done.push(...outcome.added);
      bySkeletonId.set(step.id, outcome.added[outcome.added.length - 1]!);
    }
    // The questions asked: the goal (and a second goal), or the goal again for the second of two stated values.
    const asked: { goal: Done; answer: IntentAnswer; values: Record<string, StatedValue> }[] = skeleton.goals.map((id, i) => ({
      goal: bySkeletonId.get(id)!,
      answer: i === 0 ? intent.answer : intent.also!.answer,
      values,
    }));
    if (intent.each) {
      const second = { ...values, [intent.each.slot]: values[intent.each.second]! };
      const again = new Map(bySkeletonId);
      const depends = new Set<string>();
      for (const step of skeleton.steps) {
        const dependent =
          Object.values(step.literals).some((l) => l.from === 'input' && l.slot === intent.each!.slot) || step.links.some((l) => depends.has(l.from));
        if (!dependent) continue;
        depends.add(step.id);
        const outcome = await this.step(step, skeleton, done, again, second, episode, statedAs);
        if ('reason' in outcome) return { ok: false, reason: `for ${second[intent.each.slot]!.text}: ${outcome.reason}` };
        done.push(...outcome.added);
        again.set(step.id, outcome.added[outcome.added.length - 1]!);
      }
      asked.push({ goal: again.get(skeleton.goals[0]!)!, answer: intent.answer, values: second });
    }
    const answers: { answer: WalkAnswer; spec: AnswerSpec }[] = [];
    for (const question of asked) {
      const chosen = await this.answer(intent, question.answer, question.goal, done, question.values, episode, statedAs);
      if ('reason' in chosen) return { ok: false, reason: chosen.reason };
      if (chosen.query) done.push(chosen.query);
      answers.push(chosen);
    }
    const one = answers.length === 1;
    const spec: AnswerSpec = one ? answers[0]!.spec : { expr: `[${answers.map((a) => a.spec.expr).join(', ')}]`, compare: 'set' };
    const answer: WalkAnswer = one
      ? answers[0]!.answer
      : { ...answers[answers.length - 1]!.answer, field: answers.map((a) => a.answer.field).join(';'), selection: { kind: 'only' } };
    const plan: Plan = { version: 1, steps: done.map((d) => d.plan), answer: spec };
    const traced = done.map((d) => d.trace);
    const hidden = await hiddenRead(plan, traced, this.options.view);
    if (hidden) return { ok: false, reason: describeHidden(hidden) };
    const trace = await finishTrace(plan, traced);
    if (!trace.ok) return { ok: false, reason: trace.failure ?? 'no answer' };
    return {
      ok: true,
      walk: {
        steps: done.map((d) => d.walk),
        answer,
        plan,
        trace,
        asOf: this.options.asOf.toISOString(),
        ...(Object.keys(statedAs).length ? { statedAs } : {}),
      },
    };
  }

  private async step(
    step: SkeletonStep,
    skeleton: Skeleton,
    done: Done[],
    bySkeletonId: Map<string, Done>,
    values: Record<string, StatedValue>,
    episode: EpisodeResults,
    statedAs: Record<string, string>,
  ): Promise<{ added: Done[] } | { reason: string }> {
    const spec = this.options.catalog.require(step.tool);
    const stated = this.literalsOf(spec, step, values);
    if ('reason' in stated) return stated;
    const { literals } = stated;
    const mentions: Mention[] = [];
    const id = (offset: number): string => `s${done.length + offset}`;
    const added: Done[] = [];
    const lets: Record<string, string> = {};
    const args: Record<string, PlanArg> = {};
    const inputs: WalkInput[] = [];
    for (const [i, link] of step.links.entries()) {
      const source = bySkeletonId.get(link.from)!;
      const sourceStep = skeleton.steps.find((s) => s.id === link.from)!;
      const selection = this.selection(source, sourceStep.pick, values);
      if (!selection) return { reason: `no natural pick of a ${source.walk.tool} row` };
      let from = source;
      let chosen = selection;
      if (!readable(source, selection)) {
        const words = whereWords(sourceStep.pick);
        const query = whole(source) ? await this.queryStep(id(added.length + 1), source, selection, episode, statedAs, words) : undefined;
        if (!query) return { reason: `the pick of a ${source.walk.tool} row needs rows the view hides` };
        added.push(query);
        from = query;
        chosen = { kind: 'only' };
      }
      const row = pickRow(from.visible, chosen);
      if (!row || link.edge.fromFields.some((f) => !present(row[f])))
        return { reason: `the ${source.walk.tool} row picked has no ${link.edge.fromFields.join('+')}` };
      const name = i === 0 ? 'row' : `row${i + 1}`;
      lets[name] = selectionExpr(from.walk.id, chosen);
      const fieldExprs = link.edge.fromFields.map((f) => `$${name}.${fieldRef(f)}`);
      link.edge.toParams.forEach((param, k) => {
        const expr = bindingExpression(link.edge.transform, fieldExprs, k);
        args[param] = { expr: spec.parameters.properties[param]?.type === 'array' ? `[${expr}]` : expr };
      });
      inputs.push({ from: from.walk.id, edgeId: link.edge.id, selection: from === source ? selection : chosen });
    }
    for (const [param, value] of Object.entries(literals)) args[param] = { value };
    const stepId = id(added.length + 1);
    for (const [param, source] of Object.entries(step.literals)) {
      if (!(param in literals)) continue;
      const tag = spec.parameters.properties[param]?.['x-semantic'] ?? '';
      if (source.from === 'input') mentions.push({ step: stepId, param, tag: source.tag, value: literals[param], text: values[source.slot]!.text });
      if (source.from === 'fixed') {
        statedAs[`${stepId}.${param}`] = source.statedAs;
        if (source.statedAs) mentions.push({ step: stepId, param, tag, value: literals[param], text: source.statedAs });
      }
    }
    const plan: PlanStep = { id: stepId, tool: spec.id, ...(Object.keys(lets).length ? { let: lets } : {}), args };
    const resolved = await resolveArgs(plan, stepResults([...done, ...added].map((d) => d.trace)));
    if ('failure' in resolved) return { reason: resolved.failure };
    const { result, view } = await episode.run(spec.id, resolved.args);
    if (!result.ok || result.items.length === 0) return { reason: `${spec.id} answered ${result.ok ? 'no rows' : (result.error?.kind ?? 'an error')}` };
    added.push({
      plan,
      walk: { id: stepId, tool: spec.id, inputs, mentions },
      trace: traceStep(plan, resolved.args, result, view.handle),
      visible: view.visible,
    });
    return { added };
  }

  /**
   * A step's values that no link fills: what the question states, the intent's fixed values, the service's defaults
   * (at this moment), and a list's page size; a value the step needs and nothing gives is the reason it cannot run.
   */
  private literalsOf(spec: ToolSpec, step: SkeletonStep, values: Record<string, StatedValue>): { literals: Record<string, unknown> } | { reason: string } {
    const base = timelyArgs(spec, this.options.baseArgs(spec.id), this.options.asOf);
    const literals: Record<string, unknown> = {};
    for (const [param, source] of Object.entries(step.literals)) {
      const schema = spec.parameters.properties[param];
      let value: unknown;
      if (source.from === 'input') value = values[source.slot]?.supplies[source.tag];
      else if (source.from === 'fixed') value = source.value;
      else value = base[param];
      if (value === undefined) {
        if (source.from === 'default') continue;
        return { reason: `${spec.id}.${param} has no value` };
      }
      literals[param] = schema?.type === 'array' && !Array.isArray(value) ? [value] : value;
    }
    const linked = new Set(step.links.flatMap((l) => l.edge.toParams));
    for (const [param, value] of Object.entries(base)) {
      if (param in literals || linked.has(param) || spec.parameters.properties[param]?.['x-semantic'] !== undefined) continue;
      literals[param] = value;
    }
    const rows = Object.entries(spec.parameters.properties).find(([, p]) => p['x-semantic'] === 'paging.numOfRows');
    if (rows && !this.options.book.tools[spec.id]?.oneRow) literals[rows[0]] = Math.min(LIST_ROWS, rows[1].maximum ?? LIST_ROWS);
    return { literals };
  }

  /** The selection a pick makes of a source step's rows, or undefined when the rows do not allow it. */
  private selection(source: Done, pick: RowPick | undefined, values: Record<string, StatedValue>): Selection | undefined {
    if (!pick) return undefined;
    const spec = this.options.catalog.require(source.walk.tool);
    switch (pick.kind) {
      case 'only':
        return source.trace.items.length === 1 && (source.trace.totalCount ?? 1) === 1 ? { kind: 'only' } : undefined;
      case 'nearest': {
        const found = nearest(spec, source.trace.args);
        return found?.field && this.inOrder(spec.id, 'nearest', found.field) ? { ...found, byOrder: true } : found;
      }
      case 'stated':
        return stated(spec, source, values);
      case 'next':
        return { kind: 'next', field: pick.field, from: today(spec, pick.field, this.options.asOf) };
      default:
        return {
          kind: pick.kind,
          field: pick.field,
          ...(pick.where ? { where: pick.where.map(({ statedAs: _s, ...c }) => c) } : {}),
          ...(this.inOrder(spec.id, pick.kind, pick.field) && !pick.where ? { byOrder: true } : {}),
        };
    }
  }

  /**
   * A forecast for the day another step found (a festival's first day): the category's row on that day, through the
   * query tool, its day condition an expression over the row that step picks, so the plan follows the data.
   */
  private async forecastOnStepDay(
    intent: Intent,
    asked: IntentAnswer,
    goal: Done,
    done: Done[],
    values: Record<string, StatedValue>,
    episode: EpisodeResults,
    statedAs: Record<string, string>,
    match: { field: string; value: unknown }[],
    answerFields: string[],
    base: { label: string; unit?: string },
  ): Promise<{ answer: WalkAnswer; spec: AnswerSpec; query?: Done } | { reason: string }> {
    const pick = asked.pick;
    const from = pick.kind === 'facet' ? pick.from : undefined;
    const dayStep = from ? done.find((d) => d.walk.tool === from.tool) : undefined;
    if (!from || !dayStep) return { reason: 'the step that gives the forecast day did not run' };
    const dayPick = this.selection(dayStep, intent.via?.[from.tool]?.pick, values);
    if (!dayPick || !readable(dayStep, dayPick)) return { reason: `the ${from.tool} row that gives the day is not one a model can pick` };
    const day = pickRow(dayStep.visible, dayPick)?.[from.field];
    if (!present(day) || !whole(goal)) return { reason: `no day, or part of ${goal.walk.tool}'s rows` };
    const where = [
      ...match.map((m) => ({ field: m.field, op: '=' as const, value: m.value as string })),
      { field: 'fcstDate', op: '=' as const, value: String(day) },
    ];
    const dayExpr = `$string(${selectionExpr(dayStep.walk.id, dayPick)}.${fieldRef(from.field)})`;
    const planned: Record<string, PlanArg> = {
      where: { expr: `[${[...where.slice(0, -1).map((c) => JSON.stringify(c)), `{"field": "fcstDate", "op": "=", "value": ${dayExpr}}`].join(', ')}]` },
    };
    const step = await this.runQuery(`s${done.length + 1}`, goal, { kind: 'stated', match }, { where, limit: 1 }, episode, statedAs, {}, planned, [
      { from: dayStep.walk.id, edgeId: '', selection: dayPick },
    ]);
    const row = step?.visible[0];
    if (!step || !row || answerFields.some((f) => !present(row[f]))) return { reason: `no ${goal.walk.tool} forecast on ${String(day)}` };
    const answer: WalkAnswer = { kind: 'field', step: step.walk.id, field: answerFields.join(','), ...base, selection: { kind: 'only' } };
    return {
      answer,
      spec: { expr: `${step.walk.id}.items[0].${fieldRef(answerFields[0]!)}`, compare: isNumber(row[answerFields[0]!]) ? 'number' : 'string' },
      query: step,
    };
  }

  /** Whether the service documents its rows in the order this pick ranks them, so the first row is the pick. */
  private inOrder(toolId: string, kind: string, field: string): boolean {
    const order = this.options.book.tools[toolId]?.order;
    if (!order || order.field !== field) return false;
    return order.direction === 'desc' ? kind === 'latest' || kind === 'max' : kind === 'earliest' || kind === 'min' || kind === 'nearest';
  }

  private async queryStep(
    id: string,
    source: Done,
    selection: Selection,
    episode: EpisodeResults,
    statedAs: Record<string, string>,
    words: Record<string, string>,
  ): Promise<Done | undefined> {
    const query = queryArgs(selection);
    if (!query) return undefined;
    return this.runQuery(id, source, selection, query, episode, statedAs, words);
  }

  /**
   * A query-tool step; `words` say how the request states its conditions' values, by field. `planned` replaces
   * arguments of the plan with expressions (a condition on a value an earlier step picked), `also` names that step.
   */
  private async runQuery(
    id: string,
    source: Done,
    selection: Selection,
    query: Record<string, unknown>,
    episode: EpisodeResults,
    statedAs: Record<string, string>,
    words: Record<string, string>,
    planned: Record<string, PlanArg> = {},
    also: WalkInput[] = [],
  ): Promise<Done | undefined> {
    for (const [field, text] of Object.entries(words)) statedAs[`${id}.where.${field}`] = text;
    const args = { result: source.trace.handle, ...query };
    const plan: PlanStep = {
      id,
      tool: QUERY_TOOL,
      args: { result: { expr: `${source.walk.id}.handle` }, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, { value: v }])), ...planned },
    };
    const { result, view } = await episode.run(QUERY_TOOL, args);
    if (!result.ok || result.items.length === 0) return undefined;
    return {
      plan,
      walk: { id, tool: QUERY_TOOL, inputs: [{ from: source.walk.id, edgeId: '', selection }, ...also], mentions: [] },
      trace: traceStep(plan, args, result, view.handle),
      visible: view.visible,
    };
  }

  /** A count or an aggregate over the goal's rows: its total where nothing filters them, else a query-tool step's. */
  private async countAnswer(
    pick: Extract<AnswerPick, { kind: 'count' | 'aggregate' }>,
    goal: Done,
    nextId: string,
    base: { label: string; unit?: string },
    episode: EpisodeResults,
    statedAs: Record<string, string>,
  ): Promise<{ answer: WalkAnswer; spec: AnswerSpec; query?: Done } | { reason: string }> {
    if (pick.kind === 'count' && !pick.where?.length) {
      if (goal.trace.totalCount === null) return { reason: `${goal.walk.tool} says no total count` };
      return {
        answer: { kind: 'count', step: goal.walk.id, ...base, selection: { kind: 'first' } },
        spec: { expr: `${goal.walk.id}.totalCount`, compare: 'number' },
      };
    }
    if (!whole(goal)) return { reason: `the response holds part of ${goal.walk.tool}'s rows` };
    const where = (pick.where ?? []).map(({ statedAs: _s, ...c }) => c);
    const query =
      pick.kind === 'count'
        ? { ...(where.length ? { where } : {}), aggregate: 'count' }
        : { ...(where.length ? { where } : {}), aggregate: pick.op, field: pick.field };
    const step = await this.runQuery(nextId, goal, { kind: 'first', where }, query, episode, statedAs, whereWords(pick));
    const key = pick.kind === 'count' ? 'count' : pick.op;
    const value = step?.trace.items[0]?.[key];
    if (!step || !isNumber(value)) return { reason: `the ${key} over ${goal.walk.tool}'s rows is not a number` };
    // A mean is said rounded (23,023만원 for 23,022.642): half a unit either way is the same answer.
    const spec: AnswerSpec = { expr: `${step.walk.id}.items[0].${key}`, compare: 'number', ...(key === 'avg' ? { tolerance: 0.5 } : {}) };
    return {
      answer: { kind: pick.kind === 'count' ? 'count' : 'field', step: step.walk.id, field: key, ...base, selection: { kind: 'only' } },
      spec,
      query: step,
    };
  }

  /** What the question asks of the goal's rows, as an answer spec, with a query-tool step when one is needed. */
  private async answer(
    intent: Intent,
    asked: IntentAnswer,
    goal: Done,
    done: Done[],
    values: Record<string, StatedValue>,
    episode: EpisodeResults,
    statedAs: Record<string, string>,
  ): Promise<{ answer: WalkAnswer; spec: AnswerSpec; query?: Done } | { reason: string }> {
    const { pick, fields, label, unit } = asked;
    const spec = this.options.catalog.require(goal.walk.tool);
    const nextId = `s${done.length + 1}`;
    const base = { label, ...(unit ? { unit } : {}) };
    if (pick.kind === 'count' || pick.kind === 'aggregate') return this.countAnswer(pick, goal, nextId, base, episode, statedAs);
    let selection: Selection | undefined;
    let answerFields = fields;
    if (pick.kind === 'facet') {
      const facets = this.options.book.tools[goal.walk.tool]?.facets;
      if (!facets) return { reason: `${goal.walk.tool} has no categories` };
      const match: { field: string; value: unknown }[] = [{ field: facets.field, value: pick.category }];
      if (pick.when === 'tomorrow') match.push({ field: 'fcstDate', value: ymd(new Date(kst(this.options.asOf).getTime() + 86_400_000)) });
      if (pick.when === 'at') {
        const hour = values[pick.slot ?? '']?.supplies;
        if (!hour) return { reason: 'the forecast hour is not stated' };
        match.push({ field: 'fcstDate', value: hour['date.yyyymmdd'] }, { field: 'fcstTime', value: hour['time.hhmm'] });
      }
      answerFields = fields.length ? fields : [facets.value];
      if (pick.when === 'step') return this.forecastOnStepDay(intent, asked, goal, done, values, episode, statedAs, match, answerFields, base);
      selection = { kind: 'stated', match };
    } else {
      selection = this.selection(goal, pick, values);
    }
    if (!selection) return { reason: `no ${pick.kind} row of ${goal.walk.tool}` };
    let from = goal;
    let query: Done | undefined;
    let chosen = selection;
    if (!readable(goal, selection)) {
      query = whole(goal) ? await this.queryStep(nextId, goal, selection, episode, statedAs, pick.kind === 'facet' ? {} : whereWords(pick)) : undefined;
      if (!query) return { reason: `the answer's row of ${goal.walk.tool} needs rows the view hides` };
      from = query;
      chosen = { kind: 'only' };
    }
    const row = pickRow(from.visible, chosen);
    if (!row || answerFields.some((f) => !present(row[f]))) return { reason: `the ${goal.walk.tool} row picked has no ${answerFields.join(', ')}` };
    const rowExpr = selectionExpr(from.walk.id, chosen);
    const expr = answerFields.length === 1 ? `${rowExpr}.${fieldRef(answerFields[0]!)}` : `(${rowExpr}).[${answerFields.map(fieldRef).join(', ')}]`;
    const compare = answerFields.length > 1 ? 'set' : isNumber(row[answerFields[0]!]) ? 'number' : 'string';
    const answer: WalkAnswer = {
      kind: 'field',
      step: from.walk.id,
      field: answerFields.join(','),
      ...base,
      valueKind: spec.response.fields[answerFields[0]!]?.semantic,
      selection,
    };
    return { answer, spec: { expr, compare }, ...(query ? { query } : {}) };
  }
}

/**
 * How the request says the values of a pick's conditions: the intent's words for each; "" for the day a "next" pick
 * starts from (today, which the system prompt gives and "다음" implies).
 */
function whereWords(pick: { kind: string; field?: string; where?: { field: string; statedAs?: string }[] } | undefined): Record<string, string> {
  const words: Record<string, string> = {};
  for (const c of pick?.where ?? []) if (c.statedAs !== undefined) words[c.field] = c.statedAs;
  if (pick?.kind === 'next' && pick.field) words[pick.field] = '';
  return words;
}

/** The nearest row: by the list's distance field, or measured from the point the list was searched around. */
function nearest(spec: ToolSpec, args: Record<string, unknown>): Selection | undefined {
  const fields = Object.entries(spec.response.fields);
  const distance = fields.find(([, f]) => f.semantic && DISTANCE.has(f.semantic))?.[0];
  if (distance) return { kind: 'nearest', field: distance };
  const param = (tag: string): unknown => Object.entries(spec.parameters.properties).find(([, p]) => p['x-semantic'] === tag)?.[0];
  const lat = args[String(param('geo.lat'))];
  const lon = args[String(param('geo.lon'))];
  const latField = fields.find(([, f]) => f.semantic === 'geo.lat')?.[0];
  const lonField = fields.find(([, f]) => f.semantic === 'geo.lon')?.[0];
  if (!isNumber(lat) || !isNumber(lon) || !latField || !lonField) return undefined;
  return { kind: 'nearest', origin: { lat, lon, latField, lonField } };
}

/**
 * The row bearing the stated names: every naming field whose kind a stated value fills (and that the call was not
 * filtered by, so it tells rows apart), equal to that value. One row must bear them all.
 */
function stated(spec: ToolSpec, source: Done, values: Record<string, StatedValue>): Selection | undefined {
  const filteredBy = filteringKinds(spec, Object.keys(source.trace.args));
  const supplied = new Map<string, unknown>();
  for (const value of Object.values(values)) for (const [tag, v] of Object.entries(value.supplies)) if (!supplied.has(tag)) supplied.set(tag, v);
  // What the call searched for by name, when no stated value says it (a pharmacy's name an earlier step found).
  for (const [param, v] of Object.entries(source.trace.args)) {
    const tag = spec.parameters.properties[param]?.['x-semantic'];
    if (tag === 'org.name' && typeof v === 'string' && !supplied.has(tag)) supplied.set(tag, v);
  }
  const match = Object.entries(spec.response.fields)
    .filter(([, f]) => f.semantic && NAMING.test(f.semantic) && supplied.has(f.semantic) && !filteredBy.has(f.semantic))
    .map(([field, f]) => ({ field, value: supplied.get(f.semantic!) }))
    .filter((m) => source.trace.items.some((r) => r[m.field] === m.value));
  if (match.length === 0) return undefined;
  const rows = source.trace.items.filter((r) => match.every((m) => r[m.field] === m.value));
  return rows.length === 1 ? { kind: 'stated', match } : undefined;
}

/** Today as the field writes dates: yyyymmdd text, or the same digits as a number. */
function today(spec: ToolSpec, field: string, asOf: Date): string | number {
  const text = ymd(kst(asOf));
  const type = spec.response.fields[field]?.type;
  return type === 'integer' || type === 'number' ? Number(text) : text;
}
