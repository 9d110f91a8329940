// EDGE from the shell: propose, verify (with a frozen emulator clock), list and show; and a verification killed half
// way that the next synthesis finishes, to exactly what a straight verification keeps.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../native/sqlite/index.ts';
import type { EdgeListing, EdgeProposal, EdgeVerifySummary, SynthRunResult } from '../../../main/api/contract.ts';
import { kopaBin, repoRoot, runKopa } from '../../helpers/runCli.ts';
import { copyOfDataDir, fileTempDir, tempDir } from '../../helpers/tempDir.ts';

const NOW = '2025-03-02T15:00:00+09:00';
const json = <T>(text: string): T => JSON.parse(text) as T;
let verifiedDir: string;
let verification: EdgeVerifySummary;

beforeAll(async () => {
  verifiedDir = fileTempDir();
  const run = await runKopa(['--json', '--data-dir', verifiedDir, 'edges', 'verify', '--now', NOW]);
  expect(run.code, run.stderr).toBe(0);
  verification = json<EdgeVerifySummary>(run.stdout);
}, 120_000);

describe('kopa edges', () => {
  it('proposes candidates of three kinds', async () => {
    const run = await runKopa(['--json', '--data-dir', tempDir(), 'edges', 'propose']);
    expect(run.code).toBe(0);
    const p = json<EdgeProposal>(run.stdout);
    expect(p.candidates).toBe(p.added);
    expect(p.byBasis.semantic + p.byBasis.transform + p.byBasis.lexical).toBe(p.candidates);
    expect(p.byBasis.lexical).toBeGreaterThan(0);
  });

  it('verifies, and prints what it checked, what it spent and how long it took', () => {
    expect(verification.checked).toBeGreaterThan(500);
    expect(verification.verified).toBeGreaterThan(300);
    expect(verification.rejected).toBeGreaterThan(100);
    expect(verification.callsSpent).toBeGreaterThan(verification.checked);
    expect(verification.seconds).toBeGreaterThan(0);
    expect(verification.totals.candidate).toBe(verification.untried);
  });

  it('lists each link with its tools, fields, parameters, transform, status and trial counts', async () => {
    const run = await runKopa(['--json', '--data-dir', verifiedDir, 'edges', 'list', '--status', 'verified']);
    const listing = json<EdgeListing>(run.stdout);
    expect(listing.edges).toHaveLength(verification.totals.verified);
    const grid = listing.edges.find((e) => e.fromTool === 'vworld.getCoord' && e.toTool === 'kma.getUltraSrtNcst')!;
    expect(grid).toMatchObject({ fromFields: ['y', 'x'], toParams: ['nx', 'ny'], transform: 'latLon→kmaGrid', status: 'verified', trialsTotal: 3 });
    const shown = await runKopa(['--data-dir', verifiedDir, 'edges', 'show', grid.id.slice(0, 9)]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('vworld.getCoord.y+x ─[latLon→kmaGrid]→ kma.getUltraSrtNcst.nx+ny');
    expect(shown.stdout).toMatch(/trials \(newest first\)[\s\S]*the KMA grid nx \d+, ny \d+ made .+ return \d+ rows/);

    // A forecast's dates fit other tools' dates, but nothing depends on them: listed apart, and counted apart.
    const format = json<EdgeListing>(
      (await runKopa(['--json', '--data-dir', verifiedDir, 'edges', 'list', '--status', 'verified', '--kind', 'format'])).stdout,
    );
    expect(format.edges.length).toBe(verification.verifiedKinds.format);
    expect(format.edges.every((e) => e.kind === 'format')).toBe(true);
    expect(format.edges.some((e) => e.fromTool === 'kma.getVilageFcst' && e.toParams.includes('DEAL_YMD'))).toBe(true);
    expect(verification.verifiedKinds.dependency + verification.verifiedKinds.format).toBe(verification.totals.verified);
    expect(listing.edges.find((e) => e.fromTool === 'juso.addrLinkApi' && e.toParams.includes('LAWD_CD'))?.kind).toBe('dependency');
  });

  it('refuses a duration it cannot read, with exit code 2', async () => {
    const run = await runKopa(['--data-dir', tempDir(), 'edges', 'verify', '--stale-after', 'soon']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('a duration such as 30m, 12h or 7d');
  });

  it('finishes a verification killed half way before it walks the graph, and writes what a straight run writes', async () => {
    const edgesIn = (dir: string): { tried: number; verified: number } => {
      try {
        const db = openSqlite(path.join(dir, 'kopa.db'), { readonly: true, fileMustExist: true });
        try {
          return db.prepare("SELECT count(checked_at) AS tried, count(*) FILTER (WHERE status = 'verified') AS verified FROM edges").get() as {
            tried: number;
            verified: number;
          };
        } finally {
          db.close();
        }
      } catch {
        return { tried: 0, verified: 0 };
      }
    };
    const killed = tempDir();
    const child = spawn(process.execPath, [kopaBin, '--data-dir', killed, 'edges', 'verify', '--now', NOW], { cwd: repoRoot, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    for (let i = 0; i < 1200 && edgesIn(killed).tried < 60; i++) await new Promise((r) => setTimeout(r, 25));
    child.kill('SIGKILL');
    await exited;
    const cut = edgesIn(killed);
    expect(cut.tried).toBeGreaterThanOrEqual(60);

    const synthArgs = (dir: string, out: string): string[] => [
      '--json',
      '--data-dir',
      dir,
      'synth',
      '--count',
      '30',
      '--seed',
      'after-kill',
      '--now',
      NOW,
      '--format',
      'openai',
      '--out',
      out,
    ];
    const out = path.join(tempDir(), 'after-kill.jsonl');
    const run = await runKopa(synthArgs(killed, out));
    expect(run.code, run.stderr).toBe(0);
    expect(json<SynthRunResult>(run.stdout).verification).toBeDefined();
    // A straight verification at the same moment: the file's own, taken before any test changed it.
    const fresh = copyOfDataDir(verifiedDir);
    expect(edgesIn(killed)).toEqual(edgesIn(fresh));
    const straightOut = path.join(tempDir(), 'straight.jsonl');
    expect((await runKopa(synthArgs(fresh, straightOut))).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toEqual(readFileSync(straightOut, 'utf8'));
  }, 240_000);
});
