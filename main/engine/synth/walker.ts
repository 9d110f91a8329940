// Walks the verified EDGE graph into executable plans: a first call on values a user states, then links to
// further tools, each picking one row of an earlier result (the only one, the first, the max or min by a field,
// the one with a given value), executed step by step so every plan ends in a grounded trace and an answer.
//
// A plan picks only what a model reading the same tool messages could pick: rows the result view shows. Where a
// pick needs rows the view hides (the dearest of 49 deals when 8 are shown, a forecast category far down 761
// rows), the plan calls the query tool as a step of its own and picks from its answer. Links whose transform a
// model cannot compute in its head (map projections) are walked through the local tool that computes them.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { ToolSpec } from '../../core/catalog/types.ts';
import { bindingExpression, transformById } from '../../core/edges/transforms.ts';
import type { Edge } from '../../core/edges/types.ts';
import { fieldRef } from '../../core/plan/expressions.ts';
import type { AnswerSpec, Plan, PlanArg, PlanStep, TraceStep } from '../../core/plan/types.ts';
import type { Rng } from '../../core/random.ts';
import { mentionText, TIME_KINDS, USER_KINDS } from '../../core/synth/mentions.ts';
import type { PhraseBook } from '../../core/synth/phraseBook.ts';
import { pickRow as pick, selectionExpr } from '../../core/synth/selection.ts';
import type { Mention, Selection, Walk, WalkAnswer, WalkInput } from '../../core/synth/types.ts';
import { timelyArgs } from '../../core/time/issueTimes.ts';
import { EpisodeResults } from '../../core/resultView/EpisodeResults.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import type { ViewOptions } from '../../core/resultView/resultView.ts';
import type { SeedBook } from '../edges/seedBook.ts';
import { describeHidden, hiddenRead, stepResults } from '../../core/plan/visibility.ts';
import { finishTrace, resolveArgs, traceStep, type PlanCaller } from '../plan/executePlan.ts';
import { complete, isNumber, present, whole, type ExecutedStep } from './executedStep.ts';
import type { WalkValues } from './walkValues.ts';

export interface WalkerOptions {
  catalog: Catalog;
  book: PhraseBook;
  edges: Edge[];
  seeds: SeedBook;
  pools: WalkValues;
  call: PlanCaller;
  asOf: Date;
  /** The result view the trajectories are shown through. Defaults to the standard view. */
  view?: ViewOptions;
}

export type WalkOutcome = { ok: true; walk: Walk } | { ok: false; reason: string };

type Done = ExecutedStep;

/** The response holds every row the API has, some hidden by the view: the query tool can reach them. */
const queryable = (d: Done): boolean => !complete(d) && whole(d);

/**
 * The trace as a model running the plan would see it: the walk tried calls it did not keep, which took handles, so
 * the kept results are numbered again r1, r2, … in order, and the query steps' `result` arguments with them.
 */
function renumberHandles(trace: TraceStep[]): TraceStep[] {
  const renamed = new Map(trace.filter((s) => s.handle).map((s, i) => [s.handle!, `r${i + 1}`]));
  return trace.map((s) => ({
    ...s,
    ...(s.handle ? { handle: renamed.get(s.handle)! } : {}),
    args: s.tool === QUERY_TOOL ? { ...s.args, result: renamed.get(String(s.args.result)) ?? s.args.result } : s.args,
  }));
}

/** How a step picks a row: the selection, and whether it needs the query tool to see the rows it ranks. */
interface Choice {
  selection: Selection;
  query: boolean;
}

export class Walker {
  private readonly options: WalkerOptions;
  private readonly bySource = new Map<string, Edge[]>();

  constructor(options: WalkerOptions) {
    this.options = options;
    for (const e of options.edges) {
      if (!options.book.tools[e.toTool] || !options.book.tools[e.fromTool]) continue;
      // A projection a model cannot compute: the graph's links into and out of the local tool carry it instead.
      if (transformById(e.transform)?.computedBy) continue;
      const list = this.bySource.get(e.fromTool) ?? [];
      list.push(e);
      this.bySource.set(e.fromTool, list);
    }
  }

  /** Tools a walk can start from: they have verified links onward and take only values a user states. */
  startTools(): string[] {
    return [...this.bySource.keys()].filter((id) => {
      const spec = this.options.catalog.require(id);
      return (spec.parameters.required ?? []).every((name) => {
        const tag = spec.parameters.properties[name]?.['x-semantic'];
        return tag === undefined || (USER_KINDS.has(tag) && (TIME_KINDS.has(tag) || tag === 'geo.lat' || tag === 'geo.lon' || this.options.pools.has(tag)));
      });
    });
  }

