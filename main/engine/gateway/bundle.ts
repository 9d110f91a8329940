// Carrying recordings from a connected machine to an air-gapped one: a gzip'd JSON-lines file whose first line
// is a manifest (snapshot, counts, the SHA-256 of everything after it, and of each response body). Import checks
// all of it before writing anything, then writes everything in one transaction: a tampered or truncated bundle
// is refused whole.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, renameSync } from 'node:fs';
import { createGunzip, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { APP_VERSION } from '../../core/appInfo.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import { KopaError } from '../../core/errors.ts';
import type { BundleSummary, Progress } from '../../api/contract.ts';
import type { Store } from '../store/Store.ts';
import { AuditRepository } from '../audit/AuditRepository.ts';
import { RecordingRepository } from '../store/repositories/RecordingRepository.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { translate, type StringKey } from '../../core/i18n/strings.ts';
import { writeFileNoFollow } from '../files/noFollow.ts';

export const BUNDLE_FORMAT = 'kopa-recordings';
export const BUNDLE_VERSION = 1;

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

const manifestSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(BUNDLE_VERSION),
  snapshot: z.string().min(1),
  createdAt: z.string(),
  appVersion: z.string(),
  entries: z.number().int().min(0),
  payloadSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The exporting machine's audit chain head when the bundle was written: an anchor for its log. */
  auditHead: z.object({ entries: z.number().int().min(0), hash: z.string().nullable() }).optional(),
});

const entrySchema = z.object({
  requestHash: z.string().regex(/^[0-9a-f]{64}$/),
  toolId: z.string(),
  specVersion: z.string(),
  args: z.unknown(),
  httpStatus: z.number().int(),
  contentType: z.string(),
  body: z.string(),
  bodySha256: z.string().regex(/^[0-9a-f]{64}$/),
  recordedAt: z.string(),
  latencyMs: z.number(),
});

export type BundleManifest = z.infer<typeof manifestSchema>;

export function exportBundle(store: Store, snapshot: string, file: string, onProgress?: (p: Progress) => void): BundleSummary {
  const recordings = new RecordingRepository(store.db);
  const id = recordings.snapshotId(snapshot);
  if (id === undefined) {
    const known = recordings.snapshots().map((s) => s.name);
    throw saidError('NotFound', {
      message: 'error.noSnapshot',
      hint: known.length ? 'error.snapshotsHere' : 'error.recordFirst',
      vars: { snapshot, names: known.join(', ') },
    });
  }
  const all = recordings.all(id);
  const lines: string[] = [];
  all.forEach((r, i) => {
    lines.push(
      JSON.stringify({
        requestHash: r.requestHash,
        toolId: r.toolId,
        specVersion: r.specVersion,
        args: JSON.parse(r.argsJson) as unknown,
        httpStatus: r.httpStatus,
        contentType: r.contentType,
        body: r.body.toString('base64'),
        bodySha256: sha256(r.body),
        recordedAt: r.recordedAt,
        latencyMs: r.latencyMs,
      }),
    );
    if (i % 200 === 0 || i === all.length - 1) onProgress?.({ stage: 'export', done: i + 1, total: all.length });
  });
  const payload = lines.map((l) => `${l}\n`).join('');
  const head = new AuditRepository(store.db).head();
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    snapshot,
    createdAt: new Date().toISOString(),
    appVersion: APP_VERSION,
    entries: all.length,
    payloadSha256: sha256(payload),
    auditHead: { entries: head?.entries ?? 0, hash: head?.hash ?? null },
  };
  const partial = `${file}.partial`;
  writeFileNoFollow(partial, gzipSync(`${JSON.stringify(manifest)}\n${payload}`));
  renameSync(partial, file);
  return { file, snapshot, entries: all.length, payloadSha256: manifest.payloadSha256 };
}

/** Why a bundle is refused, said in the catalogue (bundle.reason.*) so a Korean screen says it in Korean too. */
class BundleFault extends Error {
  constructor(
    readonly key: StringKey,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(translate('en', key, vars));
  }
}

