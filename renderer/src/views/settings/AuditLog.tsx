// The audit log as an administrator reads it: every request the gateway made or refused, newest first, filtered by
// tool, outcome and day, in a list that stays smooth with any number of entries (rows are drawn only where
// visible, pages fetched as the list scrolls), and the chain's verification beside it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ShieldCheck } from 'lucide-react';
import type { AuditListParams } from '../../../../main/api/contract.ts';
import { useEngine } from '../../api/EngineProvider.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useLocale } from '../../i18n.tsx';
import { formatCount, formatDateTime } from '../../format.ts';

const PAGE = 200;
const ROW_PX = 34;

/** The start of a local day as an ISO instant. */
function dayStart(date: string): string | undefined {
  return date ? new Date(`${date}T00:00:00`).toISOString() : undefined;
}

function dayEnd(date: string): string | undefined {
  if (!date) return undefined;
  const next = new Date(`${date}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

function Verify() {
  const { t } = useLocale();
  const check = useEngineMutation('audit.verify');
  const v = check.pending || check.error ? undefined : check.data;
  const verdict = v && (v.ok ? t('audit.ok', { n: v.entries }) : t('audit.bad', { n: v.problems.length, first: v.problems[0]?.message ?? '' }));
  const busy = check.pending;
  const verify = (): void => void check.run({});
  return (
    <div className="row">
      <button type="button" onClick={verify} disabled={busy} data-testid="audit-verify">
        {t('audit.verify')}
      </button>
      {verdict && (
        <span role="status" data-testid="audit-verdict">
          {verdict}
        </span>
      )}
      <ErrorNote error={check.error} onRetry={check.retry} onDismiss={check.dismiss} />
    </div>
  );
}

export function AuditLog() {
  const { t, locale } = useLocale();
  const api = useEngine();
  const status = useEngineQuery('engine.status', {});
  const [tool, setTool] = useState('');
  const [outcome, setOutcome] = useState<'' | 'ok' | 'error'>('');
  const [day, setDay] = useState('');
  const filter = useMemo<AuditListParams>(
    () => ({ ...(tool.trim() ? { tool: tool.trim() } : {}), ...(outcome ? { outcome } : {}), ...(day ? { from: dayStart(day), to: dayEnd(day) } : {}) }),
    [tool, outcome, day],
  );
  const log = useInfiniteQuery({
    queryKey: ['audit.list', filter],
    enabled: api !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api!.call('audit.list', { ...filter, limit: PAGE, ...(pageParam !== undefined ? { beforeSeq: pageParam } : {}) }, { signal }),
    getNextPageParam: (last) => (last.entries.length === PAGE ? last.entries.at(-1)!.seq : undefined),
  });
  const entries = useMemo(() => log.data?.pages.flatMap((p) => p.entries) ?? [], [log.data]);
  const total = log.data?.pages[0]?.total;
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({ count: entries.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 12 });
  const items = rows.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = log;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastShown >= entries.length - 20) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastShown, entries.length]);

  return (
    <section className="card audit" aria-labelledby="audit">
      <h3 id="audit">
        <ShieldCheck size={18} aria-hidden="true" /> {t('settings.audit')}
      </h3>
      <p>
        {t('status.dataDir')}: <code>{status.data?.dataDir ?? '…'}</code>
      </p>
      <Verify />
      <div className="form-row audit-filters">
        <label>
          {t('audit.tool')}
          <input value={tool} onChange={(e) => setTool(e.target.value)} placeholder="kma" data-testid="audit-tool" />
        </label>
        <label>
          {t('audit.outcome')}
          <select value={outcome} onChange={(e) => setOutcome(e.target.value as '' | 'ok' | 'error')} data-testid="audit-outcome">
            <option value="">{t('audit.any')}</option>
            <option value="ok">{t('audit.okOnly')}</option>
            <option value="error">{t('audit.errorOnly')}</option>
          </select>
        </label>
        <label>
          {t('audit.day')}
          <input type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </label>
        <span className="muted" data-testid="audit-total">
          {total !== undefined ? t('audit.total', { n: formatCount(total, locale) }) : '…'}
        </span>
      </div>
      <div className="audit-head" aria-hidden="true">
        <span>#</span>
        <span>{t('audit.at')}</span>
        <span>{t('audit.tool')}</span>
        <span>{t('audit.result')}</span>
        <span>{t('audit.mode')}</span>
        <span>ms</span>
      </div>
      <div ref={scroller} className="audit-scroll" role="list" aria-label={t('settings.audit')} tabIndex={0} data-testid="audit-list">
        <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const e = entries[item.index]!;
            return (
              <div
                key={e.seq}
                role="listitem"
                className={`audit-row${e.errorKind ? ' audit-error' : ''}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_PX }}
                title={`${e.method} ${e.host}${e.path} · ${e.argsHash}`}
              >
                <span>{e.seq}</span>
                <span>{formatDateTime(e.at, locale)}</span>
                <code>{e.toolId}</code>
                <span>{e.errorKind ?? e.resultCode ?? '—'}</span>
                <span>{e.mode}</span>
                <span>{Math.round(e.latencyMs)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
