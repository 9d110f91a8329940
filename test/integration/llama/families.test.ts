// The model families an agency may run, each as node-llama-cpp meets a real file of it: the family's real chat
// template and (Qwen, Llama, Gemma, gpt-oss) its real tokenizer, over tiny random weights (familyModel.ts). For each:
// how it calls tools and why; the exact prompt of a first turn and of a follow-up after a call, against the template
// rendered by Python's jinja2 as transformers does (goldens.json); the tools in that prompt; the family's canonical
// tool-call outputs read into calls (and a call inside unfinished thinking read as none). README's family table is
// this file's FAMILIES.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseToolCalls } from '../../../main/core/agent/toolCallParser.ts';
import type { ToolCallSupport } from '../../../main/core/models/toolCalling.ts';
import { inspectGguf, type LlamaRuntime, type LocalModel } from '../../../native/llama/index.ts';
import { callSyntax } from '../../../native/llama/chatFormat.ts';
import {
  FAMILY_RESULT,
  FAMILY_TOOLS,
  CONVERSATIONS_FILE,
  conversationsJson,
  familyMessages,
  GOLDENS_FILE,
} from '../../fixtures/chatTemplates/familyConversations.ts';
import { writeFamilyModel, type FamilyName } from '../../fixtures/gguf/familyModel.ts';
import { testLlama } from '../../helpers/llama.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { testEngine } from '../../helpers/engine.ts';
import type { ModelInfo } from '../../../main/api/contract.ts';

interface Family {
  support: Omit<ToolCallSupport, 'patches'> & { patches?: string[] };
  /** Whether the wrapper reads thinking apart (a thought segment). */
  thinks: boolean;
  /** A thinking family's output cut off while it thought about a call: no call in it. */
  unfinished?: string;
  /** The family's canonical tool-call outputs (llama.cpp's test-chat.cpp and vLLM's parser tests), each the call below. */
  outputs: string[];
}

const CALL = { name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } };
const json = JSON.stringify(CALL.arguments);
const hermes = `<tool_call>\n{"name": "${CALL.name}", "arguments": ${json}}\n</tool_call>`;

const FAMILIES: Partial<Record<FamilyName, Family>> = {
  'qwen2.5': { support: { mode: 'native', wrapper: 'JinjaTemplate', reason: 'templateSyntax' }, thinks: false, outputs: [hermes, `${hermes}\n${hermes}`] },
  qwen3: {
    support: { mode: 'native', wrapper: 'JinjaTemplate', reason: 'templateSyntax' },
    thinks: true,
    outputs: [hermes, `<think>\n5월이니 solMonth는 05.\n</think>\n\n${hermes}`],
    unfinished: `<think>\n이렇게 부르면 되겠다: ${hermes}`,
  },
  'qwen3-2507': {
    support: { mode: 'native', wrapper: 'JinjaTemplate', reason: 'templateSyntax' },
    thinks: true,
    outputs: [hermes],
    unfinished: `<think>\n${hermes}`,
  },
  'qwen3.5': {
    support: { mode: 'native', wrapper: 'JinjaTemplate', reason: 'templateText' },
    thinks: true,
    outputs: [
      `<tool_call>\n<function=${CALL.name}>\n<parameter=solYear>\n2025\n</parameter>\n<parameter=solMonth>\n05\n</parameter>\n</function>\n</tool_call>`,
    ],
    unfinished: `<think>\n<tool_call>\n<function=${CALL.name}>\n<parameter=solYear>\n2025\n</parameter>\n</function>\n</tool_call>`,
  },
  'llama3.1': {
    support: { mode: 'native', wrapper: 'JinjaTemplate', reason: 'templateSyntax' },
    thinks: false,
    outputs: [`{"name": "${CALL.name}", "parameters": ${json}}`, `<|python_tag|>{"name": "${CALL.name}", "parameters": ${json}}`],
  },
  'llama3.2': {
    support: { mode: 'native', wrapper: 'JinjaTemplate', reason: 'templateSyntax' },
    thinks: false,
    outputs: [`{"name": "${CALL.name}", "parameters": ${json}}`],
  },
  gemma2: {
    support: { mode: 'grammar', wrapper: 'Gemma', reason: 'noToolSyntax' },
    thinks: false,
    outputs: [`{"tool": "${CALL.name}", "arguments": ${json}}`],
  },
  gemma3: {
    support: { mode: 'grammar', wrapper: 'Gemma', reason: 'noToolSyntax' },
    thinks: false,
    outputs: [`{"tool": "${CALL.name}", "arguments": ${json}}`, '```tool_code\nkasi_getRestDeInfo(solYear="2025", solMonth="05")\n```'],
  },
  'gpt-oss': {
    support: { mode: 'native', wrapper: 'Harmony', reason: 'familyWrapper' },
    thinks: true,
    outputs: [
      `<|channel|>analysis<|message|>5월 공휴일을 찾는다.<|end|><|start|>assistant<|channel|>commentary to=functions.${CALL.name} <|constrain|>json<|message|>${json}<|call|>`,
    ],
    unfinished: `<|channel|>analysis<|message|>다음처럼 보내면 된다: commentary to=functions.${CALL.name} <|constrain|>json<|message|>${json}`,
  },
  'exaone3.5': {
    support: { mode: 'grammar', wrapper: 'JinjaTemplate', reason: 'noToolSyntax' },
    thinks: false,
    outputs: [`{"tool": "${CALL.name}", "arguments": ${json}}`],
  },
  'exaone4.0': {
    support: { mode: 'native', wrapper: 'JinjaTemplate', reason: 'templateSyntax', patches: ['exaone4-system-continue'] },
    thinks: true,
    outputs: [
      `<tool_call>{"name": "${CALL.name}", "arguments": ${json}}</tool_call>`,
      `<think>\n공휴일 도구를 부른다.\n</think>\n\n<tool_call>{"name": "${CALL.name}", "arguments": ${json}}</tool_call>`,
    ],
    unfinished: `<think>\n<tool_call>{"name": "${CALL.name}", "arguments": ${json}}</tool_call>`,
  },
  'mistral-nemo': {
    support: { mode: 'native', wrapper: 'Mistral', reason: 'familyWrapper' },
    thinks: false,
    outputs: [`[TOOL_CALLS][{"name": "${CALL.name}", "arguments": ${json}, "id": "a1b2c3d4e"}]`],
  },
  'mistral-small-3.2': {
    support: { mode: 'native', wrapper: 'Mistral [ARGS]', reason: 'kopaWrapper' },
    thinks: false,
    outputs: [`[TOOL_CALLS]${CALL.name}[ARGS]${json}`, `[TOOL_CALLS]${CALL.name}[CALL_ID]a1b2c3d4e[ARGS]${json}`],
  },
  hermes3: {
    support: { mode: 'grammar', wrapper: 'ChatML', reason: 'noToolSyntax' },
    thinks: false,
    outputs: [`{"tool": "${CALL.name}", "arguments": ${json}}`],
  },
};

