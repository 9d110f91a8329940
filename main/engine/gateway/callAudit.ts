// What the gateway puts on the audit log for each call: a replayed or emulated call once it has its outcome; a call to
// an agency hop by hop, each hop committed before its socket opens and completed when it ends (a hop refused before
// any socket as NotAllowed); a request to a registered model server as what it is (mode "model", never the prompt).
import type { RemoteToolSpec } from '../../core/catalog/types.ts';
import { MODEL_CALL_MODE, type ParsedOutcome } from '../../core/gateway/callResult.ts';
import type { CallOrigin } from '../../core/gateway/callOrigin.ts';
import type { AuditEntry } from '../audit/AuditRepository.ts';
import type { AuditWriter } from '../audit/auditWriter.ts';
import type { HopAudit, HopOutcome } from './httpClient.ts';

/** One request to a registered model server, as the audit log keeps it: never the prompt, only its hash. */
export interface ModelCallRecord {
  serverId: string;
  url: URL;
  bodyHash: string;
  origin?: CallOrigin;
}

/** One call of a tool, as each of its audit entries names it. */
export interface AuditedCall {
  spec: RemoteToolSpec;
  mode: string;
  requestHash: string;
  origin: CallOrigin | undefined;
}

const ms = (latencyMs: number): number => Math.round(latencyMs * 1000) / 1000;

export class CallAudit {
  /**
   * @param writer where entries go (its chain and checkpoints are its own)
   * @param now the gateway's clock
   * @param enabled false for a gateway that writes no audit (a throwaway engine in tests); every method is then a no-op
   */
  constructor(
    private readonly writer: AuditWriter,
    private readonly now: () => Date,
    private readonly enabled: boolean,
  ) {}

  /** An entry not yet ended: what was asked, of which host, when. */
  private draft(toolId: string, url: URL, method: string, mode: string, argsHash: string, origin: CallOrigin | undefined): AuditEntry {
    return {
      ...(origin ? { origin } : {}),
      at: this.now().toISOString(),
      toolId,
      method,
      host: url.host,
      path: url.pathname,
      argsHash,
      resultCode: null,
      errorKind: null,
      bytes: 0,
      latencyMs: 0,
      mode,
    };
  }

  private entry(call: AuditedCall, url: URL, method: string): AuditEntry {
    return this.draft(call.spec.id, url, method, call.mode, call.requestHash, call.origin);
  }

  /** Commits `draft` now; the returned function ends it with its outcome. */
  private async begin(draft: AuditEntry): Promise<(outcome: HopOutcome) => Promise<void>> {
    const id = await this.writer.begin(draft);
    return (outcome) => this.writer.finish(id, { ...draft, ...outcome, latencyMs: ms(outcome.latencyMs) });
  }

  /** A call answered without a hop of its own (replay, the emulator in process): on record with its outcome. */
  async write(call: AuditedCall, url: URL, outcome: ParsedOutcome, bytes: number, latencyMs: number): Promise<void> {
    if (!this.enabled) return;
    await this.writer.write({
      ...this.entry(call, url, call.spec.endpoint.method),
      resultCode: outcome.resultCode,
      errorKind: outcome.error?.kind ?? null,
      bytes,
      latencyMs: ms(latencyMs),
    });
  }

  /** Every hop of a call on record with its real host (the URL the request was for where a refused one is not a URL). */
  hops(call: AuditedCall, requested: URL): HopAudit {
    return {
      begin: async (url, method) => (this.enabled ? this.begin(this.entry(call, url, method)) : async () => undefined),
      refused: async (url, method) => {
        if (!this.enabled) return;
        await this.writer.write({ ...this.entry(call, url ?? requested, method), errorKind: 'NotAllowed' });
      },
    };
  }

  /** A request to a model server, begun before it is sent; the returned function ends it when its answer ends. */
  async beginModelCall(call: ModelCallRecord): Promise<(outcome: HopOutcome) => Promise<void>> {
    if (!this.enabled) return async () => undefined;
    return this.begin(this.draft(`model:${call.serverId}`, call.url, 'POST', MODEL_CALL_MODE, call.bodyHash, call.origin));
  }
}
