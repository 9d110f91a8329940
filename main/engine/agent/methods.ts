// The engine API method that runs one agent episode and stores its transcript.
import { randomUUID } from 'node:crypto';
import type { AgentRunParams, CallOptions, ChatSettings, EpisodeSummary, AgentMethods } from '../../api/contract.ts';
import { loadProgress } from '../../api/loading.ts';
import type { ChatMessage } from '../../core/agent/types.ts';
import { resultTokenBudget, STANDARD_RESULT_TOKENS } from '../../core/resultView/resultView.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { catalogAgent } from './catalogTools.ts';
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
  const chats = new ChatRepository(engine.store.db);
  const continued = params.chatId ? chats.get(params.chatId) : undefined;
  if (params.chatId && !continued) throw saidError('NotFound', { message: 'error.noChat', hint: 'error.noChat.hint', vars: { id: params.chatId } });
  const chatId = continued?.id ?? randomUUID();
  const history = continued ? chats.messages(chatId).map(({ meta: _meta, ...m }) => m as ChatMessage) : [];
  // Without a choice of tools, the question gets the ones it needs (and a continued chat keeps those it already called).
  const called = history
    .flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => catalog.list().find((t) => functionName(t.id) === c.name)?.id ?? '') : []))
    .filter((id) => id !== '');
  const tools = params.tools ?? pickToolsFor(engine, params.question, { keep: called }).tools;
  const offered = {
    kind: 'tools_offered' as const,
    tools: params.queryTool === false ? tools : offeredTools(catalog, tools),
    picked: params.tools === undefined,
  };
  const gateway = engine.gateway();
  const backend = options.backend ?? (await resolveBackend(engine, params, options.signal, loadProgress(options.onProgress)));
  try {
    if (!continued) {
      const settings: ChatSettings = {
        model: params.model,
        mode,
        ...(params.lora?.length ? { lora: params.lora } : {}),
        ...(params.tools ? { tools: params.tools } : {}),
        ...(params.snapshot ? { snapshot: params.snapshot } : {}),
        approval: params.approval ?? 'auto',
      };
      chats.create({ id: chatId, title: params.question.slice(0, 80), modelId: backend.id, mode, settings, createdAt: new Date().toISOString() });
    }
    options.onProgress?.({ stage: 'agent', chatId });
    options.onProgress?.({ stage: 'agent', agentEvent: offered });
    const approvals = engine.approvals;
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
      },
      temperature: params.temperature,
      seed: params.seed,
      signal: options.signal,
      approve:
        params.approval === 'ask'
          ? (call) =>
              approvals.ask({
                chatId,
                tool: call.tool,
                arguments: call.arguments,
                signal: options.signal,
                onAsk: (id) =>
                  options.onProgress?.({
                    stage: 'agent',
                    agentEvent: { kind: 'approval', id, step: call.step, callId: call.callId, tool: call.tool, arguments: call.arguments },
                  }),
              })
          : undefined,
      // A continued chat keeps its first system message; later ones would repeat it.
      onMessage: (message, meta) => (continued && message.role === 'system' ? undefined : chats.append(chatId, message, meta, new Date())),
      onEvent: (event) => options.onProgress?.({ stage: 'agent', agentEvent: event }),
    });
    const episode = await agent.run(params.question, history);
    return {
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
    };
  } finally {
    if (!options.backend) await backend.dispose();
  }
}

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
