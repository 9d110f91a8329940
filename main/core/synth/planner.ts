// Goal-directed planning over the verified EDGE graph: from an intent's goal tool back to the inputs its question
// states. Every parameter the goal needs is bound to a stated input, to the moment (a forecast's latest issue), to a
// call option (paging, format), or to a verified link from an earlier tool, whose own parameters are bound the same
// way. So every step of a plan feeds the answer, and every stated input is used. Shortest plans come first; every
// distinct plan found is an alternative trajectory for the same request.
import type { Catalog } from '../catalog/Catalog.ts';
import type { ToolSpec } from '../catalog/types.ts';
import { transformById } from '../edges/transforms.ts';
import type { Edge } from '../edges/types.ts';
import { latestIssue } from '../time/issueTimes.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';
import type { Intent, RowPick, ToolUse } from './intents.ts';
import { fills, SUPPLIES, TIME_INPUTS, type InputKind } from './statedInputs.ts';
import { isStatedKind } from './valueKinds.ts';

/** Where a literal argument comes from. */
export type LiteralSource =
  | { from: 'input'; slot: string; tag: string }
  | { from: 'fixed'; value: string | number; statedAs: string }
  /** The latest issue of a scheduled forecast: "지금". */
  | { from: 'now' }
  /** How to call rather than what to ask: paging, format, a period switch (the tool's working inputs give it). */
  | { from: 'default' };

export interface SkeletonLink {
  edge: Edge;
  /** The step whose row the link reads. */
  from: string;
}

export interface SkeletonStep {
  id: string;
  tool: string;
  literals: Record<string, LiteralSource>;
  links: SkeletonLink[];
  /** How the question picks this step's row for the steps after it (undefined: the natural pick). */
  pick?: RowPick;
}

export interface Skeleton {
  steps: SkeletonStep[];
  /** The steps whose results the answer reads, in the answer's order (one, or two for an intent with `also`). */
  goals: string[];
  /** Tools in order, "a>b>c": plans with the same key are the same trajectory. */
  key: string;
  /** Mean prior score of the links (higher is more plausible). */
  score: number;
}

export interface PlannerOptions {
  catalog: Catalog;
  /** Verified links. */
  edges: Edge[];
  /** Most tool calls in a plan, before query-tool steps. Defaults to 5. */
  maxSteps?: number;
  /** Plans returned per intent, shortest and most plausible first. Defaults to 6. */
  limit?: number;
  /** Tools whose call names one thing and answers one row (an address's coordinates, a content's details). */
  oneRow: ReadonlySet<string>;
}

/** A partial plan: the steps that satisfy one tool, that tool's step last. */
interface Partial {
  steps: Omit<SkeletonStep, 'id'>[];
  slots: Set<string>;
  scores: number[];
}

/** Call options: never a question's content. */
function incidental(spec: ToolSpec, param: string): boolean {
  const schema = spec.parameters.properties[param];
  const tag = schema?.['x-semantic'];
  if (!tag) return true;
  if (tag.startsWith('paging.') || tag === 'airkorea.dataTerm' || tag === 'view.handle') return true;
  return Array.isArray(schema.enum) && !isStatedKind(tag);
}

/** A forecast's date and time parameters: always its latest issue. */
function issueBound(spec: ToolSpec, tag: string): boolean {
  return latestIssue(spec.id, new Date(0)) !== undefined && (tag === 'date.yyyymmdd' || tag === 'kma.baseTime' || tag === 'kma.tmFc');
}

const TIME_TAG = /^(date\.|time\.|datetime\.|kma\.baseTime$|kma\.tmFc$|kosis\.period$)/;
/** Kinds that carry no entity from one call to the next. */
const WEAK = /^(date\.|time\.|datetime\.|kma\.baseTime$|kma\.tmFc$|kosis\.period$|org\.name$)/;

export class Planner {
  private readonly options: PlannerOptions;
  private readonly into = new Map<string, Edge[]>();

  constructor(options: PlannerOptions) {
    this.options = options;
    for (const edge of options.edges) {
      if (!this.usable(edge)) continue;
      const list = this.into.get(edge.toTool) ?? [];
      list.push(edge);
      this.into.set(edge.toTool, list);
    }
  }

