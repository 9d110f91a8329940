// Browser mode's transport: HTTP and WebSocket on loopback, guarded by a per-launch token, Host and Origin checks.
import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHttpTransport, type HttpTransport } from '../../../main/api/node/httpTransport.ts';
import { API_PROTOCOL, API_TOKEN_PROTOCOL_PREFIX, type ClientMessage, type ServerMessage } from '../../../main/api/contract.ts';
import { RpcClient } from '../../../main/api/rpc.ts';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const transports: HttpTransport[] = [];
afterEach(async () => {
  for (const t of transports.splice(0)) await t.close();
});

async function start(staticDir?: string): Promise<HttpTransport> {
  const transport = await startHttpTransport(testEngine(), { staticDir });
  transports.push(transport);
  return transport;
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(t: HttpTransport, method: string, urlPath: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: t.port, method, path: urlPath, headers: { host: `127.0.0.1:${t.port}`, ...headers } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const call = (t: HttpTransport, method: string, params: unknown, headers: Record<string, string> = {}): Promise<RawResponse> =>
  raw(t, 'POST', `/api/call/${method}`, { authorization: `Bearer ${t.token}`, 'content-type': 'application/json', ...headers }, JSON.stringify(params));

describe('HTTP transport', () => {
  it('listens on 127.0.0.1 only and refuses any other address', async () => {
    const t = await start();
    expect(t.url).toBe(`http://127.0.0.1:${t.port}`);
    expect(t.launchUrl).toBe(`${t.url}/#token=${t.token}`);
    await expect(startHttpTransport(testEngine(), { host: '0.0.0.0' as '127.0.0.1' })).rejects.toThrow(/loopback/);
  });

  it('answers API calls that carry the token', async () => {
    const t = await start();
    const res = await call(t, 'engine.status', {});
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body) as { ok: boolean; value: { app: { name: string } } };
    expect(body).toMatchObject({ ok: true, value: { app: { name: 'KOPA Studio' } } });
  });

  it('refuses calls without the token, with a wrong one, or from another site', async () => {
    const t = await start();
    expect((await call(t, 'engine.status', {}, { authorization: '' })).status).toBe(401);
    expect((await call(t, 'engine.status', {}, { authorization: `Bearer ${'0'.repeat(64)}` })).status).toBe(401);
    expect((await call(t, 'engine.status', {}, { host: `evil.example:${t.port}` })).status).toBe(401);
    expect((await call(t, 'engine.status', {}, { origin: 'http://evil.example' })).status).toBe(401);
  });

  it('says what is wrong with a bad request', async () => {
    const t = await start();
    const notJson = await raw(t, 'POST', '/api/call/engine.status', { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' }, '{nope');
    expect(notJson.status).toBe(400);
    expect((await call(t, 'engine.nothing', {})).status).toBe(404);
    const badParams = await call(t, 'engine.status', { verbose: true });
    expect(badParams.status).toBe(400);
    expect(JSON.parse(badParams.body).error.code).toBe('InvalidRequest');
    expect((await raw(t, 'GET', '/api/call/engine.status', { authorization: `Bearer ${t.token}` })).status).toBe(400);
  });

  it('refuses parameters nested 100,000 deep as a bad request, over HTTP and the WebSocket alike, and keeps answering', async () => {
    const t = await start();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const body = `{"tool": "kma.getUltraSrtNcst", "args": {"nx": ${deep}}}`;
    const res = await raw(t, 'POST', '/api/call/gateway.call', { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' }, body);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatchObject({ code: 'InvalidRequest', message: expect.stringContaining('nested more than 256 levels') });
    const ws = new WebSocket(`ws://127.0.0.1:${t.port}/api/ws`, [API_PROTOCOL, `${API_TOKEN_PROTOCOL_PREFIX}${t.token}`]);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const reply = new Promise<ServerMessage>((resolve) => ws.once('message', (d: Buffer) => resolve(JSON.parse(d.toString()) as ServerMessage)));
    ws.send(`{"kind": "call", "id": 1, "method": "gateway.call", "params": ${body}}`);
    expect(await reply).toMatchObject({ kind: 'error', id: 1, error: { code: 'InvalidRequest' } });
    ws.close();
    expect((await call(t, 'engine.status', {})).status).toBe(200);
  });

  it('carries the API over a WebSocket that offers the token as a subprotocol', async () => {
    const t = await start();
    const socket = new WebSocket(`ws://127.0.0.1:${t.port}/api/ws`, [API_PROTOCOL, `${API_TOKEN_PROTOCOL_PREFIX}${t.token}`]);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const client = new RpcClient({
      send: (m: ClientMessage) => socket.send(JSON.stringify(m)),
      onMessage: (listener) => socket.on('message', (d) => listener(JSON.parse(d.toString()) as ServerMessage)),
      onClose: (listener) => socket.on('close', listener),
    });
    const status = await client.call('engine.status', {});
    expect(status.engine.host).toBe('test');
    socket.close();
  });

  it('refuses a WebSocket without the token', async () => {
    const t = await start();
    const socket = new WebSocket(`ws://127.0.0.1:${t.port}/api/ws`, [API_PROTOCOL]);
    const error = await new Promise<Error>((resolve) => socket.once('error', resolve));
    expect(error.message).toContain('401');
  });

  it('serves the UI with a strict content security policy and never outside its folder', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'ui', 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'ui', 'index.html'), '<!doctype html><title>KOPA</title>');
    writeFileSync(path.join(dir, 'ui', 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'secret.txt'), 'top secret');
    const t = await start(path.join(dir, 'ui'));
    const index = await raw(t, 'GET', '/');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>KOPA</title>');
    expect(String(index.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(String(index.headers['content-security-policy'])).toContain(`connect-src 'self' ws://127.0.0.1:${t.port}`);
    expect((await raw(t, 'GET', '/assets/app.js')).headers['content-type']).toContain('text/javascript');
    for (const sneaky of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      expect((await raw(t, 'GET', sneaky)).body).not.toContain('top secret');
    }
    expect((await raw(t, 'GET', '/%E0%A4%A')).status).toBe(400);
    expect((await raw(t, 'GET', '/')).status).toBe(200);
  });
});
