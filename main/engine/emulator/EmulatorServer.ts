// The local emulator: every catalog operation at its real path on 127.0.0.1, telling hosts apart by the Host
// header where paths could collide, answering in JSON or XML as asked, with the real services' keys, quotas,
// result codes and quirks, and seeded faults on demand.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Catalog } from '../../core/catalog/Catalog.ts';
import type { RemoteToolSpec } from '../../core/catalog/types.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { EMULATOR_NOW_HEADER } from '../../core/gateway/emulatorClock.ts';
import { FAULT_PRESETS, type FaultDecision, type FaultProfile } from './faults.ts';
import { handlers } from './handlers/index.ts';

/** Recent answers kept for requests repeated at the same emulator moment. */
const ANSWERS_KEPT = 512;
import { kst, type HandlerResult } from './handlers/types.ts';
import { gatewayError, renderError, renderRows, type Format, type Rendered, type Row } from './render.ts';
import { Rng } from '../../core/random.ts';
import { World } from './world/World.ts';

export interface EmulatorOptions {
  catalog: Catalog;
  resourcesDir: string;
  /** Seed of the world and of the faults. Defaults to 1. */
  seed?: number;
  /** The only key accepted; when unset, any key is, except one that arrives percent-encoded twice. */
  key?: string;
  /** Defaults to none. */
  faults?: FaultProfile;
  /** Port on 127.0.0.1; 0 picks a free one. Defaults to 0. */
  port?: number;
  /** The emulator's clock. Defaults to the real time. */
  now?: () => Date;
}

const MAX_BODY = 1024 * 1024;

export class EmulatorServer implements AsyncDisposable {
  readonly world: World;
  readonly seed: number;
  private readonly server: Server;
  private readonly options: EmulatorOptions;
  private readonly byHostPath = new Map<string, RemoteToolSpec>();
  private readonly byPath = new Map<string, RemoteToolSpec[]>();
  private readonly faults: FaultProfile;
  /** Answers of recent requests as the bytes sent, oldest first (see handle). */
  private readonly answers = new Map<string, Encoded>();
  private readonly quotaUsed = new Map<string, number>();
  private readonly held = new Set<ServerResponse>();
  private requests = 0;
  private portNumber = 0;

