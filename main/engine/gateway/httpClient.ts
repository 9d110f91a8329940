// The one socket-opening piece of the gateway. It sends a request to the address the allowlist approved (or to
// the host an api-base mapping names for it, keeping the real Host header), caps the response size, follows
// redirects only to allowlisted places, and turns every transport failure into a typed one.
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
  /** The logical URL that finally answered (after redirects). */
  url: string;
}

export type HttpFailureKind = 'Timeout' | 'Upstream' | 'NotAllowed' | 'Malformed';

export class HttpFailure extends Error {
  readonly kind: HttpFailureKind;
  readonly retryable: boolean;
  constructor(kind: HttpFailureKind, message: string, retryable: boolean) {
    super(message);
    this.kind = kind;
    this.retryable = retryable;
  }
}

export interface SendOptions {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Checks each URL (the first and every redirect) before a socket opens. */
  allow: (url: string, method: string) => AllowVerdict;
  signal: AbortSignal;
}

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

  async send(url: string, options: SendOptions): Promise<HttpResponse> {
    let current = url;
    let method = options.method;
    let body = options.body;
    for (let hop = 0; ; hop++) {
      const verdict = options.allow(current, method);
      if (!verdict.allowed) throw new HttpFailure('NotAllowed', hop === 0 ? `Refused before connecting: ${verdict.reason}.` : `Refused a redirect: ${verdict.reason}.`, false);
      const response = await this.once(current, method, options.headers, body, options.signal);
      if (!REDIRECTS.has(response.status)) return { ...response, url: current };
      if (hop >= this.maxRedirects) throw new HttpFailure('Upstream', `More than ${this.maxRedirects} redirects.`, false);
      const location = response.location;
      if (!location) throw new HttpFailure('Malformed', `HTTP ${response.status} without a Location header.`, false);
      current = new URL(location, current).toString();
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
  ): Promise<{ status: number; contentType: string; body: Buffer; location?: string }> {
    const url = new URL(rawUrl);
    const target = this.route?.(url) ?? { protocol: url.protocol as 'http:' | 'https:', hostname: url.hostname, port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80) };
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
          headers: { ...headers, host: url.host, 'user-agent': 'KOPA-Studio', ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > this.maxResponseBytes) {
              request.destroy(new HttpFailure('Malformed', `The response is larger than ${this.maxResponseBytes} bytes.`, false));
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
        reject(new HttpFailure('Upstream', `The connection failed: ${code || error.message}.`, transient));
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

function abortFailure(signal: AbortSignal): HttpFailure {
  const reason = signal.reason as { name?: string } | undefined;
  if (reason?.name === 'TimeoutError') return new HttpFailure('Timeout', 'The request timed out.', true);
  return new HttpFailure('Timeout', 'The request was cancelled.', false);
}
