// A KOPA-Nano run kept in a folder that outlives the machine (`kopa train nano --keep DIR`, a folder meant to be
// committed): nano.py writes DIR/kept.pt (float16 weights and the run's place) with each checkpoint; this side keeps
// beside it what resuming elsewhere also needs: the tokenizer the weights are tied to, the loss events (so the curve
// of a run trained across machines is whole), and the data card (dataset.json: the synthesis seed and size the corpus
// is written from, and the corpus's hash, so a resumed run can say when the app now writes its samples differently).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatasetRow } from '../../store/repositories/DatasetRepository.ts';
import { writeFileNoFollow } from '../../files/noFollow.ts';

/** Files of a run that a kept folder holds, copied into a run's folder that lacks them. */
const CARRIED = ['tokenizer.model', 'events.jsonl'] as const;

export interface KeptCard {
  dataset: { name: string; seed: string; params: Record<string, unknown> };
  /** sha256 of the corpus's training lines as first written for this run. */
  corpusSha256: string;
}

/** Starts a run's folder from the kept one: its tokenizer and events, where the run has none. */
export function restoreKept(keep: string, dir: string): void {
  mkdirSync(keep, { recursive: true });
  for (const file of CARRIED)
    if (existsSync(path.join(keep, file)) && !existsSync(path.join(dir, file))) copyFileSync(path.join(keep, file), path.join(dir, file));
}

export const corpusHash = (dir: string): string =>
  createHash('sha256')
    .update(readFileSync(path.join(dir, 'train.jsonl')))
    .digest('hex');

/**
 * Records the tokenizer and the data card in the kept folder once; after that, whether the corpus the run now reads
 * is the one the kept weights learned on.
 */
export function keepRunFiles(keep: string, dir: string, dataset: DatasetRow): { sameCorpus: boolean } {
  if (!existsSync(path.join(keep, 'tokenizer.model'))) copyFileSync(path.join(dir, 'tokenizer.model'), path.join(keep, 'tokenizer.model'));
  const cardFile = path.join(keep, 'dataset.json');
  const corpusSha256 = corpusHash(dir);
  if (!existsSync(cardFile)) {
    const card: KeptCard = { dataset: { name: dataset.name, seed: dataset.seed, params: dataset.params }, corpusSha256 };
    writeFileNoFollow(cardFile, `${JSON.stringify(card, null, 2)}\n`);
    return { sameCorpus: true };
  }
  return { sameCorpus: (JSON.parse(readFileSync(cardFile, 'utf8')) as KeptCard).corpusSha256 === corpusSha256 };
}