  /**
   * Links a plan may take: not a projection a model cannot compute (the graph's links through the local tool carry
   * it), and not into the query tool.
   */
  private usable(edge: Edge): boolean {
    if (transformById(edge.transform)?.computedBy) return false;
    return edge.toTool !== QUERY_TOOL && this.options.catalog.get(edge.fromTool) !== undefined;
  }

  /**
   * Whether a link only hands on what its source step was itself called with: a forecast's grid passed to another
   * forecast, the 읍면동 a list was searched by. Coordinates are the exception for lists: a list searched around a point
   * returns each place's own coordinates (a one-row lookup, the sunrise at a point, returns the point).
   */
  private echoes(edge: Edge, source: Omit<SkeletonStep, 'id'>): boolean {
    const spec = this.options.catalog.require(edge.fromTool);
    const bound = new Set(
      [...Object.keys(source.literals), ...source.links.flatMap((l) => l.edge.toParams)].map((p) => spec.parameters.properties[p]?.['x-semantic']),
    );
    const list = !this.options.oneRow.has(spec.id);
    return edge.fromFields.every((f) => {
      const tag = spec.response.fields[f]?.semantic;
      return tag !== undefined && bound.has(tag) && !(list && POINT.test(tag));
    });
  }

  /** Plans for an intent, shortest and most plausible first; none when its inputs cannot reach its goal. */
  plan(intent: Intent): Skeleton[] {
    const inputs = Object.entries(intent.inputs) as [string, InputKind][];
    const uses = new Map<string, ToolUse | undefined>([[intent.goal, intent.goalUse], ...Object.entries(intent.via ?? {})]);
    const max = this.options.maxSteps ?? 5;
    let partials = this.satisfy(intent.goal, max, new Set(), inputs, uses);
    if (intent.also) {
      // Two questions of the same inputs: both goals' plans merged, steps they share taken once.
      const also = intent.also;
      const second = this.satisfy(also.goal, max, new Set(), inputs, new Map([...uses, [also.goal, also.goalUse]]));
      partials = partials.flatMap((a) =>
        second.flatMap((b) => {
          const steps = mergeSteps(a.steps, b.steps);
          return steps && steps.length <= max + 1 && steps[steps.length - 1]!.tool === also.goal
            ? [{ steps, slots: new Set([...a.slots, ...b.slots]), scores: [...a.scores, ...b.scores] }]
            : [];
        }),
      );
    }
    // A step only the answer reads (the day a forecast is asked for, found in another service) joins every plan.
    const answerFrom = intent.answer.pick.kind === 'facet' && intent.answer.pick.when === 'step' ? intent.answer.pick.from?.tool : undefined;
    if (answerFrom) {
      partials = partials.flatMap((p) => {
        if (p.steps.some((s) => s.tool === answerFrom)) return [p];
        return this.satisfy(answerFrom, max - p.steps.length, new Set([intent.goal]), inputs, uses).flatMap((sub) => {
          const steps = mergeSteps(sub.steps, p.steps);
          return steps && steps.length <= max ? [{ steps, slots: new Set([...p.slots, ...sub.slots]), scores: [...p.scores, ...sub.scores] }] : [];
        });
      });
    }
    const viaTools = Object.keys(intent.via ?? {});
    // A slot the answer's pick reads (the hour of a forecast) is used by the last step, whatever the path; a named
    // thing is used by a step that picks the row bearing its name (the sight of that name in a region's list).
    const answerSlot = 'slot' in intent.answer.pick ? intent.answer.pick.slot : undefined;
    const namedBy = (p: Partial, slot: string): boolean => {
      const kind = intent.inputs[slot]!;
      return p.steps.some(
        (s) =>
          s.pick?.kind === 'stated' &&
          Object.values(this.options.catalog.require(s.tool).response.fields).some(
            (f) => f.semantic && NAMING.test(f.semantic) && SUPPLIES[kind].includes(f.semantic),
          ),
      );
    };
    // The second value of a question asked of two takes the first's place in a second run.
    const pairedSlot = intent.each?.second;
    const complete = partials.filter(
      (p) =>
        inputs.every(([slot]) => p.slots.has(slot) || slot === answerSlot || slot === pairedSlot || namedBy(p, slot)) &&
        viaTools.every((t) => p.steps.some((s) => s.tool === t)),
    );
    const seen = new Set<string>();
    const skeletons: Skeleton[] = [];
    for (const partial of complete) {
      const skeleton = finish(partial, intent.also ? [intent.goal, intent.also.goal] : [intent.goal]);
      if (seen.has(skeleton.key)) continue;
      seen.add(skeleton.key);
      skeletons.push(skeleton);
    }
    skeletons.sort((a, b) => a.steps.length - b.steps.length || b.score - a.score || a.key.localeCompare(b.key));
    return skeletons.slice(0, this.options.limit ?? 6);
  }

