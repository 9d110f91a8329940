// Per-call approval across every transport: the engine asks by an agent event carrying an approval id and waits;
// the client answers with another call (`agent.approve`). Nothing about it depends on how calls travel, so the
// desktop's MessagePort, browser mode's WebSocket and the terminal chat share it. An unanswered request ends as a
// denial the model reads; an aborted episode stops waiting at once.
import { randomUUID } from 'node:crypto';
import type { CallRefusal } from '../../core/agent/callRefusal.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export type ApprovalAnswer = 'once' | 'always' | 'deny';

/** What the agent does with a call: run it, or refuse it (the model reads why as the result). */
export type ApprovalDecision = { allow: true } | { allow: false; refusal: Extract<CallRefusal, { kind: 'denied' | 'unanswered' }> };

export interface ApprovalRequest {
  /** The chat the call belongs to: "always" allows the tool for the rest of that chat. */
  chatId: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** Told the id before the wait starts, so the client can show the question. */
  onAsk: (id: string) => void;
  signal?: AbortSignal;
  /** Milliseconds to wait for an answer. Defaults to the broker's. */
  timeoutMs?: number;
}

export interface ApprovalBrokerOptions {
  /** Milliseconds an unanswered request waits before it is denied. Defaults to 10 minutes. */
  timeoutMs?: number;
}

interface Waiting {
  chatId: string;
  tool: string;
  settle: (decision: ApprovalDecision) => void;
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

export class ApprovalBroker {
  private readonly waiting = new Map<string, Waiting>();
  /** Tools a user allowed for the rest of a chat. */
  private readonly allowed = new Map<string, Set<string>>();
  private readonly timeoutMs: number;

  constructor(options: ApprovalBrokerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Whether the user already allowed this tool for the rest of the chat. */
  alwaysAllowed(chatId: string, tool: string): boolean {
    return this.allowed.get(chatId)?.has(tool) ?? false;
  }

  ask(request: ApprovalRequest): Promise<ApprovalDecision> {
    if (this.alwaysAllowed(request.chatId, request.tool)) return Promise.resolve({ allow: true });
    if (request.signal?.aborted) return Promise.reject(saidError('Aborted', { message: 'error.episodeStopped' }));
    const id = randomUUID();
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const timeoutMs = request.timeoutMs ?? this.timeoutMs;
      const timer = setTimeout(() => settle({ allow: false, refusal: { kind: 'unanswered', waitedMs: timeoutMs } }), timeoutMs);
      const onAbort = (): void => {
        cleanup();
        reject(saidError('Aborted', { message: 'error.episodeStoppedApproval' }));
      };
      const cleanup = (): void => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        this.waiting.delete(id);
      };
      const settle = (decision: ApprovalDecision): void => {
        cleanup();
        resolve(decision);
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(id, { chatId: request.chatId, tool: request.tool, settle });
      request.onAsk(id);
    });
  }

  /** The user's answer to request `id`. */
  answer(id: string, answer: ApprovalAnswer, reason?: string): { tool: string; answer: ApprovalAnswer } {
    const waiting = this.waiting.get(id);
    if (!waiting) throw saidError('NotFound', { message: 'error.noApproval', vars: { id } });
    if (answer === 'always') {
      const tools = this.allowed.get(waiting.chatId) ?? new Set<string>();
      tools.add(waiting.tool);
      this.allowed.set(waiting.chatId, tools);
    }
    const why = reason?.trim();
    waiting.settle(answer === 'deny' ? { allow: false, refusal: { kind: 'denied', ...(why ? { why } : {}) } } : { allow: true });
    return { tool: waiting.tool, answer };
  }

  /** Forgets what was allowed in a chat (it was deleted). */
  forget(chatId: string): void {
    this.allowed.delete(chatId);
  }
}
