// What a hostile or careless service can send, over a loopback server: a body nested 10,000 levels deep, EUC-KR
// declared in the header or the XML declaration, bytes that are not UTF-8, numeric character references, numbers
// JSON cannot hold, a body past the size cap, Retry-After; and what a caller can send: a lone surrogate, an
// api-base with a user or a path, an IPv6 loopback base. Each gets a typed answer, an audit row where a request
// left, and nothing silently wrong.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Gateway } from '../../../main/engine/gateway/Gateway.ts';
import { MemoryKeyStore } from '../../../main/engine/gateway/keyStore.ts';
import { AuditRepository } from '../../../main/engine/audit/AuditRepository.ts';
import { isKopaError } from '../../../main/core/errors.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';
import { testEngine } from '../../helpers/engine.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const KEY = 'test-key';
const NCST = { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 };
const envelope = (items: string, header = 'NORMAL_SERVICE') =>
  `{"response":{"header":{"resultCode":"00","resultMsg":"${header}"},"body":{"dataType":"JSON","items":{"item":[${items}]},"pageNo":1,"numOfRows":10,"totalCount":1}}}`;
const xml = (msg: string | Buffer, encoding = 'UTF-8'): Buffer =>
  Buffer.concat([
    Buffer.from(`<?xml version="1.0" encoding="${encoding}"?><response><header><resultCode>00</resultCode><resultMsg>`),
    typeof msg === 'string' ? Buffer.from(msg) : msg,
    Buffer.from(
      '</resultMsg></header><body><items><item><baseDate>20250302</baseDate><baseTime>1400</baseTime><category>T1H</category><nx>60</nx><ny>127</ny><obsrValue>3.1</obsrValue></item></items><numOfRows>10</numOfRows><pageNo>1</pageNo><totalCount>1</totalCount></body></response>',
    ),
  ]);

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void, host = '127.0.0.1'): Promise<{ url: string; requests: () => number }> {
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`, requests: () => count };
}

const engineFor = (apiBase: string) => testEngine({ keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }), gateway: { apiBase, retries: 0 } });
const body = (contentType: string, bytes: Buffer | string) => (_req: IncomingMessage, res: ServerResponse) =>
  void res.writeHead(200, { 'content-type': contentType }).end(bytes);

describe('hostile responses', () => {
  it('answers a body nested 10,000 levels deep as Malformed, audited', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const api = await serve(body('application/json', `{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":${deep}}}}}`));
    const engine = engineFor(api.url);
    const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.error).toMatchObject({ kind: 'Malformed', message: 'the body nests deeper than 64 levels' });
    expect(new AuditRepository(engine.store.db).recent(5).map((r) => r.errorKind)).toEqual(['Malformed']);
  });

  it('decodes EUC-KR declared in the Content-Type or in the XML declaration', async () => {
    const seoul = Buffer.from([0xbc, 0xad, 0xbf, 0xef]);
    for (const [contentType, encoding] of [
      ['text/xml; charset=EUC-KR', 'UTF-8'],
      ['text/xml', 'EUC-KR'],
      ['text/xml;charset=ks_c_5601-1987', 'UTF-8'],
    ] as const) {
      const api = await serve(body(contentType, xml(seoul, encoding)));
      const result = await engineFor(api.url).call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
      expect(result, contentType).toMatchObject({ ok: true, resultMessage: '서울', warnings: [] });
    }
  });

  it('says so when bytes are not valid in the declared charset, instead of passing mojibake on', async () => {
    const api = await serve(
      body(
        'application/json; charset=utf-8',
        Buffer.concat([Buffer.from(envelope('{"category":"T1H","obsrValue":"3.1"}').replace('NORMAL_SERVICE', 'X')), Buffer.from([0xff, 0xfe])]),
      ),
    );
    const result = await engineFor(api.url).call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.warnings).toContainEqual(
      expect.stringMatching(/^\d byte sequences? of the response (is|are) not valid utf-8 and (was|were) replaced with U\+FFFD\.$/),
    );
  });

  it('decodes numeric character references in XML', async () => {
    const api = await serve(body('text/xml', xml('&#49436;&#xC6B8; &amp;#44032;')));
    const result = await engineFor(api.url).call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.resultMessage).toBe('서울 &#44032;');
  });

  it('keeps numbers JSON cannot hold as their exact text', async () => {
    const api = await serve(body('application/json', envelope('{"category":"T1H","obsrValue":123456789012345678901234567890,"nx":1e400,"ny":127}')));
    const result = await engineFor(api.url).call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.items[0]).toMatchObject({ obsrValue: '123456789012345678901234567890' });
    expect(result.items[0]!.nx).not.toBe(null);
  });

  it('keeps a number too small for a double as its text, and leaves ordinary zeros and safe integers numbers', async () => {
    const api = await serve(body('application/json', envelope('{"category":"T1H","obsrValue":0,"nx":9007199254740991,"ny":127,"tiny":1e-400}')));
    const result = await engineFor(api.url).call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.items[0]).toMatchObject({ obsrValue: 0, nx: 9007199254740991, ny: 127, tiny: '1e-400' });
  });

  it('records the bytes that arrived when a body passes the size cap', async () => {
    const api = await serve(body('application/json', Buffer.alloc(3 * 1024 * 1024, 32)));
    const engine = testEngine({
      keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }),
      gateway: { apiBase: api.url, retries: 0, maxResponseBytes: 1024 * 1024 },
    });
    const result = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.error?.kind).toBe('Malformed');
    expect(new AuditRepository(engine.store.db).recent(1)[0]!.bytes).toBeGreaterThan(1024 * 1024);
  });

  it('waits as long as Retry-After asks before the next attempt, and gives up with the reason when it asks too much', async () => {
    let n = 0;
    const api = await serve((_req, res) => {
      n++;
      if (n === 1) return void res.writeHead(503, { 'retry-after': '2' }).end('busy');
      if (n === 2) return void res.writeHead(200, { 'content-type': 'application/json' }).end(envelope('{"category":"T1H","obsrValue":"3.1"}'));
      res.writeHead(503, { 'retry-after': '3600' }).end('come back later');
    });
    const engine = testEngine();
    const slept: number[] = [];
    const gateway = new Gateway({
      catalog: bundledCatalog(),
      store: engine.store,
      keys: new MemoryKeyStore({ 'data.go.kr': KEY }),
      emulator: () => Promise.reject(new Error('unused')),
      apiBase: api.url,
      retries: 2,
      random: () => 0.5,
      sleep: async (ms) => void slept.push(ms),
    });
    expect((await gateway.call('kma.getUltraSrtNcst', NCST, { mode: 'live' })).ok).toBe(true);
    expect(slept).toEqual([2000]);
    const later = await gateway.call('kma.getUltraSrtNcst', NCST, { mode: 'live' });
    expect(later.error).toMatchObject({ kind: 'Upstream', retryable: false, message: expect.stringContaining('the service asks to wait 3600 s') });
    expect(n).toBe(3);
    gateway.close();
  });
});

