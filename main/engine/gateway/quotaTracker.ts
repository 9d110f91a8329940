// Per-API limits before a live request: a daily quota counted in the database (KST days, as data.go.kr counts)
// and a requests-per-second rate that waits briefly for its turn instead of failing.
import type { QuotaSpec } from '../../core/catalog/types.ts';
import type { QuotaRepository } from '../store/repositories/QuotaRepository.ts';

export type QuotaVerdict = { ok: true } | { ok: false; message: string };

const KST_MS = 9 * 3_600_000;

export function kstDay(now: Date): string {
  return new Date(now.getTime() + KST_MS).toISOString().slice(0, 10);
}

export class QuotaTracker {
  private readonly repo: QuotaRepository;
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly nextSlot = new Map<string, number>();

  constructor(repo: QuotaRepository, now: () => Date, sleep: (ms: number) => Promise<void>) {
    this.repo = repo;
    this.now = now;
    this.sleep = sleep;
  }

  /** Counts one call against the quota, or says why it may not be made. */
  async reserve(quota: QuotaSpec | undefined): Promise<QuotaVerdict> {
    if (!quota) return { ok: true };
    if (quota.perSecond) {
      const spacing = 1000 / quota.perSecond;
      const now = Date.now();
      const slot = Math.max(now, this.nextSlot.get(quota.group) ?? 0);
      this.nextSlot.set(quota.group, slot + spacing);
      if (slot > now) await this.sleep(slot - now);
    }
    if (quota.perDay) {
      const day = kstDay(this.now());
      const used = this.repo.used(quota.group, day);
      if (used >= quota.perDay) {
        return {
          ok: false,
          message: `The daily quota of ${quota.perDay} calls for ${quota.group} is used up (${used} today, KST). It resets at midnight KST.`,
        };
      }
      this.repo.add(quota.group, day);
    }
    return { ok: true };
  }

  usedToday(group: string): number {
    return this.repo.used(group, kstDay(this.now()));
  }
}
