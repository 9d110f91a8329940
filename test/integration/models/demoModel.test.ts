// The demo model as shipped: `models.demo` copies resources/models/kopa-nano.gguf into the data folder and registers it
// as KOPA-Nano, found by the names people type; it runs in grammar mode with the compact tool prompt and the result
// view it was trained on; and it answers fixed held-out questions as it did when it shipped (its calls and committed
// claim, greedily), so a change to what the app shows it (prompt, tools, views) that would change its answers shows.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_AS_OF, DEMO_QUESTIONS } from '../../fixtures/kopaNano/questions.ts';
import { testEngine } from '../../helpers/engine.ts';

describe('the demo model KOPA-Nano', () => {
  it('is copied into the data folder, found by its names, and answers fixed questions as recorded', async () => {
    // The emulator answers at the questions' moment, as a benchmark's backend does ("지금" is that hour's reading).
    const engine = testEngine({ llama: { gpu: false, threads: 2 }, emulator: { now: () => new Date(DEMO_AS_OF) } });
    const demo = await engine.call('models.demo', {});
    expect(demo.name).toBe('KOPA-Nano');
    expect(demo.location.startsWith(path.join(engine.dataDir, 'models'))).toBe(true);
    expect((await engine.call('models.demo', {})).id).toBe(demo.id);
    for (const ref of ['demo', 'kopa-nano', 'KOPA Nano']) expect((await engine.call('models.inspect', { ref })).id, ref).toBe(demo.id);
    expect(await engine.call('models.inspect', { ref: 'demo' })).toMatchObject({ toolCallSupport: { mode: 'grammar' }, trainedResultTokens: 256 });

    const answered = [];
    for (const q of DEMO_QUESTIONS) {
      const episode = await engine.call('agent.run', { question: q.question, model: 'demo', tools: q.tools, asOf: DEMO_AS_OF, temperature: 0, maxSteps: 6 });
      expect(episode.backend, q.id).toMatch(/#grammar$/);
      answered.push({ id: q.id, calls: episode.calls.map((c) => ({ tool: c.tool, arguments: c.arguments, ok: c.ok })), claim: episode.claim });
    }
    await expect(`${JSON.stringify(answered, null, 2)}\n`).toMatchFileSnapshot('../../fixtures/kopaNano/recorded.json');
  }, 300_000);
});
