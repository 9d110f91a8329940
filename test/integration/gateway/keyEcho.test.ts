// A service that echoes the key back, in forms a plain search for the key misses: "/" written "\/", every character a
// \u escape, XML character references. The key must appear nowhere: not in the call's result, not in the recording,
// not in a bundle, not in a replay, not in the raw body a person reads beside the rows.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryKeyStore } from '../../../main/engine/gateway/keyStore.ts';
import { RecordingRepository } from '../../../main/engine/store/repositories/RecordingRepository.ts';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const KEY = 'AbC/dEf+GhI==';
const NCST = { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 };
const unicode = (text: string): string => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const references = (text: string): string => [...text].map((c) => `&#${c.charCodeAt(0)};`).join('');

const ECHOES: [string, string, string][] = [
  [
    'JSON with "/" escaped',
    'application/json',
    `{"response":{"header":{"resultCode":"00","resultMsg":"your key ${KEY.replace(/\//g, '\\/')}"},"body":{"items":{"item":[{"category":"T1H","obsrValue":"1","note":"${KEY.replace(/\//g, '\\/')}"}]},"totalCount":1}}}`,
  ],
  [
    'JSON with every character a \\u escape',
    'application/json',
    `{"response":{"header":{"resultCode":"00","resultMsg":"${unicode(KEY)}"},"body":{"items":{"item":[{"category":"T1H","obsrValue":"1","${unicode(KEY)}":"${unicode(`key=${KEY}`)}"}]},"totalCount":1}}}`,
  ],
  [
    'XML character references',
    'text/xml',
    `<response><header><resultCode>00</resultCode><resultMsg>${references(KEY)}</resultMsg></header><body><items><item><category>T1H</category><obsrValue>1</obsrValue><note>${references(KEY)}</note></item></items><totalCount>1</totalCount></body></response>`,
  ],
];

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

describe('a service that echoes the key', () => {
  for (const [name, contentType, body] of ECHOES) {
    it(`leaks nothing when it writes the key as ${name}`, async () => {
      const server = createServer((_req, res) => void res.writeHead(200, { 'content-type': contentType }).end(body));
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const engine = testEngine({
        keyEnvironment: new MemoryKeyStore({ 'data.go.kr': KEY }),
        gateway: { apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, retries: 0 },
      });
      const leaks = (text: string): boolean => text.includes(KEY) || text.includes(KEY.replace(/\//g, '\\/')) || text.includes(encodeURIComponent(KEY));
      const live = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'record', snapshot: 'echo', raw: true });
      expect(live.ok).toBe(true);
      expect(live.raw).toMatchObject({ status: 200, truncated: false });
      expect(live.raw!.body).toContain('T1H');
      expect(leaks(JSON.stringify(live)), JSON.stringify(live)).toBe(false);
      expect(JSON.stringify(live)).toContain('***');
      const recording = new RecordingRepository(engine.store.db).all(new RecordingRepository(engine.store.db).snapshotId('echo')!)[0]!;
      const stored = recording.body.toString('utf8');
      expect(leaks(stored) || stored.includes(unicode(KEY)) || stored.includes(references(KEY)), stored).toBe(false);
      const bundle = path.join(tempDir(), 'echo.kopa-bundle');
      await engine.call('bundle.export', { snapshot: 'echo', file: bundle });
      const exported = gunzipSync(readFileSync(bundle)).toString('utf8');
      expect(leaks(exported) || leaks(Buffer.from(exported.split('"body":"')[1]!.split('"')[0]!, 'base64').toString('utf8'))).toBe(false);
      const replay = await engine.call('gateway.call', { tool: 'kma.getUltraSrtNcst', args: NCST, mode: 'replay', snapshot: 'echo', raw: true });
      expect(replay).toMatchObject({ ok: true, items: live.items, resultMessage: live.resultMessage, raw: live.raw });
      expect(leaks(JSON.stringify(replay))).toBe(false);
    });
  }
});
