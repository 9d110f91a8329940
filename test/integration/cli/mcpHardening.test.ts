// `kopa mcp` under messages no client should send: a message far past any buffer, lines that are not JSON, JSON that
// is not JSON-RPC (with and without an id), and a tools/call whose params have the wrong shape. Each gets the
// JSON-RPC error it deserves, and the session goes on answering.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { kopaBin, repoRoot } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

interface Reply {
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string };
}

describe('kopa mcp under malformed input', () => {
  it('answers every bad message with its JSON-RPC error and keeps serving', async () => {
    const child = spawn(process.execPath, [kopaBin, '--data-dir', tempDir(), 'mcp'], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
    const replies: Reply[] = [];
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const lines = stdout.split('\n');
      stdout = lines.pop()!;
      for (const line of lines) if (line.trim()) replies.push(JSON.parse(line) as Reply);
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const send = (text: string): boolean => child.stdin.write(`${text}\n`);
    const waitFor = async (count: number): Promise<void> => {
      for (let i = 0; i < 600 && replies.length < count; i++) await new Promise((r) => setTimeout(r, 50));
    };
    try {
      send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      );
      await waitFor(1);
      send('this is not json');
      send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 5 }));
      send(JSON.stringify({ jsonrpc: '2.0', id: 8 }));
      send(JSON.stringify({ id: 9, method: 'tools/list' }));
      send(JSON.stringify({ jsonrpc: '1.0', id: 10, method: 'tools/list' }));
      send(JSON.stringify({ jsonrpc: '2.0', id: 'eleven', method: 'tools/call', params: { name: 5 } }));
      await waitFor(7);
      // Far past the SDK's 10 MiB buffer, which used to end the session without a word.
      await new Promise<void>((resolve) => {
        if (
          send(
            JSON.stringify({
              jsonrpc: '2.0',
              id: 12,
              method: 'tools/call',
              params: { name: 'kma_getUltraSrtNcst', arguments: { pad: 'x'.repeat(12 * 1024 * 1024) } },
            }),
          )
        )
          resolve();
        else child.stdin.once('drain', () => resolve());
      });
      // Arguments nested 100,000 deep, which used to overflow the stack inside the tool call.
      const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      send(`{"jsonrpc": "2.0", "id": 14, "method": "tools/call", "params": {"name": "kma_getUltraSrtNcst", "arguments": {"nx": ${deep}}}}`);
      send(JSON.stringify({ jsonrpc: '2.0', id: 13, method: 'tools/list' }));
      await waitFor(10);
      const byId = (id: Reply['id']) => replies.filter((r) => r.id === id);
      expect(byId(1)[0]!.result).toBeDefined();
      expect(
        replies
          .filter((r) => r.id === null)
          .map((r) => r.error!.code)
          .sort(),
      ).toEqual([-32700, -32600].sort());
      for (const id of [7, 8, 9, 10]) expect(byId(id)[0]!.error!.code, String(id)).toBe(-32600);
      expect(byId('eleven')[0]!.error).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params for tools\/call: params\.name/) });
      expect(byId(14)[0]!.error).toMatchObject({ code: -32600, message: expect.stringContaining('nested more than 256 levels') });
      expect((byId(13)[0]!.result as { tools: unknown[] }).tools.length).toBeGreaterThan(40);
      expect(child.exitCode).toBeNull();
      expect(stderr).toContain('refused a message');
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 60_000);
});