function refuse(file: string, fault: BundleFault, cause?: string): KopaError {
  return saidError(
    'InvalidRequest',
    { message: 'error.bundleRefused', hint: 'error.bundleRefused.hint', vars: { file }, parts: { reason: { key: fault.key, vars: fault.vars } } },
    { details: { file, reason: fault.message, ...(cause ? { cause } : {}) } },
  );
}

export interface ImportLimits {
  /** Largest size the bundle may expand to. Defaults to 4 GiB. */
  maxExpandedBytes?: number;
  /** Largest expansion (decompressed / compressed bytes), checked once 16 MiB are out. Defaults to 200. */
  maxRatio?: number;
  /** Longest line: one recording, its body base64-encoded. Defaults to 32 MiB (a 16 MiB body and its fields). */
  maxLineBytes?: number;
}

const DEFAULT_LIMITS: Required<ImportLimits> = { maxExpandedBytes: 4 * 1024 ** 3, maxRatio: 200, maxLineBytes: 32 * 1024 ** 2 };
const RATIO_AFTER = 16 * 1024 ** 2;

const mib = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

/**
 * The lines of a gzip file, decompressed as a stream in bounded memory: a bomb (a small file that expands without
 * end) or an endless line is refused as soon as it shows, long before it could exhaust memory.
 */
async function* gzipLines(file: string, limits: Required<ImportLimits>, onRaw: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
  let compressed = 0;
  let expanded = 0;
  const source = createReadStream(file);
  source.on('data', (chunk) => (compressed += chunk.length));
  const gunzip = source.pipe(createGunzip());
  source.on('error', (error) => gunzip.destroy(error));
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      expanded += chunk.length;
      if (expanded > limits.maxExpandedBytes) throw new BundleFault('bundle.reason.tooLarge', { size: mib(limits.maxExpandedBytes) });
      if (expanded > RATIO_AFTER && expanded / Math.max(1, compressed) > limits.maxRatio) {
        throw new BundleFault('bundle.reason.bomb', { ratio: limits.maxRatio, expanded: mib(expanded), compressed: `${(compressed / 1024).toFixed(0)} KiB` });
      }
      onRaw(chunk);
      let start = 0;
      for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, nl));
        yield Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        start = nl + 1;
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > limits.maxLineBytes) throw new BundleFault('bundle.reason.longLine', { size: mib(limits.maxLineBytes) });
      }
    }
    if (pendingBytes > 0) yield Buffer.concat(pending);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

/** One recording line checked against its own hashes; the parsed entry or why it is refused. */
function checkEntry(line: string, n: number): z.infer<typeof entrySchema> {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new BundleFault('bundle.reason.notJson', { n });
  }
  const parsed = entrySchema.safeParse(json);
  if (!parsed.success) throw new BundleFault('bundle.reason.malformed', { n });
  const body = Buffer.from(parsed.data.body, 'base64');
  if (sha256(body) !== parsed.data.bodySha256) throw new BundleFault('bundle.reason.bodyHash', { n });
  const expected = sha256(canonicalJson([parsed.data.toolId, parsed.data.args, parsed.data.specVersion]));
  if (expected !== parsed.data.requestHash) throw new BundleFault('bundle.reason.wrongRequest', { n });
  return parsed.data;
}

/**
 * Imports a bundle as it streams, in bounded memory, into a staging snapshot that becomes the named one only when
 * every recording and the manifest's hash have checked out: a refused, cut-short or interrupted import (even a
 * killed process) leaves the store as it was.
 */
