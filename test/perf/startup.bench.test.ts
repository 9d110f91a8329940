// Budgets of docs/ARCHITECTURE.md §7 for the foundation: app start to first view (< 1.5 s) and engine idle memory
// without a model (< 250 MB); and the CLI's start beside plain `node -e 0` in the same run (--version and --help
// within 2.5×, catalog list within 5×). Prints what it measured; it does not fail on timing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../main/engine/Engine.ts';
import { launchChromium } from '../helpers/browser.ts';
import { startBrowserMode } from '../helpers/browserMode.ts';
import { kopaBin, repoRoot } from '../helpers/runCli.ts';
import { tempDir } from '../helpers/tempDir.ts';
import { sized } from './smoke.ts';

const runs = sized(5, 1);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Wall milliseconds of one process from start to exit. */
function timeProcess(args: string[]): number {
  const t = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'ignore' });
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}`);
  return performance.now() - t;
}

describe('start-up', () => {
  it('kopa CLI beside node -e 0, in turns (the bundle npm run build writes)', () => {
    const bundle = path.join(repoRoot, 'dist', 'cli', 'main.js');
    const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
    const stale = ['main', 'native'].some((dir) =>
      readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true }).some(
        (e) => e.isFile() && e.name.endsWith('.ts') && statSync(path.join(e.parentPath, e.name)).mtimeMs > built,
      ),
    );
    if (stale) console.log('the dist/cli bundle is missing or older than the sources, so these are times through tsx: run npm run build first');
    const dataDir = tempDir();
    const commands: [string, string[], number][] = [
      ['--version', [kopaBin, '--version'], 2.5],
      ['--help', [kopaBin, '--help'], 2.5],
      ['catalog list', [kopaBin, '--data-dir', dataDir, 'catalog', 'list'], 5],
    ];
    timeProcess([kopaBin, '--data-dir', dataDir, 'catalog', 'list']);
    const rounds = sized(9, 1);
    const times = new Map<string, number[]>([['node -e 0', []], ...commands.map(([name]) => [name, []] as [string, number[]])]);
    for (let i = 0; i < rounds; i++) {
      times.get('node -e 0')!.push(timeProcess(['-e', '0']));
      for (const [name, args] of commands) times.get(name)!.push(timeProcess(args));
    }
    const base = median(times.get('node -e 0')!);
    console.log(`node -e 0: ${base.toFixed(0)} ms (median of ${rounds}, run in turns with the commands below)`);
    for (const [name, , budget] of commands) {
      const t = median(times.get(name)!);
      console.log(`kopa ${name}: ${t.toFixed(0)} ms = ${(t / base).toFixed(2)}× node -e 0 (budget ${budget}×)`);
    }
  });

  it('engine open on a fresh and on an existing data folder', () => {
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < runs; i++) {
      const dataDir = tempDir();
      let t = performance.now();
      const engine = Engine.open({ dataDir });
      fresh.push(performance.now() - t);
      void engine.dispose();
      t = performance.now();
      const again = Engine.open({ dataDir });
      existing.push(performance.now() - t);
      void again.dispose();
    }
    console.log(`engine open: fresh ${median(fresh).toFixed(1)} ms, existing ${median(existing).toFixed(1)} ms (median of ${runs})`);
  });

  it('browser mode: command start to the status view in Chromium, and the engine process idle RSS', async () => {
    const browser = await launchChromium();
    const toView: number[] = [];
    const rss: number[] = [];
    try {
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const app = await startBrowserMode(tempDir());
        const page = await browser.newPage();
        await page.goto(app.launchUrl);
        await page.getByTestId('status-version').waitFor();
        toView.push(performance.now() - t);
        await page.close();
        const status = await (
          await fetch(`${app.url}/api/call/engine.status`, {
            method: 'POST',
            headers: { authorization: `Bearer ${app.launchUrl.split('token=')[1]}`, 'content-type': 'application/json' },
            body: '{}',
          })
        ).json();
        rss.push((status as { value: { memory: { rssBytes: number } } }).value.memory.rssBytes / 2 ** 20);
        expect(await app.stop()).toBe(0);
      }
    } finally {
      await browser.close();
    }
    console.log(`start to first view: median ${median(toView).toFixed(0)} ms, max ${Math.max(...toView).toFixed(0)} ms (budget 1500 ms)`);
    console.log(`engine idle RSS without a model: median ${median(rss).toFixed(0)} MiB (budget 250 MB)`);
  });
});
