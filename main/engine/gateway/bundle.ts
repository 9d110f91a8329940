// Carrying recordings from a connected machine to an air-gapped one: a gzip'd JSON-lines file whose first line
// is a manifest (snapshot, counts, the SHA-256 of everything after it, and of each response body). Import checks
// all of it before writing anything, then writes everything in one transaction: a tampered or truncated bundle
// is refused whole.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { APP_VERSION } from '../../core/appInfo.ts';
import { canonicalJson } from '../../core/canonicalJson.ts';
import { KopaError } from '../../core/errors.ts';
import type { BundleSummary, Progress } from '../../api/contract.ts';
import type { Store } from '../store/Store.ts';
import { RecordingRepository } from '../store/repositories/RecordingRepository.ts';

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
    throw new KopaError('NotFound', `There is no snapshot "${snapshot}".`, { hint: known.length ? `Snapshots here: ${known.join(', ')}.` : 'Record some calls first (kopa call … --mode record).' });
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
  const manifest: BundleManifest = { format: BUNDLE_FORMAT, version: BUNDLE_VERSION, snapshot, createdAt: new Date().toISOString(), appVersion: APP_VERSION, entries: all.length, payloadSha256: sha256(payload) };
  const partial = `${file}.partial`;
  writeFileSync(partial, gzipSync(`${JSON.stringify(manifest)}\n${payload}`));
  renameSync(partial, file);
  return { file, snapshot, entries: all.length, payloadSha256: manifest.payloadSha256 };
}

function refuse(file: string, reason: string): KopaError {
  return new KopaError('InvalidRequest', `The bundle ${file} was refused: ${reason}. Nothing was imported.`, {
    hint: 'Copy the bundle again from the machine that exported it; if it still fails, export it again.',
    details: { file, reason },
  });
}

/** Reads and verifies a bundle completely; throws before anything is written when any check fails. */
export function readBundle(file: string): { manifest: BundleManifest; entries: z.infer<typeof entrySchema>[] } {
  let text: string;
  try {
    text = gunzipSync(readFileSync(file)).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new KopaError('NotFound', `There is no file ${file}.`);
    throw refuse(file, `it is not a complete gzip file (${(error as Error).message})`);
  }
  const newline = text.indexOf('\n');
  if (newline < 0) throw refuse(file, 'it has no manifest');
  let manifest: BundleManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(text.slice(0, newline)));
  } catch {
    throw refuse(file, 'its manifest is missing or not a KOPA Studio recordings manifest');
  }
  const payload = text.slice(newline + 1);
  if (sha256(payload) !== manifest.payloadSha256) throw refuse(file, 'its content does not match the manifest hash (it was changed or cut short)');
  const lines = payload.split('\n').filter((l) => l !== '');
  if (lines.length !== manifest.entries) throw refuse(file, `the manifest lists ${manifest.entries} recordings but ${lines.length} are there`);
  const entries = lines.map((line, i) => {
    const parsed = entrySchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw refuse(file, `recording ${i + 1} is not well-formed`);
    const body = Buffer.from(parsed.data.body, 'base64');
    if (sha256(body) !== parsed.data.bodySha256) throw refuse(file, `recording ${i + 1} does not match its hash`);
    const expected = sha256(canonicalJson([parsed.data.toolId, parsed.data.args, parsed.data.specVersion]));
    if (expected !== parsed.data.requestHash) throw refuse(file, `recording ${i + 1} is filed under the wrong request`);
    return parsed.data;
  });
  return { manifest, entries };
}

export function importBundle(store: Store, file: string, options: { as?: string; onProgress?: (p: Progress) => void } = {}): BundleSummary {
  const { manifest, entries } = readBundle(file);
  const snapshot = options.as ?? manifest.snapshot;
  const recordings = new RecordingRepository(store.db);
  store.transaction(() => {
    const id = recordings.ensureSnapshot(snapshot, { importedFrom: `${file} (sha256 ${manifest.payloadSha256.slice(0, 16)})`, description: `imported ${new Date().toISOString()}` });
    entries.forEach((e, i) => {
      recordings.save(id, {
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
      if (i % 200 === 0 || i === entries.length - 1) options.onProgress?.({ stage: 'import', done: i + 1, total: entries.length });
    });
  });
  return { file, snapshot, entries: entries.length, payloadSha256: manifest.payloadSha256 };
}