  /** Every way to make `toolId` callable within `budget` calls, its step last. */
  private satisfy(toolId: string, budget: number, ancestors: Set<string>, inputs: [string, InputKind][], uses: Map<string, ToolUse | undefined>): Partial[] {
    if (budget <= 0) return [];
    const spec = this.options.catalog.get(toolId);
    if (!spec) return [];
    const use = uses.get(toolId);
    const literals: Record<string, LiteralSource> = {};
    const open: string[] = [];
    const required = new Set(spec.parameters.required ?? []);
    for (const [param, arg] of Object.entries(use?.args ?? {})) {
      if ('slot' in arg) {
        const kind = inputs.find(([slot]) => slot === arg.slot)?.[1];
        const tag = spec.parameters.properties[param]?.['x-semantic'] ?? '';
        if (!kind) return [];
        literals[param] = { from: 'input', slot: arg.slot, tag };
      } else {
        literals[param] = { from: 'fixed', value: arg.value, statedAs: arg.statedAs };
      }
    }
    for (const param of [...required, ...(use?.linked ?? [])]) {
      if (param in literals) continue;
      const tag = spec.parameters.properties[param]?.['x-semantic'];
      if (incidental(spec, param)) literals[param] = { from: 'default' };
      else if (tag && issueBound(spec, tag)) literals[param] = { from: 'now' };
      else open.push(param);
    }
    const linkedOnly = new Set(use?.linked ?? []);
    const supplied = new Set(inputs.flatMap(([, kind]) => SUPPLIES[kind]));
    // A list every parameter of which is optional still answers a question only when something narrows it.
    const optionalChoices =
      open.length === 0 && !Object.values(literals).some((l) => l.from === 'input' || l.from === 'fixed') ? this.optionalEntities(spec, inputs) : [[]];
    const results: Partial[] = [];
    for (const extra of optionalChoices) {
      const defaults = new Set(
        Object.entries(literals)
          .filter(([, l]) => l.from === 'default')
          .map(([p]) => p),
      );
      for (const cover of this.covers([...open, ...extra], spec, inputs, linkedOnly, uses, defaults)) {
        const linked = new Set(cover.edges.flatMap((e) => e.toParams));
        const own: Record<string, LiteralSource> = Object.fromEntries(Object.entries({ ...literals, ...cover.literals }).filter(([p]) => !linked.has(p)));
        const sources = [...new Set(cover.edges.map((e) => e.fromTool))];
        if (sources.some((s) => s === toolId || ancestors.has(s))) continue;
        let combos: { steps: Omit<SkeletonStep, 'id'>[]; slots: Set<string>; scores: number[] }[] = [
          { steps: [], slots: new Set(Object.values(own).flatMap((l) => (l.from === 'input' ? [l.slot] : []))), scores: [] },
        ];
        for (const source of sources) {
          const next: typeof combos = [];
          const carried = cover.edges.filter((e) => e.fromTool === source);
          // The nearest of something is a place of its own: a question about a station or a stop asks for it, but
          // taking its coordinates as the question's place would answer about somewhere else.
          const movesPlace = carried.some((e) => e.toParams.some((p) => PLACE_PARAM.test(spec.parameters.properties[p]?.['x-semantic'] ?? '')));
          const below = this.satisfy(source, budget - 1, new Set([...ancestors, toolId]), inputs, uses).filter((sub) => {
            const last = sub.steps[sub.steps.length - 1]!;
            const wandered = sub.steps.some((st) => st.pick?.kind === 'nearest' && !uses.has(st.tool));
            return last.pick !== undefined && !(movesPlace && wandered) && !carried.some((e) => this.echoes(e, last));
          });
          for (const combo of combos) {
            for (const sub of below) {
              const steps = mergeSteps(combo.steps, sub.steps);
              if (!steps || steps.length + 1 > budget) continue;
              next.push({ steps, slots: new Set([...combo.slots, ...sub.slots]), scores: [...combo.scores, ...sub.scores] });
            }
          }
          combos = next.slice(0, 40);
        }
        const bound = [...Object.keys(own), ...cover.edges.flatMap((e) => e.toParams)];
        const pick = naturalPick(spec, bound, supplied, this.options.oneRow, use?.pick);
        for (const combo of combos) {
          const step: Omit<SkeletonStep, 'id'> = {
            tool: toolId,
            literals: own,
            links: cover.edges.map((edge) => ({ edge, from: edge.fromTool })),
            ...(pick ? { pick } : {}),
          };
          results.push({ steps: [...combo.steps, step], slots: combo.slots, scores: [...combo.scores, ...cover.edges.map((e) => e.score)] });
        }
      }
    }
    return results.slice(0, 60);
  }

