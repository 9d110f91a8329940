// The one socket-opening piece of the gateway. It sends a request to the address the allowlist approved (or to
// the host an api-base mapping names for it, keeping the real Host header), caps the response size, follows
// redirects only to allowlisted places, puts every hop on the audit record before its socket opens, and turns
// every transport failure (a malformed Location included) into a typed one.
import http from 'node:http';
import https from 'node:https';
import type { AllowVerdict } from '../../core/gateway/allowlist.ts';

export interface HostTarget {
  protocol: 'http:' | 'https:';
  hostname: string;
  port: number;
}

export interface HttpClientOptions {
  /** Largest response body accepted. Defaults to 16 MiB. */
  maxResponseBytes?: number;
  /** Redirects followed (each one allowlist-checked). Defaults to 3. */
  maxRedirects?: number;
  /** Where to really connect for a logical URL (an emulator or an api-base); undefined connects to the URL itself. */
  route?: (url: URL) => HostTarget | undefined;
}

export interface HttpResponse {
  status: number;
  contentType: string;
  body: Buffer;
  /** How long the service asks to wait before calling again (Retry-After), in ms. */
  retryAfterMs?: number;
  /** The logical URL that finally answered (after redirects). */
  url: string;
}

export type HttpFailureKind = 'Timeout' | 'Upstream' | 'NotAllowed' | 'Malformed';

export class HttpFailure extends Error {
  readonly kind: HttpFailureKind;
  readonly retryable: boolean;
  /** Bytes that arrived before the failure (a response cut off at the size cap). */
  readonly bytes: number;
  constructor(kind: HttpFailureKind, message: string, retryable: boolean, bytes = 0) {
    super(message);
    this.kind = kind;
    this.retryable = retryable;
    this.bytes = bytes;
  }
}

/** How one hop ended, for its audit entry. */
export interface HopOutcome {
  /** The HTTP status of a redirect hop, written as the entry's result code ("HTTP 302"). */
  resultCode: string | null;
  errorKind: string | null;
  bytes: number;
  latencyMs: number;
}

/** Puts every hop on record: before its socket opens, and when it ends or is refused. */
export interface HopAudit {
  /** Resolves once the hop is on record; the function ends its record. */
  begin(url: URL, method: string): Promise<(outcome: HopOutcome) => Promise<void>>;
  /** A hop refused before any socket: nothing was sent. */
  refused(url: URL | undefined, method: string): Promise<void>;
}

export interface SendOptions {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Checks each URL (the first and every redirect) before a socket opens. */
  allow: (url: string, method: string) => AllowVerdict;
  /** Audits every hop. */
  audit: HopAudit;
  signal: AbortSignal;
}

