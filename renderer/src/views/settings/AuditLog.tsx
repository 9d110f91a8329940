// The audit log as an administrator reads it: every request the gateway made or refused, newest first, filtered by
// tool, outcome and day, in a list that stays smooth with any number of entries (rows are drawn only where
// visible, pages fetched as the list scrolls), and the chain's verification beside it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ShieldCheck } from 'lucide-react';
import type { AuditListEntry, AuditListParams } from '../../../../main/api/contract.ts';
import { callErrorKinds } from '../../../../main/core/gateway/callErrorKinds.ts';
import { callOrigins, type CallOrigin } from '../../../../main/core/gateway/callOrigin.ts';
import { gatewayModes, MODEL_CALL_MODE } from '../../../../main/core/gateway/callResult.ts';
import { Fact } from '../../components/Fact.tsx';
import { useEngine } from '../../api/EngineProvider.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useLocale } from '../../i18n.tsx';
import { formatBytes, formatCount, formatDateTime, formatDay } from '../../format.ts';
import { kstDayBounds } from '../../../../main/core/i18n/moments.ts';

const PAGE = 200;
const ROW_PX = 34;

/** What a call came to, in the screen's language: succeeded, or the kind of failure (the agency's code stays beside it). */
function useOutcomeWords(): (entry: AuditListEntry) => string {
  const { t } = useLocale();
  return (entry) => {
    const kind = entry.errorKind;
    if (kind === null) return t('audit.succeeded');
    if (kind === 'Interrupted') return t('audit.interrupted');
    return (callErrorKinds as readonly string[]).includes(kind) ? t(`callKind.${kind as (typeof callErrorKinds)[number]}`) : kind;
  };
}

function useModeWords(): (mode: string) => string {
  const { t } = useLocale();
  return (mode) =>
    mode === MODEL_CALL_MODE ? t('mode.model') : (gatewayModes as readonly string[]).includes(mode) ? t(`mode.${mode as (typeof gatewayModes)[number]}`) : mode;
}

