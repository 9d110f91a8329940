// Attacks on browser mode over real sockets, each of which used to end the process: an unauthenticated upgrade
// followed by a reset or by junk, and every kind of malformed WebSocket frame on an authenticated connection. Each
// must close only its own connection (with the right close code) while the engine keeps answering.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { releaseAfterFile } from '../../helpers/release.ts';
import { startHttpTransport, type HttpTransport } from '../../../main/api/node/httpTransport.ts';
import { API_PROTOCOL, API_TOKEN_PROTOCOL_PREFIX } from '../../../main/api/contract.ts';
import { startBrowserMode, type RunningApp } from '../../helpers/browserMode.ts';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const transports: HttpTransport[] = [];
afterEach(async () => {
  for (const t of transports.splice(0)) await t.close();
});

function upgradeRequest(port: number, token?: string): string {
  const protocols = [API_PROTOCOL, ...(token ? [`${API_TOKEN_PROTOCOL_PREFIX}${token}`] : [])].join(', ');
  return [
    `GET /api/ws HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    `Sec-WebSocket-Protocol: ${protocols}`,
    '',
    '',
  ].join('\r\n');
}

/** A connection that has completed the WebSocket handshake, and every byte the server sent after it. */
async function openSocket(port: number, token: string): Promise<{ socket: Socket; received: () => Buffer; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let buffer = Buffer.alloc(0);
  socket.on('data', (d: Buffer) => (buffer = Buffer.concat([buffer, d])));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(upgradeRequest(port, token));
  const start = Date.now();
  while (!buffer.includes('\r\n\r\n') && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 10));
  const head = buffer.subarray(0, buffer.indexOf('\r\n\r\n') + 4).toString();
  expect(head).toMatch(/^HTTP\/1\.1 101/);
  const bodyStart = buffer.indexOf('\r\n\r\n') + 4;
  return { socket, received: () => buffer.subarray(bodyStart), closed };
}

/** One frame; the client must mask, so `mask: false` is itself an attack. */
function frame(opcode: number, payload: Buffer, options: { mask?: boolean; rsv1?: boolean; declaredLength?: number } = {}): Buffer {
  const mask = options.mask ?? true;
  const length = options.declaredLength ?? payload.length;
  const header: number[] = [0x80 | (options.rsv1 ? 0x40 : 0) | opcode];
  const maskBit = mask ? 0x80 : 0;
  if (length < 126) header.push(maskBit | length);
  else if (length < 65536) header.push(maskBit | 126, length >> 8, length & 0xff);
  else {
    header.push(maskBit | 127);
    const big = Buffer.alloc(8);
    big.writeBigUInt64BE(BigInt(length));
    header.push(...big);
  }
  if (!mask) return Buffer.concat([Buffer.from(header), payload]);
  const key = randomBytes(4);
  const masked = Buffer.from(payload.map((b, i) => b ^ key[i % 4]!));
  return Buffer.concat([Buffer.from(header), key, masked]);
}

/** The close code of the first close frame the server sent. */
function closeCode(bytes: Buffer): number | undefined {
  for (let i = 0; i + 1 < bytes.length; ) {
    const opcode = bytes[i]! & 0x0f;
    let length = bytes[i + 1]! & 0x7f;
    let offset = i + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(offset);
      offset += 2;
    }
    if (opcode === 0x8) return length >= 2 ? bytes.readUInt16BE(offset) : 1005;
    i = offset + length;
  }
  return undefined;
}

async function stillServes(t: { url: string; token: string }): Promise<void> {
  const res = await fetch(`${t.url}/api/call/engine.status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
}

const ATTACKS: [string, (port: number) => Buffer, number][] = [
  ['invalid UTF-8 in a text frame', () => frame(0x1, Buffer.from([0xc3, 0x28, 0xff])), 1007],
  ['an unmasked client frame', () => frame(0x1, Buffer.from('{}'), { mask: false }), 1002],
  ['a reserved opcode', () => frame(0x3, Buffer.from('x')), 1002],
  ['RSV1 set without an extension', () => frame(0x1, Buffer.from('{}'), { rsv1: true }), 1002],
  ['a 200-byte ping', () => frame(0x9, Buffer.alloc(200, 1)), 1002],
  ['a header declaring 2 MiB', () => frame(0x1, Buffer.alloc(0), { declaredLength: 2 * 1024 * 1024 }), 1009],
  ['a 2 MiB frame', () => frame(0x1, Buffer.alloc(2 * 1024 * 1024, 0x61)), 1009],
];

describe('browser mode under attack (the real process)', () => {
  let app: RunningApp;
  let port: number;
  let token: string;
  beforeAll(async () => {
    app = await startBrowserMode(tempDir());
    releaseAfterFile(() => app.stop());
    port = Number(new URL(app.url).port);
    token = new URL(app.launchUrl).hash.slice('#token='.length);
  });

  const alive = async (): Promise<void> => {
    await new Promise((r) => setTimeout(r, 100));
    expect(app.child.exitCode).toBeNull();
    await stillServes({ url: app.url, token });
  };

  for (const [name, bytes, code] of ATTACKS) {
    it(`closes a connection that sends ${name} with ${code}, and keeps serving`, async () => {
      const ws = await openSocket(port, token);
      ws.socket.write(bytes(port));
      await Promise.race([ws.closed, new Promise((r) => setTimeout(r, 5000))]);
      expect(closeCode(ws.received())).toBe(code);
      await alive();
    });
  }

  it('survives unauthenticated upgrades followed by a reset, or by junk', async () => {
    for (let i = 0; i < 5; i++) {
      const reset = connect(port, '127.0.0.1');
      reset.on('error', () => undefined);
      await new Promise<void>((resolve) => reset.once('connect', () => resolve()));
      reset.write(upgradeRequest(port));
      reset.resetAndDestroy();
      const junk = connect(port, '127.0.0.1');
      junk.on('error', () => undefined);
      await new Promise<void>((resolve) => junk.once('connect', () => resolve()));
      junk.write(upgradeRequest(port) + '\x00\xff junk after the request '.repeat(50));
      junk.end();
    }
    await new Promise((r) => setTimeout(r, 300));
    await alive();
  }, 60_000);
});

describe('the transport in process', () => {
  it('answers the next call on a fresh connection after another was closed for a bad frame', async () => {
    const t = await startHttpTransport(testEngine());
    transports.push(t);
    const bad = await openSocket(t.port, t.token);
    bad.socket.write(frame(0x1, Buffer.from([0xc3, 0x28])));
    await bad.closed;
    const good = await openSocket(t.port, t.token);
    good.socket.write(frame(0x1, Buffer.from(JSON.stringify({ kind: 'call', id: 1, method: 'engine.status', params: {} }))));
    const start = Date.now();
    while (!good.received().toString().includes('"kind":"result"') && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 10));
    expect(good.received().toString()).toContain('"kind":"result"');
    good.socket.destroy();
  });
});
