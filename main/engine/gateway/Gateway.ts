// The one way out for every tool call, in every mode. Arguments are validated before anything else (every
// violation reported, no request made); the URL is allowlist-checked before a socket opens; keys come from the
// key store and are scrubbed from everything that leaves; each outbound attempt is audited; record mode keeps the
// response, replay mode answers only from recordings.
import { EMULATOR_NOW_HEADER } from '../../core/gateway/emulatorClock.ts';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/canonicalJson.ts';
import type { Catalog } from '../../core/catalog/Catalog.ts';
import { localTools, type LocalToolName } from '../../core/catalog/localTools.ts';
import { isRemote, type RemoteToolSpec, type ToolSpec } from '../../core/catalog/types.ts';
import { checkAllowed } from '../../core/gateway/allowlist.ts';
import { buildRequest } from '../../core/gateway/buildRequest.ts';
import { failure, type CallResult, type CallSource, type GatewayMode, type ParsedOutcome, type RawBody } from '../../core/gateway/callResult.ts';
import type { QuotaUsage } from '../../api/contract.ts';
import { decodeBody } from './decodeBody.ts';
import { interpretResponse, parseBody, type RawResponse } from '../../core/gateway/interpret.ts';
import type { Store } from '../store/Store.ts';
import { AuditRepository } from '../audit/AuditRepository.ts';
import type { CallOrigin } from '../../core/gateway/callOrigin.ts';
import { QuotaRepository } from '../store/repositories/QuotaRepository.ts';
import { RecordingRepository } from '../store/repositories/RecordingRepository.ts';
import { HttpClient, HttpFailure, type HopOutcome, type HostTarget } from './httpClient.ts';
import { keyEnvName, redactKeys, redactValue, SingleKeyStore, type KeyStore } from './keyStore.ts';
import type { AuditCheckpoints } from '../audit/auditCheckpoints.ts';
import { AuditWriter } from '../audit/auditWriter.ts';
import { CallAudit, type ModelCallRecord } from './callAudit.ts';
import { QuotaTracker } from './quotaTracker.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export interface EmulatorEndpoint {
  host: string;
  port: number;
  /** The key the emulator accepts. */
  key: string;
}

