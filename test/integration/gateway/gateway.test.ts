// The gateway in every mode, through the engine, against the emulator on loopback (and small hostile servers).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../../main/core/catalog/Catalog.ts';
import type { RemoteToolSpec } from '../../../main/core/catalog/types.ts';
import type { EmulatorServer } from '../../../main/engine/emulator/EmulatorServer.ts';
import { FAULT_PRESETS } from '../../../main/engine/emulator/faults.ts';
import { Gateway } from '../../../main/engine/gateway/Gateway.ts';
import { MemoryKeyStore } from '../../../main/engine/gateway/keyStore.ts';
import { Store } from '../../../main/engine/store/Store.ts';
import { AuditRepository } from '../../../main/engine/audit/AuditRepository.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';
import { testEngine } from '../../helpers/engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import path from 'node:path';
import { fileEmulator } from '../../helpers/engine.ts';

const KEY = 'live+key/abc==';
const NCST = { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 };
let liveEmulator: EmulatorServer;

beforeAll(async () => {
  liveEmulator = await fileEmulator({ key: KEY, now: () => TEST_NOW });
});

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const liveEngine = (extra: Parameters<typeof testEngine>[0] = {}) =>
  testEngine({
    keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }),
    gateway: { apiBase: liveEmulator.url, backoffMs: 1 },
    emulator: { now: () => TEST_NOW },
    ...extra,
  });

