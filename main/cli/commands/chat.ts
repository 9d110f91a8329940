import { createInterface } from 'node:readline/promises';
import { Option, type Command } from 'commander';
import type { AgentRunParams, EpisodeSummary, Progress } from '../../api/contract.ts';
import { gatewayModes, type GatewayMode } from '../../core/gateway/callResult.ts';
import { runAgent } from '../../engine/methods/agent.ts';
import { resolveBackend } from '../../engine/methods/models.ts';
import type { CommandContext } from '../context.ts';
import { parseInstant, parseInteger, parseList } from './call.ts';

interface ChatCliOptions {
  model: string;
  resultTokens?: number;
  lora?: string[];
  mode: GatewayMode;
  snapshot?: string;
  approve: 'auto' | 'ask';
  once?: string;
  tools?: string[];
  maxSteps?: number;
  now?: Date;
}

function renderEpisode(e: EpisodeSummary): string {
  const lines = e.calls.map((c) => `  ${c.refused ? '✗' : c.ok ? '✓' : '!'} ${c.tool} ${JSON.stringify(c.arguments)}${c.refused ? ` — ${c.refused}` : ` → ${c.rows} rows${c.resultCode ? ` (${c.resultCode})` : ''}, ${c.ms} ms`}`);
  lines.push('', e.answer ?? `(no answer: stopped by ${e.stoppedBy})`, '', `${e.turns} turns, ${e.usage.inputTokens}+${e.usage.outputTokens} tokens, ${e.ms} ms, ${e.backend}`);
  return lines.join('\n');
}

export function registerChat(program: Command, context: () => CommandContext): void {
  program
    .command('chat')
    .description('Chat with an agent that calls the whitelisted APIs; every tool call is shown (and, with --approve ask, asked)')
    .requiredOption('--model <ref>', 'a registered id, a .gguf path, openai:URL#MODEL of a registered server, or scripted:FILE')
    .option('--lora <id...>', 'LoRA adapters for a local model (registered ids or paths)')
    .addOption(new Option('--mode <mode>', 'where tool calls go').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot to answer from')
    .addOption(new Option('--approve <when>', 'run calls without asking, or ask before each').choices(['auto', 'ask']).default('auto'))
    .option('--once <question>', 'ask one question and exit (with --json, the whole episode as JSON)')
    .option('--tools <ids>', 'offer only these tools (comma-separated ids)', parseList)
    .option('--max-steps <n>', 'model turns per question (default 8)', parseInteger)
    .option('--now <iso>', "emulator mode: freeze the emulator's clock (and the model's now)", parseInstant)
    .option('--result-tokens <n>', "tokens of one tool result the model is shown (default: an eighth of a local model's context, else 1024)", parseInteger)
    .action(async (options: ChatCliOptions) => {
      const ctx = context();
      const rl = options.once === undefined || options.approve === 'ask' ? createInterface({ input: process.stdin, terminal: false }) : undefined;
      // Lines are read from one iterator, so piped input (a script answering the prompts) is not lost between questions.
      const lines = rl?.[Symbol.asyncIterator]();
      const ask = async (prompt: string): Promise<string> => {
        ctx.io.stderr.write(prompt);
        const next = await lines!.next();
        return next.done ? '' : String(next.value);
      };
      const approve = options.approve === 'ask' ? async (call: { tool: string; arguments: Record<string, unknown> }) => /^y/i.test(await ask(`  ${call.tool} ${JSON.stringify(call.arguments)} 호출할까요? call it? [y/N] `)) : undefined;
      const show = (p: Progress): void => {
        const e = p.agentEvent;
        if (ctx.out.json || !e) return;
        if (e.kind === 'tool_call') ctx.io.stderr.write(`  → ${e.tool} ${JSON.stringify(e.call.arguments)}\n`);
        if (e.kind === 'tool_result') ctx.io.stderr.write(`  ← ${e.ok ? '' : '✗ '}${e.summary}${e.latencyMs ? ` (${Math.round(e.latencyMs)} ms)` : ''}\n`);
      };
      try {
        await ctx.withEngine(
          async (engine) => {
            const backend = await resolveBackend(engine, { model: options.model, lora: options.lora });
            const episodeFor = async (question: string, chatId?: string): Promise<EpisodeSummary> => {
              const params: AgentRunParams = { question, chatId, model: options.model, lora: options.lora, mode: options.mode, snapshot: options.snapshot, tools: options.tools, maxSteps: options.maxSteps, asOf: options.now?.toISOString(), resultTokens: options.resultTokens };
              return runAgent(engine, params, { onProgress: show, approve, backend });
            };
            try {
              await converse(episodeFor);
            } finally {
              await backend.dispose();
            }
          },
          options.now ? { emulator: { now: () => options.now! } } : {},
        );
      } finally {
        rl?.close();
      }

      async function converse(episodeFor: (question: string, chatId?: string) => Promise<EpisodeSummary>): Promise<void> {
        if (options.once !== undefined) {
          const episode = await episodeFor(options.once);
          ctx.out.result(episode, renderEpisode);
          if (episode.answer === null) ctx.exitCode = 1;
          return;
        }
        ctx.io.stderr.write('질문을 입력하세요 (빈 줄로 끝). Ask a question (an empty line ends).\n');
        let chatId: string | undefined;
        for (;;) {
          const question = (await ask('> ')).trim();
          if (question === '') break;
          const episode = await episodeFor(question, chatId);
          chatId = episode.chatId;
          ctx.out.result(episode, (e) => `${e.answer ?? `(no answer: stopped by ${e.stoppedBy})`}\n`);
        }
      }
    });
}
