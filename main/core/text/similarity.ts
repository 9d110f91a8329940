// Cheap text similarities that work for Korean as well as identifiers: edit distance for names, character
// bigrams for descriptions and requests (Korean words are short and agglutinative, so bigrams beat words).
import { distance } from 'fastest-levenshtein';

/** Identifier similarity 0…1, ignoring case, underscores and digits: sgg_cd ~ sgguCd. */
export function nameSimilarity(a: string, b: string): number {
  const x = a.toLowerCase().replace(/[_\d]/g, '');
  const y = b.toLowerCase().replace(/[_\d]/g, '');
  if (x === '' || y === '') return 0;
  return 1 - distance(x, y) / Math.max(x.length, y.length);
}

/** Up to three of `candidates` within a few edits of `word` (a typo's "did you mean"), closest first. */
export function closestNames(word: string, candidates: readonly string[]): string[] {
  const lower = word.toLowerCase();
  const limit = Math.max(2, Math.floor(word.length / 3));
  return [...new Set(candidates)]
    .map((candidate) => ({ candidate, score: distance(lower, candidate.toLowerCase()) }))
    .filter((c) => c.score <= limit)
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, 3)
    .map((c) => c.candidate);
}

export function bigrams(text: string): Set<string> {
  const clean = text
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim();
  const out = new Set<string>();
  for (let i = 0; i + 1 < clean.length; i++) {
    const gram = clean.slice(i, i + 2);
    if (!gram.includes(' ')) out.add(gram);
  }
  return out;
}

/** Jaccard similarity of character bigrams, 0…1. */
export function bigramSimilarity(a: string | Set<string>, b: string | Set<string>): number {
  const x = typeof a === 'string' ? bigrams(a) : a;
  const y = typeof b === 'string' ? bigrams(b) : b;
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const g of x) if (y.has(g)) shared++;
  return shared / (x.size + y.size - shared);
}
