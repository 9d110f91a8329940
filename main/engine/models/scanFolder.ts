// The GGUF files in a folder an analyst points at (a models folder, a removable drive, a Hugging Face cache), as LM
// Studio's "my models" lists them: each file once (a split model by its first part), its size, the repository a
// Hugging Face cache keeps it for, and whether it is registered already. Only names and sizes are read here; a
// file's facts come from inspecting the one the analyst picks.
//
// The walk is breadth-first, so a folder crowded with files cannot hide a model one folder over, and bounded by
// files listed, entries read and time. Links are followed (the cache's snapshots are links into its blobs), each
// folder once, so a link back up the tree ends nowhere; a folder that cannot be read (no permission, a damaged
// drive, /proc) is passed over and counted.
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ModelInfo, ModelScan } from '../../api/contract.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export interface ScanOptions {
  /** Folders below the chosen one that are searched. Defaults to 6 (a Hugging Face cache keeps files 3 down). */
  maxDepth?: number;
  /** Files listed at most; the scan says when it stopped there. Defaults to 500. */
  maxFiles?: number;
  /** Folder entries read at most, files and folders of every kind. Defaults to 200,000. */
  maxEntries?: number;
  /** How long the walk may take, in milliseconds. Defaults to 15,000. */
  maxMs?: number;
}

/** A later part of a split model (model-00002-of-00003.gguf): loaded through its first part. */
const LATER_PART = /-0*(\d+)-of-\d+\.gguf$/i;
/** A GGUF's fixed header (magic, version, tensor and key counts) is 24 bytes: anything smaller is no model. */
const GGUF_HEADER_BYTES = 24;

/** The repository a Hugging Face cache path belongs to (…/models--Qwen--Qwen3-8B-GGUF/snapshots/rev/x.gguf). */
export function cacheRepository(file: string): string | null {
  const parts = file.split(path.sep);
  const at = parts.findIndex((p, i) => p.startsWith('models--') && parts[i + 1] === 'snapshots');
  if (at < 0) return null;
  const [owner, ...name] = parts[at]!.slice('models--'.length).split('--');
  return name.length > 0 ? `${owner}/${name.join('--')}` : (owner ?? null);
}

export async function scanFolder(folder: string, known: readonly ModelInfo[], options: ScanOptions = {}): Promise<ModelScan> {
  const root = path.resolve(folder);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw saidError('NotFound', { message: 'error.noFolder', hint: 'error.noFolder.hint', vars: { folder: root } });
  const maxDepth = options.maxDepth ?? 6;
  const maxFiles = options.maxFiles ?? 500;
  const maxEntries = options.maxEntries ?? 200_000;
  const deadline = Date.now() + (options.maxMs ?? 15_000);
  const registered = new Map(known.filter((m) => m.kind !== 'openai').map((m) => [path.resolve(m.location), m.id]));
  const byNameAndSize = new Map(known.filter((m) => m.copied).map((m) => [`${path.basename(m.location)}|${m.sizeBytes}`, m.id]));
  const files: ModelScan['files'] = [];
  const listedReal = new Set<string>();
  const seenFolders = new Set([await realpath(root)]);
  const queue: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }];
  let skipped = 0;
  let entriesRead = 0;
  let truncated = false;

  const consider = async (full: string, entry: Dirent, depth: number): Promise<void> => {
    let isDirectory = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const target = await stat(full).catch(() => undefined);
      if (!target) return;
      isDirectory = target.isDirectory();
      isFile = target.isFile();
    }
    if (isDirectory) {
      if (depth >= maxDepth) return;
      const real = await realpath(full).catch(() => undefined);
      if (real === undefined || seenFolders.has(real)) return;
      seenFolders.add(real);
      queue.push({ dir: full, depth: depth + 1 });
      return;
    }
    if (!isFile || !/\.gguf$/i.test(entry.name)) return;
    const part = LATER_PART.exec(entry.name);
    if (part && Number(part[1]) > 1) return;
    const size = (await stat(full).catch(() => undefined))?.size ?? 0;
    if (size < GGUF_HEADER_BYTES) return;
    const real = (await realpath(full).catch(() => undefined)) ?? full;
    if (listedReal.has(real)) return;
    listedReal.add(real);
    const id = registered.get(full) ?? registered.get(real) ?? byNameAndSize.get(`${entry.name}|${size}`) ?? null;
    const repository = cacheRepository(full);
    files.push({ path: full, name: entry.name, sizeBytes: size, registered: id, ...(repository ? { repository } : {}) });
  };

  walk: while (queue.length > 0) {
    const { dir, depth } = queue.shift()!;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      skipped++;
      continue;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (files.length >= maxFiles || ++entriesRead > maxEntries || Date.now() > deadline) {
        truncated = true;
        break walk;
      }
      if (!entry.name.startsWith('.')) await consider(path.join(dir, entry.name), entry, depth);
    }
  }
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { folder: root, files, truncated, skipped };
}
