// The run form's task picker: a suite's tasks found by words, agency and level, ticked into the form's list of ids
// (which stays editable by hand), so an analyst never has to look ids up in the suite's files.
import { useMemo, useState } from 'react';
import { useEngineQuery } from '../../api/queries.ts';
import { useLocale } from '../../i18n.tsx';
import { ANY_TASK, pickableTasks, pickFacets, type TaskPick } from './taskPick.ts';

export function TaskPicker({ suite, chosen, onChange }: { suite: string; chosen: string[]; onChange: (ids: string[]) => void }) {
  const { t, locale } = useLocale();
  const [open, setOpen] = useState(false);
  const [pick, setPick] = useState<TaskPick>(ANY_TASK);
  const tasks = useEngineQuery('bench.tasks', { suite }, { enabled: open && suite !== '' });
  const rows = tasks.data ?? [];
  const shown = useMemo(() => pickableTasks(rows, pick), [rows, pick]);
  const { agencies, levels } = useMemo(() => pickFacets(rows), [rows]);
  const toggle = (id: string, on: boolean): void => onChange(on ? [...chosen.filter((c) => c !== id), id] : chosen.filter((c) => c !== id));
  return (
    <details className="task-picker" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)} data-testid="task-picker">
      <summary>{t('eval.pickTasks', { n: chosen.length })}</summary>
      {tasks.error && <p className="muted">{t('eval.pickNoSuite', { suite })}</p>}
      {tasks.data && (
        <>
          <div className="form-row">
            <label className="grow">
              {t('eval.find')}
              <input type="search" value={pick.query} onChange={(e) => setPick({ ...pick, query: e.target.value })} data-testid="task-pick-search" />
            </label>
            <label>
              {t('eval.agency')}
              <select value={pick.agency ?? ''} onChange={(e) => setPick({ ...pick, agency: e.target.value || null })} data-testid="task-pick-agency">
                <option value="">{t('eval.any')}</option>
                {agencies.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('eval.level')}
              <select
                value={pick.level ?? ''}
                onChange={(e) => setPick({ ...pick, level: e.target.value === '' ? null : Number(e.target.value) })}
                data-testid="task-pick-level"
              >
                <option value="">{t('eval.any')}</option>
                {levels.map((l) => (
                  <option key={l} value={l}>
                    {t('eval.levelN', { n: l })}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" onClick={() => onChange([...new Set([...chosen, ...shown.map((r) => r.id)])])} data-testid="task-pick-all">
              {t('eval.pickAllShown', { n: shown.length })}
            </button>
            <button type="button" onClick={() => onChange([])} disabled={chosen.length === 0}>
              {t('eval.pickNone')}
            </button>
          </div>
          <ul className="task-pick-list" data-testid="task-pick-list">
            {shown.map((r) => (
              <li key={r.id}>
                <label>
                  <input type="checkbox" checked={chosen.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} data-testid={`task-pick-${r.id}`} />
                  <code>{r.id}</code> <span className="muted">{t('eval.levelN', { n: r.level })}</span>{' '}
                  {locale === 'en' && r.questionEn ? r.questionEn : r.question}
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}
