// Record on a "connected" machine (live mode against an emulator standing in for the real APIs), carry the
// snapshot as a bundle to a fresh data folder, and replay it there: the same CallResults, byte for byte.
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../../main/engine/emulator/EmulatorServer.ts';
import { MemoryKeyStore } from '../../../main/engine/gateway/keyStore.ts';
import { isKopaError, type KopaError } from '../../../main/core/errors.ts';
import { errorText } from '../../../main/core/i18n/strings.ts';
import type { CallResult } from '../../../main/core/gateway/callResult.ts';
import { importBundle } from '../../../main/engine/gateway/bundle.ts';
import { RecordingRepository } from '../../../main/engine/store/repositories/RecordingRepository.ts';
import { testEngine } from '../../helpers/engine.ts';
import { sampleArgs, TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { fileEmulator } from '../../helpers/engine.ts';

const KEY = 'record-key';
let live: EmulatorServer;
let calls: [string, Record<string, unknown>][];

beforeAll(async () => {
  live = await fileEmulator({ key: KEY, now: () => TEST_NOW });
  const args = sampleArgs(live.world);
  calls = [
    'kma.getUltraSrtNcst',
    'airkorea.getMsrstnAcctoRltmMesureDnsty',
    'molit.getRTMSDataSvcAptTradeDev',
    'tour.detailCommon2',
    'nts.businessStatus',
    'kasi.getRestDeInfo',
  ].map((id) => [id, args[id]!]);
});

const connected = () => testEngine({ keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }), gateway: { apiBase: live.url } });

async function recordAndExport(): Promise<{ recorded: CallResult[]; bundle: string; engine: ReturnType<typeof connected> }> {
  const engine = connected();
  const recorded: CallResult[] = [];
  for (const [tool, args] of calls) recorded.push(await engine.call('gateway.call', { tool, args, mode: 'record', snapshot: 'field-trip' }));
  const bundle = path.join(tempDir(), 'field-trip.kopa-bundle');
  await engine.call('bundle.export', { snapshot: 'field-trip', file: bundle });
  return { recorded, bundle, engine };
}

