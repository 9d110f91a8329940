// A run's tasks as a virtualised table (a suite of thousands of tasks scrolls as smoothly as one of 145): filters by
// verdict, level, ability, agency and failure kind, words of the id or request, sorted by pass rate; a row opens
// the task's attempts.
import { useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { BenchTaskRow } from '../../../../main/api/contract.ts';
import { useLocale } from '../../i18n.tsx';
import { benchTerm } from '../../../../main/core/i18n/strings.ts';
import { facets, filterTasks, NO_FILTER, verdictOf, type TaskFilter, type TaskSort, type Verdict } from './taskFilter.ts';

const ROW_PX = 34;
const MAX_HEIGHT_PX = 440;

function Choice({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Which tasks are listed: by verdict, level, ability, agency and failure, sorted and searched, with how many that leaves. */
function TaskFilters({ tasks, filter, onFilter, shown }: { tasks: BenchTaskRow[]; filter: TaskFilter; onFilter: (filter: TaskFilter) => void; shown: number }) {
  const { t, locale } = useLocale();
  const values = useMemo(() => facets(tasks), [tasks]);
  const set = (patch: Partial<TaskFilter>): void => onFilter({ ...filter, ...patch });
  const any: [string, string] = ['', t('eval.any')];
  return (
    <div className="form-row task-filters">
      <Choice
        label={t('eval.verdict')}
        value={filter.verdict}
        options={(['all', 'passed', 'mixed', 'failed'] as const).map((v) => [v, t(`eval.verdict.${v}`)])}
        onChange={(v) => set({ verdict: v as Verdict })}
        testId="filter-verdict"
      />
      <Choice
        label={t('eval.level')}
        value={filter.level === null ? '' : String(filter.level)}
        options={[any, ...values.levels.map((l): [string, string] => [String(l), t('eval.levelN', { n: l })])]}
        onChange={(v) => set({ level: v === '' ? null : Number(v) })}
      />
      <Choice
        label={t('eval.ability')}
        value={filter.ability ?? ''}
        options={[any, ...values.abilities.map((a): [string, string] => [a, benchTerm(locale, 'ability', a)])]}
        onChange={(v) => set({ ability: v || null })}
      />
      <Choice
        label={t('eval.agency')}
        value={filter.agency ?? ''}
        options={[any, ...values.agencies.map((a): [string, string] => [a, a])]}
        onChange={(v) => set({ agency: v || null })}
      />
      <Choice
        label={t('eval.failure')}
        value={filter.failure ?? ''}
        options={[any, ...values.failures.map((f): [string, string] => [f, benchTerm(locale, 'failure', f)])]}
        onChange={(v) => set({ failure: v || null })}
        testId="filter-failure"
      />
      <Choice
        label={t('eval.sort')}
        value={filter.sort}
        options={(['rate-asc', 'rate-desc', 'id'] as const).map((s) => [s, t(`eval.sort.${s}`)])}
        onChange={(v) => set({ sort: v as TaskSort })}
      />
      <label className="grow">
        {t('eval.find')}
        <input type="search" value={filter.query} onChange={(e) => set({ query: e.target.value })} />
      </label>
      <span className="muted" data-testid="task-count">
        {t('eval.tasksShown', { n: shown, total: tasks.length })}
      </span>
    </div>
  );
}

export function TaskTable({ runId, tasks }: { runId: string; tasks: BenchTaskRow[] }) {
  const { t, locale } = useLocale();
  const [filter, setFilter] = useState<TaskFilter>(NO_FILTER);
  const shown = useMemo(() => filterTasks(tasks, filter), [tasks, filter]);
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({ count: shown.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 12 });
  return (
    <section className="card" aria-labelledby="task-table">
      <h3 id="task-table">{t('eval.taskTable')}</h3>
      <TaskFilters tasks={tasks} filter={filter} onFilter={setFilter} shown={shown.length} />
      <div className="task-head" aria-hidden="true">
        <span>{t('eval.task')}</span>
        <span>{t('eval.passed')}</span>
        <span>{t('eval.level')}</span>
        <span>{t('eval.request')}</span>
        <span>{t('eval.failure')}</span>
      </div>
      <div
        ref={scroller}
        className="task-scroll"
        style={{ height: Math.min(MAX_HEIGHT_PX, Math.max(2, shown.length) * ROW_PX + 2) }}
        role="list"
        aria-label={t('eval.taskTable')}
        tabIndex={0}
        data-testid="task-list"
      >
        <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
          {rows.getVirtualItems().map((item) => {
            const task = shown[item.index]!;
            return (
              <div
                key={task.taskId}
                role="listitem"
                className={`task-row verdict-${verdictOf(task)}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_PX }}
                data-testid="task-row"
                data-task={task.taskId}
              >
                <Link href={`/run/${encodeURIComponent(runId)}/task/${encodeURIComponent(task.taskId)}`}>
                  <code>{task.taskId}</code>
                </Link>
                <span>
                  {task.c}/{task.n}
                </span>
                <span>{task.level ?? '—'}</span>
                <span className="task-request" title={task.request ?? undefined} lang="ko">
                  {task.request ?? '—'}
                </span>
                <span className="task-failures">{task.failures.map((f) => benchTerm(locale, 'failure', f)).join(', ')}</span>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
