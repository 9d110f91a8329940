// The tool-and-reward service a trainer's rollouts talk to (`kopa serve-env`): tools executed through the gateway in
// emulator or replay mode (never live) and answered with the same result view inference shows, and rewards of
// completions against the references of a synthesized dataset or inline ones. Headless, loopback by default, every
// request with the bearer token; bounded bodies; typed errors as {"error": {code, message, hint}}.
//   GET  /v1/tools            {tools: [function schemas]}
//   POST /v1/tools/{name}     {arguments, episode?, sample_id?} → {content: "<result view>", ok, error?}; an episode
//                             id keeps the handles of its earlier results, so the query tool can read them; the
//                             emulator answers at the sample's recorded moment (the episode keeps the moment of
//                             its first call that names one), so a rollout sees the readings its reference saw
//   POST /v1/reward           {preset?, weights?, items: [{sample_id | reference, completion}]} →
//                             {rewards: [number | null], results: [{components, notes} | {error}]}
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { functionName, functionSchema } from '../core/catalog/functionSchema.ts';
import { toErrorPayload, type ErrorCode } from '../core/errors.ts';
import { saidError } from '../core/i18n/saidError.ts';
import { jsonObjectBody } from '../core/requestBody.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import { DEFAULT_REWARD_LIMITS, type RewardLimits } from '../core/train/reward/rewardRequest.ts';
import { rewardPresets, type RewardPreset } from '../core/train/reward/types.ts';
import type { SynthSample } from '../core/synth/types.ts';
import { EpisodeResults } from '../core/resultView/EpisodeResults.ts';
import type { Engine } from '../engine/Engine.ts';
import { RewardThread } from '../engine/train/reward/rewardThread.ts';
import { DatasetRepository } from '../engine/store/repositories/DatasetRepository.ts';
import { DEFAULT_REWARD_PRESET } from '../core/train/reward/types.ts';

export interface EnvServiceOptions {
  /** Where tool calls go: the emulator or a replay snapshot; never live. */
  mode: Extract<GatewayMode, 'emulator' | 'replay'>;
  snapshot?: string;
  /** The dataset whose samples `sample_id` names (id or name). */
  dataset?: string;
  /** The preset a reward request without one gets. Defaults to kopa. */
  preset?: RewardPreset;
  /** Address to bind. Defaults to 127.0.0.1. */
  host?: string;
  /** Defaults to 0 (a free port). */
  port?: number;
  /** Bearer token every request must carry, 32 characters or more. Defaults to 32 random bytes, hex. */
  token?: string;
  /** Largest request body, in bytes. Defaults to 8 MiB. */
  maxBodyBytes?: number;
  /** Episodes whose results are kept for the query tool, oldest dropped first. Defaults to 10,000. */
  maxEpisodes?: number;
  /** Bounds on one reward item (calls, messages, trajectories, steps). Defaults: DEFAULT_REWARD_LIMITS. */
  rewardLimits?: Partial<RewardLimits>;
  /**
   * The emulator's moment for every tool call. Defaults to none: each call answers at the moment its sample was
   * recorded (`sample_id`), and a call that names no sample at the machine's clock.
   */
  now?: Date;
}

/** The shortest token the service accepts: a guessable token would let any local process drive rollouts. */
export const MIN_TOKEN_LENGTH = 32;

export interface EnvService {
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

const STATUS: Partial<Record<ErrorCode, number>> = { Usage: 400, InvalidRequest: 400, Unauthorized: 401, NotFound: 404 };

class BodyTooLarge extends Error {}

/** The body, or BodyTooLarge once past `limit`: the rest is read and dropped, so the client still gets the answer. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** A tool name from the request path; a malformed percent-escape is the client's mistake, not the service's. */
function toolNameOf(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw saidError('InvalidRequest', { message: 'error.env.toolEncoding', hint: 'error.env.listTools.hint', vars: { path: encoded.slice(0, 100) } });
  }
}

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startEnvService(engine: Engine, options: EnvServiceOptions): Promise<EnvService> {
  const { token, limits, maxBody, preset } = checkedSettings(options);
  const tools = engine.catalog().list();
  const samples = options.dataset ? datasetSamples(engine, options.dataset) : [];
  const scorer = new RewardThread({ tools, samples, preset, limits, ...(options.dataset ? { dataset: options.dataset } : {}) });
  const server = createServer(
    envHandler({
      token,
      maxBody,
      // The same for every rollout, and asked for often: written once.
      toolsText: JSON.stringify({ tools: tools.map(functionSchema) }),
      runTool: toolRunner(engine, options, samples),
      scorer,
    }),
  );
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    token,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await scorer.close();
    },
  };
}

/** The service's settings, refused where they would make it unsafe (live calls, a short token) or unknown (a preset). */
function checkedSettings(options: EnvServiceOptions): { token: string; limits: RewardLimits; maxBody: number; preset: RewardPreset } {
  if ((options.mode as string) === 'live' || (options.mode as string) === 'record')
    throw saidError('Usage', { message: 'error.envLive', hint: 'error.envLive.hint' });
  if (options.token !== undefined && options.token.length < MIN_TOKEN_LENGTH)
    throw saidError('Usage', { message: 'error.envToken', hint: 'error.envToken.hint', vars: { n: MIN_TOKEN_LENGTH } });
  const preset = options.preset ?? DEFAULT_REWARD_PRESET;
  if (!rewardPresets.includes(preset))
    throw saidError('Usage', {
      message: 'error.unknownPreset',
      hint: 'error.unknownPreset.hint',
      vars: { preset: String(preset), presets: rewardPresets.join(', ') },
    });
  return {
    token: options.token ?? randomBytes(32).toString('hex'),
    limits: { ...DEFAULT_REWARD_LIMITS, ...options.rewardLimits },
    maxBody: options.maxBodyBytes ?? 8 * 2 ** 20,
    preset,
  };
}