/** One audit entry opened: the request as it went out, what came back, and its place in the chain. */
function EntryDetail({ entry, onClose }: { entry: AuditListEntry; onClose: () => void }) {
  const { t, locale } = useLocale();
  const outcome = useOutcomeWords();
  const mode = useModeWords();
  const shown = useRef<HTMLElement>(null);
  // Opened below a long list: brought into view rather than left under the fold.
  useEffect(() => shown.current?.scrollIntoView({ block: 'nearest' }), [entry.seq]);
  return (
    <section ref={shown} className="audit-entry" aria-label={t('audit.entry', { seq: entry.seq })} data-testid="audit-entry">
      <header className="card-head">
        <h4>{t('audit.entry', { seq: entry.seq })}</h4>
        <button type="button" className="ghost small" onClick={onClose}>
          {t('common.close')}
        </button>
      </header>
      <dl className="facts">
        <Fact label={t('audit.at')}>{formatDateTime(entry.at, locale)}</Fact>
        <Fact label={t('audit.tool')}>
          <code>{entry.toolId}</code>
        </Fact>
        <Fact label={t('audit.request')}>
          <code data-api-text>{`${entry.method} ${entry.host}${entry.path}`}</code>
        </Fact>
        <Fact label={t('audit.outcome')}>{outcome(entry)}</Fact>
        <Fact label={t('audit.agencyCode')}>{entry.resultCode ? <code>{entry.resultCode}</code> : '—'}</Fact>
        <Fact label={t('audit.mode')}>{mode(entry.mode)}</Fact>
        <Fact label={t('audit.origin')}>{entry.origin ? t(`audit.origin.${entry.origin}`) : t('audit.originUnknown')}</Fact>
        <Fact label={t('audit.bytes')}>{formatBytes(entry.bytes)}</Fact>
        <Fact label={t('audit.latency')}>{`${formatCount(Math.round(entry.latencyMs), locale)} ms`}</Fact>
        <Fact label={t('audit.argsHash')}>
          <code>{entry.argsHash}</code>
        </Fact>
        <Fact label={t('audit.hash')}>
          <code>{entry.hash}</code>
        </Fact>
      </dl>
    </section>
  );
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

/** The filters as typed: a tool id's start, an outcome, an origin, a day in Korean time (empty for any). */
interface AuditFilterForm {
  tool: string;
  outcome: '' | 'ok' | 'error';
  origin: '' | CallOrigin;
  day: string;
}

function AuditFilters({ form, set, total }: { form: AuditFilterForm; set: (patch: Partial<AuditFilterForm>) => void; total: number | undefined }) {
  const { t, locale } = useLocale();
  return (
    <div className="form-row audit-filters">
      <label>
        {t('audit.tool')}
        <input value={form.tool} onChange={(e) => set({ tool: e.target.value })} placeholder="kma" data-testid="audit-tool" />
      </label>
      <label>
        {t('audit.outcome')}
        <select value={form.outcome} onChange={(e) => set({ outcome: e.target.value as AuditFilterForm['outcome'] })} data-testid="audit-outcome">
          <option value="">{t('audit.any')}</option>
          <option value="ok">{t('audit.okOnly')}</option>
          <option value="error">{t('audit.errorOnly')}</option>
        </select>
      </label>
      <label>
        {t('audit.origin')}
        <select value={form.origin} onChange={(e) => set({ origin: e.target.value as AuditFilterForm['origin'] })} data-testid="audit-origin">
          <option value="">{t('audit.any')}</option>
          {callOrigins.map((o) => (
            <option key={o} value={o}>
              {t(`audit.origin.${o}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('audit.day')}
        {/* The browser writes the field in its own locale's order (mm/dd/yyyy in an English one): the day is also
            said in the screen's language, and the filter is that day in Korean time, as every moment here is. */}
        <input type="date" value={form.day} onChange={(e) => set({ day: e.target.value })} aria-describedby="audit-day-words" data-testid="audit-day" />
      </label>
      <span id="audit-day-words" className="muted" data-testid="audit-day-words">
        {form.day ? formatDay(form.day, locale) : t('audit.anyDay')}
      </span>
      <span className="muted" data-testid="audit-total">
        {total !== undefined ? t('audit.total', { n: formatCount(total, locale) }) : '…'}
      </span>
    </div>
  );
}

/** The log's entries as far as they have been read, newest first, a page at a time; and how many match. */
function useAuditEntries(form: AuditFilterForm) {
  const api = useEngine();
  const filter = useMemo<AuditListParams>(
    () => ({
      ...(form.tool.trim() ? { tool: form.tool.trim() } : {}),
      ...(form.outcome ? { outcome: form.outcome } : {}),
      ...(form.origin ? { origin: form.origin } : {}),
      ...kstDayBounds(form.day),
    }),
    [form],
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
  return { log, entries, total: log.data?.pages[0]?.total };
}

/** One audited call: its number (which opens it), time, tool, result, mode and origin, and latency. */
function AuditRow({ entry: e, opened, top, onOpen }: { entry: AuditListEntry; opened: boolean; top: number; onOpen: () => void }) {
  const { t, locale } = useLocale();
  const outcomeOf = useOutcomeWords();
  const modeOf = useModeWords();
  return (
    <div
      role="listitem"
      className={`audit-row${e.errorKind ? ' audit-error' : ''}${opened ? ' audit-opened' : ''}`}
      style={{ transform: `translateY(${top}px)`, height: ROW_PX }}
    >
      <button type="button" className="audit-row-open" onClick={onOpen} aria-label={t('audit.open', { seq: e.seq })}>
        {e.seq}
      </button>
      <span>{formatDateTime(e.at, locale)}</span>
      <code data-testid="audit-row-tool">{e.toolId}</code>
      <span>
        {outcomeOf(e)}
        {e.resultCode && <code className="muted"> {e.resultCode}</code>}
      </span>
      <span>
        {modeOf(e.mode)}
        {e.origin && <span className="muted"> · {t(`audit.origin.${e.origin}`)}</span>}
      </span>
      <span>{Math.round(e.latencyMs)}</span>
    </div>
  );
}

export function AuditLog() {
  const { t } = useLocale();
  const status = useEngineQuery('engine.status', {});
  const [form, setForm] = useState<AuditFilterForm>({ tool: '', outcome: '', origin: '', day: '' });
  const set = (patch: Partial<AuditFilterForm>): void => setForm((current) => ({ ...current, ...patch }));
  const [opened, setOpened] = useState<AuditListEntry | null>(null);
  const { log, entries, total } = useAuditEntries(form);
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
      <AuditFilters form={form} set={set} total={total} />
      <div className="audit-head" aria-hidden="true">
        <span>#</span>
        <span>{t('audit.at')}</span>
        <span>{t('audit.tool')}</span>
        <span>{t('audit.result')}</span>
        <span>
          {t('audit.mode')} · {t('audit.origin')}
        </span>
        <span>ms</span>
      </div>
      <div ref={scroller} className="audit-scroll" role="list" aria-label={t('settings.audit')} tabIndex={0} data-testid="audit-list">
        <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const e = entries[item.index]!;
            return <AuditRow key={e.seq} entry={e} opened={opened?.seq === e.seq} top={item.start} onOpen={() => setOpened(e)} />;
          })}
        </div>
      </div>
      {opened && <EntryDetail entry={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}
