// Models, chat and MCP from the shell: registering the suite's tiny GGUF (header facts, SHA-256, fit), refusing
// broken files without touching the registry, a one-question chat as JSON, and the catalog served to a real
// MCP client (the SDK's) over stdio.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import type { EpisodeSummary, ModelInfo } from '../../../main/api/contract.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { readView } from '../../../main/core/resultView/resultView.ts';
import { type CliRun, kopaBin, repoRoot, runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { startOpenAiServer, type ScriptedReply } from '../../helpers/openAiServer.ts';
import { testEngine } from '../../helpers/engine.ts';

const json = <T>(text: string): T => JSON.parse(text) as T;
const NOW = '2025-03-02T15:00:00+09:00';

describe('kopa models', () => {
  it('registers a GGUF with what its header says, its SHA-256 and whether it fits; lists, inspects and removes it', async () => {
    const file = await writeTinyLlama();
    const dir = tempDir();
    const added = await runKopa(['--json', '--data-dir', dir, 'models', 'add', file, '--copy', '--name', 'tiny-test']);
    expect(added.code, added.stderr).toBe(0);
    const info = json<ModelInfo>(added.stdout);
    const sha = createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(info).toMatchObject({
      id: sha.slice(0, 12),
      name: 'tiny-test',
      kind: 'gguf',
      sha256: sha,
      architecture: 'llama',
      quantization: 'ALL_F32',
      contextLength: 2048,
      chatWrapper: 'ChatML',
      toolCalling: 'grammar',
      copied: true,
    });
    expect(info.parameterCount).toBeGreaterThan(100_000);
    expect(info.fit?.verdict).toBe('fits');
    expect(info.location).toBe(path.join(dir, 'models', `${info.id}-${path.basename(file)}`));
    const list = json<ModelInfo[]>((await runKopa(['--json', '--data-dir', dir, 'models', 'list'])).stdout);
    expect(list.map((m) => m.id)).toEqual([info.id]);
    const inspected = json<ModelInfo>((await runKopa(['--json', '--data-dir', dir, 'models', 'inspect', info.id])).stdout);
    expect(inspected.fit?.verdict).toBe('fits');
    const removed = await runKopa(['--json', '--data-dir', dir, 'models', 'remove', info.id]);
    expect(removed.code).toBe(0);
    expect(json<ModelInfo[]>((await runKopa(['--json', '--data-dir', dir, 'models', 'list'])).stdout)).toEqual([]);
  });

  it('refuses a truncated or non-GGUF file with a clear error and leaves the registry as it was', async () => {
    const file = await writeTinyLlama();
    const dir = tempDir();
    const truncated = path.join(tempDir(), 'truncated.gguf');
    writeFileSync(truncated, readFileSync(file).subarray(0, 100_000));
    const notGguf = path.join(tempDir(), 'notes.gguf');
    writeFileSync(notGguf, 'this is not a model');
    const t = await runKopa(['--data-dir', dir, 'models', 'add', truncated]);
    expect(t.code).toBe(1);
    expect(t.stderr).toContain('is truncated: it has 100000 bytes');
    const n = await runKopa(['--data-dir', dir, 'models', 'add', notGguf]);
    expect(n.code).toBe(1);
    expect(n.stderr).toContain('is not a valid GGUF model: it does not start with "GGUF"');
    expect(json<ModelInfo[]>((await runKopa(['--json', '--data-dir', dir, 'models', 'list'])).stdout)).toEqual([]);
  });
});

describe('kopa chat', () => {
  it('answers one question and prints the whole episode as JSON', async () => {
    const transcript = path.join(tempDir(), 'turns.jsonl');
    writeFileSync(
      transcript,
      `${JSON.stringify({ toolCalls: [{ name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } }] })}\n${JSON.stringify({ text: '어린이날, 부처님오신날과 대체공휴일입니다.' })}\n`,
    );
    const run = await runKopa([
      '--json',
      '--data-dir',
      tempDir(),
      'chat',
      '--model',
      `scripted:${transcript}`,
      '--once',
      '5월 공휴일?',
      '--tools',
      'kasi.getRestDeInfo',
      '--now',
      NOW,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const episode = json<EpisodeSummary>(run.stdout);
    expect(episode).toMatchObject({
      answer: '어린이날, 부처님오신날과 대체공휴일입니다.',
      stoppedBy: 'final',
      calls: [{ tool: 'kasi.getRestDeInfo', ok: true, rows: 3 }],
    });
  });

  it('holds a conversation on stdin, asking before each call with --approve ask', async () => {
    const transcript = path.join(tempDir(), 'turns.jsonl');
    writeFileSync(
      transcript,
      [{ toolCalls: [{ name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } }] }, { text: '허락받지 못해 조회하지 않았습니다.' }]
        .map((t) => JSON.stringify(t))
        .join('\n'),
    );
    const dir = tempDir();
    const child = spawn(
      process.execPath,
      [kopaBin, '--json', '--data-dir', dir, 'chat', '--model', `scripted:${transcript}`, '--approve', 'ask', '--now', NOW],
      { cwd: repoRoot },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Each question is an agent.run of its own, as in the window: the transcript plays from its first turn again.
    child.stdin.end('5월 공휴일?\nn\n그럼 다시요\ny\n\n');
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('kasi.getRestDeInfo {"solYear":"2025","solMonth":"05","pageNo":1,"numOfRows":100} 호출할까요?');
    const episodes = stdout
      .trim()
      .split(/\n(?=\{)/)
      .map((text) => json<EpisodeSummary>(text));
    expect(episodes.map((e) => e.answer)).toEqual(['허락받지 못해 조회하지 않았습니다.', '허락받지 못해 조회하지 않았습니다.']);
    expect(episodes[0]!.calls[0]!.refused).toContain('허락하지 않았습니다');
    expect(episodes[1]!.calls[0]).toMatchObject({ tool: 'kasi.getRestDeInfo', ok: true });
    expect(episodes[1]!.chatId).toBe(episodes[0]!.chatId);
  });

  it('says which model reference it could not resolve', async () => {
    const run = await runKopa(['--data-dir', tempDir(), 'chat', '--model', 'no-such-model', '--once', '?']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('There is no model "no-such-model"');
  });
});

describe('kopa chat with an inference server', () => {
  it('registers a server by its IP address with its own timeout, and a stalled answer ends the chat with exit code 1 and the reason', async () => {
    const server = await startOpenAiServer([{ as: 'stall', content: '확인' }]);
    try {
      const dir = tempDir();
      const added = await runKopa(['--json', '--data-dir', dir, 'models', 'add', `openai:${server.ipBase}`, '--name', 'qwen', '--server-timeout', '1']);
      expect(added.code, added.stderr).toBe(0);
      expect(json<ModelInfo>(added.stdout)).toMatchObject({ kind: 'openai', location: server.ipBase, idleTimeoutMs: 1000 });
      const chat = await runKopa(['--data-dir', dir, 'chat', '--model', 'qwen', '--once', '서울 기온?', '--tools', 'kma.getUltraSrtNcst', '--now', NOW]);
      expect(chat.code).toBe(1);
      expect(chat.stderr).toContain(`The inference server ${server.ipBase} sent nothing for 1 s, so the turn was stopped.`);
      expect(chat.stderr).toContain('--server-timeout');
    } finally {
      await server.kill();
    }
  }, 120_000);

  it('stops a turn at Ctrl+C, keeps what the model wrote, and goes on with the chat', async () => {
    const server = await startOpenAiServer([{ as: 'stall', content: '확인 중입니다' }, { content: '다시 물어보셨군요.' }]);
    try {
      const dir = tempDir();
      expect((await runKopa(['--data-dir', dir, 'models', 'add', `openai:${server.ipBase}`, '--name', 'qwen'])).code).toBe(0);
      const child = spawn(process.execPath, [kopaBin, '--data-dir', dir, 'chat', '--model', 'qwen', '--tools', 'kma.getUltraSrtNcst', '--now', NOW], {
        cwd: repoRoot,
      });
      let [stdout, stderr] = ['', ''];
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const closed = new Promise((resolve) => child.once('close', resolve));
      child.stdin.write('서울 기온?\n');
      // The server sent its first words and then nothing: the turn is waiting on it.
      for (let i = 0; i < 1200 && !stdout.includes('확인'); i++) await new Promise((r) => setTimeout(r, 50));
      child.kill('SIGINT');
      for (let i = 0; i < 1200 && !stdout.includes('(no answer: stopped by cancelled)'); i++) await new Promise((r) => setTimeout(r, 50));
      child.stdin.end('다시요\n\n');
      expect(await closed, stderr).toBe(0);
      expect(stderr).toContain('Stopping the answer: what it wrote so far is kept');
      expect(stdout).toContain('확인 중\n(no answer: stopped by cancelled)');
      expect(stdout).toContain('다시 물어보셨군요.');
      // The second question continues the same chat, whose transcript keeps the stopped turn's words, marked stopped.
      const history = (server.requests[1]!.messages as { role: string; content: string }[]).map((m) => [m.role, m.content]);
      expect(history.filter(([role]) => role === 'user')).toEqual([
        ['user', '서울 기온?'],
        ['user', '다시요'],
      ]);
      const engine = testEngine({ dataDir: dir });
      const [chat] = await engine.call('chats.list', {});
      const messages = (await engine.call('chats.get', { id: chat!.id })).messages;
      expect(messages.find((m) => m.role === 'assistant' && m.cut === 'stopped')).toMatchObject({ content: '확인 중' });
    } finally {
      await server.kill();
    }
  }, 120_000);

  it("meets each way a real server answers from the shell: exit code 0 with the episode, or 1 with the server's words", async () => {
    const NCST = { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 };
    const ANSWER = { name: 'final_answer', arguments: { answer: { kind: 'number', value: 5.2, unit: '℃' }, message: '5.2도입니다.' } };
    const HOLIDAYS = { name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } };
    // Each chat below reads its own replies from the one registered server, in this order.
    const cases: { name: string; replies: ScriptedReply[]; expect: (run: CliRun) => void }[] = [
      {
        name: "vLLM: thinking as `reasoning`, a call's arguments in pieces, then a committed answer",
        replies: [
          { reasoning: { text: '실황을 본다.', field: 'reasoning' }, toolCalls: [{ name: 'kma_getUltraSrtNcst', arguments: NCST }] },
          { toolCalls: [ANSWER] },
        ],
        expect: (run) => {
          expect(run.code, run.stderr).toBe(0);
          expect(json<EpisodeSummary>(run.stdout)).toMatchObject({
            stoppedBy: 'final',
            claim: { kind: 'number', value: 5.2 },
            calls: [{ tool: 'kma.getUltraSrtNcst', ok: true }],
          });
        },
      },
      {
        name: 'Ollama: two parallel calls, both at index 0',
        replies: [{ as: 'ollama', toolCalls: [{ name: 'kma_getUltraSrtNcst', arguments: NCST }, HOLIDAYS] }, { toolCalls: [ANSWER] }],
        expect: (run) => {
          expect(run.code, run.stderr).toBe(0);
          expect(json<EpisodeSummary>(run.stdout).calls).toMatchObject([
            { tool: 'kma.getUltraSrtNcst', ok: true },
            { tool: 'kasi.getRestDeInfo', ok: true },
          ]);
        },
      },
      {
        name: 'malformed arguments, written again by the model',
        replies: [
          { toolCalls: [{ name: 'kma_getUltraSrtNcst', argumentsJson: '{"base_date": "20250302", "nx": 60' }] },
          { toolCalls: [{ name: 'kma_getUltraSrtNcst', arguments: NCST }] },
          { toolCalls: [ANSWER] },
        ],
        expect: (run) => {
          expect(run.code, run.stderr).toBe(0);
          expect(json<EpisodeSummary>(run.stdout)).toMatchObject({
            stoppedBy: 'final',
            calls: [{ ok: false, refusal: { kind: 'unreadableArguments' } }, { ok: true }],
          });
        },
      },
      {
        name: 'a whole JSON body answering a streaming request',
        replies: [{ as: 'jsonBody', content: '이틀입니다.' }],
        expect: (run) => {
          expect(run.code, run.stderr).toBe(0);
          expect(json<EpisodeSummary>(run.stdout)).toMatchObject({ answer: '이틀입니다.', usage: { inputTokens: 11, outputTokens: 7 } });
        },
      },
      {
        name: "vLLM's error object inside the stream",
        replies: [{ as: 'streamError', content: '확인' }],
        expect: (run) => {
          expect(run.code).toBe(1);
          expect(json<{ error: { code: string; message: string } }>(run.stdout).error).toMatchObject({
            code: 'RuntimeUnavailable',
            message: expect.stringContaining('reported an error: The model ran out of KV cache blocks (500)'),
          });
        },
      },
      {
        name: "llama-server's error event",
        replies: [{ as: 'llamaError', content: '확인' }],
        expect: (run) => {
          expect(run.code).toBe(1);
          expect(json<{ error: { code: string; message: string } }>(run.stdout).error).toMatchObject({
            code: 'RuntimeUnavailable',
            message: expect.stringContaining('reported an error: the context is full (500)'),
          });
        },
      },
      {
        name: "HTTP 400 with the server's message",
        replies: [{ as: { status: 400, message: "This model's maximum context length is 4096 tokens" } }],
        expect: (run) => {
          expect(run.code).toBe(1);
          expect(json<{ error: { code: string; message: string } }>(run.stdout).error).toMatchObject({
            code: 'RuntimeUnavailable',
            message: expect.stringContaining("answered HTTP 400: This model's maximum context length is 4096 tokens"),
          });
        },
      },
    ];
    const server = await startOpenAiServer(cases.flatMap((c) => c.replies));
    try {
      const dir = tempDir();
      const added = await runKopa(['--data-dir', dir, 'models', 'add', `openai:${server.ipBase}`, '--name', 'qwen']);
      expect(added.code, added.stderr).toBe(0);
      for (const c of cases) {
        const run = await runKopa([
          '--json',
          '--data-dir',
          dir,
          'chat',
          '--model',
          'qwen',
          '--once',
          '서울 기온?',
          '--tools',
          'kma.getUltraSrtNcst,kasi.getRestDeInfo',
          '--now',
          NOW,
          '--max-tokens',
          '300',
        ]);
        try {
          c.expect(run);
        } catch (e) {
          throw new Error(`${c.name}: ${(e as Error).message}`, { cause: e });
        }
      }
      // The turn's ceiling the user set is what the server is asked for.
      expect(server.requests[0]).toMatchObject({ max_tokens: 300 });
    } finally {
      await server.kill();
    }
  }, 240_000);
});

describe('kopa mcp', () => {
  it('lists the catalog and runs a call for a real MCP client, through the audited gateway', async () => {
    const dir = tempDir();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [kopaBin, '--data-dir', dir, 'mcp', '--now', NOW],
      cwd: repoRoot,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'kopa-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(47);
      expect(tools.map((t) => t.name)).toContain('local_queryRows');
      const ncst = tools.find((t) => t.name === 'kma_getUltraSrtNcst')!;
      expect(ncst.inputSchema).toMatchObject({ type: 'object', required: ['base_date', 'base_time', 'nx', 'ny'] });
      const result = (await client.callTool({ name: 'kma_getUltraSrtNcst', arguments: { base_date: '20250302', base_time: '1400', nx: 60, ny: 127 } })) as {
        isError?: boolean;
        content: { type: string; text: string }[];
      };
      expect(result.isError).toBe(false);
      expect(JSON.parse(result.content[0]!.text)).toMatchObject({ result: 'r1', totalCount: 8 });
      // The query tool reads the session's earlier results by handle, on the machine.
      const query = (await client.callTool({
        name: 'local_queryRows',
        arguments: { result: 'r1', where: [{ field: 'category', op: '=', value: 'T1H' }] },
      })) as { isError?: boolean; content: { text: string }[] };
      expect(query.isError).toBe(false);
      expect(readView(query.content[0]!.text)).toMatchObject({ handle: 'r2', totalCount: 1, rows: [{ category: 'T1H' }] });
      const bad = (await client.callTool({ name: 'kma_getUltraSrtNcst', arguments: { nx: 'sixty' } })) as { isError?: boolean; content: { text: string }[] };
      expect(bad.isError).toBe(true);
      expect(bad.content[0]!.text).toContain('InvalidParam');
    } finally {
      await client.close();
    }
    const audit = await runKopa(['--json', '--data-dir', dir, 'audit', 'verify']);
    expect(json<{ ok: boolean; entries: number }>(audit.stdout)).toMatchObject({ ok: true, entries: 1 });
  });
});