export async function importBundle(
  store: Store,
  file: string,
  options: { as?: string; limits?: ImportLimits; onProgress?: (p: Progress) => void } = {},
): Promise<BundleSummary> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  if (!existsSync(file)) throw saidError('NotFound', { message: 'error.noFile', vars: { file } });
  if (options.as?.startsWith(RecordingRepository.STAGING_PREFIX))
    throw saidError('Usage', { message: 'error.stagingName', vars: { prefix: RecordingRepository.STAGING_PREFIX } });
  const recordings = new RecordingRepository(store.db);
  recordings.dropStaging();
  const staging = recordings.createStaging();
  const payloadHash = createHash('sha256');
  let manifest: BundleManifest | undefined;
  let inPayload = false;
  let count = 0;
  let batch: z.infer<typeof entrySchema>[] = [];
  const flush = (): void => {
    saveEntries(store, recordings, staging, batch);
    batch = [];
  };
  try {
    // The manifest's hash covers every byte after its own line, exactly as it was written.
    const onRaw = (chunk: Buffer): void => {
      if (inPayload) payloadHash.update(chunk);
      else {
        const nl = chunk.indexOf(10);
        if (nl >= 0) {
          inPayload = true;
          payloadHash.update(chunk.subarray(nl + 1));
        }
      }
    };
    for await (const raw of gzipLines(file, limits, onRaw)) {
      const line = raw.toString('utf8');
      if (!manifest) {
        try {
          manifest = manifestSchema.parse(JSON.parse(line));
        } catch {
          throw new BundleFault('bundle.reason.notManifest');
        }
        if (manifest.snapshot.startsWith(RecordingRepository.STAGING_PREFIX)) throw new BundleFault('bundle.reason.reservedName');
        continue;
      }
      if (line === '') continue;
      count++;
      if (count > manifest.entries) throw new BundleFault('bundle.reason.moreThanListed', { entries: manifest.entries });
      batch.push(checkEntry(line, count));
      if (batch.length >= 200) {
        flush();
        options.onProgress?.({ stage: 'import', done: count, total: manifest.entries });
      }
    }
    if (!manifest) throw new BundleFault('bundle.reason.noManifest');
    if (payloadHash.digest('hex') !== manifest.payloadSha256) throw new BundleFault('bundle.reason.payloadHash');
    if (count !== manifest.entries) throw new BundleFault('bundle.reason.countMismatch', { entries: manifest.entries, count });
    flush();
    const snapshot = options.as ?? manifest.snapshot;
    const done = manifest;
    store.transaction(() => recordings.promoteStaging(staging, snapshot, `${file} (sha256 ${done.payloadSha256.slice(0, 16)})`));
    options.onProgress?.({ stage: 'import', done: count, total: count });
    return { file, snapshot, entries: count, payloadSha256: done.payloadSha256 };
  } catch (error) {
    recordings.dropStaging();
    throw importRefusal(file, error);
  }
}

/** Verified entries kept in the staging snapshot, in one transaction. */
function saveEntries(store: Store, recordings: RecordingRepository, staging: number, entries: z.infer<typeof entrySchema>[]): void {
  store.transaction(() => {
    for (const e of entries) {
      recordings.save(staging, {
        requestHash: e.requestHash,
        toolId: e.toolId,
        specVersion: e.specVersion,
        argsJson: canonicalJson(e.args),
        httpStatus: e.httpStatus,
        contentType: e.contentType,
        body: Buffer.from(e.body, 'base64'),
        recordedAt: e.recordedAt,
        latencyMs: e.latencyMs,
      });
    }
  });
}

/** Why an import failed, as the user is told: the bundle's own fault, or the file's (not gzip, unreadable). */
function importRefusal(file: string, error: unknown): unknown {
  if (error instanceof KopaError) return error;
  if (error instanceof BundleFault) return refuse(file, error);
  // Anything else comes from reading or decompressing the file; zlib's own words stay in the details.
  const message = (error as Error).message;
  if (/incorrect (header|data) check|unexpected end of file|invalid|unknown compression/i.test(message))
    return refuse(file, new BundleFault('bundle.reason.notGzip'), message);
  return refuse(file, new BundleFault('bundle.reason.unreadable'), message);
}