  /** Optional parameters of a list that a stated input can fill, one choice per input slot's kind. */
  private optionalEntities(spec: ToolSpec, inputs: [string, InputKind][]): string[][] {
    const choices: string[][] = [];
    for (const [, kind] of inputs) {
      const params = Object.entries(spec.parameters.properties)
        .filter(([, schema]) => schema['x-semantic'] && fills(kind, schema['x-semantic'], spec.id) && !TIME_TAG.test(schema['x-semantic']))
        .map(([name]) => name);
      if (params.length > 0) choices.push(params);
    }
    return choices;
  }

  /**
   * Ways to bind `params`: each to a stated input that fills its kind, or, a group at a time, to a verified link's
   * parameters. A time parameter takes only a time input; an entity parameter never takes one.
   */
  private covers(
    params: string[],
    spec: ToolSpec,
    inputs: [string, InputKind][],
    linkedOnly: Set<string>,
    uses: Map<string, ToolUse | undefined>,
    defaults: Set<string>,
  ): { literals: Record<string, LiteralSource>; edges: Edge[] }[] {
    const out: { literals: Record<string, LiteralSource>; edges: Edge[] }[] = [];
    // A date or a name handed from one call to the next reads like a coincidence ("the sunrise on the weather's base
    // date"), unless the question names that step ("the sunset on the next holiday").
    // A link that carries only what the question states anyway (a 시도 name found through three calls) is a detour,
    // unless the question names its source step (the coordinates of the nearest stop it asks about).
    const stated = new Set(inputs.flatMap(([, kind]) => SUPPLIES[kind]));
    // A date or a name handed on from a step the question names goes only to a step it names too (the festival's
    // first day to the sunrise asked for, not to a detour that happens to take a date).
    const into = (this.into.get(spec.id) ?? []).filter((edge) => {
      const tags = edge.toParams.map((p) => spec.parameters.properties[p]?.['x-semantic'] ?? '');
      const weak = tags.every((t) => WEAK.test(t));
      if (uses.has(edge.fromTool)) return !weak || uses.has(spec.id);
      return !tags.every((t) => stated.has(t)) && !weak;
    });
    const walk = (rest: string[], literals: Record<string, LiteralSource>, edges: Edge[]): void => {
      if (out.length >= 24) return;
      const param = rest.find((p) => !(p in literals) && !edges.some((e) => e.toParams.includes(p)));
      if (param === undefined) {
        out.push({ literals, edges });
        return;
      }
      const tag = spec.parameters.properties[param]?.['x-semantic'] ?? '';
      if (!linkedOnly.has(param)) {
        for (const [slot, kind] of inputs) {
          if (!fills(kind, tag, spec.id) || TIME_INPUTS.has(kind) !== TIME_TAG.test(tag)) continue;
          walk(rest, { ...literals, [param]: { from: 'input', slot, tag } }, edges);
        }
      }
      for (const edge of into) {
        if (!edge.toParams.includes(param)) continue;
        // A link may also carry a parameter that would otherwise take its default (a juso address's 지하 여부).
        if (edge.toParams.some((p) => (!rest.includes(p) && !defaults.has(p)) || p in literals || edges.some((e) => e.toParams.includes(p)))) continue;
        walk(rest, literals, [...edges, edge]);
      }
    };
    walk(params, {}, []);
    return out;
  }
}