export interface GatewayOptions {
  catalog: Catalog;
  store: Store;
  keys: KeyStore;
  /** Starts (once) and returns the in-process emulator that emulator mode talks to. */
  emulator: () => Promise<EmulatorEndpoint>;
  /** Live and record modes send every catalog host here instead (e.g. http://127.0.0.1:8080 for an emulator). Defaults to the real hosts. */
  apiBase?: string;
  /** Per-attempt timeout. Defaults to 10 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt, for transient failures only. Defaults to 2. */
  retries?: number;
  /** Base of the jittered exponential backoff. Defaults to 200 ms. */
  backoffMs?: number;
  /** Largest response accepted. Defaults to 16 MiB. */
  maxResponseBytes?: number;
  /** Write an audit entry per call. Defaults to true. */
  audit?: boolean;
  /** Where the chain's head is written outside the database (every 100 entries and at close). Defaults to none. */
  checkpoints?: AuditCheckpoints;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface GatewayCallOptions {
  /** Defaults to the gateway's default mode (emulator unless configured). */
  mode?: GatewayMode;
  /** Snapshot to record into or replay from. Record defaults to "default"; replay defaults to the newest recording in any snapshot. */
  snapshot?: string;
  signal?: AbortSignal;
  /**
   * Emulator mode: the moment the emulator answers for, instead of its own clock. Benchmark tasks are asked at
   * their own moments, several at once.
   */
  emulatorNow?: Date;
  /** Return the body as the service sent it (keys scrubbed) beside the normalised rows. Defaults to false. */
  raw?: boolean;
  /** What asked for the call (a chat, a single call, a kind of job), kept in the audit log. Defaults to none. */
  origin?: CallOrigin;
}

/** The most of a raw body a result carries for people to read; the rows are what programs use. */
const RAW_BODY_CHARS = 256 * 1024;

function rawBody(status: number, contentType: string, body: string): RawBody {
  return { status, contentType, body: body.slice(0, RAW_BODY_CHARS), truncated: body.length > RAW_BODY_CHARS };
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const elapsed = (since: number): number => Math.round((performance.now() - since) * 1000) / 1000;

export class Gateway implements Disposable {
  private readonly options: GatewayOptions;
  private readonly audit: AuditRepository;
  private readonly auditWriter: AuditWriter;
  private readonly callAudit: CallAudit;
  private readonly recordings: RecordingRepository;
  private readonly quota: QuotaTracker;
  private readonly specVersions = new Map<string, string>();
  private readonly clients = new Map<string, HttpClient>();
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly apiBase: HostTarget | undefined;

  constructor(options: GatewayOptions) {
    this.options = options;
    this.audit = new AuditRepository(options.store.db);
    this.auditWriter = new AuditWriter(this.audit, options.checkpoints);
    this.recordings = new RecordingRepository(options.store.db);
    this.now = options.now ?? (() => new Date());
    this.callAudit = new CallAudit(this.auditWriter, this.now, options.audit !== false);
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;
    this.quota = new QuotaTracker(new QuotaRepository(options.store.db), this.now, this.sleep);
    this.apiBase = options.apiBase ? parseBase(options.apiBase) : undefined;
  }

  get catalog(): Catalog {
    return this.options.catalog;
  }

  /** The spec's version: a hash of its canonical JSON, part of every request hash. */
  specVersion(spec: ToolSpec): string {
    let version = this.specVersions.get(spec.id);
    if (!version) {
      version = sha256(canonicalJson(spec)).slice(0, 16);
      this.specVersions.set(spec.id, version);
    }
    return version;
  }

  requestHash(spec: ToolSpec, args: Record<string, unknown>): string {
    return sha256(canonicalJson([spec.id, args, this.specVersion(spec)]));
  }

  async call(toolId: string, rawArgs: unknown, options: GatewayCallOptions = {}): Promise<CallResult> {
    const spec = this.options.catalog.require(toolId);
    const mode = options.mode ?? 'emulator';
    const started = performance.now();
    const checked = this.options.catalog.validator(toolId).check(rawArgs);
    if (!checked.ok) {
      const list = checked.violations.map((v) => `${v.path || '(arguments)'} ${v.message}`).join('; ');
      const outcome = failure('InvalidParam', `Invalid arguments for ${toolId}: ${list}. No request was made.`, {
        retryable: false,
        violations: checked.violations,
      });
      return this.result(spec, outcome, sourceOf(spec, mode), '', elapsed(started));
    }
    const args = checked.args;
    const requestHash = this.requestHash(spec, args);
    if (spec.kind === 'query') {
      const outcome = failure(
        'InvalidParam',
        `${toolId} reads the earlier results of an agent episode or a plan by their handles; there are none outside one. No request was made.`,
        { retryable: false },
      );
      return this.result(spec, outcome, 'local', requestHash, elapsed(started));
    }
    if (!isRemote(spec)) {
      const output = localTools[spec.function as LocalToolName](args);
      return this.result(
        spec,
        { ok: true, items: [output], totalCount: 1, page: null, resultCode: null, resultMessage: null, error: null, warnings: [] },
        'local',
        requestHash,
        elapsed(started),
      );
    }
    if (mode === 'replay') return this.replay(spec, args, requestHash, options, started);
    return this.send(spec, args, requestHash, mode, options, started);
  }

  /** Interprets a saved raw response as the gateway would (`kopa gateway parse`): bytes, decoded by their charset. */
  parse(toolId: string, raw: { status: number; contentType: string; body: Uint8Array }): ParsedOutcome {
    const spec = this.options.catalog.require(toolId);
    if (!isRemote(spec)) throw saidError('Usage', { message: 'error.localNoParse', vars: { tool: toolId } });
    return this.interpretBytes(spec, raw.status, raw.contentType, raw.body, this.options.keys);
  }

  private interpretBytes(spec: RemoteToolSpec, status: number, contentType: string, body: Uint8Array, keys: KeyStore): ParsedOutcome {
    const decoded = decodeBody(body, contentType);
    const outcome = interpretResponse(spec, scrubbed({ status, contentType, body: decoded.text }, keys));
    outcome.warnings.push(...decoded.warnings);
    return outcome;
  }

  private async replay(
    spec: RemoteToolSpec,
    args: Record<string, unknown>,
    requestHash: string,
    options: GatewayCallOptions,
    started: number,
  ): Promise<CallResult> {
    const snapshot = options.snapshot;
    const recording = this.recordings.find(requestHash, snapshot);
    const url = new URL(`${spec.endpoint.scheme}://${spec.endpoint.host}${spec.endpoint.path}`);
    if (!recording) {
      const where = snapshot ? `snapshot "${snapshot}"` : 'any snapshot';
      const unknown = snapshot !== undefined && this.recordings.snapshotId(snapshot) === undefined;
      const outcome = unknown
        ? failure(
            'ReplayMiss',
            `There is no snapshot "${snapshot}": nothing was ever recorded or imported under that name. kopa snapshots lists the snapshots there are.`,
            { retryable: false, said: { key: 'call.said.noSnapshot', vars: { snapshot: snapshot! } } },
          )
        : failure(
            'ReplayMiss',
            `No recording of ${spec.id} ${canonicalJson(args)} (request ${requestHash.slice(0, 12)}) in ${where}. Replay never makes up an answer: record it on a connected machine and import the bundle.`,
            {
              retryable: false,
              said: snapshot
                ? { key: 'call.said.noRecordingIn', vars: { tool: spec.id, snapshot } }
                : { key: 'call.said.noRecording', vars: { tool: spec.id } },
            },
          );
      await this.callAudit.write({ spec, mode: 'replay', requestHash, origin: options.origin }, url, outcome, 0, elapsed(started));
      return this.result(spec, outcome, 'replay', requestHash, elapsed(started));
    }
    const outcome = this.interpretBytes(spec, recording.httpStatus, recording.contentType, recording.body, this.options.keys);
    await this.callAudit.write({ spec, mode: 'replay', requestHash, origin: options.origin }, url, outcome, recording.body.length, elapsed(started));
    // A replay reports the latency the live call had, so replayed results are identical wherever they are replayed.
    const result = this.result(spec, outcome, 'replay', requestHash, recording.latencyMs);
    if (options.raw) {
      const kept = scrubbed(
        { status: recording.httpStatus, contentType: recording.contentType, body: decodeBody(recording.body, recording.contentType).text },
        this.options.keys,
      );
      result.raw = rawBody(kept.status, kept.contentType, kept.body);
    }
    return result;
  }

  private async send(
    spec: RemoteToolSpec,
    args: Record<string, unknown>,
    requestHash: string,
    mode: Exclude<GatewayMode, 'replay'>,
    options: GatewayCallOptions,
    started: number,
  ): Promise<CallResult> {
    const source: CallSource = mode === 'emulator' ? 'emulator' : 'live';
    const way = await this.wayFor(spec, mode);
    if ('refusal' in way) return this.result(spec, way.refusal, source, requestHash, elapsed(started));
    const { keys, route, key } = way;
    if (mode !== 'emulator') {
      const verdict = await this.quota.reserve(spec.quota);
      if (!verdict.ok) return this.result(spec, failure('Quota', verdict.message, { retryable: false }), source, requestHash, elapsed(started));
    }
    const request = buildRequest(spec, args, key);
    if (mode === 'emulator' && options.emulatorNow) request.headers[EMULATOR_NOW_HEADER] = options.emulatorNow.toISOString();
    const audit = this.callAudit.hops({ spec, mode, requestHash, origin: options.origin }, new URL(request.redactedUrl));
    const { outcome, lastRaw } = await this.sendWithRetries(spec, request, { route, keys, audit, signal: options.signal });
    const latencyMs = elapsed(started);
    if (mode === 'record' && lastRaw) this.record(spec, args, requestHash, lastRaw, latencyMs, options.snapshot);
    const result = this.result(spec, outcome, source, requestHash, latencyMs);
    if (options.raw && lastRaw) result.raw = rawBody(lastRaw.status, lastRaw.contentType, lastRaw.body);
    return result;
  }

  /**
   * Where a call goes and with which key: the emulator on loopback with its own key, or the service's host with the
   * user's key, refused before anything is sent when the key is not granted to that host or not set.
   */
  private async wayFor(
    spec: RemoteToolSpec,
    mode: Exclude<GatewayMode, 'replay'>,
  ): Promise<{ keys: KeyStore; route: HostTarget | undefined; key: string | undefined } | { refusal: ParsedOutcome }> {
    if (mode === 'emulator') {
      const emulator = await this.options.emulator();
      const keys: KeyStore = new SingleKeyStore(emulator.key);
      return {
        keys,
        route: { protocol: 'http:', hostname: emulator.host, port: emulator.port },
        key: spec.auth.kind === 'none' ? undefined : keys.get(spec.auth.keyId),
      };
    }
    if (!this.options.catalog.keyMayGoTo(spec)) {
      return {
        refusal: failure(
          'NotAllowed',
          `${spec.id} names ${spec.endpoint.host}, which is not among the hosts the ${spec.auth.keyId} key is sent to; the key was not sent. Grant it in catalog/key-grants.json if that host really takes this key.`,
          { retryable: false, said: { key: 'call.said.keyNotGranted', vars: { tool: spec.id, host: spec.endpoint.host, keyId: spec.auth.keyId } } },
        ),
      };
    }
    const keys = this.options.keys;
    const key = spec.auth.kind === 'none' ? undefined : keys.get(spec.auth.keyId);
    if (spec.auth.kind !== 'none' && key === undefined) {
      return {
        refusal: failure(
          'BadKey',
          `No ${spec.auth.keyId} key is set, so ${spec.id} cannot be called live. Set ${keyEnvName(spec.auth.keyId)}, or use the emulator or replay mode.`,
          { retryable: false, said: { key: 'call.said.noKey', vars: { tool: spec.id, keyId: spec.auth.keyId, env: keyEnvName(spec.auth.keyId) } } },
        ),
      };
    }
    return { keys, route: this.apiBase, key };
  }

  /** Sends a request, again after a backoff while the failure is one a retry can mend, each hop audited. */
  private async sendWithRetries(
    spec: RemoteToolSpec,
    request: ReturnType<typeof buildRequest>,
    via: { route: HostTarget | undefined; keys: KeyStore; audit: ReturnType<CallAudit['hops']>; signal: AbortSignal | undefined },
  ): Promise<{ outcome: ParsedOutcome; lastRaw: RawResponse | undefined }> {
    const client = this.client(via.route);
    const allowlist = this.options.catalog.allowlist();
    const attempts = 1 + (this.options.retries ?? 2);
    let outcome: ParsedOutcome = failure('Upstream', 'No attempt was made.');
    let lastRaw: RawResponse | undefined;
    let asked: number | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await this.backoff(attempt, via.signal, asked);
      const attemptStart = performance.now();
      const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 10_000);
      const signal = via.signal ? AbortSignal.any([via.signal, timeout]) : timeout;
      try {
        const response = await client.send(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          allow: (url, method) => checkAllowed(url, method, allowlist),
          audit: via.audit,
          signal,
        });
        const decoded = decodeBody(response.body, response.contentType);
        // What is kept (recordings) is UTF-8 text without the key, so its type says UTF-8 whatever the wire said.
        lastRaw = scrubbed({ status: response.status, contentType: utf8ContentType(response.contentType), body: decoded.text }, via.keys);
        outcome = interpretResponse(spec, lastRaw);
        outcome.warnings.push(...decoded.warnings);
        await response.finish({
          resultCode: outcome.resultCode,
          errorKind: outcome.error?.kind ?? null,
          bytes: response.body.length,
          latencyMs: performance.now() - attemptStart,
        });
        asked = response.retryAfterMs;
        outcome = waitingTooLongEnds(outcome, asked);
      } catch (error) {
        if (via.signal?.aborted) throw saidError('Aborted', { message: 'error.callCancelled', vars: { tool: spec.id } });
        if (!(error instanceof HttpFailure)) throw error;
        outcome = failure(error.kind, redactKeys(error.message, via.keys), { retryable: error.retryable });
        lastRaw = undefined;
        asked = undefined;
      }
      if (outcome.ok || !outcome.error?.retryable || outcome.error.kind === 'NotAllowed') break;
    }
    return { outcome, lastRaw };
  }

  private record(
    spec: RemoteToolSpec,
    args: Record<string, unknown>,
    requestHash: string,
    raw: RawResponse,
    latencyMs: number,
    snapshot: string | undefined,
  ): void {
    const snapshotId = this.recordings.ensureSnapshot(snapshot ?? 'default');
    this.recordings.save(snapshotId, {
      requestHash,
      toolId: spec.id,
      specVersion: this.specVersion(spec),
      argsJson: canonicalJson(args),
      httpStatus: raw.status,
      contentType: raw.contentType,
      body: Buffer.from(raw.body, 'utf8'),
      recordedAt: this.now().toISOString(),
      latencyMs,
    });
  }

  /** Full-jitter exponential backoff, or as long as the service asked (Retry-After) when it asked for longer. */
  private async backoff(attempt: number, signal: AbortSignal | undefined, askedMs?: number): Promise<void> {
    const cap = 2000;
    const base = this.options.backoffMs ?? 200;
    await this.sleep(Math.max(askedMs ?? 0, this.random() * Math.min(cap, base * 2 ** (attempt - 1))));
    if (signal?.aborted) throw saidError('Aborted', { message: 'error.callCancelledPlain' });
  }

  private client(route: HostTarget | undefined): HttpClient {
    const key = route ? `${route.protocol}//${route.hostname}:${route.port}` : 'direct';
    let client = this.clients.get(key);
    if (!client) {
      client = new HttpClient({ maxResponseBytes: this.options.maxResponseBytes, route: route ? () => route : undefined });
      this.clients.set(key, client);
    }
    return client;
  }

  /**
   * A request to a registered model server, on record like the API calls (before it is sent, ended when its answer
   * ends) but as what it is: mode "model", the tool id `model:SERVER`, the hash of the request body.
   */
  beginModelCall(call: ModelCallRecord): Promise<(outcome: HopOutcome) => Promise<void>> {
    return this.callAudit.beginModelCall(call);
  }

  private result(spec: ToolSpec, outcome: ParsedOutcome, source: CallSource, requestHash: string, latencyMs: number): CallResult {
    return { ...outcome, tool: spec.id, source, requestHash, latencyMs };
  }

  /** Each quota group's limits and the calls it counted today (KST), or only the group of one tool. */
  quotaUsage(toolId?: string): QuotaUsage[] {
    const groups = new Map<string, QuotaUsage>();
    const specs = toolId === undefined ? this.options.catalog.list() : [this.options.catalog.require(toolId)];
    for (const spec of specs) {
      if (!isRemote(spec) || !spec.quota) continue;
      const usage = groups.get(spec.quota.group) ?? {
        group: spec.quota.group,
        perDay: spec.quota.perDay ?? null,
        perSecond: spec.quota.perSecond ?? null,
        usedToday: this.quota.usedToday(spec.quota.group),
        tools: [],
      };
      usage.tools.push(spec.id);
      groups.set(spec.quota.group, usage);
    }
    return [...groups.values()];
  }

  /** Calls left today for every quota group with a daily limit (what live verification may spend). */
  quotaLeft(): Map<string, number> {
    const left = new Map<string, number>();
    for (const spec of this.options.catalog.remoteTools()) {
      if (spec.quota?.perDay === undefined || left.has(spec.quota.group)) continue;
      left.set(spec.quota.group, Math.max(0, spec.quota.perDay - this.quota.usedToday(spec.quota.group)));
    }
    return left;
  }

  auditLog(): AuditRepository {
    return this.audit;
  }

  recordingStore(): RecordingRepository {
    return this.recordings;
  }

  [Symbol.dispose](): void {
    this.close();
  }

  /** Writes what the audit holds and its checkpoint, and closes the upstream clients. */
  close(): void {
    try {
      this.auditWriter.flush();
      this.auditWriter.checkpoint();
    } finally {
      for (const client of this.clients.values()) client.close();
      this.clients.clear();
    }
  }
}

