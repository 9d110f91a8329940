// "Try it": a form generated from a tool's parameter schema (required first, choices as selects, dates as date
// inputs, the spec's examples one click away), sent through the gateway with the backend of the status bar, and
// the answer as the gateway normalised it (a table), as the service sent it (the raw body) or as JSON.
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import type { CallResult } from '../../../../main/core/gateway/callResult.ts';
import type { ToolSpec } from '../../../../main/core/catalog/types.ts';
import { sayViolation } from '../../../../main/core/catalog/sayViolation.ts';
import { callKindLabel } from '../../../../main/core/i18n/strings.ts';
import { resultPreview } from '../../../../main/core/view/resultPreview.ts';
import { latestIssue, timelyArgs } from '../../../../main/core/time/issueTimes.ts';
import { useEngine } from '../../api/EngineProvider.tsx';
import { useBackend } from '../../app/backendMode.tsx';
import { useLocale } from '../../i18n.tsx';
import { ResultTable } from '../../components/ResultTable.tsx';
import { RawBody } from '../../components/RawBody.tsx';
import { argsFromValues, formFields, valuesFromArgs, type FormField, type FormValues } from './argsForm.ts';

type Kinds = Record<string, { ko: string; en: string; example?: string }>;
type Tab = 'table' | 'raw' | 'json';

function placeholderOf(field: FormField, kinds: Kinds | undefined): string | undefined {
  const example = field.schema.examples?.[0] ?? (field.schema['x-semantic'] ? kinds?.[field.schema['x-semantic']]?.example : undefined);
  return example === undefined ? undefined : String(example);
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

function Outcome({ result, headline, toolId }: { result: CallResult; headline: string[] | undefined; toolId: string }) {
  const { t, locale } = useLocale();
  const [tab, setTab] = useState<Tab>('table');
  // A scheduled API answers "no data" for an issue it no longer keeps (or has not published yet): say which it has.
  const latest = result.error?.kind === 'NoData' ? latestIssue(toolId, new Date()) : undefined;
  const preview = useMemo(() => resultPreview(result.items, result.totalCount, { rows: 100, columns: 40, headline }), [result, headline]);
  return (
    <div className="try-outcome" data-testid="try-outcome" data-ok={result.ok}>
      <p className={result.ok ? 'ok' : 'error'} role="status">
        <strong>{result.ok ? t('catalog.callOk') : t('catalog.callFailed', { kind: callKindLabel(locale, result.error?.kind ?? '') })}</strong>{' '}
        <span className="muted">
          {t(`catalog.source.${result.source}`)} · {t('call.latency', { ms: Math.round(result.latencyMs) })}
          {result.resultCode !== null && ` · ${t('catalog.resultCode', { code: result.resultCode, message: result.resultMessage ?? '' })}`}
        </span>
      </p>
      {result.error && (
        <div className="call-error" role="alert">
          {!result.error.violations?.length && <p>{result.error.message}</p>}
          <p className="muted">{t(`errorKind.${result.error.kind}`)}</p>
          {latest && (
            <p data-testid="try-window">
              {t('catalog.recentIssuesOnly', {
                date: `${latest.date.slice(0, 4)}-${latest.date.slice(4, 6)}-${latest.date.slice(6)}`,
                time: `${latest.time.slice(0, 2)}:${latest.time.slice(2)}`,
              })}
            </p>
          )}
          {result.error.violations && result.error.violations.length > 0 && (
            <ul data-testid="try-violations">
              {result.error.violations.map((v) => (
                <li key={`${v.path}:${v.message}`}>
                  <code>{v.path.replace(/^\//, '') || t('catalog.arguments')}</code> {sayViolation(locale, v)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {result.warnings.map((w) => (
        <p key={w} className="warn">
          {w}
        </p>
      ))}
      <div className="segmented" role="tablist" aria-label={t('catalog.resultTabs')}>
        {(['table', 'raw', 'json'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={tab === id ? 'selected small' : 'ghost small'}
            onClick={() => setTab(id)}
            data-testid={`try-tab-${id}`}
          >
            {t(`catalog.tab.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'table' &&
        (result.ok ? (
          <ResultTable preview={preview} />
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

export function TryIt({ tool, kinds }: { tool: ToolSpec; kinds: Kinds | undefined }) {
  const { t } = useLocale();
  const api = useEngine();
  const queryClient = useQueryClient();
  const { backend } = useBackend();
  const fields = useMemo(() => formFields(tool.parameters), [tool]);
  const [values, setValues] = useState<FormValues>(() => valuesFromArgs(fields, {}));
  const [result, setResult] = useState<CallResult | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invalid = new Set((result?.error?.violations ?? []).map((v) => v.path.replace(/^\//, '').split('/')[0]));
  const headline = tool.kind === 'remote' ? tool.response.headline : undefined;
  // A scheduled API keeps only recent issues: its examples ask for the latest one as of now, not a frozen date.
  const examples = useMemo(() => {
    const now = new Date();
    return latestIssue(tool.id, now) ? tool.examples.map((e) => ({ ...e, args: timelyArgs(tool, e.args, now) })) : tool.examples;
  }, [tool]);
  const call = (): void => {
    if (!api) return;
    setRunning(true);
    setError(null);
    api
      .call('gateway.call', {
        tool: tool.id,
        args: argsFromValues(fields, values),
        mode: backend.mode,
        ...(backend.snapshot ? { snapshot: backend.snapshot } : {}),
        raw: true,
      })
      .then(
        (r) => {
          setRunning(false);
          setResult(r);
          void queryClient.invalidateQueries({ queryKey: ['gateway.quota'] });
          void queryClient.invalidateQueries({ queryKey: ['audit.list'] });
        },
        (e: unknown) => {
          setRunning(false);
          setError((e as Error).message);
        },
      );
  };
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
      {examples.length > 0 && (
        <div className="row">
          <span className="muted">{t('catalog.examples')}</span>
          {examples.map((example, i) => (
            <button
              key={i}
              type="button"
              className="ghost small"
              title={example.note}
              onClick={() => setValues(valuesFromArgs(fields, example.args))}
              data-testid="try-example"
            >
              {Object.values(example.args).map(String).join(' · ') || t('catalog.noArgs')}
            </button>
          ))}
        </div>
      )}
      <form
        className="try-form"
        onSubmit={(e) => {
          e.preventDefault();
          call();
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
              onChange={(value) => setValues({ ...values, [field.name]: value })}
            />
            <span className="muted">{field.schema.description}</span>
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
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {result && <Outcome key={result.requestHash + result.latencyMs} result={result} headline={headline} toolId={tool.id} />}
    </section>
  );
}
