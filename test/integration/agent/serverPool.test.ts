// A pool of OpenAI-compatible servers as one model, over real HTTP on loopback: a bench run shared between two
// servers, one of which is killed mid-run (its attempts go on with the other, and none is lost), the manifest naming
// both servers, a server down from the start left out, a pool none of whose servers answers refused, and a pool
// member that is not a server refused.
import { afterEach, describe, expect, it } from 'vitest';
import { isKopaError } from '../../../main/core/errors.ts';
import { testEngine } from '../../helpers/engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { startOpenAiServer, type OpenAiTestServer } from '../../helpers/openAiServer.ts';
import { loadSuite } from '../../../main/engine/bench/suite.ts';

const servers: OpenAiTestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function server(delayMs = 0): Promise<OpenAiTestServer> {
  const s = await startOpenAiServer([], { delayMs });
  servers.push(s);
  return s;
}

describe('a server pool', () => {
  it('shares a bench run, and when one server dies mid-run its attempts finish on the other', async () => {
    const [a, b] = [await server(150), await server(150)];
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const ma = await engine.call('models.add', { source: `openai:${a.base}`, name: 'qwen-a' });
    const mb = await engine.call('models.add', { source: `openai:${b.base}`, name: 'qwen-b' });
    const tasks = loadSuite('kopa', engine.resourcesDir, engine.catalog())
      .tasks.slice(0, 8)
      .map((t) => t.id);
    // B dies as soon as it holds its first attempt's turn (after its one-token check).
    const watch = setInterval(() => {
      if (b.requests.length >= 2) {
        clearInterval(watch);
        void b.kill();
      }
    }, 5);
    const run = await engine.call('bench.run', { suite: 'kopa', tasks, model: `pool:${ma.id}*2,${mb.id}*2`, concurrency: 4, runId: 'pooled' });
    clearInterval(watch);
    expect(run.errors).toEqual([]);
    expect(run.ran).toBe(8);
    expect(b.requests.length).toBeGreaterThanOrEqual(2);
    // The turn B was killed in was asked of A, the same conversation.
    const killed = JSON.stringify((b.requests[1] as { messages: unknown }).messages);
    expect(a.requests.some((r) => JSON.stringify(r.messages) === killed)).toBe(true);
    const stored = (await engine.call('bench.runs', {})).find((r) => r.id === 'pooled')!;
    expect(stored.manifest.model.backend).toBe(`pool:openai:${a.base}#qwen-a*2,openai:${b.base}#qwen-b*2`);
  });

  it('leaves out a server that does not answer when it opens, and refuses a pool none of whose servers answers', async () => {
    const [a, b] = [await server(), await server()];
    await b.kill();
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const [ma, mb] = [
      await engine.call('models.add', { source: `openai:${a.base}`, name: 'm' }),
      await engine.call('models.add', { source: `openai:${b.base}`, name: 'm' }),
    ];
    const pool = `pool:${ma.id},${mb.id}`;
    const tasks = loadSuite('kopa', engine.resourcesDir, engine.catalog())
      .tasks.slice(0, 2)
      .map((t) => t.id);
    const run = await engine.call('bench.run', { suite: 'kopa', tasks, model: pool, concurrency: 2 });
    expect(run).toMatchObject({ ran: 2, errors: [] });
    expect(a.requests.length).toBe(3);

    await a.kill();
    const refused = await engine.call('bench.run', { suite: 'kopa', tasks, model: pool, runId: 'none' }).catch((e: unknown) => e);
    expect(isKopaError(refused) && refused.code).toBe('RuntimeUnavailable');
    expect((refused as Error).message).toContain('No server of the pool answers');
  });

  it('holds inference servers only', async () => {
    const engine = testEngine();
    const refused = await engine.call('agent.run', { question: '?', model: 'pool:oracle', tools: ['kma.getUltraSrtNcst'] }).catch((e: unknown) => e);
    expect(isKopaError(refused) && refused.code).toBe('Usage');
    expect((refused as Error).message).toContain('oracle in the pool is not an inference server');
  });
});
