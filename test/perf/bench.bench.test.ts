// Goals of the evaluation issue (docs/ARCHITECTURE.md §7): the harness adds under 5 ms per attempt around a model
// (measured with a scripted model that replays every reference plan, so model time is nil), and the time of a
// 145 × 4 oracle run of KOPA-Bench. Also times BFCL conformance when the shared BFCL data is present. Prints
// what it measured.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { functionName } from '../../main/core/catalog/functionSchema.ts';
import { Engine } from '../../main/engine/Engine.ts';
import { plainAnswer } from '../../main/core/train/reward/attacks.ts';
import { ANSWER_TOOL, answerArguments } from '../../main/core/answer/answerTool.ts';
import { expectedClaim } from '../../main/core/answer/expectedClaim.ts';
import { referenceTrace } from '../../main/engine/bench/reference.ts';
import { loadSuite } from '../../main/engine/bench/suite.ts';
import { tempDir } from '../helpers/tempDir.ts';
import { SMOKE, sized } from './smoke.ts';

describe('KOPA-Bench harness', () => {
  it('measures overhead per attempt with a scripted model, then a 145 × 4 oracle run', async () => {
    const engine = Engine.open({ dataDir: tempDir() });
    try {
      const tasks = loadSuite('kopa', engine.resourcesDir, engine.catalog()).tasks.slice(0, sized(145, 12));
      const ids = tasks.map((t) => t.id);
      const gateway = engine.gateway();
      const lines: string[] = [];
      for (const task of tasks) {
        const trace = await referenceTrace(task, (tool, args) => gateway.call(tool, args, { emulatorNow: new Date(task.asOf) }), { catalog: engine.catalog() });
        const turns: object[] = trace.steps.flatMap((s) => {
          const turn = { toolCalls: [{ name: functionName(s.tool), arguments: s.args }] };
          // A step whose first call fails by design is called twice.
          return task.faults?.some((f) => f.tool === s.tool && f.call === 1) ? [turn, turn] : [turn];
        });
        const claim = expectedClaim(task.plan.answer, trace.answer, task.unit);
        turns.push({ toolCalls: [{ name: ANSWER_TOOL, arguments: answerArguments(claim, plainAnswer(trace.answer, task.unit)) }] });
        lines.push(JSON.stringify({ task: task.id, turns }));
      }
      const script = path.join(tempDir(), 'replay.jsonl');
      writeFileSync(script, lines.join('\n'));

      const scripted = await engine.call('bench.run', { suite: 'kopa', model: `scripted:${script}`, tasks: ids, samples: 2 });
      console.log(
        `scripted: ${scripted.attempts} attempts, ${scripted.passed} passed; harness overhead ${scripted.overheadMs.toFixed(3)} ms per attempt (goal < 5 ms); run ${scripted.seconds} s`,
      );
      expect(scripted.passed).toBe(scripted.attempts);

      const t = performance.now();
      const oracle = await engine.call('bench.run', { suite: 'kopa', model: 'oracle', tasks: ids, samples: 4, concurrency: 4 });
      const seconds = (performance.now() - t) / 1000;
      expect(oracle.passed).toBe(4 * tasks.length);
      console.log(
        `oracle: ${tasks.length} × 4 = ${oracle.attempts} attempts in ${seconds.toFixed(2)} s at concurrency 4 (harness ${oracle.overheadMs.toFixed(3)} ms per attempt)`,
      );

      // Under chat conditions the oracle still follows each task's plan, but is offered only what the chat picks (and
      // find_tools, which it never calls): what the pick alone costs.
      const picked = await engine.call('bench.run', { suite: 'kopa', model: 'oracle', tasks: ids, tools: 'pick', concurrency: 4 });
      console.log(
        `oracle with the chat's pick (--tools pick): ${picked.passed} of ${picked.attempts} tasks, pass@1 ${(100 * picked['pass@k']['pass@1']!.value).toFixed(1)} % (with each task's own tools: 100 %)`,
      );

      const bfcl = path.resolve('..', 'shared', 'bfcl');
      // Conformance itself is checked by the CLI tests; the smoke run only needs the harness's paths.
      if (!SMOKE && existsSync(path.join(bfcl, 'conformance', 'ast_vectors.jsonl'))) {
        const c0 = performance.now();
        const c = await engine.call('bfcl.conformance', { data: path.join(bfcl, 'data'), vectors: path.join(bfcl, 'conformance', 'ast_vectors.jsonl') });
        console.log(`bfcl conformance: ${c.agree} of ${c.vectors} vectors agree in ${((performance.now() - c0) / 1000).toFixed(2)} s`);
      }
    } finally {
      await engine.dispose();
    }
  });
});
