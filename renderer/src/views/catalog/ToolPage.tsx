// One tool as its spec describes it: what it does, where it is served, its parameters with their formats and value
// kinds, the fields it returns, today's quota, the facts still to verify, the links of the EDGE graph that lead into
// and out of it, and a form to call it.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { TriangleAlert } from 'lucide-react';
import type { Edge } from '../../../../main/core/edges/types.ts';
import { transformById } from '../../../../main/core/edges/transforms.ts';
import { noteIn, type FieldSpec, type ToolSpec } from '../../../../main/core/catalog/types.ts';
import { useEngineQuery } from '../../api/queries.ts';
import { useToolNames } from '../../api/useToolNames.ts';
import { useLocale } from '../../i18n.tsx';
import { formatCount } from '../../format.ts';
import { formatOf } from './argsForm.ts';
import { ParameterText, TryIt } from './TryIt.tsx';
import { unitIn } from '../../components/resultWords.ts';
import { Skeleton } from '../../components/Skeleton.tsx';
import { viewLink } from '../../app/viewPaths.ts';

type Kinds = Record<string, { ko: string; en: string; example?: string }>;

function KindTag({ tag, kinds }: { tag: string | undefined; kinds: Kinds | undefined }) {
  const { locale } = useLocale();
  if (!tag) return <span className="muted">—</span>;
  const kind = kinds?.[tag];
  return (
    <span className="kind" title={kind ? kind[locale] || kind.ko : undefined}>
      <code>{tag}</code>
      {kind && <span className="muted"> {kind[locale] || kind.ko}</span>}
    </span>
  );
}

