// The engine API method that runs one agent episode and stores its transcript.
import { randomUUID } from 'node:crypto';
import type { AgentRunParams, CallOptions, ChatSettings, EpisodeSummary, AgentMethods } from '../../api/contract.ts';
import { loadProgress } from '../../api/loading.ts';
import type { ChatMessage } from '../../core/agent/types.ts';
import { resultTokenBudget, STANDARD_RESULT_TOKENS } from '../../core/resultView/resultView.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { catalogAgent, type CatalogAgentOptions } from './catalogTools.ts';
import type { EpisodeCall } from './catalogSession.ts';
import type { Episode } from './Agent.ts';
import { pickToolsFor } from './toolPicker.ts';
import { functionName } from '../../core/catalog/functionSchema.ts';
import { offeredTools } from '../../core/resultView/offer.ts';
import { ChatRepository } from '../store/repositories/ChatRepository.ts';
import type { ModelBackend } from '../models/backend.ts';
import { resolveBackend } from '../models/resolveBackend.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { exportChat, getChat, listChats, removeChat, renameChat, truncateChat } from './chats.ts';

export interface AgentRunOptions extends CallOptions {
  /** A backend the caller opened and keeps across questions (a terminal chat); otherwise one is opened and closed here. */
  backend?: ModelBackend;
}

export async function runAgent(engine: EngineServices, params: AgentRunParams, options: AgentRunOptions): Promise<EpisodeSummary> {
  const mode = params.mode ?? 'emulator';
  const catalog = engine.catalog();
  for (const id of params.tools ?? []) catalog.require(id);
  const { chats, continued, chatId, history } = chatToContinue(engine, params.chatId);
  const { tools, offered } = toolsForQuestion(engine, params, history);
  const gateway = engine.gateway();
  const backend = options.backend ?? (await resolveBackend(engine, params, options.signal, loadProgress(options.onProgress)));
  try {
    if (!continued)
      chats.create({
        id: chatId,
        title: params.question.slice(0, 80),
        modelId: backend.id,
        mode,
        settings: chatSettings(params, mode),
        createdAt: new Date().toISOString(),
      });
    options.onProgress?.({ stage: 'agent', chatId });
    options.onProgress?.({ stage: 'agent', agentEvent: offered });
    const agent = catalogAgent({
      backend,
      catalog,
      // The body as the service sent it goes to the analyst's call card, never into what the model reads. An episode
      // asked at another moment reads the emulator at that moment, as the model is told it is.
      call: (tool, args, signal) =>
        gateway.call(tool, args, {
          mode,
          snapshot: params.snapshot,
          signal,
          raw: true,
          origin: 'chat',
          ...(params.asOf ? { emulatorNow: new Date(params.asOf) } : {}),
        }),
      tools,
      queryTool: params.queryTool,
      // Where the tools were picked, the model may ask for more with find_tools, found by the same pick.
      ...(params.tools === undefined ? { find: (query: string) => pickToolsFor(engine, query).tools } : {}),
      asOf: params.asOf ? new Date(params.asOf) : engine.clock(mode),
      maxSteps: params.maxSteps,
      questionMeta: { offered: { tools: offered.tools, picked: offered.picked } },
      systemPrompt: params.systemPrompt,
      firstToolChoice: params.firstToolChoice,
      maxTokens: params.maxTokens,
      view: {
        tokenBudget: params.resultTokens ?? backend.resultTokens ?? (backend.contextTokens ? resultTokenBudget(backend.contextTokens) : STANDARD_RESULT_TOKENS),
        ...(backend.resultRows ? { rows: backend.resultRows } : {}),
      },
      temperature: params.temperature,
      seed: params.seed,
      signal: options.signal,
      approve: params.approval === 'ask' ? askTheAnalyst(engine, chatId, options) : undefined,
      // A continued chat keeps its first system message; later ones would repeat it.
      onMessage: (message, meta) => (continued && message.role === 'system' ? undefined : chats.append(chatId, message, meta, new Date())),
      onEvent: (event) => options.onProgress?.({ stage: 'agent', agentEvent: event }),
    });
    return episodeSummary(chatId, await agent.run(params.question, history));
  } finally {
    if (!options.backend) await backend.dispose();
  }
}