describe('gateway', () => {
  it('answers from the in-process emulator by default, and audits the call', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST });
    expect(result).toMatchObject({ ok: true, source: 'emulator', tool: 'kma.getUltraSrtNcst', resultCode: '00' });
    expect(result.items).toHaveLength(8);
    const [entry] = new AuditRepository(engine.store.db).recent(1);
    expect(entry).toMatchObject({
      toolId: 'kma.getUltraSrtNcst',
      mode: 'emulator',
      host: 'apis.data.go.kr',
      path: '/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst',
      resultCode: '00',
      argsHash: result.requestHash,
    });
  });

  it('runs a local tool without any request', async () => {
    const result = await testEngine().call('gateway.call', { tool: 'local.latLonToKmaGrid', args: { lat: 37.5665, lon: 126.978 } });
    expect(result).toMatchObject({ ok: true, source: 'local', items: [{ nx: 60, ny: 127 }] });
  });

  it('lists every argument violation and makes no request', async () => {
    const engine = liveEngine();
    const before = liveEmulator.requestCount;
    const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: { base_date: '2025-03-01', nx: 'sixty', extra: 1 }, mode: 'live' });
    expect(result.error?.kind).toBe('InvalidParam');
    expect(result.error?.violations?.map((v) => v.path).sort()).toEqual(['/base_date', '/base_time', '/extra', '/nx', '/ny']);
    expect(liveEmulator.requestCount).toBe(before);
  });

  it('coerces quoted numbers and fills defaults before hashing, so equal requests hash equally', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const a = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST });
    const b = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: { ...NCST, nx: '60', ny: '127', pageNo: 1 } });
    expect(b.requestHash).toBe(a.requestHash);
  });

  it('calls live APIs with the key from the key store, and refuses without a key before any request', async () => {
    const ok = await liveEngine().call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(ok).toMatchObject({ ok: true, source: 'live' });
    const before = liveEmulator.requestCount;
    const noKey = await testEngine({ keyEnvironment: new MemoryKeyStore({}), gateway: { apiBase: liveEmulator.url } }).call('gateway.call', {
      tool: 'kma.getUltraSrtNcst',
      args: NCST,
      mode: 'live',
    });
    expect(noKey.error).toMatchObject({ kind: 'BadKey' });
    expect(noKey.error?.message).toContain('KOPA_KEY_DATA_GO_KR');
    expect(liveEmulator.requestCount).toBe(before);
    const wrong = await testEngine({ keyEnvironment: new MemoryKeyStore({ 'data.go.kr': 'not-the-key' }), gateway: { apiBase: liveEmulator.url } }).call(
      'gateway.call',
      { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' },
    );
    expect(wrong).toMatchObject({ ok: false, resultCode: '30', error: { kind: 'BadKey' } });
  });

  it('never lets a key into results, errors, audit entries or recordings', async () => {
    const echo = await serve((req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`upstream failed for ${req.url}`);
    });
    const engine = testEngine({ keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }), gateway: { apiBase: echo, retries: 0 } });
    const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'record', snapshot: 'leak' });
    const everything =
      JSON.stringify(result) +
      JSON.stringify(engine.store.db.prepare('SELECT * FROM audit_log').all()) +
      engine.store.db
        .prepare('SELECT body FROM recordings')
        .all()
        .map((r) => String((r as { body: Buffer }).body))
        .join();
    expect(everything).toContain('upstream failed');
    for (const form of [KEY, encodeURIComponent(KEY), 'live+key', 'live%2Bkey']) expect(everything).not.toContain(form);
  });

  it('retries transient failures with backoff, each attempt audited, and gives up with a typed error', async () => {
    let hits = 0;
    const failing = await serve((_req, res) => {
      hits++;
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<html>Service Unavailable</html>');
    });
    const engine = testEngine({ keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }), gateway: { apiBase: failing, retries: 2, backoffMs: 1 } });
    const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.error).toMatchObject({ kind: 'Upstream', retryable: true, httpStatus: 503 });
    expect(hits).toBe(3);
    expect(new AuditRepository(engine.store.db).count()).toBe(3);
  });

  it('recovers when a retry succeeds, and does not retry what cannot succeed', async () => {
    let hits = 0;
    const flaky = await serve((req, res) => {
      hits++;
      if (hits === 1) {
        res.writeHead(502);
        res.end('bad gateway');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          response: {
            header: { resultCode: req.url!.includes('nx=1&') ? '10' : '00', resultMsg: 'x' },
            body: { items: { item: { category: 'T1H', obsrValue: '1.0' } } },
          },
        }),
      );
    });
    const engine = testEngine({ keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }), gateway: { apiBase: flaky, retries: 2, backoffMs: 1 } });
    expect((await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' })).ok).toBe(true);
    expect(hits).toBe(2);
    hits = 10;
    const invalid = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: { ...NCST, nx: 1 }, mode: 'live' });
    expect(invalid.error?.kind).toBe('InvalidParam');
    expect(hits).toBe(11);
  });

  it('times out a request that never answers', async () => {
    const slow = await serve(() => undefined);
    const engine = testEngine({
      keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }),
      gateway: { apiBase: slow, timeoutMs: 150, retries: 1, backoffMs: 1 },
    });
    const started = Date.now();
    const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.error).toMatchObject({ kind: 'Timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a redirect to a place off the allowlist, and follows one to an allowlisted endpoint', async () => {
    const redirecting = await serve((req, res) => {
      const target = req.url!.startsWith('/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst')
        ? 'http://evil.example/steal'
        : 'http://apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst?nx=60';
      res.writeHead(302, { location: target });
      res.end();
    });
    const engine = testEngine({ keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }), gateway: { apiBase: redirecting } });
    const refused = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(refused.error).toMatchObject({ kind: 'NotAllowed', retryable: false });
    expect(refused.error?.message).toContain('evil.example');
  });

  it('caps the response size', async () => {
    const huge = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.alloc(3 * 1024 * 1024, 32));
    });
    const engine = testEngine({
      keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }),
      gateway: { apiBase: huge, maxResponseBytes: 1024 * 1024, retries: 0 },
    });
    const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.error?.kind).toBe('Malformed');
    expect(result.error?.message).toContain('larger than');
  });

  it('enforces a daily quota before the request, and the count survives a restart', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'kopa.db');
    const spec = structuredClone(bundledCatalog().require('kma.getUltraSrtNcst')) as RemoteToolSpec;
    spec.quota = { group: 'test.quota', perDay: 2 };
    const catalog = new Catalog([spec]);
    const gateway = (store: Store) =>
      new Gateway({
        catalog,
        store,
        keys: new MemoryKeyStore({ 'data.go.kr': KEY }),
        emulator: () => Promise.reject(new Error('unused')),
        apiBase: liveEmulator.url,
        now: () => TEST_NOW,
      });
    let store = Store.open(file);
    expect((await gateway(store).call(spec.id, NCST, { mode: 'live' })).ok).toBe(true);
    store.close();
    store = Store.open(file);
    expect((await gateway(store).call(spec.id, NCST, { mode: 'live' })).ok).toBe(true);
    const before = liveEmulator.requestCount;
    const third = await gateway(store).call(spec.id, NCST, { mode: 'live' });
    expect(third.error).toMatchObject({ kind: 'Quota', retryable: false });
    expect(third.error?.message).toContain('2 calls');
    expect(liveEmulator.requestCount).toBe(before);
    // What the catalog view shows as "used today": the refused third call is not counted.
    expect(gateway(store).quotaUsage(spec.id)).toEqual([{ group: 'test.quota', perDay: 2, perSecond: null, usedToday: 2, tools: [spec.id] }]);
    store.close();
  });

  it('reports schema drift when the emulator renames a field', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW, faults: FAULT_PRESETS.drift } });
    const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST });
    expect(result.ok).toBe(true);
    expect(result.items[0]).toHaveProperty('obsrVal');
    expect(result.warnings.join(' ')).toContain('obsrValue → obsrVal');
  });

  it('maps emulator quota exhaustion to Quota, from the XML gateway error', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW, faults: { name: 'tiny', quotaPerTool: 1 } } });
    expect((await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST })).ok).toBe(true);
    expect(await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST })).toMatchObject({
      ok: false,
      resultCode: '22',
      error: { kind: 'Quota' },
    });
  });

  it('suggests the closest tool ids for an unknown one', async () => {
    await expect(testEngine().call('gateway.call', { tool: 'kma.getVilageFcts', args: {} })).rejects.toThrow(/Did you mean kma\.getVilageFcst/);
  });
});