/** The last hop's response; `finish` ends its audit record with the caller's reading of it. */
export type AuditedResponse = HttpResponse & { finish: (outcome: HopOutcome) => Promise<void> };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class HttpClient {
  private readonly agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64 }), https: new https.Agent({ keepAlive: true, maxSockets: 64 }) };
  private readonly maxResponseBytes: number;
  private readonly maxRedirects: number;
  private readonly route: HttpClientOptions['route'];

  constructor(options: HttpClientOptions = {}) {
    this.maxResponseBytes = options.maxResponseBytes ?? 16 * 1024 * 1024;
    this.maxRedirects = options.maxRedirects ?? 3;
    this.route = options.route;
  }

  async send(url: string, options: SendOptions): Promise<AuditedResponse> {
    let current = url;
    let method = options.method;
    let body = options.body;
    for (let hop = 0; ; hop++) {
      const verdict = options.allow(current, method);
      if (!verdict.allowed) {
        await options.audit.refused(parsed(current), method);
        throw new HttpFailure('NotAllowed', hop === 0 ? `Refused before connecting: ${verdict.reason}.` : `Refused a redirect: ${verdict.reason}.`, false);
      }
      const finish = await options.audit.begin(new URL(current), method);
      const started = performance.now();
      let response: Awaited<ReturnType<HttpClient['once']>>;
      try {
        response = await this.once(current, method, options.headers, body, options.signal);
      } catch (error) {
        await finish({
          resultCode: null,
          errorKind: error instanceof HttpFailure ? error.kind : 'Upstream',
          bytes: error instanceof HttpFailure ? error.bytes : 0,
          latencyMs: performance.now() - started,
        });
        throw error;
      }
      const ended = (errorKind: string | null): HopOutcome => ({
        resultCode: `HTTP ${response.status}`,
        errorKind,
        bytes: response.body.length,
        latencyMs: performance.now() - started,
      });
      if (!REDIRECTS.has(response.status)) return { ...response, url: current, finish };
      if (hop >= this.maxRedirects) {
        await finish(ended('Upstream'));
        throw new HttpFailure('Upstream', `More than ${this.maxRedirects} redirects.`, false);
      }
      const location = response.location;
      const next = location === undefined ? undefined : parsed(location, current);
      await finish(ended(null));
      if (!next) {
        await options.audit.refused(undefined, method);
        throw new HttpFailure(
          location === undefined ? 'Malformed' : 'NotAllowed',
          location === undefined ? `HTTP ${response.status} without a Location header.` : 'Refused a redirect: its Location is not a valid URL.',
          false,
        );
      }
      current = next.toString();
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  }

  private once(
    rawUrl: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal,
  ): Promise<{ status: number; contentType: string; body: Buffer; location?: string; retryAfterMs?: number }> {
    const url = new URL(rawUrl);
    const target = this.route?.(url) ?? {
      protocol: url.protocol as 'http:' | 'https:',
      hostname: url.hostname,
      port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
    };
    const transport = target.protocol === 'https:' ? https : http;
    const agent = target.protocol === 'https:' ? this.agents.https : this.agents.http;
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortFailure(signal));
      const request = transport.request(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          path: `${url.pathname}${url.search}`,
          method,
          agent,
          servername: target.protocol === 'https:' ? url.hostname : undefined,
          headers: {
            ...headers,
            host: url.host,
            'user-agent': 'KOPA-Studio',
            ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > this.maxResponseBytes) {
              request.destroy(new HttpFailure('Malformed', `The response is larger than ${this.maxResponseBytes} bytes.`, false, size));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => {
            signal.removeEventListener('abort', onAbort);
            resolve({
              status: response.statusCode ?? 0,
              contentType: String(response.headers['content-type'] ?? ''),
              body: Buffer.concat(chunks),
              location: typeof response.headers.location === 'string' ? response.headers.location : undefined,
              retryAfterMs: retryAfter(response.headers['retry-after'], Date.now()),
            });
          });
          response.on('error', fail);
        },
      );
      const onAbort = (): void => {
        request.destroy(abortFailure(signal));
      };
      function fail(error: Error): void {
        signal.removeEventListener('abort', onAbort);
        if (error instanceof HttpFailure) return reject(error);
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return reject(new HttpFailure('Timeout', `The request timed out (${code}).`, true));
        const transient = ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code);
        const host = target.hostname === url.hostname ? url.host : `${target.hostname}:${target.port} (--api-base, for ${url.host})`;
        reject(new HttpFailure('Upstream', connectionProblem(host, code, error.message), transient));
      }
      signal.addEventListener('abort', onAbort, { once: true });
      request.on('error', fail);
      request.end(body);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from now, or undefined. */
/** A failed connection in words that say which host and what to try: an offline machine is the usual cause. */
function connectionProblem(host: string, code: string, detail: string): string {
  const offline = ' This machine may have no network: the emulator (--mode emulator) and recorded snapshots (--mode replay) work offline.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Cannot reach ${host}: its name does not resolve (${code}).${offline}`;
  if (code === 'ENETUNREACH' || code === 'EHOSTUNREACH') return `Cannot reach ${host}: no route to it (${code}).${offline}`;
  if (code === 'ECONNREFUSED') return `${host} refused the connection (${code}): nothing listens there, or a firewall turns it away.`;
  return `The connection to ${host} failed: ${code || detail}.`;
}

export function retryAfter(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A URL, or undefined for text that is not one (a malformed Location header). */
function parsed(text: string, base?: string): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

function abortFailure(signal: AbortSignal): HttpFailure {
  const reason = signal.reason as { name?: string } | undefined;
  if (reason?.name === 'TimeoutError') return new HttpFailure('Timeout', 'The request timed out.', true);
  return new HttpFailure('Timeout', 'The request was cancelled.', false);
}
