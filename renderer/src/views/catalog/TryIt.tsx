// "Try it": a form generated from a tool's parameter schema (required first, choices as selects, dates as date
// inputs, the spec's examples one click away), sent through the gateway with the backend of the status bar, and
// the answer as the gateway normalised it (a table in people's words, paged as the API pages, saved as CSV), as the
// service sent it (the raw body) or as JSON.
import { useMemo, useState } from 'react';
import { ChevronLeft, ChevronRight, Download, Play } from 'lucide-react';
import type { SemanticKind } from '../../../../main/api/contract.ts';
import type { CallResult } from '../../../../main/core/gateway/callResult.ts';
import type { FieldSpec, ToolSpec } from '../../../../main/core/catalog/types.ts';
import { csvText } from '../../../../main/core/text/csv.ts';
import { sayViolation } from '../../../../main/core/catalog/sayViolation.ts';
import { callKindLabel, sayRecorded } from '../../../../main/core/i18n/strings.ts';
import { resultPreview } from '../../../../main/core/resultView/resultPreview.ts';
import { latestIssue, timelyArgs } from '../../../../main/core/time/issueTimes.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useBackend } from '../../state/backendMode.tsx';
import { useLocale } from '../../i18n.tsx';
import { ResultTable } from '../../components/ResultTable.tsx';
import { RawBody } from '../../components/RawBody.tsx';
import { cellWords, columnWords, readingOf } from '../../components/resultWords.ts';
import { download } from '../../download.ts';
import { argsFromValues, exampleLabel, formFields, valuesFromArgs, type FormField, type FormValues } from './argsForm.ts';
import { parameterText } from './parameterText.ts';

type Kinds = Record<string, SemanticKind>;

/** Where the answer is in the API's pages, when the tool pages: this page, the last, and how to ask for another. */
interface Paging {
  page: number;
  pages: number;
  go: (page: number) => void;
}
type Tab = 'table' | 'raw' | 'json';

function placeholderOf(field: FormField, kinds: Kinds | undefined): string | undefined {
  const example = field.schema.examples?.[0] ?? (field.schema['x-semantic'] ? kinds?.[field.schema['x-semantic']]?.example : undefined);
  return example === undefined ? undefined : typeof example === 'object' ? JSON.stringify(example) : String(example);
}

