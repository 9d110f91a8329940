// Every request that leaves is on the audit record: each hop of a redirect with its real host, a Location that is
// not a URL or not an allowed place refused before a socket opens (and recorded), and a call killed after its
// request went out still recorded, as interrupted, when the data folder is next opened.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../native/sqlite/index.ts';
import { MemoryKeyStore } from '../../../main/engine/gateway/keyStore.ts';
import { AuditRepository } from '../../../main/engine/audit/AuditRepository.ts';
import { testEngine } from '../../helpers/engine.ts';
import { kopaBin, repoRoot, runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const KEY = 'test-key';
const NCST = { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 };
const KMA_BODY = JSON.stringify({
  response: {
    header: { resultCode: '00', resultMsg: 'NORMAL_SERVICE' },
    body: {
      dataType: 'JSON',
      items: { item: [{ baseDate: '20250302', baseTime: '1400', category: 'T1H', nx: 60, ny: 127, obsrValue: '3.1' }] },
      pageNo: 1,
      numOfRows: 10,
      totalCount: 1,
    },
  },
});

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; hosts: string[] }> {
  const hosts: string[] = [];
  const server = createServer((req, res) => {
    hosts.push(String(req.headers.host));
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hosts };
}

describe('audit of every hop', () => {
  it('records each hop of a redirect with its real host, the redirect as its HTTP status', async () => {
    const api = await serve((req, res) => {
      if (req.headers.host === 'apis.data.go.kr') return void res.writeHead(302, { location: 'https://api.vworld.kr/req/address?service=address' }).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(KMA_BODY);
    });
    const engine = testEngine({ keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }), gateway: { apiBase: api.url, retries: 0 } });
    const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.ok).toBe(true);
    expect(api.hosts).toEqual(['apis.data.go.kr', 'api.vworld.kr']);
    const rows = new AuditRepository(engine.store.db).recent(10).reverse();
    expect(rows.map((r) => [r.host, r.path, r.resultCode, r.errorKind])).toEqual([
      ['apis.data.go.kr', '/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst', 'HTTP 302', null],
      ['api.vworld.kr', '/req/address', '00', null],
    ]);
    expect((await engine.call('audit.verify', {})).ok).toBe(true);
  });

  it('refuses a Location that is not a URL or not an allowed place, and records both the hop that was sent and the refusal', async () => {
    for (const location of ['http://127.0.0.1%3A18802/', 'http://ａｐｉｓ.data.go.kr.evil.example/', 'http://xn--pis-data-go-kr.com/', 'http://[::1/']) {
      // Sent as the raw UTF-8 bytes a hostile server would put on the wire.
      const api = await serve((_req, res) => void res.writeHead(302, { location: Buffer.from(location, 'utf8').toString('latin1') }).end());
      const engine = testEngine({ keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }), gateway: { apiBase: api.url, retries: 0 } });
      const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
      expect(result.error, location).toMatchObject({ kind: 'NotAllowed', retryable: false });
      expect(api.hosts, location).toHaveLength(1);
      const rows = new AuditRepository(engine.store.db).recent(10).reverse();
      expect(
        rows.map((r) => [r.host, r.resultCode, r.errorKind]),
        location,
      ).toEqual([
        ['apis.data.go.kr', 'HTTP 302', null],
        [expect.any(String), null, 'NotAllowed'],
      ]);
    }
  });

  it('records a call killed after its request left, as interrupted, when the data folder is next opened', async () => {
    for (let round = 0; round < 3; round++) {
      let received!: () => void;
      const arrived = new Promise<void>((resolve) => (received = resolve));
      // A service that takes the request and never answers.
      const api = await serve(() => received());
      const dataDir = tempDir();
      const child = spawn(
        process.execPath,
        [kopaBin, '--data-dir', dataDir, 'call', 'kma.getUltraSrtNcst', '--args', JSON.stringify(NCST), '--mode', 'record', '--api-base', api.url],
        { cwd: repoRoot, env: { ...process.env, KOPA_KEY_DATA_GO_KR: KEY }, stdio: 'ignore' },
      );
      await arrived;
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const verdict = JSON.parse((await runKopa(['--json', '--data-dir', dataDir, 'audit', 'verify'])).stdout) as { ok: boolean; entries: number };
      expect(verdict).toMatchObject({ ok: true, entries: 1 });
      const db = openSqlite(`${dataDir}/kopa.db`, { readonly: true });
      try {
        expect(db.prepare('SELECT host, error_kind AS errorKind, mode FROM audit_log').all()).toEqual([
          { host: 'apis.data.go.kr', errorKind: 'Interrupted', mode: 'record' },
        ]);
        expect(db.prepare('SELECT count(*) AS n FROM audit_inflight').get()).toEqual({ n: 0 });
      } finally {
        db.close();
      }
    }
  }, 120_000);
});
