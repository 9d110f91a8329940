// The 26 bodies real services sent (../shared/reference/raw-responses, not copied into the repository): the
// gateway's parser must read every fact the manifest lists, typed errors included. Skipped, with the reason, where
// that folder is absent (a checkout without the shared reference material).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParsedOutcome } from '../../../main/core/gateway/callResult.ts';
import { repoRoot } from '../../helpers/runCli.ts';
import { testEngine } from '../../helpers/engine.ts';

const DIR = path.resolve(repoRoot, '..', 'shared', 'reference', 'raw-responses');
const MANIFEST = path.join(DIR, 'MANIFEST.json');

interface ManifestFile {
  file: string;
  tool: string;
  expect: Record<string, unknown>;
}

/** The manifest's equivalence: a parser that converts to the catalog's types is right ("21" = 21, "Y" = true, "" or "-" = null). */
function equivalent(got: unknown, want: unknown): boolean {
  if (got === want) return true;
  const empty = (v: unknown): boolean => v === null || v === undefined || v === '' || v === '-';
  if (empty(want) && empty(got)) return true;
  if (typeof got === 'boolean') return (want === 'Y') === got && (want === 'Y' || want === 'N');
  if (typeof got === 'number' || typeof want === 'number') return Number(got) === Number(want) && !empty(got) && !empty(want);
  return false;
}

function fact(outcome: ParsedOutcome, key: string, want: unknown): string | undefined {
  const items = outcome.items;
  const check = (got: unknown, ok = equivalent(got, want)): string | undefined =>
    ok ? undefined : `${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`;
  if (key === 'resultCode') return check(outcome.resultCode);
  if (key === 'resultMsg') return check(outcome.resultMessage);
  if (key === 'totalCount') return check(outcome.totalCount);
  if (key === 'items.length') return check(items.length);
  if (key === 'errorKind') return check(outcome.error?.kind ?? null);
  if (key === 'page.pageNo') return check(outcome.page?.pageNo);
  if (key === 'page.numOfRows') return check(outcome.page?.numOfRows);
  const [row, field] = key.split(/\.(.*)/s) as [string, string];
  if (row === 'has') return check(items[0] !== undefined && field in items[0], (items[0] !== undefined && field in items[0]) === want);
  const pick =
    row === 'first'
      ? items[0]
      : row === 'last'
        ? items[items.length - 1]
        : row === 'third'
          ? items[2]
          : items.find((r) => [r.category, r.dateName, r.stationName].includes(row));
  if (!pick) return `${key}: no such row`;
  if (field.endsWith('~')) return check(pick[field.slice(0, -1)], String(pick[field.slice(0, -1)] ?? '').includes(String(want)));
  return check(pick[field]);
}

/**
 * Bodies whose reading the product decides differently from the manifest's literal facts, and why. The all-zero
 * answer for a region id KMA does not issue is a real success body, but reading it as a 0 % forecast is wrong: the
 * gateway reports it as no data, naming the region (the manifest's own note: "should not treat this as a real 0%
 * forecast").
 */
const DECIDED: Record<string, Record<string, unknown>> = {
  'kma.getMidLandFcst__tourlint-unknown_region.json': { errorKind: 'NoData', resultCode: '00', 'items.length': 0 },
};

describe.skipIf(!existsSync(MANIFEST))('real response bodies', () => {
  it('reads every fact of all 26 bodies, typed errors included', async () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { files: ManifestFile[] };
    const engine = testEngine();
    const wrong: string[] = [];
    let facts = 0;
    for (const entry of manifest.files) {
      const bytes = readFileSync(path.join(DIR, entry.file));
      const outcome = await engine.call('gateway.parse', { tool: entry.tool, bodyBase64: bytes.toString('base64') });
      // NTS says how many of the numbers asked about its register knows, beside one row per number.
      if (entry.tool === 'nts.businessStatus' && outcome.counts?.matched !== 1)
        wrong.push(`${entry.file}: match_cnt is not surfaced as counts.matched (${JSON.stringify(outcome.counts)})`);
      if (DECIDED[entry.file] && !outcome.error?.message.includes('regId 11D20301'))
        wrong.push(`${entry.file}: the no-data message does not name the region: ${outcome.error?.message}`);
      for (const [key, want] of Object.entries(DECIDED[entry.file] ?? entry.expect)) {
        facts++;
        const problem = fact(outcome, key, want);
        if (problem) wrong.push(`${entry.file} ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(manifest.files).toHaveLength(26);
    expect(facts).toBeGreaterThanOrEqual(200);
  });
});

if (!existsSync(MANIFEST)) console.warn(`real response bodies: ${DIR} is not there, so the 26 real-body fixtures are skipped.`);
