// Which of a run's tasks the task table shows, in what order: by verdict (every attempt passed, none did, some
// did), level, ability, agency, failure kind and words of the id or request; sorted by pass rate or id.
import type { BenchTaskRow } from '../../../../main/api/contract.ts';

export type Verdict = 'all' | 'passed' | 'failed' | 'mixed';
export type TaskSort = 'rate-asc' | 'rate-desc' | 'id';

export interface TaskFilter {
  verdict: Verdict;
  level: number | null;
  ability: string | null;
  agency: string | null;
  failure: string | null;
  query: string;
  sort: TaskSort;
}

export const NO_FILTER: TaskFilter = { verdict: 'all', level: null, ability: null, agency: null, failure: null, query: '', sort: 'rate-asc' };

export function verdictOf(row: Pick<BenchTaskRow, 'n' | 'c'>): Exclude<Verdict, 'all'> {
  return row.c === row.n ? 'passed' : row.c === 0 ? 'failed' : 'mixed';
}

export function filterTasks(rows: BenchTaskRow[], filter: TaskFilter): BenchTaskRow[] {
  const words = filter.query.trim().toLowerCase();
  const kept = rows.filter(
    (r) =>
      (filter.verdict === 'all' || verdictOf(r) === filter.verdict) &&
      (filter.level === null || r.level === filter.level) &&
      (filter.ability === null || r.abilities.includes(filter.ability)) &&
      (filter.agency === null || r.agencies.includes(filter.agency)) &&
      (filter.failure === null || r.failures.includes(filter.failure)) &&
      (words === '' || r.taskId.toLowerCase().includes(words) || (r.request ?? '').toLowerCase().includes(words)),
  );
  const rate = (r: BenchTaskRow): number => r.c / Math.max(1, r.n);
  const byId = (a: BenchTaskRow, b: BenchTaskRow): number => a.taskId.localeCompare(b.taskId);
  if (filter.sort === 'id') return kept.sort(byId);
  const sign = filter.sort === 'rate-asc' ? 1 : -1;
  return kept.sort((a, b) => sign * (rate(a) - rate(b)) || byId(a, b));
}

/** The values each filter can take in these rows, for its select. */
export function facets(rows: BenchTaskRow[]): { levels: number[]; abilities: string[]; agencies: string[]; failures: string[] } {
  const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();
  return {
    levels: [...new Set(rows.flatMap((r) => (r.level === null ? [] : [r.level])))].sort((a, b) => a - b),
    abilities: sorted(rows.flatMap((r) => r.abilities)),
    agencies: sorted(rows.flatMap((r) => r.agencies)),
    failures: sorted(rows.flatMap((r) => r.failures)),
  };
}
