// Diversification: other verified trajectories that reach the same answer. Where a step converts a value
// through a transform that a local tool also performs (lat/lon → KMA grid, UTM-K → lat/lon), the same plan
// with that tool called as a step of its own is a second, equally valid way to answer, if it re-executes to the
// same answer.
import type { Edge } from '../../core/edge/types.ts';
import { fieldRef } from '../../core/plan/expressions.ts';
import type { Plan, PlanStep } from '../../core/plan/types.ts';
import type { Alternative, Walk } from '../../core/synth/types.ts';
import { executePlan, type PlanCaller } from '../plan/executePlan.ts';

/** Transforms a local tool performs: its parameters (in the transform's input order) and outputs (in its output order). */
const LOCAL_EQUIVALENTS: Record<string, { tool: string; params: string[]; outputs: string[] }> = {
  'latLon→kmaGrid': { tool: 'local.latLonToKmaGrid', params: ['lat', 'lon'], outputs: ['nx', 'ny'] },
  'utmk→latLon': { tool: 'local.utmkToWgs84', params: ['x', 'y'], outputs: ['lat', 'lon'] },
};

function sameAnswer(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export async function findAlternatives(walk: Walk, edges: Map<string, Edge>, verified: Set<string>, call: PlanCaller): Promise<Alternative[]> {
  const out: Alternative[] = [];
  for (const [index, step] of walk.steps.entries()) {
    const input = step.inputs[0];
    const edge = input ? edges.get(input.edgeId) : undefined;
    const local = edge ? LOCAL_EQUIVALENTS[edge.transform] : undefined;
    if (!edge || !local) continue;
    const planned = walk.plan.steps[index]!;
    // The local tool must itself be verified on both sides, or the alternative proves nothing.
    const intoLocal = [...edges.values()].find((e) => verified.has(e.id) && e.fromTool === edge.fromTool && e.toTool === local.tool && e.transform === 'identity' && e.fromFields.join() === edge.fromFields.join());
    const fromLocal = [...edges.values()].find((e) => verified.has(e.id) && e.fromTool === local.tool && e.toTool === edge.toTool && e.transform === 'identity' && e.toParams.join() === edge.toParams.join());
    if (!intoLocal || !fromLocal) continue;
    const localStep: PlanStep = {
      id: `${planned.id}a`,
      tool: local.tool,
      let: planned.let,
      args: Object.fromEntries(local.params.map((p, i) => [p, { expr: `$row.${fieldRef(edge.fromFields[i]!)}` }])),
    };
    const rewired: PlanStep = {
      ...planned,
      let: { row: `${localStep.id}.items[0]` },
      args: { ...planned.args, ...Object.fromEntries(edge.toParams.map((p, i) => [p, { expr: `$row.${fieldRef(local.outputs[i]!)}` }])) },
    };
    const plan: Plan = { ...walk.plan, steps: [...walk.plan.steps.slice(0, index), localStep, rewired, ...walk.plan.steps.slice(index + 1)] };
    const trace = await executePlan(plan, call);
    if (trace.ok && sameAnswer(trace.answer, walk.trace.answer)) {
      out.push({ plan, tools: plan.steps.map((s) => s.tool), edgeIds: [...walk.steps.flatMap((s) => s.inputs.map((i) => i.edgeId)).filter((id) => id !== edge.id), intoLocal.id, fromLocal.id] });
    }
  }
  return out;
}
