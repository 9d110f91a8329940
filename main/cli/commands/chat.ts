import { claimText } from '../../core/answer/claim.ts';
import { createInterface } from 'node:readline/promises';
import { Option, type Command } from 'commander';
import type { AgentRunParams, EngineApi, EpisodeSummary, Progress, SpeculationParam } from '../../api/contract.ts';
import { gatewayModes, type GatewayMode } from '../../core/gateway/callResult.ts';
import { LOADING_MODEL } from '../../api/loading.ts';
import type { CommandContext } from '../context.ts';
import { parseInstant, parseList, parseCount, parseSpeculation, parseSeconds } from '../optionParsers.ts';
import { stopLabel } from '../../core/i18n/strings.ts';
import { oneLine } from '../../core/text/terminalText.ts';

/** A local turn's progress is said once it has run this long, then at most this often. */
const PROGRESS_AFTER_MS = 3000;
const PROGRESS_EVERY_MS = 5000;

interface ChatCliOptions {
  model: string;
  resultTokens?: number;
  lora?: string[];
  loraScale?: number;
  chatWrapper?: 'auto' | 'jinja';
  mode: GatewayMode;
  snapshot?: string;
  approve: 'auto' | 'ask';
  once?: string;
  tools?: string[];
  maxSteps?: number;
  maxTokens?: number;
  now?: Date;
  speculation?: SpeculationParam;
  serverTimeout?: number;
  contextSize?: number;
}

/**
 * The end of an episode in a terminal: its calls were shown live (once each, with their latency) and a streamed
 * answer was already printed, so only what is left: the answer when none streamed, and the totals.
 */
function renderEnd(e: EpisodeSummary, streamed: boolean, { t, locale }: Pick<CommandContext, 't' | 'locale'>): string {
  const footer = t('cli.chat.footer', {
    turns: t(e.turns === 1 ? 'cli.chat.turn' : 'cli.chat.turns', { n: e.turns }),
    input: e.usage.inputTokens,
    output: e.usage.outputTokens,
    ms: e.ms,
    backend: e.backend,
  });
  // Words that streamed before a stop are no answer: that is said, with why.
  const answer = e.answer === null ? t('cli.chat.noAnswer', { reason: stopLabel(locale, e.stoppedBy) }) : streamed ? '' : e.answer;
  // The committed answer is the headline; a message that committed to nothing says so.
  const claim = e.claim ? t('cli.chat.claim', { claim: claimText(e.claim, locale) }) : e.answer !== null ? t('cli.chat.noClaim') : '';
  return [claim, answer]
    .filter((line) => line !== '')
    .concat('', footer)
    .join('\n');
}

/** How a turn is shown as it goes: each call once its result is in, a local turn's progress, streamed words. */
interface EpisodeEcho {
  show(p: Progress): void;
  /** Forgets the last episode's calls and words, before the next question. */
  reset(): void;
  /** Whether this episode's answer streamed to stdout. */
  streamed(): boolean;
}

function episodeEcho(ctx: CommandContext, approveCall: (e: { id: string; tool: string; arguments: Record<string, unknown> }) => void): EpisodeEcho {
  const asked = new Map<string, Record<string, unknown>>();
  let streamed = false;
  // A local turn says where it has got every few seconds, on stderr (not while its words are streaming on stdout).
  let toldAt = 0;
  let tokenAt = 0;
  const tell = (e: { read: number; toRead: number; written: number; elapsedMs: number; writingMs: number }): void => {
    const now = performance.now();
    if (e.elapsedMs < PROGRESS_AFTER_MS || now - toldAt < PROGRESS_EVERY_MS || now - tokenAt < PROGRESS_EVERY_MS) return;
    toldAt = now;
    const seconds = Math.round(e.elapsedMs / 1000);
    const line =
      e.written === 0
        ? ctx.t('cli.chat.reading', { read: e.read.toLocaleString('en-US'), toRead: e.toRead.toLocaleString('en-US'), seconds })
        : ctx.t('cli.chat.writing', { written: e.written, rate: e.writingMs > 0 ? ((e.written * 1000) / e.writingMs).toFixed(1) : '—', seconds });
    ctx.io.stderr.write(`  ${line}\n`);
  };
  const show = (p: Progress): void => {
    const e = p.agentEvent;
    if (!e) return;
    if (e.kind === 'token' && !ctx.out.json) {
      streamed = true;
      tokenAt = performance.now();
      ctx.io.stdout.write(e.text);
    }
    if (e.kind === 'turn_progress' && !ctx.out.json) tell(e);
    if (e.kind === 'approval') approveCall(e);
    if (ctx.out.json) return;
    if (e.kind === 'tool_call') asked.set(e.call.id, e.call.arguments);
    if (e.kind === 'tools_offered' && e.picked) ctx.io.stderr.write(`  ${ctx.t('cli.chat.offered', { n: e.tools.length, tools: e.tools.join(', ') })}\n`);
    if (e.kind === 'thinking') ctx.io.stderr.write(`  ${ctx.t('cli.chat.thought', { chars: e.text.length })}\n`);
    if (e.kind === 'context_trimmed')
      ctx.io.stderr.write(`  ${ctx.t(e.items ? 'cli.chat.trimmedMessages' : 'cli.chat.trimmed', { results: e.results, items: e.items })}\n`);
    if (e.kind === 'tool_result') {
      const shown = e.view ? `${ctx.t('cli.chat.shown', e.view)}${e.view.total !== e.view.returned ? ` ${ctx.t('cli.chat.inAll', e.view)}` : ''}` : e.summary;
      ctx.io.stderr.write(
        `  ${e.ok ? '✓' : '✗'} ${oneLine(e.tool)} ${JSON.stringify(asked.get(e.callId) ?? {})} → ${oneLine(shown)} (${Math.round(e.latencyMs)} ms)\n`,
      );
    }
  };
  return {
    show,
    reset: () => {
      streamed = false;
      asked.clear();
    },
    streamed: () => streamed,
  };
}

