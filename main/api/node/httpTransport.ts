// Browser mode and local programs reach the engine over HTTP and WebSocket on 127.0.0.1 only, with a token
// made for this launch. The same server hands out the built UI, so the page and its API share one origin.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { toErrorPayload, type ErrorCode } from '../../core/errors.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { pagePolicy, withStyleNonce } from '../../core/page/pagePolicy.ts';
import { API_PROTOCOL, API_TOKEN_PROTOCOL_PREFIX, type EngineApi, type MethodName, type ParamsOf, type ServerMessage } from '../contract.ts';
import { serveRpc } from '../rpc.ts';

export interface HttpTransportOptions {
  /** Loopback address to bind. Defaults to 127.0.0.1; anything not loopback is refused. */
  host?: '127.0.0.1' | '::1';
  /** TCP port; 0 picks a free one. Defaults to 0. */
  port?: number;
  /** Bearer token the clients must present. Defaults to 32 random bytes, hex. */
  token?: string;
  /** Folder of the built UI to serve at /. Defaults to none (API only). */
  staticDir?: string;
  /** Largest request body accepted, in bytes. Defaults to 1 MiB. */
  maxBodyBytes?: number;
}

export interface HttpTransport {
  /** Base URL, without the token. */
  readonly url: string;
  /** URL that opens the UI with the token in the fragment (never sent to a server, never logged). */
  readonly launchUrl: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

const statusOf: Partial<Record<ErrorCode, number>> = {
  Usage: 400,
  InvalidRequest: 400,
  Unauthorized: 401,
  NotFound: 404,
  Aborted: 499,
};

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
}

