// scripts/gpu-check.mjs, which a GPU owner runs in one step: on this CPU with the tiny GGUF it prints one JSON object
// with where the model runs, its speeds, the parallel sequences' aggregate and prompt-lookup speculative decoding; a
// wrong call says how to call it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { repoRoot } from '../../helpers/runCli.ts';

const script = path.join(repoRoot, 'scripts', 'gpu-check.mjs');
const run = (args: string[]) => spawnSync(process.execPath, [script, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 240_000 });

describe('scripts/gpu-check.mjs', () => {
  it('prints the backend, layers offloaded, speeds and the aggregate of parallel sequences as one JSON object', { timeout: 300_000 }, async () => {
    const model = await writeTinyLlama();
    const result = run([model, '--tokens', '16', '--sequences', '1,2', '--cpu']);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ model, backend: 'cpu', devices: [], gpuLayers: 0 });
    expect(report.promptTokensPerSecond).toBeGreaterThan(0);
    expect(report.generationTokensPerSecond).toBeGreaterThan(0);
    expect((report.parallel as { sequences: number; tokens: number }[]).map((p) => p.sequences)).toEqual([1, 2]);
    expect((report.agentLoop as { tokens: number }).tokens).toBeGreaterThan(0);
    expect((report.constrained as { tokensPerSecond: number }).tokensPerSecond).toBeGreaterThan(0);
    expect((report.speculation as { kind: string; acceptance: number }[]).map((s) => s.kind)).toEqual(['input-lookup']);
    // The first chat turn with every tool and with the pick: the pick's prompt is a fraction of the whole catalog's.
    const first = report.firstTurn as { allTools: { tools: number; promptTokens: number }; picked: { tools: number; promptTokens: number } };
    expect(first.picked.tools).toBeLessThanOrEqual(9);
    expect(first.picked.promptTokens * 2).toBeLessThan(first.allTools.promptTokens);
  });

  it('says how to call it', () => {
    const missing = run([]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('usage: node scripts/gpu-check.mjs MODEL.gguf');
    const noFile = run([path.join(repoRoot, 'no-such.gguf')]);
    expect(noFile.status).toBe(1);
    expect(noFile.stderr).toContain('There is no model file');
  });
});
