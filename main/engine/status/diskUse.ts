// How much of the disk the data folder takes, by its top-level parts (the database, imported models, cache,
// exports…), for the Overview. Links are not followed: a model registered in place lives outside and is not counted.
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { DiskUse } from '../../api/contract.ts';

function sizeOf(target: string, stat: Stats): number {
  if (stat.isSymbolicLink()) return 0;
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const name of readdirSync(target)) {
    const child = path.join(target, name);
    try {
      total += sizeOf(child, lstatSync(child));
    } catch {
      // A file removed while counting (a finished export's temp file) counts as nothing.
    }
  }
  return total;
}

export function diskUse(dataDir: string): DiskUse {
  const parts = readdirSync(dataDir)
    .map((name) => {
      const full = path.join(dataDir, name);
      try {
        return { name, bytes: sizeOf(full, lstatSync(full)) };
      } catch {
        return { name, bytes: 0 };
      }
    })
    .sort((a, b) => b.bytes - a.bytes);
  return { dataDir, totalBytes: parts.reduce((sum, p) => sum + p.bytes, 0), parts };
}