/**
 * A prompt with the day it was written masked: Llama 3.x and gpt-oss templates write today's date (strftime_now), so
 * goldens rendered one day differ from a prompt written the next by that date alone.
 */
const undated = (prompt: string): string =>
  prompt.replace(/Today Date: \d{2} [A-Z][a-z]{2} \d{4}/g, 'Today Date: (today)').replace(/Current date: \d{4}-\d{2}-\d{2}/g, 'Current date: (today)');

/** 2 March 2025, 15:00 in Korea: an episode's moment that is not the day the test runs. */
const EPISODE = new Date('2025-03-02T15:00:00+09:00');
const DATE_LINE = /Today Date: [^\n]*|Current date: [^\n]*/g;

const goldens = JSON.parse(readFileSync(GOLDENS_FILE, 'utf8')) as { families: Record<string, { mode: string; first: string; followUp: string }> };

describe('the families on their real templates and tokenizers', () => {
  let runtime: LlamaRuntime;
  beforeAll(async () => {
    runtime = await testLlama();
  });

  it('checks against goldens made from the conversations the family tests use', () => {
    // render_goldens.py renders conversations.json; a change to the prompt or the tool descriptions shows here first.
    expect(readFileSync(CONVERSATIONS_FILE, 'utf8')).toBe(conversationsJson());
  });

  describe.each(Object.entries(FAMILIES) as [FamilyName, Family][])('%s', (family, expected) => {
    let model: LocalModel;
    let file: string;
    beforeAll(async () => {
      file = await writeFamilyModel(family);
      model = await runtime.loadModel({ modelPath: file });
    }, 120_000);
    afterAll(async () => {
      await model?.dispose();
    });

    it('chooses its wrapper and tool-call mode for a reason, the same from the header as from the loaded file', async () => {
      expect(model.toolCallSupport()).toEqual({ patches: [], ...expected.support });
      expect((await inspectGguf(file)).toolCallSupport).toEqual({ patches: [], ...expected.support });
    });

    it('writes the first prompt and a follow-up exactly as its template does under transformers', () => {
      const { first, followUp } = familyMessages();
      const golden = goldens.families[family]!;
      expect(golden.mode).toBe(expected.support.mode);
      expect(undated(model.promptText(first, { tools: FAMILY_TOOLS }))).toBe(undated(golden.first));
      expect(undated(model.promptText(followUp, { tools: FAMILY_TOOLS }))).toBe(undated(golden.followUp));
    });

    it("writes the episode's date where its template writes a date, not the machine's", () => {
      const { first } = familyMessages();
      const written = model.promptText(first, { tools: FAMILY_TOOLS, now: EPISODE });
      expect(undated(written)).toBe(undated(goldens.families[family]!.first));
      const dates = written.match(DATE_LINE) ?? [];
      // Where transformers wrote a date into this conversation, so does the app: the episode's.
      expect(dates.length).toBe(goldens.families[family]!.first.match(DATE_LINE)?.length ?? 0);
      for (const date of dates) expect(['Today Date: 02 Mar 2025', 'Current date: 2025-03-02']).toContain(date);
    });

    it('thinks as its template does where nobody says, and as set where its thinking is set on or off', () => {
      const { first } = familyMessages();
      const ending = (thinking: 'default' | 'on' | 'off'): string => model.promptText(first, { tools: FAMILY_TOOLS, thinking }).slice(-40);
      const closedThought = /<think>\n\n<\/think>\n\n$/;
      if (family === 'exaone4.0' || family === 'qwen3.5') {
        expect(ending('default')).toMatch(closedThought);
        expect(ending('on')).toMatch(/<think>\n$/);
      }
      if (family === 'qwen3') {
        expect(ending('default')).not.toMatch(closedThought);
        expect(ending('off')).toMatch(closedThought);
      }
    });

    it('shows the model every offered tool with its parameters, and the result as the result view wrote it', () => {
      const { first, followUp } = familyMessages();
      const prompt = model.promptText(first, { tools: FAMILY_TOOLS });
      for (const tool of FAMILY_TOOLS) {
        expect(prompt).toContain(tool.name);
        for (const [name, schema] of Object.entries(tool.parameters.properties)) {
          expect(prompt).toContain(name);
          expect(prompt).toContain((schema as { description: string }).description);
        }
      }
      expect(prompt).toContain(first[0]!.content);
      const after = model.promptText(followUp, { tools: FAMILY_TOOLS });
      expect(after.includes(FAMILY_RESULT) || after.includes(JSON.stringify(FAMILY_RESULT))).toBe(true);
    });

    it('reads its canonical tool-call outputs into the call, and no call out of unfinished thinking', () => {
      const tools = FAMILY_TOOLS;
      for (const output of expected.outputs) {
        const calls = parseToolCalls(output, { tools }).calls.map((c) => ({ name: c.name, arguments: c.arguments }));
        expect(calls.length, output).toBeGreaterThan(0);
        expect(calls, output).toEqual(calls.map(() => CALL));
      }
      const { wrapper } = model.chatFormat();
      if (expected.support.mode === 'native' && expected.support.reason !== 'templateText') {
        // node-llama-cpp detects a call by the wrapper's call prefix: the canonical output must carry it.
        const prefix = callSyntax(wrapper).prefix.trim();
        expect(
          expected.outputs.every((o) => o.includes(prefix)),
          prefix,
        ).toBe(true);
      }
      expect(wrapper.settings.segments?.thought !== undefined).toBe(expected.thinks);
      if (expected.thinks) expect(parseToolCalls(expected.unfinished!, { tools })).toMatchObject({ calls: [], unfinishedThinking: true });
    });
  });

  it('refuses an architecture the bundled llama.cpp cannot run (HyperCLOVA X SEED), saying which and what to do', async () => {
    const file = await writeFamilyModel('hyperclovax-seed');
    const refused = await inspectGguf(file).then(
      () => undefined,
      (error: unknown) => error as { code: string; message: string; hint: string },
    );
    expect(refused?.code).toBe('InvalidModelFile');
    expect(refused?.message).toMatch(/hyperclovax model, an architecture the llama\.cpp inside KOPA Studio \(node-llama-cpp 3\.21\.1\) cannot run/);
    expect(refused?.hint).toMatch(/openai:URL/);
  });
});

