// KOPA-Bench under chat conditions (`tools: "pick"`): a task is offered what the chat picks for its question, plus
// find_tools. A model that calls a catalog tool the pick left out is told how to get it (not that it does not exist),
// finds it with find_tools, and reaches the right answer; the asking is not scored as a call, and the run says which
// tools it offered.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../main/core/agent/types.ts';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const TASK = 'mx-05';
/** The chat's pick for mx-05's question leaves out the building-entrance geocoder (juso.addrCoordApi). */
const UNPICKED = 'juso_addrCoordApi';

describe('a benchmark run with the tools a chat would pick', () => {
  it('leads from a call to an unpicked tool, through find_tools, to the right answer', async () => {
    const engine = testEngine();
    await engine.call('bench.run', { suite: 'kopa', model: 'oracle', tasks: [TASK], runId: 'reference' });
    const reference = (await engine.call('bench.attempts', { run: 'reference', task: TASK })).attempts[0]!;
    expect(reference.verdict).toBe('pass');
    const calls = reference.transcript.flatMap((m: ChatMessage) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []));
    expect(calls.map((c) => c.name)).toContain(UNPICKED);
    const turns = calls.flatMap((c) => {
      const call = { toolCalls: [{ name: c.name, arguments: c.arguments }] };
      // Called before it is offered, then asked for in words, then called again.
      return c.name === UNPICKED ? [call, { toolCalls: [{ name: 'find_tools', arguments: { query: '건물 출입구 좌표' } }] }, call] : [call];
    });
    turns.push({ toolCalls: [{ name: 'final_answer', arguments: { answer: reference.claim, message: '찾았습니다.' } }] });
    const script = path.join(tempDir(), 'pick.jsonl');
    writeFileSync(script, JSON.stringify({ task: TASK, turns }));

    const run = await engine.call('bench.run', { suite: 'kopa', model: `scripted:${script}`, tasks: [TASK], tools: 'pick', runId: 'picked' });
    expect(run['pass@k']['pass@1']!.value).toBe(1);
    const attempt = (await engine.call('bench.attempts', { run: 'picked', task: TASK })).attempts[0]!;
    const results = attempt.transcript.filter((m: ChatMessage) => m.role === 'tool').map((m) => m.content);
    expect(results[calls.findIndex((c) => c.name === UNPICKED)]).toContain('find_tools');
    expect(results.find((r) => r.includes('"tools"'))).toContain(UNPICKED);
    // The refused call stays a refused call; the asking is not scored as one.
    expect(attempt.calls.map((c) => c.tool)).not.toContain('find_tools');
    expect(attempt.calls.find((c) => c.refusal?.kind === 'notOffered')).toMatchObject({ tool: 'juso.addrCoordApi' });

    const shown = (await engine.call('bench.runs', {})).find((r) => r.id === 'picked')!;
    expect(shown.manifest.view.tools).toBe('pick');
    const report = (await engine.call('bench.report', { run: 'picked', format: 'md', lang: 'en' })).content;
    expect(report).toContain('Tools offered: what the chat picks for each question, with find_tools');
  }, 180_000);
});