/** The chat a question continues (its stored messages as history), or a new chat's id. */
function chatToContinue(engine: EngineServices, id: string | undefined) {
  const chats = new ChatRepository(engine.store.db);
  const continued = id ? chats.get(id) : undefined;
  if (id && !continued) throw saidError('NotFound', { message: 'error.noChat', hint: 'error.noChat.hint', vars: { id } });
  const chatId = continued?.id ?? randomUUID();
  const history = continued ? chats.messages(chatId).map(({ meta: _meta, ...m }) => m as ChatMessage) : [];
  return { chats, continued, chatId, history };
}

/** The tools chosen for the question; without a choice, the ones it needs, and those a continued chat already called. */
function toolsForQuestion(engine: EngineServices, params: AgentRunParams, history: ChatMessage[]) {
  const catalog = engine.catalog();
  const called = history
    .flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => catalog.list().find((t) => functionName(t.id) === c.name)?.id ?? '') : []))
    .filter((id) => id !== '');
  const tools = params.tools ?? pickToolsFor(engine, params.question, { keep: called }).tools;
  const offered = {
    kind: 'tools_offered' as const,
    tools: params.queryTool === false ? tools : offeredTools(catalog, tools),
    picked: params.tools === undefined,
  };
  return { tools, offered };
}

const chatSettings = (params: AgentRunParams, mode: ChatSettings['mode']): ChatSettings => ({
  model: params.model,
  mode,
  ...(params.lora?.length ? { lora: params.lora } : {}),
  ...(params.tools ? { tools: params.tools } : {}),
  ...(params.snapshot ? { snapshot: params.snapshot } : {}),
  approval: params.approval ?? 'auto',
});

/** Each call waits for the analyst's yes or no, asked through the job's events. */
function askTheAnalyst(engine: EngineServices, chatId: string, options: AgentRunOptions): NonNullable<CatalogAgentOptions['approve']> {
  return (call) =>
    engine.approvals.ask({
      chatId,
      tool: call.tool,
      arguments: call.arguments,
      signal: options.signal,
      onAsk: (id) =>
        options.onProgress?.({
          stage: 'agent',
          agentEvent: { kind: 'approval', id, step: call.step, callId: call.callId, tool: call.tool, arguments: call.arguments },
        }),
    });
}

const episodeSummary = (chatId: string, episode: Episode<EpisodeCall>): EpisodeSummary => ({
  chatId,
  answer: episode.answer,
  claim: episode.claim,
  stoppedBy: episode.stoppedBy,
  backend: episode.backend,
  turns: episode.turns,
  calls: episode.calls.map((c) => ({
    step: c.step,
    tool: c.tool,
    arguments: c.arguments,
    ok: c.result?.ok ?? false,
    resultCode: c.result?.resultCode ?? null,
    ...(c.refused ? { refused: c.refused } : {}),
    ...(c.refusal ? { refusal: c.refusal } : {}),
    rows: c.result?.items.length ?? 0,
    ...(c.handle ? { handle: c.handle, shown: c.shown?.length ?? 0 } : {}),
    ms: c.ms,
  })),
  usage: episode.usage,
  ms: episode.ms,
});

/** The agent's and the chats' API methods. */
export const agentMethods = (engine: EngineServices): MethodHandlers<AgentMethods> => ({
  'agent.run': (params, options) => runAgent(engine, params, options),
  'agent.approve': async ({ id, answer, reason }) => engine.approvals.answer(id, answer, reason),
  'chats.list': async ({ search }) => listChats(engine, search),
  'chats.get': async ({ id }) => getChat(engine, id),
  'chats.rename': async ({ id, title }) => renameChat(engine, id, title),
  'chats.remove': async ({ id }) => removeChat(engine, id),
  'chats.truncate': async ({ id, fromSeq }) => truncateChat(engine, id, fromSeq),
  'chats.export': async ({ id, format }) => exportChat(engine, id, format),
});
