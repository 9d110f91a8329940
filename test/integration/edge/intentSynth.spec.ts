// Intent synthesis on the emulator: 1,000 samples of questions people ask, each checked here, without the
// synthesizer's counters, against every gate it promises: the request says every value it passes and reads like
// KOPA-Bench's hand-written requests (lints, length), the answer is a real value, every step feeds it, no row is
// picked arbitrarily, no sample repeats another or a KOPA-Bench task; and as a whole the dataset covers the bench's
// multi-step tool sequences and has alternative trajectories that re-execute to the same answer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataset } from './intentDataset.ts';
import { lintTask } from '../../../main/core/bench/lints.ts';
import { normaliseText } from '../../../main/core/text/koreanText.ts';
import { canonicalJson } from '../../../main/core/canonicalJson.ts';
import { bigramSimilarity } from '../../../main/core/text/similarity.ts';
import { asBenchTask } from '../../../main/core/synth/intentGates.ts';
import type { SynthSample } from '../../../main/core/synth/types.ts';
import { QUERY_TOOL } from '../../../main/core/resultView/queryRows.ts';
import { lintContext } from '../../../main/engine/bench/catalogFacts.ts';
import { loadSuite } from '../../../main/engine/bench/suite.ts';
import { executePlan } from '../../../main/engine/plan/executePlan.ts';

const bench = () => loadSuite('kopa', dataset.engine.resourcesDir, dataset.engine.catalog()).tasks;
const sequence = (steps: { tool: string }[]): string => steps.map((s) => s.tool).join('>');
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/** Literal values of a plan a person states (call options and query conditions aside), normalised. */
function statedLiterals(plan: SynthSample['walk']['plan']): string[] {
  const lint = lintContext(dataset.engine.catalog());
  return plan.steps
    .filter((s) => s.tool !== QUERY_TOOL)
    .flatMap((s) =>
      Object.entries(s.args).flatMap(([param, arg]) =>
        'value' in arg && lint.tagOf(s.tool, param) && !lint.tagOf(s.tool, param)!.startsWith('paging.')
          ? [arg.value].flat().map((v) => normaliseText(String(v)))
          : [],
      ),
    )
    .sort();
}

