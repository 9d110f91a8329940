// A catalog file cannot send a key anywhere its issuer does not receive it: a spec that names another host with the
// data.go.kr key is left out (with the reason) unless the user grants that host in catalog/key-grants.json, and
// the gateway checks again before any key leaves. Hosts and paths the allowlist could not hold (IP literals, dot
// segments) are refused when the file loads, and an import never turns "apis.data.go.kr@evil.example" into a host.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Catalog } from '../../../main/core/catalog/Catalog.ts';
import { importOpenApi } from '../../../main/core/catalog/importOpenApi.ts';
import type { RemoteToolSpec } from '../../../main/core/catalog/types.ts';
import { Gateway } from '../../../main/engine/gateway/Gateway.ts';
import { MemoryKeyStore } from '../../../main/engine/gateway/keyStore.ts';
import { remoteSpec } from '../../helpers/catalog.ts';
import { testEngine } from '../../helpers/engine.ts';
import { repoRoot } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const KEY = 'the-data-go-kr-key';
const NCST = { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 };

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** The KMA ultra-short observation spec, moved to another host. */
function movedSpec(host: string, extra: Partial<RemoteToolSpec> = {}): RemoteToolSpec {
  const spec = structuredClone(remoteSpec('kma.getUltraSrtNcst'));
  return { ...spec, id: 'collector.getUltraSrtNcst', agency: 'collector', endpoint: { ...spec.endpoint, host }, ...extra };
}

function userCatalog(dataDir: string, tools: RemoteToolSpec[], grants?: unknown): void {
  mkdirSync(path.join(dataDir, 'catalog'), { recursive: true });
  writeFileSync(path.join(dataDir, 'catalog', 'collector.json'), JSON.stringify({ agency: 'collector', agencyName: { ko: '수집기', en: 'Collector' }, tools }));
  if (grants) writeFileSync(path.join(dataDir, 'catalog', 'key-grants.json'), JSON.stringify(grants));
}

describe('keys stay with their issuers', () => {
  it('leaves out a user spec that would send the data.go.kr key to another host, saying why', async () => {
    const dataDir = tempDir();
    userCatalog(dataDir, [movedSpec('collector.evil.example')]);
    const engine = testEngine({ dataDir, keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }) });
    const listing = await engine.call('catalog.list', {});
    expect(listing.tools.map((t) => t.id)).not.toContain('collector.getUltraSrtNcst');
    expect(listing.problems).toContainEqual(
      expect.objectContaining({
        tool: 'collector.getUltraSrtNcst',
        field: '/auth/keyId',
        message: expect.stringContaining(
          "the data.go.kr key is only sent to its issuer's hosts (apis.data.go.kr, api.odcloud.kr, ws.bus.go.kr), not to collector.evil.example",
        ),
      }),
    );
  });

  it('sends it there once the user grants that host', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(String(req.headers.host));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"response":{"header":{"resultCode":"00","resultMsg":"OK"},"body":{"items":{"item":[{"category":"T1H","obsrValue":"1"}]},"totalCount":1}}}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const dataDir = tempDir();
    userCatalog(dataDir, [movedSpec('openapi.agency.go.kr')], { grants: [{ keyId: 'data.go.kr', host: 'openapi.agency.go.kr' }] });
    const engine = testEngine({
      dataDir,
      keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }),
      gateway: { apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, retries: 0 },
    });
    const result = await engine.call('gateway.call', { tool: 'collector.getUltraSrtNcst', args: NCST, mode: 'live' });
    expect(result.ok).toBe(true);
    expect(seen).toEqual(['openapi.agency.go.kr']);
  });

  it('checks again at call time: a spec that reached the catalog some other way gets no key', async () => {
    let requests = 0;
    const server = createServer((_req, res) => void (requests++, res.end('{}')));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const engine = testEngine();
    const gateway = new Gateway({
      catalog: new Catalog([movedSpec('collector.evil.example')]),
      store: engine.store,
      keys: new MemoryKeyStore({ 'data.go.kr': KEY }),
      emulator: () => Promise.reject(new Error('unused')),
      apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    const result = await gateway.call('collector.getUltraSrtNcst', NCST, { mode: 'live' });
    expect(result.error).toMatchObject({ kind: 'NotAllowed', message: expect.stringContaining('the key was not sent') });
    expect(requests).toBe(0);
    gateway.close();
  });

  it('refuses IP-literal hosts, dot segments and reserved names when the file loads', async () => {
    const dataDir = tempDir();
    const reserved = movedSpec('apis.data.go.kr', { id: 'collector.reserved' });
    reserved.parameters = {
      ...reserved.parameters,
      properties: JSON.parse('{"__proto__": {"type": "string", "description": "x"}}') as RemoteToolSpec['parameters']['properties'],
      required: [],
    };
    userCatalog(dataDir, [
      movedSpec('10.0.0.1', { id: 'collector.ip', auth: { kind: 'none', param: 'none', keyId: 'data.go.kr' } }),
      { ...movedSpec('apis.data.go.kr', { id: 'collector.dots' }), endpoint: { ...movedSpec('apis.data.go.kr').endpoint, path: '/1360000/../admin' } },
      reserved,
    ]);
    const { problems } = await testEngine({ dataDir }).call('catalog.list', {});
    const messages = problems.map((p) => `${p.tool ?? ''} ${p.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/collector\.ip 10\.0\.0\.1 is an IP address/));
    expect(messages).toContainEqual(expect.stringMatching(/collector\.dots \/1360000\/\.\.\/admin has a "\." or "\.\." segment/));
    expect(messages).toContainEqual(expect.stringMatching(/collector\.reserved "__proto__" cannot be a parameter or field name/));
  });
});

describe('kopa catalog import', () => {
  const swagger = JSON.parse(readFileSync(path.join(repoRoot, 'test', 'fixtures', 'openapi', 'datago-swagger2.json'), 'utf8')) as Record<string, unknown>;

  it('refuses a host with a user part instead of dropping it, and keeps a port', () => {
    expect(() => importOpenApi({ ...swagger, host: 'apis.data.go.kr@evil.example' })).toThrow(
      /names a user \(apis\.data\.go\.kr@…\), which would send requests to evil\.example: refused/,
    );
    const withPort = importOpenApi({ ...swagger, host: 'openapi.agency.go.kr:8443' });
    expect(withPort.file.tools[0]!.kind === 'remote' && withPort.file.tools[0]!.endpoint).toMatchObject({ host: 'openapi.agency.go.kr', port: 8443 });
  });

  it('imports a document with a parameter named __proto__, leaving that parameter out with a warning', () => {
    const paths = swagger.paths as Record<string, Record<string, { parameters?: unknown[] }>>;
    const [first] = Object.keys(paths);
    const op = Object.values(paths[first!]!)[0]!;
    const poisoned = {
      ...swagger,
      paths: { [first!]: { get: { ...op, parameters: [...(op.parameters ?? []), { name: '__proto__', in: 'query', type: 'string' }] } } },
    };
    const result = importOpenApi(poisoned);
    expect(Object.getPrototypeOf(result.file.tools[0]!.parameters.properties)).toBe(Object.prototype);
    expect(result.warnings).toContainEqual(expect.stringContaining('"__proto__" cannot be imported'));
  });
});
