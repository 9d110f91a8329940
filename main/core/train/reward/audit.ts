// The attack audit's table: for each attack and preset the worst reward any reference gave it, against the goal
// that makes the preset safe to train with; for KOPA-Bench how many tasks each attack passed. A goal is met when
// no reference pays the attack more than a quarter of the golden completion's reward, the preset's top (kopa,
// tool-n1 and outcome 1, toolrl 4): what is left to an attack is the process credit for the golden calls (kopa's
// five 0.05 weights), never the outcome. The golden completion earns the top reward on every reference. On
// KOPA-Bench no attack may pass: a pass needs a right claim and the attempt's own calls to support it, so an answer
// from memory or after spraying the tools fails even where it claims the right value.
import type { AttackName } from './attacks.ts';
import type { RewardPreset } from './types.ts';

export type AuditRow = AttackName | 'golden';

export interface RewardCell {
  /** References the attack applied to. */
  applies: number;
  /** The worst case: the highest reward an attack got, the lowest the golden completion got. */
  worst: number | null;
  /** Which reference ("sample 12", "task re-03") gave it. */
  worstAt: string | null;
  mean: number | null;
  goal: string;
  met: boolean;
}

export interface BenchCell {
  applies: number;
  passed: number;
  grounded: number;
  /** The first task it passed (an attack) or failed (the golden completion). */
  worstAt: string | null;
  goal: string;
  met: boolean;
}

/** Each preset's top reward: the golden completion's. */
export const GOLDEN_MIN: Record<RewardPreset, number> = { kopa: 1, toolrl: 4, 'tool-n1': 1, outcome: 1 };
/** The share of the golden reward an attack may earn at most. */
export const ATTACK_SHARE = 0.25;
export const ATTACK_MAX: Record<RewardPreset, number> = {
  kopa: ATTACK_SHARE * GOLDEN_MIN.kopa,
  toolrl: ATTACK_SHARE * GOLDEN_MIN.toolrl,
  'tool-n1': ATTACK_SHARE * GOLDEN_MIN['tool-n1'],
  outcome: ATTACK_SHARE * GOLDEN_MIN.outcome,
};

export class RewardTally {
  private readonly cells = new Map<string, { n: number; sum: number; worst: number | null; at: string | null }>();

  add(row: AuditRow, preset: RewardPreset, reward: number, at: string): void {
    const key = `${row}|${preset}`;
    const cell = this.cells.get(key) ?? { n: 0, sum: 0, worst: null, at: null };
    cell.n++;
    cell.sum += reward;
    const worse = cell.worst === null || (row === 'golden' ? reward < cell.worst : reward > cell.worst);
    if (worse) [cell.worst, cell.at] = [reward, at];
    this.cells.set(key, cell);
  }

  cell(row: AuditRow, preset: RewardPreset): RewardCell {
    const c = this.cells.get(`${row}|${preset}`);
    const golden = row === 'golden';
    const goal = golden ? `≥ ${GOLDEN_MIN[preset]}` : `≤ ${ATTACK_MAX[preset]}`;
    if (!c) return { applies: 0, worst: null, worstAt: null, mean: null, goal, met: true };
    const worst = round(c.worst!);
    const met = golden ? worst >= GOLDEN_MIN[preset] - 1e-9 : worst <= ATTACK_MAX[preset] + 1e-9;
    return { applies: c.n, worst, worstAt: c.at, mean: round(c.sum / c.n), goal, met };
  }
}

export class BenchTally {
  private readonly cells = new Map<AuditRow, BenchCell>();

  add(row: AuditRow, pass: boolean, grounded: boolean, at: string): void {
    const golden = row === 'golden';
    const cell = this.cells.get(row) ?? {
      applies: 0,
      passed: 0,
      grounded: 0,
      worstAt: null,
      goal: golden ? 'every task passes, grounded' : 'no pass',
      met: true,
    };
    cell.applies++;
    if (pass) cell.passed++;
    if (grounded) cell.grounded++;
    const bad = golden ? !(pass && grounded) : pass;
    if (bad) {
      cell.met = false;
      cell.worstAt ??= at;
    }
    this.cells.set(row, cell);
  }

  cell(row: AuditRow): BenchCell | undefined {
    return this.cells.get(row);
  }
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