describe('hostile arguments and settings', () => {
  it('refuses a lone surrogate in an argument before any request', async () => {
    const api = await serve(body('application/json', envelope('')));
    const result = await engineFor(api.url).call('gateway.call', { tool: 'juso.addrLinkApi', args: { keyword: 'abc\uD800' }, mode: 'live' });
    expect(result.error).toMatchObject({ kind: 'InvalidParam', message: expect.stringContaining('/keyword is not well-formed text') });
    expect(api.requests()).toBe(0);
  });

  it('reaches an IPv6 loopback api-base, and refuses one with a user or a path', async () => {
    const api = await serve(body('application/json', envelope('{"category":"T1H","obsrValue":"3.1"}')), '::1');
    expect((await engineFor(api.url).call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' })).ok).toBe(true);
    for (const base of ['http://user:secret@127.0.0.1:9', 'http://127.0.0.1:9/prefix', 'http://127.0.0.1:9/?q=1']) {
      const error = await engineFor(base)
        .call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'live' })
        .catch((e: unknown) => e);
      expect(isKopaError(error, 'Usage'), base).toBe(true);
      expect((error as Error).message).not.toContain('secret');
    }
  });

  it('does not echo a file that is not a catalog', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'passwd');
    writeFileSync(file, 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n');
    for (const name of [file, `${file}.json`]) {
      writeFileSync(name, 'root:x:0:0:root:/root:/bin/bash\n');
      const run = await runKopa(['--data-dir', dir, 'catalog', 'import', name]);
      expect(run.code).toBe(1);
      expect(run.stderr + run.stdout).not.toContain('root:x');
    }
  });
});
