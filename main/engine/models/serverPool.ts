// Several OpenAI-compatible servers (vLLM or llama.cpp server replicas on the agency network) as one backend: each
// turn goes to the member with the most free room (each has its own concurrency), a member that fails to answer is
// set aside for a while and the turn is asked of another one, so an attempt whose server stops goes on elsewhere
// with the same conversation. Members are checked with one token when the pool opens.
import type { ChatMessage, ModelTool, ModelTurn } from '../../core/agent/types.ts';
import { isKopaError } from '../../core/errors.ts';
import type { ServerCheckResult } from '../../api/contract.ts';
import type { ModelBackend, TurnOptions } from './backend.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export interface PoolMemberBackend extends ModelBackend {
  check(signal?: AbortSignal): Promise<ServerCheckResult>;
}

export interface ServerPoolOptions {
  /** How long a member that failed is left out before it is tried again. Defaults to 10 000 ms. */
  retryAfterMs?: number;
  /** The clock (tests). Defaults to Date.now. */
  now?: () => number;
}

interface Member {
  backend: PoolMemberBackend;
  concurrency: number;
  active: number;
  /** Left out until this time after a failure. */
  downUntil: number;
  lastError?: string;
}

export interface PoolMemberStatus {
  id: string;
  concurrency: number;
  ok: boolean;
  message?: string;
}

export class ServerPool implements ModelBackend {
  readonly id: string;
  private readonly members: Member[];
  private readonly retryAfterMs: number;
  private readonly now: () => number;

  constructor(members: { backend: PoolMemberBackend; concurrency: number }[], options: ServerPoolOptions = {}) {
    if (members.length === 0) throw saidError('Usage', { message: 'error.poolEmpty', vars: { prefix: 'pool:' } });
    this.members = members.map((m) => ({ ...m, active: 0, downUntil: 0 }));
    this.retryAfterMs = options.retryAfterMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.id = `pool:${members.map((m) => m.backend.id).join(',')}`;
  }

  /** Asks every member for one token; those that do not answer are left out for now. Refuses a pool none answers. */
  async open(signal?: AbortSignal): Promise<PoolMemberStatus[]> {
    const checks = await Promise.all(this.members.map((m) => m.backend.check(signal)));
    checks.forEach((c, i) => {
      if (!c.ok) this.setAside(this.members[i]!, c.message);
    });
    if (checks.every((c) => !c.ok)) {
      throw saidError('RuntimeUnavailable', {
        message: 'error.poolSilent',
        hint: 'error.poolSilent.hint',
        vars: { problems: checks.map((c, i) => `${this.members[i]!.backend.id}: ${c.message}`).join('; ') },
      });
    }
    return this.status();
  }

  status(): PoolMemberStatus[] {
    const now = this.now();
    return this.members.map((m) => ({
      id: m.backend.id,
      concurrency: m.concurrency,
      ok: m.downUntil <= now,
      ...(m.lastError ? { message: m.lastError } : {}),
    }));
  }

  async turn(messages: ChatMessage[], tools: ModelTool[], options: TurnOptions): Promise<ModelTurn> {
    const tried = new Set<Member>();
    let failure: unknown;
    for (;;) {
      const member = this.pick(tried);
      if (!member) {
        throw (
          failure ??
          saidError('RuntimeUnavailable', { message: 'error.poolBusy', hint: 'error.poolBusy.hint', vars: { seconds: Math.round(this.retryAfterMs / 1000) } })
        );
      }
      tried.add(member);
      member.active++;
      try {
        return await member.backend.turn(messages, tools, options);
      } catch (error) {
        // Only a server that did not answer is set aside; a refusal of the request itself would fail anywhere.
        if (options.signal?.aborted || !isKopaError(error) || error.code !== 'RuntimeUnavailable') throw error;
        this.setAside(member, error.message);
        failure = error;
      } finally {
        member.active--;
      }
    }
  }

  /** The answering member with the most free room that this turn has not tried yet. */
  private pick(tried: Set<Member>): Member | undefined {
    const now = this.now();
    const candidates = this.members.filter((m) => !tried.has(m) && m.downUntil <= now);
    candidates.sort((a, b) => a.active / a.concurrency - b.active / b.concurrency);
    return candidates[0];
  }

  private setAside(member: Member, message: string): void {
    member.downUntil = this.now() + this.retryAfterMs;
    member.lastError = message;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.members.map((m) => m.backend.dispose()));
  }
}