const DISTANCE = new Set(['geo.distanceM', 'geo.distanceKm']);
const PLACE_PARAM = /^geo\.(lat|lon|tmX|tmY|radiusM)$/;
const POINT = /^geo\.(lat|lon|tmX|tmY|utmkX|utmkY)$/;
/** Kinds of a row that name what a person stated: the stated-name pick matches on them. */
/** Kinds a call searches by (rows bear more than the searched text, or exactly it). */
const SEARCH = /^(region\.fullName|org\.name|address\.keyword)$/;
const NAMING = /^(region\.(fullName|sidoName|sidoShortName|sigunguName|emdName)|org\.name|airkorea\.stationName)$/;

/**
 * The naming kinds a call was filtered by exactly: every row bears the same value (a 시도's stations all say that
 * 시도), so they tell no row apart. A search is no filter: a 법정동 list searched by a region name, a name searched
 * by a word, hold rows that bear more than the searched text, and the one that bears exactly it is the stated one.
 */
export function filteringKinds(spec: ToolSpec, params: string[]): Set<string | undefined> {
  return new Set(params.map((p) => spec.parameters.properties[p]?.['x-semantic']).filter((t) => t === undefined || !SEARCH.test(t)));
}

/**
 * How a person would pick a row of this step for the next one, if they would: the pick the question names; the one
 * row a call that names one thing answers; the nearest, for a list searched around a place (by its distance, or by
 * its coordinates); the row whose names are the stated ones. Anything else ("the first of a hospital list") is
 * arbitrary, and the step cannot feed another.
 */
export function naturalPick(
  spec: ToolSpec,
  params: string[],
  supplied: ReadonlySet<string>,
  oneRow: ReadonlySet<string>,
  asked?: RowPick,
): RowPick | undefined {
  if (asked) return asked;
  if (oneRow.has(spec.id)) return { kind: 'only' };
  const fields = Object.values(spec.response.fields);
  const aroundPlace = params.some((p) => PLACE_PARAM.test(spec.parameters.properties[p]?.['x-semantic'] ?? ''));
  if (
    aroundPlace &&
    (fields.some((f) => f.semantic && DISTANCE.has(f.semantic)) ||
      (fields.some((f) => f.semantic === 'geo.lat') && fields.some((f) => f.semantic === 'geo.lon')))
  )
    return { kind: 'nearest' };
  const filteredBy = filteringKinds(spec, params);
  // The row named exactly what the call searched for is the one meant ("the pharmacy of that name").
  const searched = new Set(params.map((p) => spec.parameters.properties[p]?.['x-semantic']).filter((t) => t !== undefined && SEARCH.test(t)));
  if (fields.some((f) => f.semantic && NAMING.test(f.semantic) && (supplied.has(f.semantic) || searched.has(f.semantic)) && !filteredBy.has(f.semantic)))
    return { kind: 'stated' };
  return undefined;
}

/** Two lists of steps as one, a tool that appears in both taken once; undefined if it appears bound differently. */
function mergeSteps(a: Omit<SkeletonStep, 'id'>[], b: Omit<SkeletonStep, 'id'>[]): Omit<SkeletonStep, 'id'>[] | undefined {
  const out = [...a];
  for (const step of b) {
    const same = out.find((s) => s.tool === step.tool);
    if (!same) {
      out.push(step);
      continue;
    }
    if (JSON.stringify(same.literals) !== JSON.stringify(step.literals) || same.links.map((l) => l.edge.id).join() !== step.links.map((l) => l.edge.id).join())
      return undefined;
  }
  return out;
}

/** Step ids in order, links pointing at them, and the goal steps by their tools. */
function finish(partial: Partial, goalTools: string[]): Skeleton {
  const ids = new Map(partial.steps.map((s, i) => [s.tool, `s${i + 1}`]));
  const steps = partial.steps.map((s, i) => ({ ...s, id: `s${i + 1}`, links: s.links.map((l) => ({ edge: l.edge, from: ids.get(l.from)! })) }));
  const score = partial.scores.length ? partial.scores.reduce((x, y) => x + y, 0) / partial.scores.length : 1;
  return { steps, goals: goalTools.map((t) => ids.get(t)!), key: steps.map((s) => s.tool).join('>'), score };
}