function sendError(res: ServerResponse, error: unknown): void {
  const payload = toErrorPayload(error);
  sendJson(res, statusOf[payload.code] ?? 500, { ok: false, error: payload });
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw saidError('InvalidRequest', { message: 'error.http.bodyTooLarge', vars: { limit } });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** What the routes of one launch check and serve: its token, body limit, built UI and (once listening) port. */
interface Site {
  token: string;
  maxBodyBytes: number;
  staticDir: string | undefined;
  port: () => number;
}

const allowedHosts = (port: number): Set<string> => new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
const allowedOrigins = (port: number): Set<string> => new Set([...allowedHosts(port)].map((h) => `http://${h}`));

async function handleCall(api: EngineApi, site: Site, req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
  const auth = req.headers.authorization;
  if (!sameToken(auth?.startsWith('Bearer ') ? auth.slice(7) : undefined, site.token)) {
    throw saidError('Unauthorized', { message: 'error.http.token', hint: 'error.http.token.hint' });
  }
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    throw saidError('InvalidRequest', { message: 'error.http.contentType' });
  }
  const body = await readBody(req, site.maxBodyBytes);
  let params: unknown;
  try {
    params = body.trim() === '' ? {} : JSON.parse(body);
  } catch {
    throw saidError('InvalidRequest', { message: 'error.http.bodyNotJson' });
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const value = await api.call(method as MethodName, params as ParamsOf<MethodName>, { signal: controller.signal });
  sendJson(res, 200, { ok: true, value });
}

/** The built UI: a file of it, or index.html for a view's path; never a file outside its folder. */
function serveStatic(site: Site, req: IncomingMessage, res: ServerResponse, pathname: string): void {
  const { staticDir } = site;
  if (!staticDir) return sendError(res, saidError('NotFound', { message: 'error.http.noUi' }));
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return sendError(res, saidError('InvalidRequest', { message: 'error.http.malformedPath' }));
  }
  let file = path.resolve(staticDir, `.${decoded}`);
  if (!file.startsWith(staticDir + path.sep) && file !== staticDir) return sendError(res, saidError('NotFound', { message: 'error.http.notFound' }));
  if (!existsSync(file) || statSync(file).isDirectory()) file = path.join(staticDir, 'index.html');
  if (!existsSync(file)) return sendError(res, saidError('NotFound', { message: 'error.http.uiNotBuilt', hint: 'error.http.uiNotBuilt.hint' }));
  const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
  const html = type.startsWith('text/html');
  const styleNonce = randomBytes(16).toString('base64');
  const port = site.port();
  res.writeHead(200, {
    'content-type': type,
    'content-security-policy': pagePolicy({ styleNonce, connect: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': html ? 'no-store' : 'max-age=3600',
  });
  if (req.method === 'HEAD') return void res.end();
  if (html) return void res.end(withStyleNonce(readFileSync(file, 'utf8'), styleNonce));
  createReadStream(file).pipe(res);
}

/** A WebSocket is opened only on /api/ws, from this host and origin, with the token and the API's protocol. */
function acceptSocket(
  api: EngineApi,
  sockets: WebSocketServer,
  checks: { token: string; hostOk: (req: IncomingMessage) => boolean; originOk: (req: IncomingMessage) => boolean },
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  // Any peer can reset its connection or send junk: a socket error ends that socket and nothing else.
  socket.on('error', () => socket.destroy());
  const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const given = offered.find((p) => p.startsWith(API_TOKEN_PROTOCOL_PREFIX))?.slice(API_TOKEN_PROTOCOL_PREFIX.length);
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname !== '/api/ws' || !checks.hostOk(req) || !checks.originOk(req) || !sameToken(given, checks.token) || !offered.includes(API_PROTOCOL)) {
    socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
    return;
  }
  sockets.handleUpgrade(req, socket, head, (ws) => serveWebSocket(api, ws));
}

export async function startHttpTransport(api: EngineApi, options: HttpTransportOptions = {}): Promise<HttpTransport> {
  const host = options.host ?? '127.0.0.1';
  if (host !== '127.0.0.1' && host !== '::1') throw saidError('Usage', { message: 'error.http.loopbackOnly', vars: { host: String(host) } });
  const token = options.token ?? randomBytes(32).toString('hex');
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const staticDir = options.staticDir ? path.resolve(options.staticDir) : undefined;
  let port = options.port ?? 0;

  const site: Site = { token, maxBodyBytes, staticDir, port: () => port };
  const hostOk = (req: IncomingMessage): boolean => allowedHosts(port).has(req.headers.host ?? '');
  const originOk = (req: IncomingMessage): boolean => req.headers.origin === undefined || allowedOrigins(port).has(req.headers.origin);

  const server: Server = createServer((req, res) => {
    if (!hostOk(req)) return sendError(res, saidError('Unauthorized', { message: 'error.http.host' }));
    if (!originOk(req)) return sendError(res, saidError('Unauthorized', { message: 'error.http.crossOrigin' }));
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const call = /^\/api\/call\/([\w.]+)$/.exec(pathname);
    if (call) {
      if (req.method !== 'POST') return sendError(res, saidError('InvalidRequest', { message: 'error.http.usePost' }));
      handleCall(api, site, req, res, call[1]!).catch((error: unknown) => sendError(res, error));
      return;
    }
    if (pathname.startsWith('/api/')) return sendError(res, saidError('NotFound', { message: 'error.http.noRoute', vars: { path: pathname } }));
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, saidError('InvalidRequest', { message: 'error.http.useGet' }));
    serveStatic(site, req, res, pathname);
  });

  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: maxBodyBytes,
    handleProtocols: (protocols) => (protocols.has(API_PROTOCOL) ? API_PROTOCOL : false),
  });
  server.on('upgrade', (req, socket, head) => acceptSocket(api, sockets, { token, hostOk, originOk }, req, socket, head));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const hostPart = host === '::1' ? '[::1]' : host;
  const url = `http://${hostPart}:${port}`;
  return {
    url,
    launchUrl: `${url}/#token=${token}`,
    port,
    token,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function serveWebSocket(api: EngineApi, ws: WebSocket): void {
  // A malformed frame (invalid UTF-8, an unmasked or oversized frame, a reserved opcode or bit) makes ws close that
  // connection with the matching close code (1002, 1007, 1009) and then report it here; handled, the engine carries
  // on (an unhandled 'error' event would end the process).
  ws.on('error', () => undefined);
  serveRpc(api, {
    send: (message: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    },
    onMessage: (listener) =>
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        try {
          listener(JSON.parse(data.toString()));
        } catch {
          ws.close(1003, 'not JSON');
        }
      }),
    onClose: (listener) => ws.on('close', listener),
  });
}
