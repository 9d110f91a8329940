// Goals of issue 3: emulator + gateway calls per second on loopback (≥ 3,000 on the 2-core CI machine) and
// replay lookups per second (≥ 50,000). Every call here goes the whole way: argument validation, request hash,
// allowlist, HTTP to the in-process emulator, parsing, normalising and an audit entry. Prints what it measured.
import { writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../main/engine/Engine.ts';
import { MemoryKeyStore } from '../../main/engine/gateway/keyStore.ts';
import { EmulatorServer } from '../../main/engine/emulator/EmulatorServer.ts';
import { defaultResourcesDir } from '../../main/engine/resources.ts';
import { RecordingRepository } from '../../main/engine/store/repositories/RecordingRepository.ts';
import { bundledCatalog } from '../helpers/catalog.ts';
import { sampleArgs, TEST_NOW } from '../helpers/emulatorArgs.ts';
import { tempDir } from '../helpers/tempDir.ts';
import { sized } from './smoke.ts';

// Small-answer operations a chain calls most: weather, air quality, holidays, business status, region codes.
const MIX = [
  'kma.getUltraSrtNcst',
  'airkorea.getMsrstnAcctoRltmMesureDnsty',
  'kasi.getRestDeInfo',
  'nts.businessStatus',
  'mois.getStanReginCdList',
  'tour.detailCommon2',
];

async function pool(total: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

interface Body {
  contentType: string;
  body: Buffer;
}

/** The KMA observation body a real service sends for one station: the smallest answer a chain reads. */
const SMALL_BODY: Body = {
  contentType: 'application/json',
  body: Buffer.from(
    JSON.stringify({
      response: { header: { resultCode: '00', resultMsg: 'NORMAL_SERVICE' }, body: { items: { item: [{ category: 'T1H', obsrValue: 12.3 }] }, totalCount: 1 } },
    }),
  ),
};

/**
 * Requests per second a bare Node HTTP server on loopback answers, request i getting bodies[i mod n], with the
 * same client setup as the gateway's: what the transport alone costs for those bytes.
 */
async function bareServerRate(concurrency: number, total: number, bodies: Body[]): Promise<number> {
  const server = createServer((req, res) => {
    const answer = bodies[Number(new URL(req.url ?? '/', 'http://bare').searchParams.get('i')) % bodies.length]!;
    res.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const get = (i: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/?i=${i}`, agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end();
    });
  try {
    await pool(500, concurrency, get);
    const t = performance.now();
    await pool(total, concurrency, get);
    return total / ((performance.now() - t) / 1000);
  } finally {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The bodies the emulator answers the mix with, as recorded (UTF-8, without the key). */
async function mixBodies(): Promise<Body[]> {
  const live = await EmulatorServer.start({ catalog: bundledCatalog(), resourcesDir: defaultResourcesDir(), key: 'k', now: () => TEST_NOW });
  const engine = Engine.open({ dataDir: tempDir(), keyEnvironment: new MemoryKeyStore({ 'data.go.kr': 'k' }), gateway: { apiBase: live.url } });
  try {
    const args = sampleArgs(live.world);
    const repo = new RecordingRepository(engine.store.db);
    const bodies: Body[] = [];
    for (const tool of MIX) {
      const recorded = await engine.gateway().call(tool, args[tool], { mode: 'record', snapshot: 'mix' });
      const recording = repo.find(recorded.requestHash, 'mix')!;
      bodies.push({ contentType: recording.contentType, body: recording.body });
    }
    return bodies;
  } finally {
    await engine.dispose();
    await live.close();
  }
}

describe('gateway throughput', () => {
  it('emulator mode: calls per second through the whole gateway on loopback', async () => {
    const engine = Engine.open({ dataDir: tempDir(), emulator: { now: () => TEST_NOW } });
    try {
      const world = (await engine.emulator()).world;
      const args = sampleArgs(world);
      const gateway = engine.gateway();
      await pool(sized(200, 40), 8, async (i) => void (await gateway.call(MIX[i % MIX.length]!, args[MIX[i % MIX.length]!])));
      const bodies = await mixBodies();
      const bareSame = await bareServerRate(8, sized(6000, 600), bodies);
      const bareSmall = await bareServerRate(8, sized(6000, 600), [SMALL_BODY]);
      const sizes = bodies.map((b) => b.body.length);
      for (const concurrency of [1, 8, 32]) {
        const total = concurrency === 1 ? sized(2000, 200) : sized(6000, 600);
        let failures = 0;
        const t = performance.now();
        await pool(total, concurrency, async (i) => {
          const tool = MIX[i % MIX.length]!;
          if (!(await gateway.call(tool, args[tool])).ok) failures++;
        });
        const seconds = (performance.now() - t) / 1000;
        expect(failures).toBe(0);
        const rate = total / seconds;
        console.log(
          `emulator + gateway, ${concurrency} in flight: ${Math.round(rate)} calls/s (${total} calls, ${((seconds * 1000) / total).toFixed(3)} ms each; goal ≥ 3000)`,
        );
        if (concurrency === 8) {
          console.log(
            `  a bare Node HTTP server answering the same bodies (${Math.min(...sizes)}–${Math.max(...sizes)} bytes, mean ${Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length)}): ${Math.round(bareSame)} req/s, ratio ${(rate / bareSame).toFixed(2)} (goal ≥ 0.3)`,
          );
          console.log(
            `  a bare Node HTTP server answering one ${SMALL_BODY.body.length}-byte body: ${Math.round(bareSmall)} req/s, ratio ${(rate / bareSmall).toFixed(2)}`,
          );
        }
      }
    } finally {
      await engine.dispose();
    }
  });

  it('replay mode: lookups per second from a recorded snapshot', async () => {
    const live = await EmulatorServer.start({ catalog: bundledCatalog(), resourcesDir: defaultResourcesDir(), key: 'k', now: () => TEST_NOW });
    const engine = Engine.open({ dataDir: tempDir(), keyEnvironment: new MemoryKeyStore({ 'data.go.kr': 'k' }), gateway: { apiBase: live.url } });
    try {
      const args = sampleArgs(live.world);
      const gateway = engine.gateway();
      const hashes: string[] = [];
      // Distinct requests (every hourly observation of the last day, as KMA keeps them) so lookups hit a realistically
      // sized table.
      for (let hour = 1; hour <= 23; hour++) {
        const at = new Date(TEST_NOW.getTime() + 9 * 3_600_000 - hour * 3_600_000);
        const baseDate = at.toISOString().slice(0, 10).replace(/-/g, '');
        const baseTime = `${String(at.getUTCHours()).padStart(2, '0')}00`;
        const recorded = await gateway.call(
          'kma.getUltraSrtNcst',
          { ...args['kma.getUltraSrtNcst'], base_date: baseDate, base_time: baseTime },
          { mode: 'record', snapshot: 'bench' },
        );
        expect(recorded.ok).toBe(true);
        hashes.push(recorded.requestHash);
      }
      for (const tool of MIX) hashes.push((await gateway.call(tool, args[tool], { mode: 'record', snapshot: 'bench' })).requestHash);

      const repo = new RecordingRepository(engine.store.db);
      const lookups = sized(200_000, 20_000);
      let t = performance.now();
      for (let i = 0; i < lookups; i++) if (!repo.find(hashes[i % hashes.length]!, 'bench')) throw new Error('lookup missed');
      let seconds = (performance.now() - t) / 1000;
      console.log(`replay lookups (recording by request hash): ${Math.round(lookups / seconds)} /s (${hashes.length} recordings; goal ≥ 50000)`);

      const calls = sized(20_000, 1_000);
      t = performance.now();
      for (let i = 0; i < calls; i++) {
        const tool = MIX[i % MIX.length]!;
        if (!(await gateway.call(tool, args[tool], { mode: 'replay', snapshot: 'bench' })).ok) throw new Error('replay failed');
      }
      seconds = (performance.now() - t) / 1000;
      console.log(`replay calls (validate, hash, lookup, parse, audit): ${Math.round(calls / seconds)} /s`);
    } finally {
      await engine.dispose();
      await live.close();
    }
  });

  it('bundle import: peak memory against a gzip bomb that expands to 1 GiB', async () => {
    const engine = Engine.open({ dataDir: tempDir() });
    try {
      const manifest = JSON.stringify({
        format: 'kopa-recordings',
        version: 1,
        snapshot: 'bomb',
        createdAt: '2025-01-01T00:00:00Z',
        appVersion: '0',
        entries: 1,
        payloadSha256: '0'.repeat(64),
      });
      const member = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
      const bomb = path.join(tempDir(), 'bomb.kopa-bundle');
      writeFileSync(bomb, Buffer.concat([gzipSync(`${manifest}\n`), ...Array.from({ length: 16 }, () => member)]));
      global.gc?.();
      const idle = process.memoryUsage().rss;
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const t = performance.now();
      const error = await engine.call('bundle.import', { file: bomb }).catch((e: unknown) => e as Error);
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(error).toBeInstanceOf(Error);
      console.log(
        `bundle import of a ${((16 * member.length) / 1024).toFixed(0)} KiB gzip bomb (1 GiB expanded): refused in ${(performance.now() - t).toFixed(0)} ms, peak RSS ${((peak - idle) / 1024 ** 2).toFixed(1)} MB above idle (budget < 300 MB)`,
      );
    } finally {
      await engine.dispose();
    }
  });
});
