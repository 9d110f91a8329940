// A dataset's samples: a virtualised list filtered by length, tool, alternatives and register; one sample opens beside
// it (#/synthesis/<dataset>/<ordinal>); the dataset exported in a training format to a file, with its card.
import { useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Download } from 'lucide-react';
import { exportFormats, toolStyles, type ExportFormat, type ToolStyle } from '../../../../main/core/synth/formats.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useLocale } from '../../i18n.tsx';
import { ModelMarkdown } from '../../components/Markdown.tsx';
import { ALL_SAMPLES, filterSamples, type SampleFilter } from './sampleFilter.ts';
import { SamplePanel } from './SamplePanel.tsx';
import { PathField } from '../../components/PathField.tsx';
import { QueryStatus } from '../../components/Skeleton.tsx';

const ROW_PX = 58;

/** The export's format, distractor tools and tool style. */
function ExportOptions(props: {
  format: ExportFormat;
  onFormat: (format: ExportFormat) => void;
  distractors: number;
  onDistractors: (n: number) => void;
  toolStyle: ToolStyle;
  onToolStyle: (style: ToolStyle) => void;
}) {
  const { t } = useLocale();
  const { format, distractors, toolStyle, onFormat, onDistractors, onToolStyle } = props;
  return (
    <>
      <label>
        {t('synthesis.format')}
        <select value={format} onChange={(e) => onFormat(e.target.value as ExportFormat)} data-testid="export-format">
          {exportFormats.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('synthesis.distractors')}
        <input
          type="number"
          min={0}
          max={20}
          value={distractors}
          onChange={(e) => onDistractors(Math.max(0, Number(e.target.value)))}
          aria-describedby="export-distractors-hint"
        />
      </label>
      <label>
        {t('synthesis.toolStyle')}
        <select
          value={toolStyle}
          onChange={(e) => onToolStyle(e.target.value as ToolStyle)}
          aria-describedby="export-tool-style-hint"
          data-testid="export-tool-style"
        >
          {toolStyles.map((style) => (
            <option key={style} value={style}>
              {t(`synthesis.toolStyle.${style}`)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** What the chosen format is for, and what the other two settings do. */
function ExportHints({ format }: { format: ExportFormat }) {
  const { t } = useLocale();
  return (
    <>
      <p className="muted" data-testid="export-format-hint">
        {t(`synthesis.format.${format}`)}
      </p>
      <p className="muted" id="export-distractors-hint">
        {t('synthesis.distractorsHint')}
      </p>
      <p className="muted" id="export-tool-style-hint">
        {t('synthesis.toolStyleHint')}
      </p>
    </>
  );
}

/** Which samples are listed: by length, tool, alternatives and register, with how many that leaves. */
function SampleFilters(props: { filter: SampleFilter; onFilter: (filter: SampleFilter) => void; registers: string[]; shown: number; total: number }) {
  const { t } = useLocale();
  const { filter, onFilter, registers, shown, total } = props;
  const number = (value: string): number | null => (value === '' ? null : Math.max(1, Number(value)));
  return (
    <div className="form-row task-filters">
      <label>
        {t('synthesis.minSteps')}
        <input
          type="number"
          min={1}
          value={filter.minSteps ?? ''}
          onChange={(e) => onFilter({ ...filter, minSteps: number(e.target.value) })}
          data-testid="sample-min-steps"
        />
      </label>
      <label>
        {t('synthesis.maxSteps')}
        <input type="number" min={1} value={filter.maxSteps ?? ''} onChange={(e) => onFilter({ ...filter, maxSteps: number(e.target.value) })} />
      </label>
      <label>
        {t('synthesis.tool')}
        <input value={filter.tool} onChange={(e) => onFilter({ ...filter, tool: e.target.value })} placeholder="molit" />
      </label>
      <label>
        {t('synthesis.alternative')}
        <select
          value={filter.alternative}
          onChange={(e) => onFilter({ ...filter, alternative: e.target.value as SampleFilter['alternative'] })}
          data-testid="sample-alternative"
        >
          <option value="any">{t('eval.any')}</option>
          <option value="with">{t('synthesis.withAlternative')}</option>
          <option value="without">{t('synthesis.withoutAlternative')}</option>
        </select>
      </label>
      <label>
        {t('synthesis.register')}
        <select value={filter.register ?? ''} onChange={(e) => onFilter({ ...filter, register: e.target.value || null })}>
          <option value="">{t('eval.any')}</option>
          {registers.map((r) => (
            <option key={r} value={r}>
              {t(`sample.register.${r as 'formal' | 'polite' | 'casual'}`)}
            </option>
          ))}
        </select>
      </label>
      <span className="muted" data-testid="sample-count">
        {t('eval.tasksShown', { n: shown, total })}
      </span>
    </div>
  );
}

function ExportForm({ dataset }: { dataset: string }) {
  const { t } = useLocale();
  const [format, setFormat] = useState<ExportFormat>('trl-grpo');
  const [out, setOut] = useState('');
  const [distractors, setDistractors] = useState(3);
  const [toolStyle, setToolStyle] = useState<ToolStyle>('native');
  const exporting = useEngineMutation('synth.export');
  const result = exporting.error || exporting.pending ? undefined : exporting.data;
  const submit = (): void => {
    if (out.trim() === '') return;
    void exporting.run({ dataset, out: out.trim(), format, distractors, toolStyle });
  };
  return (
    <form
      className="card"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3>{t('synthesis.export')}</h3>
      <div className="form-row">
        <ExportOptions
          format={format}
          onFormat={setFormat}
          distractors={distractors}
          onDistractors={setDistractors}
          toolStyle={toolStyle}
          onToolStyle={setToolStyle}
        />
        <PathField
          label={t('synthesis.out')}
          value={out}
          onChange={setOut}
          request={{ action: 'save', kind: 'dataset', title: t('synthesis.export'), suggestedName: `${dataset}-${format}.jsonl` }}
          placeholder="/data/exports/edge-grpo.jsonl"
          testId="export-out"
        />
        <button type="submit" disabled={out.trim() === ''} data-testid="export-start">
          <Download size={16} aria-hidden="true" /> {t('synthesis.exportRun')}
        </button>
      </div>
      <ExportHints format={format} />
      <ErrorNote error={exporting.error} onRetry={exporting.retry} onDismiss={exporting.dismiss} />
      {result && (
        <div data-testid="export-result">
          <p className="ok">{t('synthesis.exported', { rows: result.rows, file: result.file })}</p>
          <details>
            <summary>{t('synthesis.card', { file: result.card })}</summary>
            <ModelMarkdown text={result.cardText} />
          </details>
        </div>
      )}
    </form>
  );
}

export function DatasetBrowser({ dataset, ordinal }: { dataset: string; ordinal?: number }) {
  const { t } = useLocale();
  const [, navigate] = useLocation();
  const data = useEngineQuery('synth.samples', { dataset });
  const [filter, setFilter] = useState<SampleFilter>(ALL_SAMPLES);
  const shown = useMemo(() => filterSamples(data.data?.samples ?? [], filter), [data.data, filter]);
  const registers = useMemo(() => [...new Set((data.data?.samples ?? []).flatMap((s) => (s.register ? [s.register] : [])))].sort(), [data.data]);
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({ count: shown.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 10 });
  return (
    <>
      <p>
        <Link href="/">{t('synthesis.back')}</Link>
      </p>
      <QueryStatus query={data} rows={8} />
      {data.data && (
        <>
          <div className="dataset-layout">
            <section className="card" aria-labelledby="sample-list">
              <h3 id="sample-list">
                <code>{dataset}</code>
              </h3>
              <SampleFilters filter={filter} onFilter={setFilter} registers={registers} shown={shown.length} total={data.data.samples.length} />
              <div
                ref={scroller}
                className="sample-scroll"
                role="list"
                aria-label={t('synthesis.samplesOf', { dataset })}
                tabIndex={0}
                data-testid="sample-list"
              >
                <div style={{ height: rows.getTotalSize(), position: 'relative' }}>
                  {rows.getVirtualItems().map((item) => {
                    const s = shown[item.index]!;
                    return (
                      <div
                        key={s.ordinal}
                        role="listitem"
                        className={`sample-row${s.ordinal === ordinal ? ' active' : ''}`}
                        style={{ transform: `translateY(${item.start}px)`, height: ROW_PX }}
                      >
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => navigate(`/${encodeURIComponent(dataset)}/${s.ordinal}`)}
                          data-testid="sample-row"
                        >
                          <span className="muted">#{s.ordinal}</span>
                          <span className="sample-query" lang="ko">
                            {s.query}
                          </span>
                          <span className="muted">{t('synthesis.rowFacts', { steps: s.steps, alternatives: s.alternatives })}</span>
                        </button>
                      </div>
                    );
                  })}
                </div>
              </div>
            </section>
            {ordinal !== undefined ? (
              <SamplePanel key={ordinal} dataset={dataset} ordinal={ordinal} />
            ) : (
              <p className="muted card">{t('synthesis.pickSample')}</p>
            )}
          </div>
          <ExportForm dataset={dataset} />
        </>
      )}
    </>
  );
}