describe('record, bundle, replay', () => {
  it('replays identical CallResults in a fresh data folder, and the recorded data exactly', async () => {
    const { recorded, bundle, engine } = await recordAndExport();
    expect(recorded.every((r) => r.ok && r.source === 'live')).toBe(true);
    const airGapped = testEngine({ keyEnvironment: new MemoryKeyStore({}) });
    const summary = await airGapped.call('bundle.import', { file: bundle });
    expect(summary).toMatchObject({ snapshot: 'field-trip', entries: calls.length });
    for (const [i, [tool, args]] of calls.entries()) {
      const here = await engine.call('gateway.call', { tool, args, mode: 'replay', snapshot: 'field-trip' });
      const there = await airGapped.call('gateway.call', { tool, args, mode: 'replay' });
      expect(JSON.stringify(there)).toBe(JSON.stringify(here));
      expect({ ...there, source: 'live' }).toEqual(recorded[i]);
    }
  });

  it('answers a request that was never recorded with ReplayMiss naming it, never with made-up data', async () => {
    const engine = testEngine();
    const result = await engine.call('gateway.call', {
      tool: 'kma.getUltraSrtNcst',
      args: { base_date: '20250301', base_time: '1500', nx: 60, ny: 127 },
      mode: 'replay',
    });
    expect(result).toMatchObject({ ok: false, source: 'replay', items: [], error: { kind: 'ReplayMiss', retryable: false } });
    expect(result.error?.message).toContain('kma.getUltraSrtNcst');
    expect(result.error?.message).toContain('"base_time":"1500"');
  });

  it('refuses a tampered, truncated or foreign bundle, and imports nothing of it', async () => {
    const { bundle } = await recordAndExport();
    const text = gunzipSync(readFileSync(bundle)).toString('utf8');
    const dir = tempDir();
    const tampered = path.join(dir, 'tampered.kopa-bundle');
    writeFileSync(tampered, gzipSync(text.replace('"httpStatus":200', '"httpStatus":201')));
    const truncated = path.join(dir, 'truncated.kopa-bundle');
    const bytes = readFileSync(bundle);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    const lineDropped = path.join(dir, 'short.kopa-bundle');
    writeFileSync(lineDropped, gzipSync(text.split('\n').slice(0, -2).join('\n') + '\n'));
    const foreign = path.join(dir, 'foreign.kopa-bundle');
    writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
    const target = testEngine();
    const korean: string[] = [];
    for (const file of [tampered, truncated, lineDropped, foreign]) {
      const error = await target.call('bundle.import', { file }).catch((e: unknown) => e);
      expect(isKopaError(error, 'InvalidRequest'), file).toBe(true);
      expect((error as Error).message).toContain('Nothing was imported');
      korean.push(errorText('ko', error as KopaError).message);
    }
    // Why each was refused, said in the screen's language as the rest of the sentence is.
    expect(korean).toEqual([
      expect.stringContaining('내용이 매니페스트의 해시와 맞지 않습니다'),
      expect.stringContaining('완전하고 손상되지 않은 gzip 파일이 아닙니다'),
      expect.stringContaining('내용이 매니페스트의 해시와 맞지 않습니다'),
      expect.stringContaining('매니페스트가 없거나 KOPA Studio 녹화 매니페스트가 아닙니다'),
    ]);
    expect(korean.filter((m) => /[a-z]{4,} [a-z]{3,}/.test(m.replace(/\S*kopa-bundle/g, '')))).toEqual([]);
    expect(await target.call('snapshots.list', {})).toEqual([]);
  });

  it('refuses a gzip bomb in bounded memory, and an endless line, importing nothing', async () => {
    const dir = tempDir();
    const manifest = JSON.stringify({
      format: 'kopa-recordings',
      version: 1,
      snapshot: 'bomb',
      createdAt: '2025-01-01T00:00:00Z',
      appVersion: '0',
      entries: 1,
      payloadSha256: '0'.repeat(64),
    });
    // 16 gzip members of 64 MiB of zeros each: about 1 MiB on disk, 1 GiB expanded.
    const member = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    const bomb = path.join(dir, 'bomb.kopa-bundle');
    writeFileSync(bomb, Buffer.concat([gzipSync(`${manifest}\n`), ...Array.from({ length: 16 }, () => member)]));
    const target = testEngine();
    const before = process.memoryUsage().rss;
    const error = await target.call('bundle.import', { file: bomb }).catch((e: unknown) => e);
    expect(isKopaError(error, 'InvalidRequest')).toBe(true);
    expect((error as Error).message).toMatch(/compression bomb.*Nothing was imported/);
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);

    const endless = path.join(dir, 'endless.kopa-bundle');
    writeFileSync(endless, gzipSync(`${manifest}\n${'x'.repeat(3 * 1024 * 1024)}`));
    const line = await importBundle(target.store, endless, { limits: { maxLineBytes: 1024 * 1024 } }).catch((e: unknown) => e);
    expect((line as Error).message).toContain('a line is longer than 1 MiB');
    expect(await target.call('snapshots.list', {})).toEqual([]);
  });

  it('leaves nothing behind when an import is interrupted, and the next import cleans up', async () => {
    const { bundle } = await recordAndExport();
    const target = testEngine();
    const recordings = new RecordingRepository(target.store.db);
    // What a process killed in the middle of an import leaves: a staging snapshot with some recordings.
    const staging = recordings.createStaging();
    recordings.save(staging, {
      requestHash: 'a'.repeat(64),
      toolId: 'kma.getUltraSrtNcst',
      specVersion: 'x',
      argsJson: '{}',
      httpStatus: 200,
      contentType: 'application/json',
      body: Buffer.from('{}'),
      recordedAt: '2025-01-01T00:00:00Z',
      latencyMs: 1,
    });
    expect(await target.call('snapshots.list', {})).toEqual([]);
    const summary = await target.call('bundle.import', { file: bundle });
    expect((await target.call('snapshots.list', {})).map((s) => s.name)).toEqual([summary.snapshot]);
    expect(target.store.db.prepare('SELECT count(*) AS n FROM snapshots').get()).toEqual({ n: 1 });
  });
});
