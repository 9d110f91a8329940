// Whether a multi-step task really needs its chain: each link (an argument a later step takes from an earlier
// result) is perturbed to a neighbouring value — another row's value of the same field (the next dong, station,
// code or row), else the next grid cell or a nearby coordinate — and the rest of the plan runs on. A link whose
// perturbation leaves the answer as it was is a shortcut: a model that skipped or botched that step would be right by
// chance (City Hall's weather for an apartment's, when neighbouring grids read alike). `kopa bench validate` counts
// such tasks; the goal is none.
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { Plan, PlanStep, Trace, TraceStep } from '../../core/plan/types.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import type { ViewOptions } from '../../core/resultView/resultView.ts';
import { executePlan, type PlanCaller } from '../plan/executePlan.ts';

/** One link of a plan: a step's argument computed from earlier results. */
export interface ChainLink {
  step: string;
  arg: string;
  /** The value the reference passed, and the neighbour it was replaced with. */
  was: unknown;
  perturbed: unknown;
  /** The answer the perturbed chain gave (undefined: it gave none). */
  answer: unknown;
}

export interface ChainCheck {
  /** Links perturbed. */
  links: number;
  /** Links whose perturbation left the answer as it was. */
  insensitive: ChainLink[];
}

/** The links of a plan: arguments written as expressions, of steps that call a tool (a query step reads a handle). */
function linksOf(plan: Plan): { step: PlanStep; arg: string }[] {
  return plan.steps.flatMap((step, i) =>
    i === 0 || step.tool === QUERY_TOOL ? [] : Object.entries(step.args).flatMap(([arg, a]) => ('expr' in a ? [{ step, arg }] : [])),
  );
}

/** How far a coordinate moves to a neighbouring place (about 5 km, a KMA grid cell): the next district, not the same street. */
const NEIGHBOUR_SHIFT: Record<string, number> = {
  'geo.lat': 0.05,
  'geo.lon': 0.06,
  'geo.tmX': 5000,
  'geo.tmY': 5000,
  'geo.utmkX': 5000,
  'geo.utmkY': 5000,
  'kma.nx': 1,
  'kma.ny': 1,
};

/**
 * A value next to `was` for a parameter of this kind: the neighbouring grid cell or place for coordinates, else
 * another row's value of the field an earlier result held it in (the next dong, station, code or festival). Undefined
 * where no neighbour means anything (an option such as a flag or a page).
 */
function neighbour(was: unknown, semantic: string | undefined, earlier: TraceStep[]): unknown {
  const shift = semantic ? NEIGHBOUR_SHIFT[semantic] : undefined;
  if (shift !== undefined && typeof was === 'number') return Math.round((was + shift) * 1e6) / 1e6;
  const key = canonicalJson(was);
  for (const step of [...earlier].reverse()) {
    for (const [i, row] of step.items.entries()) {
      const field = Object.keys(row).find((f) => canonicalJson(row[f]) === key);
      if (field === undefined) continue;
      const others = [...step.items.slice(i + 1), ...step.items.slice(0, i)].map((r) => r[field]).filter((v) => v !== undefined && canonicalJson(v) !== key);
      if (others.length) return others[0];
    }
  }
  return undefined;
}

/** The same answer, within the task's tolerance for numbers. */
function sameAnswer(a: unknown, b: unknown, tolerance: number): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= tolerance + 1e-9;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameAnswer(x, b[i], tolerance));
  return canonicalJson(a) === canonicalJson(b);
}

export interface ChainOptions {
  call: PlanCaller;
  catalog: Catalog;
  view?: ViewOptions;
}

/** Perturbs each link of a plan whose reference ran to an answer, and keeps the ones the answer did not notice. */
export async function chainSensitivity(plan: Plan, reference: Trace, options: ChainOptions): Promise<ChainCheck> {
  if (!reference.ok || plan.answer.compare === 'decline') return { links: 0, insensitive: [] };
  const insensitive: ChainLink[] = [];
  let links = 0;
  for (const { step, arg } of linksOf(plan)) {
    const index = reference.steps.findIndex((s) => s.id === step.id);
    const ran = reference.steps[index];
    if (!ran || !(arg in ran.args)) continue;
    const was = ran.args[arg];
    const schema = options.catalog.get(step.tool)?.parameters.properties[arg];
    // Options (a flag, an enumerated mode, paging) say how to ask, not what: no neighbour of theirs is a wrong chain.
    if (schema?.enum || schema?.['x-semantic']?.startsWith('paging.')) continue;
    const perturbed = neighbour(was, schema?.['x-semantic'], reference.steps.slice(0, index));
    if (perturbed === undefined) continue;
    links++;
    // A chain that breaks on the wrong value (an expression over rows that are not there) gives no answer: it noticed.
    const trace = await executePlan(
      plan,
      { call: options.call, catalog: options.catalog, view: options.view },
      { override: { step: step.id, arg, value: perturbed } },
    ).catch(() => undefined);
    if (trace?.ok && sameAnswer(trace.answer, reference.answer, plan.answer.tolerance ?? 0))
      insensitive.push({ step: step.id, arg, was, perturbed, answer: trace.answer });
  }
  return { links, insensitive };
}