/** Escapes that can spell a key in a form the text-level redaction cannot see. */
const ESCAPES = /\\u[0-9a-fA-F]{4}|\\\/|&#/;

/**
 * A body with every key removed: from the text in every form the gateway knows, and, where the body holds escapes
 * that could spell one, from its parsed values too; a body changed there is kept as the JSON of its parsed form,
 * which the same envelope reader reads to the same rows.
 */
function scrubbed(raw: RawResponse, keys: KeyStore): RawResponse {
  const text = redactKeys(raw.body, keys);
  if (!ESCAPES.test(text)) return { ...raw, body: text };
  let parsed: unknown;
  try {
    parsed = parseBody({ body: text });
  } catch {
    return { ...raw, body: text };
  }
  const { value, changed } = redactValue(parsed, keys);
  return changed ? { ...raw, contentType: 'application/json; charset=utf-8', body: JSON.stringify(value) } : { ...raw, body: text };
}

/** A content type saying UTF-8, its other parameters kept. */
function utf8ContentType(contentType: string): string {
  const base = contentType.replace(/;\s*charset\s*=\s*"?[\w.:-]+"?/i, '').trim();
  return `${base || 'application/octet-stream'}; charset=utf-8`;
}

/** The longest Retry-After a call waits out itself; longer, it ends and says how long the service asked for. */
const MAX_RETRY_AFTER_MS = 10_000;