/** A local model loads with the first question (the engine keeps it for the next): said as it starts, with a bar. */
function loadWatch(ctx: CommandContext, model: string, show: (p: Progress) => void): { onProgress: (p: Progress) => void; stop: () => void } {
  let bar: ReturnType<CommandContext['progress']> | undefined;
  let started = 0;
  const stop = (loaded: boolean): void => {
    if (!bar) return;
    bar.stop();
    bar = undefined;
    if (loaded && !ctx.out.json) ctx.io.stderr.write(`${ctx.t('cli.chat.loaded', { seconds: ((performance.now() - started) / 1000).toFixed(1) })}\n`);
  };
  const onProgress = (p: Progress): void => {
    if (p.stage !== LOADING_MODEL) {
      stop(true);
      show(p);
      return;
    }
    if (!bar) {
      started = performance.now();
      if (!ctx.out.json) ctx.io.stderr.write(`${ctx.t('cli.chat.loading', { model })}\n`);
      bar = ctx.progress();
    }
    bar.update(p);
  };
  return { onProgress, stop: () => stop(false) };
}

/** What one question asks of the engine: the command's options as `agent.run`'s parameters. */
function runParams(question: string, chatId: string | undefined, options: ChatCliOptions): AgentRunParams {
  return {
    question,
    chatId,
    model: options.model,
    lora: options.lora,
    loraScale: options.loraScale,
    chatWrapper: options.chatWrapper,
    contextSize: options.contextSize,
    speculation: options.speculation,
    serverIdleTimeoutMs: options.serverTimeout,
    mode: options.mode,
    snapshot: options.snapshot,
    tools: options.tools,
    maxSteps: options.maxSteps,
    maxTokens: options.maxTokens,
    asOf: options.now?.toISOString(),
    resultTokens: options.resultTokens,
    approval: options.approve,
  };
}

/**
 * Asks on stderr and reads the answer from stdin, one line per ask, all from one iterator, so piped input (a script
 * answering the prompts) is not lost between questions. An ask whose turn was stopped answers undefined and leaves
 * the line it was waiting for to the next ask.
 */
function lineAsker(ctx: CommandContext, lines: AsyncIterator<string>): (prompt: string, signal?: AbortSignal) => Promise<string | undefined> {
  let pending: Promise<IteratorResult<string>> | undefined;
  return async (prompt, signal) => {
    ctx.io.stderr.write(prompt);
    pending ??= lines.next();
    const read = pending;
    const stopped = signal
      ? new Promise<undefined>((resolve) => (signal.aborted ? resolve(undefined) : signal.addEventListener('abort', () => resolve(undefined), { once: true })))
      : new Promise<undefined>(() => undefined);
    const next = await Promise.race([read, stopped]);
    if (next === undefined) return undefined;
    pending = undefined;
    return next.done ? '' : String(next.value);
  };
}

