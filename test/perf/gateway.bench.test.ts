// Goals of issue 3: emulator + gateway calls per second on loopback (≥ 3,000 on the 2-core CI machine) and
// replay lookups per second (≥ 50,000). Every call here goes the whole way: argument validation, request hash,
// allowlist, HTTP to the in-process emulator, parsing, normalising and an audit entry. Prints what it measured.
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../main/engine/Engine.ts';
import { MemoryKeyStore } from '../../main/engine/gateway/keyStore.ts';
import { EmulatorServer } from '../../main/engine/emulator/EmulatorServer.ts';
import { defaultResourcesDir } from '../../main/engine/resources.ts';
import { RecordingRepository } from '../../main/engine/store/repositories/RecordingRepository.ts';
import { bundledCatalog } from '../helpers/catalog.ts';
import { sampleArgs, TEST_NOW } from '../helpers/emulatorArgs.ts';
import { tempDir } from '../helpers/tempDir.ts';

// Small-answer operations a chain calls most: weather, air quality, holidays, business status, region codes.
const MIX = ['kma.getUltraSrtNcst', 'airkorea.getMsrstnAcctoRltmMesureDnsty', 'kasi.getRestDeInfo', 'nts.businessStatus', 'mois.getStanReginCdList', 'tour.detailCommon2'];

async function pool(total: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

describe('gateway throughput', () => {
  it('emulator mode: calls per second through the whole gateway on loopback', async () => {
    const engine = Engine.open({ dataDir: tempDir(), emulator: { now: () => TEST_NOW } });
    try {
      const world = (await engine.emulator()).world;
      const args = sampleArgs(world);
      const gateway = engine.gateway();
      await pool(200, 8, async (i) => void (await gateway.call(MIX[i % MIX.length]!, args[MIX[i % MIX.length]!])));
      for (const concurrency of [1, 8, 32]) {
        const total = concurrency === 1 ? 2000 : 6000;
        let failures = 0;
        const t = performance.now();
        await pool(total, concurrency, async (i) => {
          const tool = MIX[i % MIX.length]!;
          if (!(await gateway.call(tool, args[tool])).ok) failures++;
        });
        const seconds = (performance.now() - t) / 1000;
        expect(failures).toBe(0);
        console.log(`emulator + gateway, ${concurrency} in flight: ${Math.round(total / seconds)} calls/s (${total} calls, ${(seconds * 1000 / total).toFixed(3)} ms each; goal ≥ 3000)`);
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
      // Distinct requests (several dates per operation) so lookups hit a realistically sized table.
      for (let day = 1; day <= 28; day++) {
        const date = `202502${String(day).padStart(2, '0')}`;
        const recorded = await gateway.call('kma.getUltraSrtNcst', { ...args['kma.getUltraSrtNcst'], base_date: date }, { mode: 'record', snapshot: 'bench' });
        expect(recorded.ok).toBe(true);
        hashes.push(recorded.requestHash);
      }
      for (const tool of MIX) hashes.push((await gateway.call(tool, args[tool], { mode: 'record', snapshot: 'bench' })).requestHash);

      const repo = new RecordingRepository(engine.store.db);
      const lookups = 200_000;
      let t = performance.now();
      for (let i = 0; i < lookups; i++) if (!repo.find(hashes[i % hashes.length]!, 'bench')) throw new Error('lookup missed');
      let seconds = (performance.now() - t) / 1000;
      console.log(`replay lookups (recording by request hash): ${Math.round(lookups / seconds)} /s (${hashes.length} recordings; goal ≥ 50000)`);

      const calls = 20_000;
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
});