function datasetSamples(engine: Engine, ref: string): SynthSample[] {
  const repo = new DatasetRepository(engine.store.db);
  const dataset = /^\d+$/.test(ref) ? repo.get(Number(ref)) : repo.byName(ref);
  if (!dataset) throw saidError('NotFound', { message: 'error.noDataset', hint: 'error.noDataset.hint', vars: { name: ref } });
  return repo.samples(dataset.id);
}

/**
 * Runs a rollout's tool call through the gateway, at its sample's moment, within its episode (so the query tool reads
 * that episode's earlier results); the model reads the same result view a chat shows.
 */
function toolRunner(engine: Engine, options: EnvServiceOptions, samples: SynthSample[]): (name: string, body: Record<string, unknown>) => Promise<unknown> {
  const catalog = engine.catalog();
  const byName = new Map(catalog.list().flatMap((t) => [[functionName(t.id), t.id] as const, [t.id, t.id] as const]));
  const gateway = engine.gateway();
  const callAt =
    (moment: Date | undefined) =>
    (tool: string, args: Record<string, unknown>): ReturnType<typeof gateway.call> =>
      gateway.call(tool, args, { mode: options.mode, snapshot: options.snapshot, origin: 'trainer', ...(moment ? { emulatorNow: moment } : {}) });
  const episodes = new Map<string, EpisodeResults>();
  const maxEpisodes = options.maxEpisodes ?? 10_000;
  const moments = new Map(samples.map((s) => [s.ordinal, new Date(s.walk.asOf)]));

  /** The moment a call answers at: --now, else its sample's recorded one. */
  const momentOf = (sampleId: unknown): Date | undefined => {
    if (options.now) return options.now;
    if (sampleId === undefined || sampleId === null) return undefined;
    const moment = moments.get(Number(sampleId));
    if (!moment)
      throw saidError('NotFound', {
        message: 'error.env.noSample',
        hint: options.dataset ? 'error.env.noSample.hint' : 'error.env.noDataset.hint',
        vars: { sample: String(sampleId).slice(0, 40) },
      });
    return moment;
  };

  const episode = (id: unknown, sampleId: unknown): EpisodeResults => {
    const fresh = (): EpisodeResults => new EpisodeResults(callAt(momentOf(sampleId)), { catalog });
    if (typeof id !== 'string' || id === '') return fresh();
    let results = episodes.get(id);
    if (!results) {
      if (episodes.size >= maxEpisodes) episodes.delete(episodes.keys().next().value!);
      results = fresh();
      episodes.set(id, results);
    }
    return results;
  };

  return async (name, body) => {
    const tool = byName.get(name);
    if (!tool)
      throw saidError('NotFound', {
        message: catalog.suggest(name).length ? 'error.env.noToolSuggest' : 'error.env.noTool',
        hint: 'error.env.listTools.hint',
        vars: { name, suggestions: catalog.suggest(name).join(', ') },
      });
    const args = body.arguments ?? {};
    if (!args || typeof args !== 'object' || Array.isArray(args)) throw saidError('InvalidRequest', { message: 'error.env.arguments' });
    const { result, view } = await episode(body.episode, body.sample_id).run(tool, args as Record<string, unknown>);
    return { content: view.text, ok: result.ok, ...(result.error ? { error: result.error.kind } : {}) };
  };
}

/** The service's routes behind the bearer token: the tools, a tool's call, and a reward batch. */
function envHandler(service: {
  token: string;
  maxBody: number;
  toolsText: string;
  runTool: (name: string, body: Record<string, unknown>) => Promise<unknown>;
  scorer: RewardThread;
}): (req: IncomingMessage, res: ServerResponse) => void {
  const sendText = (res: ServerResponse, status: number, text: string): void => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const send = (res: ServerResponse, status: number, value: unknown): void => sendText(res, status, JSON.stringify(value));
  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const auth = req.headers.authorization;
    if (!sameToken(auth?.startsWith('Bearer ') ? auth.slice(7) : undefined, service.token))
      throw saidError('Unauthorized', { message: 'error.env.token', hint: 'error.env.token.hint' });
    const url = new URL(req.url ?? '/', 'http://env');
    if (req.method === 'GET' && url.pathname === '/v1/tools') return sendText(res, 200, service.toolsText);
    if (req.method !== 'POST')
      throw saidError('NotFound', { message: 'error.env.noRoute', hint: 'error.env.routes.hint', vars: { method: String(req.method), path: url.pathname } });
    let body: Buffer;
    try {
      body = await readBody(req, service.maxBody);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      const said = saidError('InvalidRequest', { message: 'error.env.bodyTooLarge', hint: 'error.env.bodyTooLarge.hint', vars: { limit: service.maxBody } });
      return send(res, 413, { error: toErrorPayload(said) });
    }
    // A reward batch is decoded, read and scored on the scorer's thread: megabytes of JSON here would hold every caller.
    if (url.pathname === '/v1/reward') return send(res, 200, await service.scorer.score(body));
    if (url.pathname.startsWith('/v1/tools/'))
      return send(res, 200, await service.runTool(toolNameOf(url.pathname.slice('/v1/tools/'.length)), jsonObjectBody(body.toString('utf8'))));
    throw saidError('NotFound', { message: 'error.env.noRoute', hint: 'error.env.routes.hint', vars: { method: 'POST', path: url.pathname } });
  };
  return (req, res) => {
    answer(req, res).catch((error: unknown) => {
      const payload = toErrorPayload(error);
      send(res, STATUS[payload.code] ?? 500, { error: payload });
    });
  };
}