describe('kopa synth (intents) on the emulator', () => {
  it('keeps 1,000 samples from at least 120 intents over every agency, in three registers', () => {
    expect(dataset.run.summary.kept).toBe(1000);
    expect(dataset.samples).toHaveLength(1000);
    expect(new Set(dataset.samples.map((s) => s.intent)).size).toBeGreaterThanOrEqual(120);
    const agencies = new Set(dataset.samples.flatMap((s) => s.walk.plan.steps.map((st) => dataset.engine.catalog().require(st.tool).agency)));
    for (const agency of new Set(
      dataset.engine
        .catalog()
        .remoteTools()
        .map((t) => t.agency),
    ))
      expect(agencies, agency).toContain(agency);
    for (const register of ['formal', 'polite', 'casual'] as const) expect(dataset.samples.filter((s) => s.register === register).length).toBeGreaterThan(250);
    // Questions across agencies first: most samples call two or more of them.
    const agenciesOf = (s: SynthSample): number =>
      new Set(s.walk.plan.steps.map((st) => dataset.engine.catalog().require(st.tool).agency).filter((a) => a !== 'local')).size;
    expect(dataset.samples.filter((s) => agenciesOf(s) >= 2).length).toBeGreaterThan(500);
  });

  it('writes every request with the values its plan passes, none of what a step produced, and no empty slot', () => {
    for (const s of dataset.samples) {
      const said = normaliseText(s.query);
      for (const m of s.walk.steps.flatMap((st) => st.mentions)) expect(said, `${s.query} lacks ${m.text}`).toContain(normaliseText(m.text));
      expect(s.query).not.toMatch(/[{}]|undefined|null|\s{2}/);
      const stated = new Set(s.walk.steps.flatMap((st) => st.mentions.map((m) => String(m.value))));
      const carried = s.walk.trace.steps.flatMap((st) => {
        const planned = s.walk.plan.steps.find((p) => p.id === st.id)!;
        return Object.entries(planned.args).flatMap(([k, arg]) => ('expr' in arg ? [st.args[k]].flat() : []));
      });
      for (const v of carried)
        if (typeof v !== 'object' && String(v).length >= 4 && !stated.has(String(v))) expect(s.query, String(v)).not.toContain(String(v));
    }
  });

  it("passes KOPA-Bench's own request lints, at the lengths of its hand-written requests", () => {
    const lint = lintContext(dataset.engine.catalog());
    const lengths = bench().map((t) => t.query_ko.length);
    for (const s of dataset.samples) {
      expect(lintTask(asBenchTask(s.walk, s.query), s.walk.trace.steps, lint), s.query).toEqual([]);
      expect(s.query.length).toBeGreaterThanOrEqual(Math.min(...lengths));
      expect(s.query.length).toBeLessThanOrEqual(Math.max(...lengths));
    }
    const ours = median(dataset.samples.map((s) => s.query.length));
    expect(Math.abs(ours - median(lengths)) / median(lengths), `median ${ours} against ${median(lengths)}`).toBeLessThanOrEqual(0.2);
  });

  it('answers with real values, every step feeding the answer, no row picked arbitrarily', () => {
    for (const s of dataset.samples) {
      for (const v of [s.walk.trace.answer].flat()) {
        expect(v, s.query).not.toBeNull();
        expect(String(v).trim(), s.query).not.toMatch(/^[-–—_.·\s]*$|^(없음|정보 ?없음|해당 ?없음)$|등록되지 않|않습니다|없습니다|오류|점검 ?중/);
      }
      const exprs = [
        s.walk.plan.answer.expr,
        ...s.walk.plan.steps.flatMap((st) => [...Object.values(st.let ?? {}), ...Object.values(st.args).flatMap((a) => ('expr' in a ? [a.expr] : []))]),
      ].join('\n');
      for (const step of s.walk.plan.steps) expect(exprs, `${s.query}: nothing reads ${step.id}`).toMatch(new RegExp(`\\b${step.id}\\.`));
      const traces = new Map(s.walk.trace.steps.map((t) => [t.id, t]));
      for (const input of s.walk.steps.filter((st) => st.tool !== QUERY_TOOL).flatMap((st) => st.inputs)) {
        expect(input.selection.kind, s.query).not.toBe('first');
        if (input.selection.kind === 'only') expect(traces.get(input.from)!.items, s.query).toHaveLength(1);
      }
    }
  });

  it('repeats no sample and copies no KOPA-Bench task, in the same tools and values or in other words', () => {
    const tasks = bench().map((t) => ({ id: t.id, sequence: sequence(t.plan.steps), stated: canonicalJson(statedLiterals(t.plan)), query: t.query_ko }));
    const bySignature = new Map<string, string[]>();
    for (const s of dataset.samples) {
      const stated = canonicalJson(statedLiterals(s.walk.plan));
      const seq = sequence(s.walk.plan.steps);
      for (const t of tasks) {
        expect(t.sequence === seq && t.stated === stated, `${s.query} is ${t.id}`).toBe(false);
        expect(bigramSimilarity(s.query, t.query), `${s.query} ~ ${t.id} ${t.query}`).toBeLessThan(0.6);
      }
      const same = bySignature.get(s.signature) ?? [];
      for (const other of same) expect(bigramSimilarity(s.query, other), `${s.query} ~ ${other}`).toBeLessThan(0.9);
      bySignature.set(s.signature, [...same, s.query]);
    }
  });

  it("exercises at least 80 % of KOPA-Bench's multi-step tool sequences", () => {
    const theirs = new Set(
      bench()
        .map((t) => sequence(t.plan.steps))
        .filter((seq) => seq.includes('>')),
    );
    const ours = new Set(dataset.samples.flatMap((s) => [s.walk.plan, ...s.alternatives.map((a) => a.plan)].map((p) => sequence(p.steps))));
    const exercised = [...theirs].filter((seq) => ours.has(seq));
    expect(exercised.length / theirs.size, `missing: ${[...theirs].filter((seq) => !ours.has(seq)).join('; ')}`).toBeGreaterThanOrEqual(0.8);
    expect(dataset.run.summary.card?.benchSequences.exercised).toBe(exercised.length);
  });

  it('has two or more trajectories for at least 40 % of samples, each re-executing to the same answer', async () => {
    const withAlternatives = dataset.samples.filter((s) => s.alternatives.length > 0);
    expect(withAlternatives.length).toBeGreaterThanOrEqual(400);
    const gateway = dataset.engine.gateway();
    const tools = { call: (tool: string, args: Record<string, unknown>) => gateway.call(tool, args), catalog: dataset.engine.catalog() };
    const norm = (v: unknown): string => canonicalJson(Array.isArray(v) ? [...v].map(String).sort() : v);
    for (const s of withAlternatives) {
      const again = await executePlan(s.walk.plan, tools, { visible: true });
      expect(norm(again.answer), s.query).toBe(norm(s.walk.trace.answer));
      for (const alt of s.alternatives) {
        expect(sequence(alt.plan.steps), s.query).not.toBe(sequence(s.walk.plan.steps));
        expect(norm((await executePlan(alt.plan, tools, { visible: true })).answer), `${s.query} by ${sequence(alt.plan.steps)}`).toBe(
          norm(s.walk.trace.answer),
        );
      }
    }
  }, 300_000);

  it("walks only dependency links, and every link KOPA-Bench's plans carry a value through is one", async () => {
    const verified = (await dataset.engine.call('edges.list', { status: 'verified' })).edges;
    const dependencies = verified.filter((e) => e.kind === 'dependency');
    expect(dependencies.length).toBeGreaterThan(300);
    expect(verified.length - dependencies.length).toBeGreaterThan(50);
    expect(dataset.run.summary.linkCoverage.total).toBe(dependencies.length);
    let carried = 0;
    for (const task of bench()) {
      for (const step of task.plan.steps) {
        for (const [param, arg] of Object.entries(step.args)) {
          if (!('expr' in arg)) continue;
          const sources = task.plan.steps.filter((s) => new RegExp(`\\b${s.id}\\.`).test(arg.expr)).map((s) => s.tool);
          const links = verified.filter((e) => sources.includes(e.fromTool) && e.toTool === step.tool && e.toParams.includes(param));
          if (links.length === 0) continue;
          carried++;
          expect(
            links.map((e) => e.kind),
            `${task.id} ${step.tool}.${param}`,
          ).toContain('dependency');
        }
      }
    }
    expect(carried).toBeGreaterThan(200);
  });

  it('writes a dataset card with its coverage, lengths, registers, trajectories and contamination', () => {
    const card = readFileSync(path.join(dataset.dir, 'train.jsonl.card.md'), 'utf8');
    const c = dataset.run.summary.card!;
    expect(card).toContain(`KOPA-Bench multi-step tool sequences exercised: ${c.benchSequences.exercised} of ${c.benchSequences.total}`);
    expect(card).toContain(`samples dropped as KOPA-Bench tasks: ${c.contaminated}`);
    expect(card).toContain(`request length: median ${c.lengths.median} characters`);
    expect(card).toMatch(/registers: formal \d+, polite \d+, casual \d+/);
    expect(card).toContain(`${c.trajectories.atLeastTwo} samples`);
  });
});