  private constructor(options: EmulatorOptions) {
    this.options = options;
    this.seed = options.seed ?? 1;
    this.faults = options.faults ?? FAULT_PRESETS.none!;
    this.world = new World(this.seed, options.resourcesDir);
    for (const spec of options.catalog.remoteTools()) {
      const missing = !handlers[spec.id];
      if (missing) throw saidError('Internal', { message: 'error.emulatorNoHandler', hint: 'error.emulatorNoHandler.hint', vars: { tool: spec.id } });
      this.byHostPath.set(`${spec.endpoint.host}${spec.endpoint.path}`, spec);
      const list = this.byPath.get(spec.endpoint.path) ?? [];
      list.push(spec);
      this.byPath.set(spec.endpoint.path, list);
    }
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`emulator error: ${(error as Error).message}`);
      });
    });
    this.server.keepAliveTimeout = 30_000;
  }

  static async start(options: EmulatorOptions): Promise<EmulatorServer> {
    const emulator = new EmulatorServer(options);
    await new Promise<void>((resolve, reject) => {
      emulator.server.once('error', reject);
      emulator.server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    emulator.portNumber = (emulator.server.address() as AddressInfo).port;
    return emulator;
  }

  get port(): number {
    return this.portNumber;
  }

  get url(): string {
    return `http://127.0.0.1:${this.portNumber}`;
  }

  /** The key it accepts, when it accepts only one. */
  get key(): string | undefined {
    return this.options.key;
  }

  get requestCount(): number {
    return this.requests;
  }

  /** The moment a request is answered for: the gateway's emulatorNow header, else the emulator's clock. */
  private now(req?: IncomingMessage): Date {
    const header = req?.headers[EMULATOR_NOW_HEADER];
    const asked = typeof header === 'string' ? new Date(header) : undefined;
    if (asked && !Number.isNaN(asked.getTime())) return asked;
    return this.options.now?.() ?? new Date();
  }

  private route(req: IncomingMessage, pathname: string): RemoteToolSpec | undefined {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const exact = this.byHostPath.get(`${host}${pathname}`);
    if (exact) return exact;
    const candidates = this.byPath.get(pathname) ?? [];
    return candidates.length === 1 ? candidates[0] : undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests++;
    const url = new URL(req.url ?? '/', 'http://emulator');
    const spec = this.route(req, url.pathname);
    if (!spec) return this.send(res, { status: 404, contentType: 'text/html; charset=utf-8', body: '<html><body><h1>404 Not Found</h1></body></html>' });
    if (req.method !== spec.endpoint.method) return this.send(res, { status: 405, contentType: 'text/plain', body: 'Method Not Allowed' });
    const params: Record<string, string> = {};
    for (const [k, v] of url.searchParams) if (!(k in params)) params[k] = v;
    let body: unknown;
    if (req.method === 'POST') {
      const text = await readBody(req);
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
    }
    const format = formatOf(spec, params);
    const refusal = this.checkKey(spec, params) ?? this.checkQuota(spec, format);
    if (refusal) return this.send(res, refusal);
    const fault = this.decideFault();
    if (this.faults.latencyMs) await delay(this.faultRng().float(this.faults.latencyMs[0], this.faults.latencyMs[1]));
    if (fault.kind === 'timeout') return this.hold(res);
    if (fault.kind === 'serverError')
      return this.send(res, {
        status: fault.status,
        contentType: 'text/html; charset=utf-8',
        body: `<html><head><title>${fault.status} Error</title></head><body>Service temporarily unavailable</body></html>`,
      });
    const now = this.now(req);
    // Without faults an answer depends only on the request and the moment: the same request at the same moment (a
    // frozen clock, a task's asOf) is answered from memory.
    const key = this.faults === FAULT_PRESETS.none ? `${spec.id}\n${url.search}\n${JSON.stringify(body ?? null)}\n${now.getTime()}` : undefined;
    const remembered = key === undefined ? undefined : this.answers.get(key);
    if (remembered) return this.send(res, remembered);
    const missing = (spec.parameters.required ?? []).filter(
      (name) => spec.parameters.properties[name]?.['x-in'] !== 'body' && (params[name] === undefined || params[name] === ''),
    );
    let result: HandlerResult;
    if (missing.length > 0) result = missingParams(spec, missing);
    else if (fault.kind === 'noData' && spec.response.envelope === 'datago') result = { kind: 'error', code: '03', message: 'NODATA_ERROR' };
    else result = handlers[spec.id]!({ spec, params, body, world: this.world, now });
    let rendered = this.render(spec, format, params, result);
    if (fault.kind === 'malformed') rendered = { ...rendered, body: rendered.body.slice(0, Math.max(1, Math.floor(rendered.body.length / 2))) };
    const encoded = { ...rendered, body: Buffer.from(rendered.body, 'utf8') };
    if (key !== undefined) {
      if (this.answers.size >= ANSWERS_KEPT) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(key, encoded);
    }
    this.send(res, encoded);
  }

  private render(spec: RemoteToolSpec, format: Format, params: Record<string, string>, result: HandlerResult): Rendered {
    if (result.kind === 'error') return renderError(spec, format, result.code, result.message);
    const drift = (this.faults.drift ?? []).filter((d) => d.tool === spec.id);
    const drifted = (page: Row[]): Row[] => (drift.length ? page.map((row) => renameFields(row, drift)) : page);
    const all = result.rows;
    const paging = spec.response.envelope === 'juso' ? { page: 'currentPage', size: 'countPerPage' } : { page: 'pageNo', size: 'numOfRows' };
    if (result.paged === false) return renderRows(spec, format, { rows: drifted(all.slice()), totalCount: all.length, pageNo: 1, numOfRows: all.length });
    const pageNo = Math.max(1, Number.parseInt(params[paging.page] ?? '1', 10) || 1);
    const numOfRows = Math.max(1, Number.parseInt(params[paging.size] ?? '10', 10) || 10);
    return renderRows(spec, format, { rows: drifted(all.slice((pageNo - 1) * numOfRows, pageNo * numOfRows)), totalCount: all.length, pageNo, numOfRows });
  }

  private checkKey(spec: RemoteToolSpec, params: Record<string, string>): Rendered | undefined {
    if (spec.auth.kind === 'none') return undefined;
    const wanted = spec.auth.param.toLowerCase();
    const given = Object.entries(params).find(([k]) => k.toLowerCase() === wanted)?.[1];
    // A key that still holds percent-escapes after one decoding was encoded twice: the classic error 30.
    const doubleEncoded = given !== undefined && /%[0-9A-Fa-f]{2}/.test(given);
    const ok = given !== undefined && given !== '' && !doubleEncoded && (this.options.key === undefined || given === this.options.key);
    if (ok) return undefined;
    switch (spec.response.envelope) {
      case 'juso':
        return renderError(spec, formatOf(spec, params), 'E0001', '승인되지 않은 KEY입니다.');
      case 'vworld':
        // VWorld tells a missing key (a required parameter) from a wrong one, as its real answers show.
        if (given === undefined || given === '')
          return renderError(spec, formatOf(spec, params), 'PARAM_REQUIRED', `필수 파라미터인 ${spec.auth.param}가 없어서 요청을 처리할수 없습니다.`);
        return renderError(spec, formatOf(spec, params), 'INVALID_KEY', '등록되지 않은 인증키입니다.');
      case 'nts':
        return renderError(spec, 'json', '-4', '등록되지 않은 인증키 입니다.');
      case 'seoulBus':
        return renderError(spec, formatOf(spec, params), '6', '등록되지 않은 키입니다.');
      case 'kosis':
        return renderError(spec, 'json', given ? '11' : '10', given ? '인증키가 유효하지 않습니다.' : '인증키가 누락되었습니다.');
      default:
        return gatewayError('30', 'SERVICE_KEY_IS_NOT_REGISTERED_ERROR');
    }
  }

  private checkQuota(spec: RemoteToolSpec, format: Format): Rendered | undefined {
    const limit = this.faults.quotaPerTool;
    if (limit === undefined) return undefined;
    const key = `${spec.id}|${kst(this.now()).toISOString().slice(0, 10)}`;
    const used = (this.quotaUsed.get(key) ?? 0) + 1;
    this.quotaUsed.set(key, used);
    if (used <= limit) return undefined;
    switch (spec.response.envelope) {
      case 'vworld':
        return renderError(spec, format, 'OVER_REQUEST_LIMIT', '일일 요청 제한을 초과하였습니다.');
      case 'seoulBus':
        return renderError(spec, format, '8', '요청 제한을 초과하였습니다.');
      case 'kosis':
        return renderError(spec, 'json', '40', '호출가능건수를 초과하였습니다.');
      case 'juso':
        return renderError(spec, format, 'E0001', '승인되지 않은 KEY입니다.');
      default:
        return gatewayError('22', 'LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR');
    }
  }

  private faultCounter = 0;

  private faultRng(): Rng {
    return Rng.for(this.seed, 'fault', this.faultCounter++);
  }

  private decideFault(): FaultDecision {
    const f = this.faults;
    const roll = this.faultRng().next();
    const outcomes: [number | undefined, () => FaultDecision][] = [
      [f.timeoutRate, () => ({ kind: 'timeout' })],
      [f.serverErrorRate, () => ({ kind: 'serverError', status: [500, 502, 503][Math.floor(roll * 1000) % 3]! })],
      [f.noDataRate, () => ({ kind: 'noData' })],
      [f.malformedRate, () => ({ kind: 'malformed' })],
    ];
    let edge = 0;
    for (const [rate, decision] of outcomes) {
      edge += rate ?? 0;
      if (roll < edge) return decision();
    }
    return { kind: 'none' };
  }

  /** A timeout fault: keep the connection open without answering until the client gives up. */
  private hold(res: ServerResponse): void {
    this.held.add(res);
    res.on('close', () => this.held.delete(res));
  }

  private send(res: ServerResponse, answer: Rendered | Encoded): void {
    res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': Buffer.byteLength(answer.body) });
    res.end(answer.body);
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A rendered answer encoded once, so an answer from memory is not encoded again. */
type Encoded = Omit<Rendered, 'body'> & { body: Buffer };

function formatOf(spec: RemoteToolSpec, params: Record<string, string>): Format {
  const f = spec.format;
  if (!f.param) return spec.response.envelope === 'nts' || spec.response.envelope === 'kosis' || spec.response.envelope === 'vworld' ? 'json' : 'xml';
  const value = params[f.param];
  if (value !== undefined && f.json !== undefined && value.toLowerCase() === f.json.toLowerCase()) return 'json';
  if (value === undefined && (spec.response.envelope === 'vworld' || spec.response.envelope === 'kosis')) return 'json';
  return 'xml';
}

function missingParams(spec: RemoteToolSpec, missing: string[]): HandlerResult {
  const list = missing.join(', ');
  switch (spec.response.envelope) {
    case 'juso':
      return { kind: 'error', code: 'E0005', message: '검색어가 입력되지 않았습니다.' };
    case 'vworld':
      return { kind: 'error', code: 'PARAM_REQUIRED', message: `필수 파라미터인 ${list}가 없어서 요청을 처리할수 없습니다.` };
    case 'seoulBus':
      return { kind: 'error', code: '2', message: '필수 요청 파라미터가 존재하지 않습니다.' };
    case 'kosis':
      return { kind: 'error', code: '20', message: '필수요청변수값이 누락되었습니다.' };
    case 'stanReginCd':
      return { kind: 'error', code: 'ERROR-300', message: `필수 값이 누락되어 있습니다. (${list})` };
    default:
      return { kind: 'error', code: '11', message: `NO_MANDATORY_REQUEST_PARAMETERS_ERROR(${list})` };
  }
}

function renameFields(row: Row, drift: { from: string; to: string }[]): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) out[drift.find((d) => d.from === key)?.to ?? key] = value;
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.destroy();
        reject(new Error('request body too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
