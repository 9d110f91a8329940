// The evaluation view's task table: which tasks a filter keeps and in what order.
import { describe, expect, it } from 'vitest';
import type { BenchTaskRow } from '../../../main/api/contract.ts';
import { facets, filterTasks, NO_FILTER } from '../../../renderer/src/views/evaluation/taskFilter.ts';

const row = (taskId: string, c: number, n: number, extra: Partial<BenchTaskRow> = {}): BenchTaskRow => ({
  taskId,
  request: `${taskId} 요청`,
  level: 1,
  abilities: ['sequential'],
  agencies: ['KMA'],
  n,
  c,
  failures: [],
  errors: 0,
  meanMs: 1,
  ...extra,
});
const rows = [
  row('wx-01', 2, 2),
  row('re-09', 0, 2, { level: 2, agencies: ['MOLIT', 'MOIS'], failures: ['invalid arguments'] }),
  row('cal-01', 1, 2, { abilities: ['temporal reasoning'], agencies: ['KASI'], failures: ['wrong final answer'] }),
];

describe('the task table filter', () => {
  it('puts the tasks that pass least first, ties by id', () => {
    expect(filterTasks(rows, NO_FILTER).map((r) => r.taskId)).toEqual(['re-09', 'cal-01', 'wx-01']);
    expect(filterTasks(rows, { ...NO_FILTER, sort: 'rate-desc' }).map((r) => r.taskId)).toEqual(['wx-01', 'cal-01', 're-09']);
  });

  it('keeps tasks by verdict, level, agency, ability, failure kind and words of the request', () => {
    const ids = (patch: Partial<typeof NO_FILTER>): string[] => filterTasks(rows, { ...NO_FILTER, ...patch }).map((r) => r.taskId);
    expect(ids({ verdict: 'mixed' })).toEqual(['cal-01']);
    expect(ids({ verdict: 'failed' })).toEqual(['re-09']);
    expect(ids({ level: 2 })).toEqual(['re-09']);
    expect(ids({ agency: 'MOIS' })).toEqual(['re-09']);
    expect(ids({ ability: 'temporal reasoning' })).toEqual(['cal-01']);
    expect(ids({ failure: 'wrong final answer' })).toEqual(['cal-01']);
    expect(ids({ query: 'WX-01 요청' })).toEqual(['wx-01']);
  });

  it('offers each filter the values the rows have', () => {
    expect(facets(rows)).toEqual({
      levels: [1, 2],
      abilities: ['sequential', 'temporal reasoning'],
      agencies: ['KASI', 'KMA', 'MOIS', 'MOLIT'],
      failures: ['invalid arguments', 'wrong final answer'],
    });
  });
});
