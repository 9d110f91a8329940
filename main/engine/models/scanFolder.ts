// The GGUF files in a folder an analyst points at (a models folder, a removable drive), as LM Studio's "my models"
// lists them: each file once (a split model by its first part), its size, and whether it is registered already. Only
// names and sizes are read here; a file's facts come from inspecting the one the analyst picks.
import { opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ModelInfo, ModelScan } from '../../api/contract.ts';
import { saidError } from '../../core/i18n/saidError.ts';

export interface ScanOptions {
  /** Folders below the chosen one that are searched. Defaults to 4. */
  maxDepth?: number;
  /** Files listed at most; the scan says when it stopped there. Defaults to 500. */
  maxFiles?: number;
}

/** A later part of a split model (model-00002-of-00003.gguf): loaded through its first part. */
const LATER_PART = /-0*(\d+)-of-\d+\.gguf$/i;

export async function scanFolder(folder: string, known: readonly ModelInfo[], options: ScanOptions = {}): Promise<ModelScan> {
  const root = path.resolve(folder);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw saidError('NotFound', { message: 'error.noFolder', hint: 'error.noFolder.hint', vars: { folder: root } });
  const maxDepth = options.maxDepth ?? 4;
  const maxFiles = options.maxFiles ?? 500;
  const registered = new Map(known.filter((m) => m.kind !== 'openai').map((m) => [path.resolve(m.location), m.id]));
  const byNameAndSize = new Map(known.filter((m) => m.copied).map((m) => [`${path.basename(m.location)}|${m.sizeBytes}`, m.id]));
  const files: ModelScan['files'] = [];
  let truncated = false;
  const walk = async (dir: string, depth: number): Promise<void> => {
    // A folder that cannot be read (no permission, gone meanwhile) is passed over, as a file browser would.
    const entries = await opendir(dir).catch(() => undefined);
    if (!entries) return;
    for await (const entry of entries) {
      if (files.length >= maxFiles) {
        truncated = true;
        return;
      }
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && depth < maxDepth) await walk(full, depth + 1);
      else if (entry.isFile() && /\.gguf$/i.test(entry.name)) {
        const part = LATER_PART.exec(entry.name);
        if (part && Number(part[1]) > 1) continue;
        const size = (await stat(full).catch(() => undefined))?.size ?? 0;
        const id = registered.get(full) ?? byNameAndSize.get(`${entry.name}|${size}`) ?? null;
        files.push({ path: full, name: entry.name, sizeBytes: size, registered: id });
      }
    }
  };
  await walk(root, 0);
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { folder: root, files, truncated };
}