async function runChat(ctx: CommandContext, options: ChatCliOptions): Promise<void> {
  const rl = options.once === undefined || options.approve === 'ask' ? createInterface({ input: process.stdin, terminal: false }) : undefined;
  const ask = rl ? lineAsker(ctx, rl[Symbol.asyncIterator]()) : undefined;
  // Approval goes the way every client's does: the engine announces the waiting call, the answer is an agent.approve call.
  let answering: EngineApi | undefined;
  let turn = new AbortController();
  const echo = episodeEcho(ctx, (e) => {
    void ask!(`  ${oneLine(e.tool)} ${JSON.stringify(e.arguments)} 호출할까요? call it? [y/N] `, turn.signal)
      .then((line) => (line === undefined ? undefined : answering?.call('agent.approve', { id: e.id, answer: /^y/i.test(line) ? 'once' : 'deny' })))
      .catch((error: unknown) => ctx.io.stderr.write(`  ${(error as Error).message}\n`));
  });
  const said = (episode: EpisodeSummary, after = ''): void => {
    if (echo.streamed() && !ctx.out.json) ctx.io.stdout.write('\n');
    ctx.out.result(episode, (e) => `${renderEnd(e, echo.streamed(), ctx)}${after}`);
  };
  try {
    await ctx.withEngine(
      async (engine) => {
        answering = engine;
        const episodeFor = async (question: string, chatId?: string): Promise<EpisodeSummary> => {
          echo.reset();
          const watch = loadWatch(ctx, options.model, echo.show);
          // Ctrl+C stops this turn as the window's Stop does (what the model wrote is kept) and the chat goes on.
          turn = new AbortController();
          const stop = turn;
          const unhear = ctx.io.onInterrupt(() => {
            ctx.out.note(ctx.t('cli.chat.stopping'));
            stop.abort();
          });
          try {
            return await engine.call('agent.run', runParams(question, chatId, options), { onProgress: watch.onProgress, signal: stop.signal });
          } finally {
            unhear();
            watch.stop();
          }
        };
        if (options.once !== undefined) {
          const episode = await episodeFor(options.once);
          said(episode);
          if (episode.answer === null) ctx.exitCode = 1;
          return;
        }
        ctx.io.stderr.write('질문을 입력하세요 (빈 줄로 끝). Ask a question (an empty line ends).\n');
        let chatId: string | undefined;
        for (;;) {
          const question = ((await ask!('> ')) ?? '').trim();
          if (question === '') break;
          let episode: EpisodeSummary;
          try {
            episode = await episodeFor(question, chatId);
          } catch (error) {
            // Stopped before a turn began (the model still loading): said as an error is, and the chat goes on.
            if (!turn.signal.aborted) throw error;
            ctx.out.error(error);
            continue;
          }
          chatId = episode.chatId;
          said(episode, '\n');
        }
      },
      options.now ? { emulator: { now: () => options.now! } } : {},
    );
  } finally {
    rl?.close();
  }
}

export function registerChat(program: Command, context: () => CommandContext): void {
  program
    .command('chat')
    .requiredOption(
      '--model <ref>',
      'a registered id, a .gguf path, openai:URL#MODEL of a registered server, or scripted:FILE (its turns played from the first for each question)',
    )
    .option('--lora <id...>', 'LoRA adapters for a local model (registered ids or paths), checked to fit it')
    .addOption(
      new Option('--chat-wrapper <how>', "auto: the model family's wrapper; jinja: the GGUF's own template, as training renders it").choices(['auto', 'jinja']),
    )
    .option('--lora-scale <s>', 'how strongly the adapters apply: 0 the base model, 1 as trained (default 1)', Number)
    .addOption(new Option('--mode <mode>', 'where tool calls go').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot to answer from')
    .addOption(new Option('--approve <when>', 'run calls without asking, or ask before each').choices(['auto', 'ask']).default('auto'))
    .option('--once <question>', 'ask one question and exit (with --json, the whole episode as JSON)')
    .option('--tools <ids>', 'offer only these tools (comma-separated ids)', parseList)
    .option('--max-steps <n>', 'model turns per question (default 8)', parseCount)
    .option(
      '--max-tokens <n>',
      "tokens one model turn may write (default: a local model's room for its longest call or an answer, else 512); a turn cut off is asked once more with twice as many",
      parseCount,
    )
    .option('--now <iso>', "emulator mode: freeze the emulator's clock (and the model's now)", parseInstant)
    .option('--result-tokens <n>', "tokens of one tool result the model is shown (default: an eighth of a local model's context, else 1024)", parseCount)
    .option('--context-size <n>', "a local model's context in tokens (default: what it was trained on, at most 16,384)", parseCount)
    .option(
      '--server-timeout <seconds>',
      "an inference server: how long it may send nothing before the turn fails (default: its registration's, else 60)",
      parseSeconds,
    )
    .option(
      '--speculation <how>',
      'speculative decoding for a local model: input-lookup guesses tokens from the conversation (same answers, faster where a call copies earlier values); draft:MODEL lets a smaller model of the same vocabulary generate ahead',
      parseSpeculation,
    )
    .action(async (options: ChatCliOptions) => runChat(context(), options));
}