describe('kopa models inspect on the family files', () => {
  it('says native for gpt-oss and grammar for Gemma 2, each with its reason, in the words of each language', async () => {
    // What the command reports is the engine's models.inspect, asked here in the test's own process (each CLI
    // start costs seconds); each family's reason from its header is checked above, the command's own words below.
    const engine = testEngine();
    const inspect = async (family: FamilyName): Promise<ModelInfo> => engine.call('models.inspect', { ref: await writeFamilyModel(family) });
    expect(await inspect('gpt-oss')).toMatchObject({ toolCalling: 'native', chatWrapper: 'Harmony', toolCallSupport: { reason: 'familyWrapper' } });
    expect(await inspect('gemma2')).toMatchObject({ toolCalling: 'grammar', chatWrapper: 'Gemma', toolCallSupport: { reason: 'noToolSyntax' } });
    const korean = await runKopa(['--lang', 'ko', 'models', 'inspect', await writeFamilyModel('gemma2')]);
    expect(korean.stdout).toContain('Gemma; 도구 호출: 문법, 템플릿에 도구 형식이 없어 문법 모드');
    const exaone = await runKopa(['--lang', 'ko', 'models', 'inspect', await writeFamilyModel('exaone4.0')]);
    expect(exaone.stdout).toContain('JinjaTemplate; 도구 호출: 네이티브, 모델 템플릿의 도구 호출 형식; 템플릿 보정: exaone4-system-continue');
    const refused = await runKopa(['--lang', 'ko', 'models', 'add', await writeFamilyModel('hyperclovax-seed')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/hyperclovax은\(는\) KOPA Studio에 든 llama\.cpp\(node-llama-cpp 3\.21\.1\)가 실행하지 못합니다/);
  }, 180_000);
});