function EdgeLinks({ edges, side }: { edges: Edge[]; side: 'to' | 'from' }) {
  const { t, locale } = useLocale();
  const nameOf = useToolNames();
  if (edges.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="edge-links">
      {edges.map((edge) => {
        const tool = side === 'to' ? edge.toTool : edge.fromTool;
        const ends = side === 'to' ? edge.toParams : edge.fromFields;
        const via = transformById(edge.transform);
        return (
          <li key={edge.id}>
            <Link href={viewLink('catalog', tool)} title={tool}>
              {nameOf(tool)}
            </Link>{' '}
            <code className="muted">{ends.join('+')}</code>{' '}
            <span className={`badge edge-${edge.status}`} title={edge.reason ?? undefined}>
              {t(`edge.status.${edge.status}`)}
            </span>
            {via && <span className="muted"> · {via[locale]}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card" data-testid={testId}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function responseFields(spec: ToolSpec): [string, FieldSpec][] {
  return Object.entries(spec.response.fields);
}

function Quota({ toolId }: { toolId: string }) {
  const { t, locale } = useLocale();
  const quota = useEngineQuery('gateway.quota', { tool: toolId });
  const usage = quota.data?.[0];
  if (!usage) return <p className="muted">{quota.data ? t('catalog.noQuota') : '…'}</p>;
  return (
    <p data-testid="tool-quota">
      {usage.perDay !== null
        ? t('catalog.quotaDay', { used: formatCount(usage.usedToday, locale), limit: formatCount(usage.perDay, locale) })
        : t('catalog.quotaUsed', { used: formatCount(usage.usedToday, locale) })}
      {usage.perSecond !== null && ` · ${t('catalog.quotaSecond', { n: usage.perSecond })}`} <span className="muted">({usage.group})</span>
    </p>
  );
}

/** The links worth showing as a chain: not rejected, and a real dependency (one that only matches in format, a date
 * that fits another tool's date, is no reason to chain the two). */
function chainLinks(edges: Edge[]): Edge[] {
  return edges.filter((e) => e.status !== 'rejected' && e.kind === 'dependency');
}

/** What the tool does and where it is served: names in both languages, id, endpoint, source, quota, facts to verify. */
function ToolFacts({ tool }: { tool: ToolSpec }) {
  const { t, locale } = useLocale();
  const other = locale === 'ko' ? 'en' : 'ko';
  return (
    <section className="card">
      <header className="card-head">
        <div>
          <h3 className="tool-title">{tool.name[locale] || tool.name.ko}</h3>
          <p className="muted" lang={other}>
            {tool.name[other]}
          </p>
        </div>
        <div className="row">
          <span className="badge badge-neutral">{tool.agency}</span>
          <span className="badge badge-neutral">{t(`catalog.kind.${tool.kind}`)}</span>
        </div>
      </header>
      <p>{tool.description[locale] || tool.description.ko}</p>
      <dl className="facts">
        <div>
          <dt>{t('catalog.id')}</dt>
          <dd>
            <code data-testid="tool-id">{tool.id}</code>
          </dd>
        </div>
        {tool.kind === 'remote' && (
          <div>
            <dt>{t('catalog.endpoint')}</dt>
            <dd>
              <code>
                {tool.endpoint.method} {tool.endpoint.scheme}://{tool.endpoint.host}
                {tool.endpoint.port ? `:${tool.endpoint.port}` : ''}
                {tool.endpoint.path}
              </code>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('catalog.sourceDoc')}</dt>
          <dd>
            <code>{tool.source}</code>
          </dd>
        </div>
        {tool.kind === 'remote' && (
          <div>
            <dt>{t('catalog.quota')}</dt>
            <dd>
              <Quota toolId={tool.id} />
            </dd>
          </div>
        )}
      </dl>
      {tool.kind === 'remote' && tool.verify && tool.verify.length > 0 && (
        <div className="verify-notes" data-testid="verify-notes">
          <p>
            <TriangleAlert size={16} aria-hidden="true" /> {t('catalog.verify')}
          </p>
          <ul>
            {tool.verify.map((note) => {
              const { text, lang } = noteIn(note, locale);
              return (
                <li key={text} lang={lang}>
                  {text}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The parameters with their formats and value kinds, and the links of the graph that fill each. */
function ParametersTable({ tool, kinds, edges }: { tool: ToolSpec; kinds: Kinds | undefined; edges: Edge[] }) {
  const { t } = useLocale();
  const fedBy = (param: string): Edge[] => chainLinks(edges).filter((e) => e.toTool === tool.id && e.toParams.includes(param));
  const required = new Set(tool.parameters.required ?? []);
  return (
    <Section title={t('catalog.parameters')} testId="tool-parameters">
      <div className="table-scroll">
        <table className="spec-table">
          <thead>
            <tr>
              <th scope="col">{t('catalog.param')}</th>
              <th scope="col" className="nowrap">
                {t('catalog.type')}
              </th>
              <th scope="col">{t('catalog.format')}</th>
              <th scope="col">{t('catalog.semantic')}</th>
              <th scope="col">{t('catalog.description')}</th>
              <th scope="col">{t('catalog.fedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(tool.parameters.properties).map(([name, schema]) => (
              <tr key={name}>
                <th scope="row">
                  <code>{name}</code> {required.has(name) && <span className="badge badge-warn">{t('catalog.required')}</span>}
                </th>
                <td className="nowrap">{schema.type}</td>
                <td>{formatOf(schema, t)}</td>
                <td>
                  <KindTag tag={schema['x-semantic']} kinds={kinds} />
                </td>
                <td>
                  <ParameterText schema={schema} kinds={kinds} />
                </td>
                <td>
                  <EdgeLinks edges={fedBy(name)} side="from" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** The fields the tool returns, and the links of the graph each feeds; how many other links are not shown, and why. */
function FieldsTable({ tool, kinds, edges }: { tool: ToolSpec; kinds: Kinds | undefined; edges: { edges: Edge[]; graphVersion: number } | undefined }) {
  const { t, locale } = useLocale();
  const feeds = (field: string): Edge[] => chainLinks(edges?.edges ?? []).filter((e) => e.fromTool === tool.id && e.fromFields.includes(field));
  const rejected = (edges?.edges ?? []).filter((e) => e.status === 'rejected').length;
  const formatOnly = (edges?.edges ?? []).filter((e) => e.status !== 'rejected' && e.kind === 'format').length;
  return (
    <Section title={t('catalog.fields')} testId="tool-fields">
      <div className="table-scroll">
        <table className="spec-table">
          <thead>
            <tr>
              <th scope="col">{t('catalog.field')}</th>
              <th scope="col">{t('catalog.type')}</th>
              <th scope="col">{t('catalog.label')}</th>
              <th scope="col">{t('catalog.semantic')}</th>
              <th scope="col">{t('catalog.feeds')}</th>
            </tr>
          </thead>
          <tbody>
            {responseFields(tool).map(([name, field]) => (
              <tr key={name}>
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td>
                  {field.type}
                  {field.unit && <span className="muted"> ({unitIn(field.unit, locale)})</span>}
                </td>
                <td>
                  {(locale === 'en' ? field.en : field.ko) ?? field.ko ?? field.en ?? ''}
                  {field.since && <span className="muted"> · {t('catalog.fieldSince', { ver: field.since })}</span>}
                </td>
                <td>
                  <KindTag tag={field.semantic} kinds={kinds} />
                </td>
                <td>
                  <EdgeLinks edges={feeds(name)} side="to" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {edges && (
        <p className="muted">
          {edges.edges.length === 0 ? t('catalog.noLinks') : t('catalog.graphNote', { version: edges.graphVersion, rejected, format: formatOnly })}
        </p>
      )}
    </Section>
  );
}

export function ToolPage({ toolId }: { toolId: string }) {
  const { locale } = useLocale();
  const spec = useEngineQuery('catalog.get', { id: toolId });
  const kinds = useEngineQuery('catalog.kinds', {});
  const edges = useEngineQuery('edges.list', { tool: toolId });
  if (spec.isError) {
    return (
      <p className="error" role="alert">
        {spec.error.message}
      </p>
    );
  }
  if (!spec.data) return <Skeleton rows={10} />;
  const tool = spec.data;
  return (
    <article className="tool-page" aria-label={tool.name[locale]} data-testid="tool-page">
      <ToolFacts tool={tool} />
      <ParametersTable tool={tool} kinds={kinds.data} edges={edges.data?.edges ?? []} />
      <FieldsTable tool={tool} kinds={kinds.data} edges={edges.data} />
      <TryIt tool={tool} kinds={kinds.data} />
    </article>
  );
}