  async walk(rng: Rng, minSteps: number, maxSteps: number): Promise<WalkOutcome> {
    const target = rng.int(minSteps, maxSteps);
    const starts = this.startTools();
    if (starts.length === 0) return { ok: false, reason: 'no verified link starts at a tool that takes only values a user states' };
    const startTool = rng.pick(starts);
    // One episode per walk, as a model's: results get the handles r1, r2, … in the order they come.
    const episode = new EpisodeResults((tool, args) => this.options.call(tool, args), { catalog: this.options.catalog, view: this.options.view });
    const first = await this.firstStep(startTool, rng, episode);
    if (!first) return { ok: false, reason: `no stated input made ${startTool} answer` };
    const steps: Done[] = [first];
    let tries = 0;
    while (steps.length < target && tries < 12) {
      tries++;
      const added = await this.extend(steps, rng, episode, maxSteps);
      if (added) steps.push(...added);
    }
    if (steps.length < minSteps) return { ok: false, reason: `the walk from ${startTool} found only ${steps.length} step(s)` };
    const chosen = await this.chooseAnswer(steps, rng, episode, maxSteps);
    if (!chosen) return { ok: false, reason: `${steps[steps.length - 1]!.walk.tool} returned nothing a request can ask for` };
    if (chosen.query) steps.push(chosen.query);
    const plan: Plan = { version: 1, steps: steps.map((s) => s.plan), answer: chosen.spec };
    const traced = renumberHandles(steps.map((s) => s.trace));
    const hidden = await hiddenRead(plan, traced, this.options.view);
    if (hidden) return { ok: false, reason: describeHidden(hidden) };
    const trace = await finishTrace(plan, traced);
    return { ok: true, walk: { steps: steps.map((s) => s.walk), answer: chosen.answer, plan, trace, asOf: this.options.asOf.toISOString() } };
  }

  /** Arguments a user states for a tool's first call: drawn values for what a user knows, working seeds for the rest. */
  private statedArgs(spec: ToolSpec, rng: Rng): Record<string, unknown> | undefined {
    const base = timelyArgs(spec, this.options.seeds.baseArgs(spec.id), this.options.asOf);
    const args = { ...base };
    let place: { lat: number; lon: number } | undefined;
    const required = spec.parameters.required ?? [];
    const stateable = (name: string): boolean => {
      const tag = spec.parameters.properties[name]?.['x-semantic'];
      return tag !== undefined && USER_KINDS.has(tag) && !TIME_KINDS.has(tag) && tag !== 'geo.radiusM';
    };
    let names = required.filter(stateable);
    if (
      required.some((name) => {
        const tag = spec.parameters.properties[name]?.['x-semantic'];
        return tag !== undefined && !USER_KINDS.has(tag);
      })
    )
      return undefined;
    if (names.length === 0) {
      // Every input is optional (HIRA, AirKorea lists): a real question still names something, so state one.
      const optional = Object.keys(spec.parameters.properties).filter(
        (n) => stateable(n) && this.options.pools.has(spec.parameters.properties[n]!['x-semantic']!),
      );
      if (optional.length === 0) return undefined;
      const chosen = rng.pick(optional);
      const tag = spec.parameters.properties[chosen]!['x-semantic']!;
      names =
        tag === 'geo.lat' || tag === 'geo.lon' ? optional.filter((n) => /^geo\.(lat|lon)$/.test(spec.parameters.properties[n]!['x-semantic']!)) : [chosen];
    }
    for (const name of names) {
      const schema = spec.parameters.properties[name]!;
      const tag = schema['x-semantic']!;
      if (tag === 'geo.lat' || tag === 'geo.lon') {
        place ??= this.options.pools.drawPlace(rng);
        args[name] = tag === 'geo.lat' ? place.lat : place.lon;
        continue;
      }
      const drawn = this.options.pools.draw(tag, rng);
      if (drawn === undefined) return undefined;
      args[name] = schema.type === 'array' ? [drawn] : drawn;
    }
    return args;
  }

  private mentionsFor(stepId: string, spec: ToolSpec, args: Record<string, unknown>, linked: Set<string>): Mention[] | undefined {
    const mentions: Mention[] = [];
    for (const [name, value] of Object.entries(args)) {
      if (linked.has(name)) continue;
      const tag = spec.parameters.properties[name]?.['x-semantic'];
      if (tag === undefined) continue;
      const text = mentionText(spec.id, tag, value, this.options.asOf);
      // A literal the user could not have stated (a code) makes the step unusable.
      if (text === undefined) return undefined;
      mentions.push({ step: stepId, param: name, tag, value, text });
    }
    return mentions;
  }

