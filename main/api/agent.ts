// The agent and its chats: running an episode, approving a call, and the stored conversations.
import type { CallRefusal } from '../core/agent/callRefusal.ts';
import type { Claim } from '../core/answer/claim.ts';
import type { ChatMessage, StopReason } from '../core/agent/types.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import { z } from 'zod';
import { text, mode, serverIdleTimeout, speculation, type MethodSchemas } from './shared.ts';
import type { SpeculationParam } from './models.ts';

export interface AgentRunParams {
  question: string;
  /** Continue this chat: its earlier messages are the conversation so far. Defaults to a new chat. */
  chatId?: string;
  /** A registered model id, a .gguf path, openai:URL#MODEL of a registered server, or scripted:FILE. */
  model: string;
  /** LoRA adapters (registered ids or paths) applied to a local model. */
  lora?: string[];
  /** auto: the model family's chat wrapper; jinja: the GGUF's own template, as the trainer renders it (format parity). */
  chatWrapper?: 'auto' | 'jinja';
  /** How strongly the adapters apply: 0 is the base model, 1 the adapter as trained. Defaults to 1. */
  loraScale?: number;
  /**
   * Tool ids offered. Defaults to the tools the question needs (core/agent/toolPick.ts: about 8, with what the EDGE
   * graph says must come before them), plus those a continued chat already called.
   */
  tools?: string[];
  /** Backend the tools run on. Defaults to emulator. */
  mode?: GatewayMode;
  snapshot?: string;
  /** ISO moment "now" is for the model. Defaults to the backend's clock. */
  asOf?: string;
  maxSteps?: number;
  systemPrompt?: string;
  firstToolChoice?: 'auto' | 'required';
  /** Tool-call mode of a local model. Defaults to the model's own. */
  toolCalling?: 'auto' | 'native' | 'grammar';
  maxTokens?: number;
  temperature?: number;
  seed?: number;
  /** Local model context size. Defaults to the model's trained length, capped at 16,384. */
  contextSize?: number;
  /** An inference server: how long it may send nothing before a turn is given up. Defaults to its registration's, else 60 s. */
  serverIdleTimeoutMs?: number;
  /**
   * Estimated tokens of one tool result the model sees (the result view's budget). Defaults to an eighth of a local
   * model's context (256–4,096), or the standard view's 1,024 for other backends.
   */
  resultTokens?: number;
  /** Offer the query tool (local.queryRows) wherever a remote tool is offered. Defaults to true. */
  queryTool?: boolean;
  /**
   * auto (default): calls run as the model makes them; ask: each call that leaves the machine waits for the user's
   * answer (`agent.approve`), announced by an "approval" agent event.
   */
  approval?: 'auto' | 'ask';
  /** Speculative decoding for a local model (SpeculationParam). Defaults to off. */
  speculation?: SpeculationParam;
}

/** What a chat keeps of how it was started, so a continued chat runs the same way. */
export interface ChatSettings {
  model: string;
  lora?: string[];
  tools?: string[];
  mode: GatewayMode;
  snapshot?: string;
  approval?: 'auto' | 'ask';
}

export interface ChatInfo {
  id: string;
  title: string;
  modelId: string | null;
  mode: string;
  settings: ChatSettings | null;
  /** Questions asked in it. */
  questions: number;
  createdAt: string;
  updatedAt: string;
}

/** A stored message with its place in the chat and what the engine noted about it (a call's tool, latency, preview…). */
export type TranscriptMessage = ChatMessage & { seq: number; createdAt: string; meta?: Record<string, unknown> };

export interface ChatTranscript {
  chat: ChatInfo;
  messages: TranscriptMessage[];
}

export interface ChatExport {
  format: 'md' | 'json';
  /** A file name to save it under. */
  fileName: string;
  content: string;
}

export interface EpisodeSummary {
  chatId: string;
  answer: string | null;
  /** The answer the episode committed to (null: none). */
  claim: Claim | null;
  stoppedBy: StopReason;
  backend: string;
  turns: number;
  /** `rows` came back; `shown` of them were in the model's view of result `handle`. */
  calls: {
    step: number;
    tool: string;
    arguments: Record<string, unknown>;
    ok: boolean;
    resultCode: string | null;
    refused?: string;
    refusal?: CallRefusal;
    rows: number;
    handle?: string;
    shown?: number;
    ms: number;
  }[];
  usage: { inputTokens: number; outputTokens: number };
  ms: number;
}

/** Parameters and result of each method. */
export interface AgentMethods {
  'agent.run': { params: AgentRunParams; result: EpisodeSummary };
  /** The user's answer to a call waiting for approval (the id of its "approval" agent event). */
  'agent.approve': {
    params: { id: string; answer: 'once' | 'always' | 'deny'; reason?: string };
    result: { tool: string; answer: 'once' | 'always' | 'deny' };
  };
  'chats.list': { params: { search?: string }; result: ChatInfo[] };
  'chats.get': { params: { id: string }; result: ChatTranscript };
  'chats.rename': { params: { id: string; title: string }; result: ChatInfo };
  'chats.remove': { params: { id: string }; result: ChatInfo };
  /** Drops question `fromSeq` and everything after it, to ask it again or edited. */
  'chats.truncate': { params: { id: string; fromSeq: number }; result: ChatTranscript };
  'chats.export': { params: { id: string; format: 'md' | 'json' }; result: ChatExport };
}

export const agentSchemas: MethodSchemas<AgentMethods> = {
  'agent.run': z
    .object({
      question: z.string().min(1).max(20_000),
      chatId: text.optional(),
      model: text,
      lora: z.array(text).max(8).optional(),
      chatWrapper: z.enum(['auto', 'jinja']).optional(),
      loraScale: z.number().min(0).max(4).optional(),
      tools: z.array(text).min(1).max(500).optional(),
      mode: mode.optional(),
      snapshot: text.optional(),
      asOf: z.iso.datetime({ offset: true }).optional(),
      maxSteps: z.number().int().min(1).max(50).optional(),
      systemPrompt: z.string().max(20_000).optional(),
      firstToolChoice: z.enum(['auto', 'required']).optional(),
      toolCalling: z.enum(['auto', 'native', 'grammar']).optional(),
      maxTokens: z.number().int().min(1).max(32_768).optional(),
      temperature: z.number().min(0).max(2).optional(),
      seed: z.number().int().optional(),
      contextSize: z.number().int().min(128).max(1_048_576).optional(),
      serverIdleTimeoutMs: serverIdleTimeout.optional(),
      resultTokens: z.number().int().min(64).max(65_536).optional(),
      queryTool: z.boolean().optional(),
      approval: z.enum(['auto', 'ask']).optional(),
      speculation: speculation.optional(),
    })
    .strict(),
  'agent.approve': z.object({ id: text, answer: z.enum(['once', 'always', 'deny']), reason: z.string().max(2000).optional() }).strict(),
  'chats.list': z.object({ search: z.string().max(200).optional() }).strict(),
  'chats.get': z.object({ id: text }).strict(),
  'chats.rename': z.object({ id: text, title: z.string().min(1).max(200) }).strict(),
  'chats.remove': z.object({ id: text }).strict(),
  'chats.truncate': z.object({ id: text, fromSeq: z.number().int().min(1) }).strict(),
  'chats.export': z.object({ id: text, format: z.enum(['md', 'json']) }).strict(),
};
