// Which of a suite's tasks the run form's picker lists: by words of the id or the question (either language), an
// agency its reference plan calls, and its level.
import type { SuiteTaskRow } from '../../../../main/api/contract.ts';

export interface TaskPick {
  query: string;
  agency: string | null;
  level: number | null;
}

export const ANY_TASK: TaskPick = { query: '', agency: null, level: null };

export function pickableTasks(rows: SuiteTaskRow[], pick: TaskPick): SuiteTaskRow[] {
  const words = pick.query.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (pick.agency === null || r.agencies.includes(pick.agency)) &&
      (pick.level === null || r.level === pick.level) &&
      (words === '' || [r.id, r.question, r.questionEn ?? ''].some((text) => text.toLowerCase().includes(words))),
  );
}

/** The agencies and levels of a suite's tasks, for the picker's selects. */
export function pickFacets(rows: SuiteTaskRow[]): { agencies: string[]; levels: number[] } {
  return {
    agencies: [...new Set(rows.flatMap((r) => r.agencies))].sort(),
    levels: [...new Set(rows.map((r) => r.level))].sort((a, b) => a - b),
  };
}