  private async firstStep(toolId: string, rng: Rng, episode: EpisodeResults): Promise<Done | undefined> {
    const spec = this.options.catalog.require(toolId);
    for (let attempt = 0; attempt < 4; attempt++) {
      const args = attempt < 3 ? this.statedArgs(spec, rng) : this.options.seeds.of(toolId)[0]?.args;
      if (!args) continue;
      const mentions = this.mentionsFor('s1', spec, args, new Set());
      if (!mentions || !mentions.some((m) => !TIME_KINDS.has(m.tag))) continue;
      const { result, view } = await episode.run(toolId, args);
      if (!result.ok || result.items.length === 0) continue;
      const plan: PlanStep = { id: 's1', tool: toolId, args: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, { value: v }])) };
      return { plan, walk: { id: 's1', tool: toolId, inputs: [], mentions }, trace: traceStep(plan, args, result, view.handle), visible: view.visible };
    }
    return undefined;
  }

  /**
   * How to pick one row of a source step's rows for a link: among the rows a model sees, or, for the max or min of
   * a field when the view hides rows the response holds, among all of them through the query tool.
   */
  private chooseSelection(source: Done, rng: Rng, exclude: string[], allowQuery: boolean): Choice {
    const rows = source.visible;
    if (rows.length === 1 && source.trace.items.length === 1) return { selection: { kind: 'only' }, query: false };
    const answers = Object.entries(this.options.book.tools[source.walk.tool]?.answers ?? {}).filter(([f]) => !exclude.includes(f));
    const ranked = complete(source) ? rows : allowQuery && queryable(source) ? source.trace.items : [];
    const numeric = answers.filter(([f]) => new Set(ranked.map((r) => r[f]).filter(isNumber)).size >= 2);
    const distinct = answers.filter(([f]) => {
      const values = rows.map((r) => r[f]).filter((v) => typeof v === 'string' && v.length > 0 && v.length <= 20);
      return values.length > 0 && values.filter((v) => v === values[0]).length === 1;
    });
    const roll = rng.next();
    if (numeric.length > 0 && roll < 0.45) {
      const [field, def] = rng.pick(numeric);
      return { selection: { kind: rng.chance(0.6) ? 'max' : 'min', field, label: def.label }, query: !complete(source) };
    }
    if (distinct.length > 0 && roll < 0.8) {
      const [field, def] = rng.pick(distinct);
      const value = rows.map((r) => r[field]).find((v) => typeof v === 'string' && rows.filter((r) => r[field] === v).length === 1);
      if (value !== undefined) return { selection: { kind: 'match', field, label: def.label, value }, query: false };
    }
    return { selection: { kind: 'first' }, query: false };
  }

  /** A query-tool step that ranks every row of `source` by the selection's field and keeps the top one. */
  private async rankStep(steps: Done[], source: Done, selection: Selection, episode: EpisodeResults): Promise<Done | undefined> {
    const id = `s${steps.length + 1}`;
    const args: Record<string, unknown> = { result: source.trace.handle, orderBy: selection.field, order: selection.kind === 'max' ? 'desc' : 'asc', limit: 1 };
    return this.queryStep(id, source, selection, args, episode);
  }

  private async queryStep(id: string, source: Done, selection: Selection, args: Record<string, unknown>, episode: EpisodeResults): Promise<Done | undefined> {
    const { result: _handle, ...rest } = args;
    const plan: PlanStep = {
      id,
      tool: QUERY_TOOL,
      args: { result: { expr: `${source.walk.id}.handle` }, ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, { value: v }])) },
    };
    const { result, view } = await episode.run(QUERY_TOOL, args);
    if (!result.ok || result.items.length === 0) return undefined;
    return {
      plan,
      walk: { id, tool: QUERY_TOOL, inputs: [{ from: source.walk.id, edgeId: '', selection }], mentions: [] },
      trace: traceStep(plan, args, result, view.handle),
      visible: view.visible,
    };
  }

  private async extend(steps: Done[], rng: Rng, episode: EpisodeResults, maxSteps: number): Promise<Done[] | undefined> {
    const used = new Set(steps.map((s) => s.walk.tool));
    // Mostly onward from the last step that called an API (chains); now and then from an earlier one (branches).
    const apiSteps = steps.filter((s) => s.walk.tool !== QUERY_TOOL);
    const source = rng.chance(0.9) ? apiSteps[apiSteps.length - 1]! : rng.pick(apiSteps);
    const options = (this.bySource.get(source.walk.tool) ?? []).filter((e) => !used.has(e.toTool));
    if (options.length === 0) return undefined;
    const edge = weightedPick(options, rng, this.options.catalog);
    const target = this.options.catalog.require(edge.toTool);
    // A row picked by the very value it passes on would name that value in the request.
    const choice = this.chooseSelection(source, rng, edge.fromFields, steps.length + 2 <= maxSteps);
    const added: Done[] = [];
    let from = source;
    let selection = choice.selection;
    if (choice.query) {
      const ranked = await this.rankStep(steps, source, selection, episode);
      if (!ranked) return undefined;
      added.push(ranked);
      from = ranked;
      selection = { kind: 'only' };
    }
    const row = pick(from.visible, selection);
    if (!row || edge.fromFields.some((f) => !present(row[f]))) return undefined;
    const id = `s${steps.length + added.length + 1}`;
    const args: Record<string, PlanArg> = {};
    const bind = (link: Edge, rowVar: string): void => {
      const fieldExprs = link.fromFields.map((f) => `$${rowVar}.${fieldRef(f)}`);
      link.toParams.forEach((param, i) => {
        const expr = bindingExpression(link.transform, fieldExprs, i);
        args[param] = { expr: target.parameters.properties[param]?.type === 'array' ? `[${expr}]` : expr };
      });
    };
    bind(edge, 'row');
    const linked = new Set(edge.toParams);
    const inputs: WalkInput[] = [{ from: from.walk.id, edgeId: edge.id, selection }];
    const lets: Record<string, string> = { row: selectionExpr(from.walk.id, selection) };
    const second = rng.chance(0.5) ? this.fanIn(steps, source, target.id, linked, rng) : undefined;
    if (second) {
      bind(second.edge, 'row2');
      for (const param of second.edge.toParams) linked.add(param);
      lets.row2 = selectionExpr(second.step.walk.id, second.selection);
      inputs.push({ from: second.step.walk.id, edgeId: second.edge.id, selection: second.selection });
    }
    const rest = timelyArgs(target, this.options.seeds.baseArgs(target.id), this.options.asOf);
    const literals: Record<string, unknown> = {};
    for (const name of target.parameters.required ?? []) {
      if (linked.has(name)) continue;
      const tag = target.parameters.properties[name]?.['x-semantic'];
      // Anything else unlinked would be a value from nowhere: a place or a name unrelated to the question.
      if (tag !== undefined && !TIME_KINDS.has(tag) && tag !== 'geo.radiusM') return undefined;
      if (!(name in rest)) return undefined;
      literals[name] = rest[name];
    }
    for (const [name, value] of Object.entries(rest))
      if (!linked.has(name) && target.parameters.properties[name]?.['x-semantic'] === undefined) literals[name] = value;
    const mentions = this.mentionsFor(id, target, literals, linked);
    if (!mentions) return undefined;
    for (const [name, value] of Object.entries(literals)) args[name] = { value };
    const plan: PlanStep = { id, tool: target.id, let: lets, args };
    const resolved = await resolveArgs(plan, stepResults([...steps, ...added].map((s) => s.trace)));
    if ('failure' in resolved) return undefined;
    const { result, view } = await episode.run(target.id, resolved.args);
    if (!result.ok || result.items.length === 0) return undefined;
    added.push({ plan, walk: { id, tool: target.id, inputs, mentions }, trace: traceStep(plan, resolved.args, result, view.handle), visible: view.visible });
    return added;
  }

  /**
   * Fan-in: a second earlier step that feeds other parameters of the same call, through a verified link of its
   * own (the sunset where one step found a place, on the day another step found a festival starts).
   */
  private fanIn(steps: Done[], primary: Done, target: string, linked: Set<string>, rng: Rng): { edge: Edge; step: Done; selection: Selection } | undefined {
    const options = steps
      .filter((st) => st !== primary && st.walk.tool !== primary.walk.tool && st.walk.tool !== QUERY_TOOL)
      .flatMap((st) =>
        (this.bySource.get(st.walk.tool) ?? [])
          .filter((e) => e.toTool === target && e.toParams.every((p) => !linked.has(p)))
          .map((edge) => ({ edge, step: st })),
      );
    if (options.length === 0) return undefined;
    const { edge, step } = rng.pick(options);
    const { selection } = this.chooseSelection(step, rng, edge.fromFields, false);
    const row = pick(step.visible, selection);
    if (!row || edge.fromFields.some((f) => !present(row[f]))) return undefined;
    return { edge, step, selection };
  }

  /**
   * What the request asks about the last step's rows, and the answer spec that recomputes it; with a query-tool
   * step to add when the answer's row is one the view hides (a forecast category far down the list, the max of a
   * field over every row).
   */
  private async chooseAnswer(
    steps: Done[],
    rng: Rng,
    episode: EpisodeResults,
    maxSteps: number,
  ): Promise<{ answer: WalkAnswer; spec: AnswerSpec; query?: Done } | undefined> {
    const last = steps[steps.length - 1]!;
    const step = last.walk;
    const rows = last.visible;
    const phrases = this.options.book.tools[step.tool];
    if (!phrases) return undefined;
    const room = steps.length + 1 <= maxSteps;
    if (phrases.facets) {
      const { field, value, labels } = phrases.facets;
      const shown = Object.keys(labels).filter((c) => rows.some((r) => r[field] === c && present(r[value])));
      const hidden =
        room && queryable(last)
          ? Object.keys(labels).filter((c) => !shown.includes(c) && last.trace.items.some((r) => r[field] === c && present(r[value])))
          : [];
      if (shown.length === 0 && hidden.length === 0) return undefined;
      const viaQuery = hidden.length > 0 && (shown.length === 0 || rng.chance(0.4));
      const category = rng.pick(viaQuery ? hidden : shown);
      const selection: Selection = { kind: 'match', field, value: category, label: labels[category]!.label };
      const answer: WalkAnswer = { kind: 'field', step: step.id, field: value, label: labels[category]!.label, unit: labels[category]!.unit, selection };
      if (viaQuery) {
        const query = await this.queryStep(
          `s${steps.length + 1}`,
          last,
          selection,
          { result: last.trace.handle, where: [{ field, op: '=', value: category }], limit: 1 },
          episode,
        );
        if (!query) return undefined;
        const row = query.visible[0]!;
        return {
          answer: { ...answer, step: query.walk.id },
          spec: { expr: `${query.walk.id}.items[0].${fieldRef(value)}`, compare: isNumber(row[value]) ? 'number' : 'string' },
          query,
        };
      }
      const first = rows.find((r) => r[field] === category)!;
      return { answer, spec: { expr: `${selectionExpr(step.id, selection)}.${fieldRef(value)}`, compare: isNumber(first[value]) ? 'number' : 'string' } };
    }
    if (last.trace.items.length > 1 && last.trace.totalCount !== null && last.trace.totalCount > 1 && rng.chance(0.12)) {
      return {
        answer: { kind: 'count', step: step.id, label: '건수', selection: { kind: 'first' } },
        spec: { expr: `${step.id}.totalCount`, compare: 'number' },
      };
    }
    const candidates = Object.entries(phrases.answers ?? {});
    for (let attempt = 0; attempt < 6 && candidates.length > 0; attempt++) {
      const [field, def] = rng.pick(candidates);
      const choice = this.chooseSelection(last, rng, [field], room);
      const answer: WalkAnswer = {
        kind: 'field',
        step: step.id,
        field,
        label: def.label,
        unit: def.unit,
        valueKind: this.options.catalog.require(step.tool).response.fields[field]?.semantic,
        selection: choice.selection,
      };
      if (choice.query) {
        const query = await this.rankStep(steps, last, choice.selection, episode);
        const row = query?.visible[0];
        if (!query || !row || !present(row[field])) continue;
        return {
          answer: { ...answer, step: query.walk.id },
          spec: { expr: `${query.walk.id}.items[0].${fieldRef(field)}`, compare: isNumber(row[field]) ? 'number' : 'string' },
          query,
        };
      }
      const row = pick(rows, choice.selection);
      if (!row || !present(row[field])) continue;
      return { answer, spec: { expr: `${selectionExpr(step.id, choice.selection)}.${fieldRef(field)}`, compare: isNumber(row[field]) ? 'number' : 'string' } };
    }
    return undefined;
  }
}

/**
 * Kinds that carry no entity from one call to the next: a date or a name can be passed along and the call will
 * answer, but the request it makes reads like a coincidence. Such links are taken rarely.
 */
const WEAK_KINDS = /^(date\.|time\.|datetime\.|kma\.baseTime$|org\.name$)/;

function weight(edge: Edge, catalog: Catalog): number {
  const target = catalog.require(edge.toTool);
  const weak = edge.toParams.every((p) => WEAK_KINDS.test(target.parameters.properties[p]?.['x-semantic'] ?? ''));
  return edge.score * (weak ? 0.05 : 1);
}

/** A link picked with probability proportional to its weight. */
function weightedPick(edges: Edge[], rng: Rng, catalog: Catalog): Edge {
  const weights = edges.map((e) => weight(e, catalog));
  let roll = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (const [i, e] of edges.entries()) {
    roll -= weights[i]!;
    if (roll <= 0) return e;
  }
  return edges[edges.length - 1]!;
}