function sourceOf(spec: ToolSpec, mode: GatewayMode): CallSource {
  if (!isRemote(spec)) return 'local';
  return mode === 'emulator' ? 'emulator' : mode === 'replay' ? 'replay' : 'live';
}

function parseBase(base: string): HostTarget {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw saidError('Usage', { message: 'error.apiBaseNotUrl', hint: 'error.apiBase.hint', vars: { base } });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw saidError('Usage', { message: 'error.apiBaseScheme', hint: 'error.apiBase.hint', vars: { protocol: url.protocol } });
  // Every catalog path is kept as it is: a user, a password, a path or a query here would be dropped silently.
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw saidError('Usage', { message: 'error.apiBaseExtra', hint: 'error.apiBaseExtra.hint', vars: { base: `${url.protocol}//${url.host}` } });
  }
  // An IPv6 literal is written in brackets in a URL and without them for a socket.
  return { protocol: url.protocol, hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80) };
}

/** A retryable failure whose service asks to wait longer than one call may stall the agent: reported, not waited for. */
function waitingTooLongEnds(outcome: ParsedOutcome, askedMs: number | undefined): ParsedOutcome {
  if (askedMs === undefined || askedMs <= MAX_RETRY_AFTER_MS || !outcome.error?.retryable) return outcome;
  return {
    ...outcome,
    error: {
      ...outcome.error,
      retryable: false,
      message: `${outcome.error.message} (the service asks to wait ${Math.ceil(askedMs / 1000)} s before calling again)`,
    },
  };
}