function Input({
  field,
  value,
  invalid,
  kinds,
  onChange,
}: {
  field: FormField;
  value: string;
  invalid: boolean;
  kinds: Kinds | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useLocale();
  const common = { id: `try-${field.name}`, 'aria-invalid': invalid || undefined, 'data-testid': `try-${field.name}` };
  switch (field.kind) {
    case 'select':
      return (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.required ? t('catalog.choose') : t('catalog.omit')}</option>
          {field.schema.enum!.map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      );
    case 'boolean':
      return (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('catalog.omit')}</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case 'date':
    case 'month':
      return <input {...common} type={field.kind} value={value} onChange={(e) => onChange(e.target.value)} />;
    case 'integer':
    case 'number':
      return (
        <input
          {...common}
          inputMode="decimal"
          value={value}
          placeholder={placeholderOf(field, kinds) ?? (field.schema.default !== undefined ? String(field.schema.default) : undefined)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return <input {...common} value={value} placeholder={placeholderOf(field, kinds)} onChange={(e) => onChange(e.target.value)} />;
  }
}

/** A parameter's description in the screen's language, marked as Korean where the catalog has it only in Korean. */
export function ParameterText({ schema, kinds }: { schema: FormField['schema']; kinds: Kinds | undefined }) {
  const { locale } = useLocale();
  const said = parameterText(schema, locale, kinds);
  return (
    <span className="muted" lang={said.lang === locale ? undefined : said.lang}>
      {said.text}
    </span>
  );
}

/** Every row the call returned as a CSV file, headed in the screen's language with the API's names beside. */
function saveCsv(toolId: string, result: CallResult, fields: Record<string, FieldSpec>, kinds: Kinds | undefined, locale: 'ko' | 'en'): void {
  const columns = [...new Set(result.items.flatMap((row) => Object.keys(row)))];
  const header = columns.map((c) => {
    const words = columnWords(c, fields[c], locale, kinds);
    return words.code ? `${words.label} [${words.code}]` : words.label;
  });
  const rows = result.items.map((row) =>
    columns.map((c) => {
      const value = row[c];
      return typeof value === 'string' ? cellWords(value, fields[c], kinds, locale, readingOf(fields[c], row, fields, kinds)) : value;
    }),
  );
  download(`${toolId}.csv`, csvText(header, rows), 'text/csv;charset=utf-8');
}

function Outcome({
  result,
  headline,
  toolId,
  fields,
  kinds,
  paging,
}: {
  result: CallResult;
  headline: string[] | undefined;
  toolId: string;
  fields: Record<string, FieldSpec>;
  kinds: Kinds | undefined;
  paging: Paging | undefined;
}) {
  const { t } = useLocale();
  const [tab, setTab] = useState<Tab>('table');
  // A scheduled API answers "no data" for an issue it no longer keeps (or has not published yet): say which it has.
  const latest = result.error?.kind === 'NoData' ? latestIssue(toolId, new Date()) : undefined;
  const preview = useMemo(() => resultPreview(result.items, result.totalCount, { rows: 100, columns: 40, headline }), [result, headline]);
  return (
    <div className="try-outcome" data-testid="try-outcome" data-ok={result.ok}>
      <OutcomeStatus result={result} latest={latest} />
      <ResultTabs tab={tab} onTab={setTab} />
      {tab === 'table' &&
        (result.ok ? (
          <>
            <ResultTable preview={preview} fields={fields} kinds={kinds} />
            <div className="row try-pages">
              {paging && paging.pages > 1 && <PageButtons paging={paging} />}
              {result.items.length > 0 && <SaveCsv toolId={toolId} result={result} fields={fields} kinds={kinds} />}
            </div>
          </>
        ) : (
          <p className="muted" data-testid="try-no-table">
            {t('catalog.failedNoTable')}
          </p>
        ))}
      {tab === 'raw' &&
        (result.raw ? (
          <RawBody raw={result.raw} testId="try-raw" />
        ) : (
          <p className="muted">{t(result.source === 'local' ? 'catalog.rawLocal' : 'catalog.rawNone')}</p>
        ))}
      {tab === 'json' && <pre className="view-text">{JSON.stringify({ ...result, raw: undefined }, null, 2)}</pre>}
    </div>
  );
}

/** Whether the call answered, from where and how fast; what went wrong, in the screen's language; the service's warnings. */
function OutcomeStatus({ result, latest }: { result: CallResult; latest: { date: string; time: string } | undefined }) {
  const { t, locale } = useLocale();
  return (
    <>
      <p className={result.ok ? 'ok' : 'error'} role="status">
        <strong>{result.ok ? t('catalog.callOk') : t('catalog.callFailed', { kind: callKindLabel(locale, result.error?.kind ?? '') })}</strong>{' '}
        <span className="muted">
          {t(`catalog.source.${result.source}`)} · {t('call.latency', { ms: Math.round(result.latencyMs) })}
          {result.resultCode !== null && ` · ${t('catalog.resultCode', { code: result.resultCode, message: result.resultMessage ?? '' })}`}
        </span>
      </p>
      {result.error && <CallError error={result.error} latest={latest} />}
      {result.source === 'emulator' && !latest && (result.error?.kind === 'NoData' || (result.ok && result.items.length === 0)) && (
        <p className="muted" data-testid="try-emulator-world">
          {t('catalog.emulatorWorld')}
        </p>
      )}
      {result.warnings.map((w) => (
        <p key={w} className="warn">
          {w}
        </p>
      ))}
    </>
  );
}

function CallError({ error, latest }: { error: NonNullable<CallResult['error']>; latest: { date: string; time: string } | undefined }) {
  const { t, locale } = useLocale();
  return (
    <div className="call-error" role="alert">
      {!error.violations?.length && (error.said ? <p>{sayRecorded(locale, error.said, error.message)}</p> : <p lang="en">{error.message}</p>)}
      <p className="muted">{t(`errorKind.${error.kind}`)}</p>
      {latest && (
        <p data-testid="try-window">
          {t('catalog.recentIssuesOnly', {
            date: `${latest.date.slice(0, 4)}-${latest.date.slice(4, 6)}-${latest.date.slice(6)}`,
            time: `${latest.time.slice(0, 2)}:${latest.time.slice(2)}`,
          })}
        </p>
      )}
      {error.violations && error.violations.length > 0 && (
        <ul data-testid="try-violations">
          {error.violations.map((v) => (
            <li key={`${v.path}:${v.message}`}>
              <code>{v.path.replace(/^\//, '') || t('catalog.arguments')}</code> {sayViolation(locale, v)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ResultTabs({ tab, onTab }: { tab: Tab; onTab: (tab: Tab) => void }) {
  const { t } = useLocale();
  return (
    <div className="segmented" role="tablist" aria-label={t('catalog.resultTabs')}>
      {(['table', 'raw', 'json'] as const).map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={tab === id}
          className={tab === id ? 'selected small' : 'ghost small'}
          onClick={() => onTab(id)}
          data-testid={`try-tab-${id}`}
        >
          {t(`catalog.tab.${id}`)}
        </button>
      ))}
    </div>
  );
}

function PageButtons({ paging }: { paging: Paging }) {
  const { t } = useLocale();
  return (
    <>
      <button type="button" className="ghost small" disabled={paging.page <= 1} onClick={() => paging.go(paging.page - 1)} data-testid="try-prev">
        <ChevronLeft size={14} aria-hidden="true" /> {t('catalog.prevPage')}
      </button>
      <span className="muted" data-testid="try-page">
        {t('catalog.page', { page: paging.page, pages: paging.pages })}
      </span>
      <button type="button" className="ghost small" disabled={paging.page >= paging.pages} onClick={() => paging.go(paging.page + 1)} data-testid="try-next">
        {t('catalog.nextPage')} <ChevronRight size={14} aria-hidden="true" />
      </button>
    </>
  );
}

function SaveCsv({ toolId, result, fields, kinds }: { toolId: string; result: CallResult; fields: Record<string, FieldSpec>; kinds: Kinds | undefined }) {
  const { t, locale } = useLocale();
  return (
    <button type="button" className="ghost small" onClick={() => saveCsv(toolId, result, fields, kinds, locale)} data-testid="try-csv">
      <Download size={14} aria-hidden="true" /> {t('catalog.saveCsv', { n: result.items.length })}
    </button>
  );
}

export function TryIt({ tool, kinds }: { tool: ToolSpec; kinds: Kinds | undefined }) {
  const { t } = useLocale();
  const { backend } = useBackend();
  const fields = useMemo(() => formFields(tool.parameters), [tool]);
  const [values, setValues] = useState<FormValues>(() => valuesFromArgs(fields, {}));
  const [result, setResult] = useState<CallResult | null>(null);
  const calling = useEngineMutation('gateway.call', { invalidates: ['gateway.quota', 'audit.list'], onDone: setResult });
  const examples = useTimelyExamples(tool);
  const call = (asked: FormValues = values): void => {
    void calling.run({
      tool: tool.id,
      args: argsFromValues(fields, asked),
      mode: backend.mode,
      ...(backend.snapshot ? { snapshot: backend.snapshot } : {}),
      raw: true,
    });
  };
  const pagingOf = apiPaging(fields, values, (next) => {
    setValues(next);
    call(next);
  });
  if (tool.kind === 'query') {
    return (
      <section className="card">
        <h3>{t('catalog.tryIt')}</h3>
        <p className="muted">{t('catalog.queryTool')}</p>
      </section>
    );
  }
  return (
    <section className="card try-it" data-testid="try-it">
      <h3>{t('catalog.tryIt')}</h3>
      {examples.length > 0 && <ExampleButtons examples={examples} onPick={(args) => setValues(valuesFromArgs(fields, args))} />}
      <TryForm
        fields={fields}
        values={values}
        onValues={setValues}
        invalid={new Set((result?.error?.violations ?? []).map((v) => v.path.replace(/^\//, '').split('/')[0]))}
        kinds={kinds}
        running={calling.pending}
        onCall={() => call()}
      />
      <ErrorNote error={calling.error} onRetry={calling.retry} onDismiss={calling.dismiss} />
      {result && (
        <Outcome
          key={result.requestHash + result.latencyMs}
          result={result}
          headline={tool.kind === 'remote' ? tool.response.headline : undefined}
          toolId={tool.id}
          fields={tool.response.fields}
          kinds={kinds}
          paging={pagingOf(result)}
        />
      )}
    </section>
  );
}

/** A scheduled API keeps only recent issues: its examples ask for the latest one as of now, not a frozen date. */
function useTimelyExamples(tool: ToolSpec): ToolSpec['examples'] {
  return useMemo(() => {
    const now = new Date();
    return latestIssue(tool.id, now) ? tool.examples.map((e) => ({ ...e, args: timelyArgs(tool, e.args, now) })) : tool.examples;
  }, [tool]);
}

/** The API's own paging: the page asked for and how many the service says there are; going to another asks again. */
function apiPaging(fields: FormField[], values: FormValues, ask: (values: FormValues) => void): (r: CallResult) => Paging | undefined {
  const pageParam = fields.find((f) => f.schema['x-semantic'] === 'paging.pageNo');
  const sizeParam = fields.find((f) => f.schema['x-semantic'] === 'paging.numOfRows');
  return (r) => {
    if (!pageParam || !sizeParam || r.totalCount === null) return undefined;
    const asked = argsFromValues(fields, values);
    const size = Number(asked[sizeParam.name] ?? sizeParam.schema.default ?? r.items.length) || r.items.length || 1;
    const page = Number(asked[pageParam.name] ?? pageParam.schema.default ?? 1) || 1;
    return { page, pages: Math.max(1, Math.ceil(r.totalCount / size)), go: (to) => ask({ ...values, [pageParam.name]: String(to) }) };
  };
}

function ExampleButtons({ examples, onPick }: { examples: ToolSpec['examples']; onPick: (args: Record<string, unknown>) => void }) {
  const { t } = useLocale();
  return (
    <div className="row">
      <span className="muted">{t('catalog.examples')}</span>
      {examples.map((example, i) => (
        <button key={i} type="button" className="ghost small" title={example.note} onClick={() => onPick(example.args)} data-testid="try-example">
          {exampleLabel(example.args) || t('catalog.noArgs')}
        </button>
      ))}
    </div>
  );
}

function TryForm({
  fields,
  values,
  onValues,
  invalid,
  kinds,
  running,
  onCall,
}: {
  fields: FormField[];
  values: FormValues;
  onValues: (values: FormValues) => void;
  invalid: Set<string | undefined>;
  kinds: Kinds | undefined;
  running: boolean;
  onCall: () => void;
}) {
  const { t } = useLocale();
  const { backend } = useBackend();
  return (
    <form
      className="try-form"
      onSubmit={(e) => {
        e.preventDefault();
        onCall();
      }}
    >
      {fields.map((field) => (
        <label key={field.name} htmlFor={`try-${field.name}`}>
          <span>
            <code>{field.name}</code> {field.required && <span className="badge badge-warn">{t('catalog.required')}</span>}
          </span>
          <Input
            field={field}
            value={values[field.name] ?? ''}
            invalid={invalid.has(field.name)}
            kinds={kinds}
            onChange={(value) => onValues({ ...values, [field.name]: value })}
          />
          <ParameterText schema={field.schema} kinds={kinds} />
        </label>
      ))}
      <div className="row try-actions">
        <button type="submit" disabled={running} data-testid="try-call">
          <Play size={16} aria-hidden="true" /> {t('catalog.call')}
        </button>
        <span className={`mode-badge mode-${backend.mode}`}>{t(`mode.${backend.mode}`)}</span>
        {backend.mode === 'live' && <span className="warn">{t('catalog.liveWarning')}</span>}
      </div>
    </form>
  );
}
