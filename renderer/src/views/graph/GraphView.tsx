// The EDGE graph: which tool's output feeds which tool's input, and how sure we are. Propose candidates from the
// catalog, verify them all as a job (the picture follows as links change), filter by status, link kind (a real
// dependency or only a format match), basis and agency, find a tool as you type and focus on its neighbourhood, and
// open a link's evidence. Positions are kept between visits.
import { useCallback, useMemo, useState } from 'react';
import { Building2, Network, Search, Sparkles, ShieldCheck, Waypoints } from 'lucide-react';
import type { CandidateBasis, EdgeStatus } from '../../../../main/core/edges/types.ts';
import { linkKinds, type LinkKind } from '../../../../main/core/edges/linkKind.ts';
import { searchTools } from '../../../../main/core/catalog/catalogSearch.ts';
import { useStartJob } from '../../api/useStartJob.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { useToolNames } from '../../api/useToolNames.ts';
import { useJobsOf } from '../../api/JobsProvider.tsx';
import { repeatableBackend, useBackend } from '../../state/backendMode.tsx';
import { useLocale } from '../../i18n.tsx';
import { JobProgress } from '../../components/JobProgress.tsx';
import { agencyCentres, layoutGraph, type Point } from './graphLayout.ts';
import { ALL_KINDS, ALL_STATUSES, DEFAULT_FILTER, visibleGraph, type GraphFilter } from './graphFilter.ts';
import { GraphCanvas, KIND_DASHES, STATUS_COLOURS } from './GraphCanvas.tsx';
import { EdgePanel } from './EdgePanel.tsx';
import { ToolNeighbourhood } from './ToolNeighbourhood.tsx';
import { AgencyOverview } from './AgencyOverview.tsx';

const W = 1200;
const H = 760;
const POSITIONS_KEY = 'kopa.graph.positions';
/** Tools listed under the search box as the analyst types. */
const MATCHES = 8;

function keptPositions(): Record<string, Point> {
  try {
    return JSON.parse(localStorage.getItem(POSITIONS_KEY) ?? '{}') as Record<string, Point>;
  } catch {
    return {};
  }
}

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function Toolbar() {
  const { t } = useLocale();
  const job = useStartJob();
  const proposal = useEngineMutation('edges.propose', { invalidates: ['edges.list'] });
  const { backend } = useBackend();
  const target = repeatableBackend(backend);
  const propose = (): void => {
    job.dismiss();
    void proposal.run({});
  };
  const verify = (): void => {
    proposal.dismiss();
    void job.start('edges.verify', target);
  };
  const failed = job.error ? job : proposal;
  return (
    <div className="row graph-toolbar">
      <button type="button" className="ghost" onClick={propose} data-testid="graph-propose">
        <Sparkles size={16} aria-hidden="true" /> {t('graph.propose')}
      </button>
      <button type="button" onClick={verify} data-testid="graph-verify">
        <ShieldCheck size={16} aria-hidden="true" /> {t('graph.verifyAll', { mode: t(`mode.${target.mode}`) })}
      </button>
      {proposal.data && <span className="muted">{t('graph.proposed', { candidates: proposal.data.candidates, added: proposal.data.added })}</span>}
      <ErrorNote error={failed.error} onRetry={failed.retry} onDismiss={failed.dismiss} />
    </div>
  );
}

export function GraphView() {
  const { t, locale } = useLocale();
  const catalog = useEngineQuery('catalog.list', {});
  const toolName = useToolNames();
  // A verification that ends changes links and their evidence: both are read again.
  const { jobs: verifyJobs } = useJobsOf('edges.verify', 3);
  const graph = useEngineQuery('edges.list', {});
  const [filter, setFilter] = useState<GraphFilter>(DEFAULT_FILTER);
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // The whole graph of tools is a tangle at first sight: the view opens by agency, the tools one click away.
  const [view, setView] = useState<'agencies' | 'tools'>('agencies');
  const tools = useMemo(() => (catalog.data?.tools ?? []).filter((tool) => tool.kind !== 'query'), [catalog.data]);
  const edges = useMemo(() => graph.data?.edges ?? [], [graph.data]);
  const positions = useMemo(() => {
    if (tools.length === 0) return {};
    const placed = layoutGraph({ tools, links: edges.map((e) => ({ from: e.fromTool, to: e.toTool })), saved: keptPositions(), width: W, height: H });
    localStorage.setItem(POSITIONS_KEY, JSON.stringify(placed));
    return placed;
  }, [tools, edges]);
  const agencyOf = useMemo(() => new Map(tools.map((tool) => [tool.id, tool.agency])), [tools]);
  const visible = useMemo(() => visibleGraph(edges, (id) => agencyOf.get(id), filter), [edges, agencyOf, filter]);
  const agencyNames = new Map((catalog.data?.agencies ?? []).map((a) => [a.id, a.name[locale] || a.name.ko]));
  const centres = agencyCentres(
    tools.map((tool) => tool.agency),
    W,
    H,
  );
  // Links pull tools away from their agency's place on the ring: its name goes where its tools ended up.
  const labelPlace = (agency: string, ring: Point): Point => {
    const placed = tools.filter((tool) => tool.agency === agency && positions[tool.id]).map((tool) => positions[tool.id]!);
    if (placed.length === 0) return ring;
    return { x: placed.reduce((sum, p) => sum + p.x, 0) / placed.length, y: Math.min(...placed.map((p) => p.y)) };
  };
  const counts = Object.fromEntries(ALL_STATUSES.map((s) => [s, edges.filter((e) => e.status === s).length])) as Record<EdgeStatus, number>;
  const verifiedKinds = Object.fromEntries(linkKinds.map((k) => [k, edges.filter((e) => e.status === 'verified' && e.kind === k).length])) as Record<
    LinkKind,
    number
  >;
  const matches = search.trim() ? searchTools(tools, (agency) => agencyNames.get(agency) ?? '', search).slice(0, MATCHES) : [];
  const focusOn = (id: string): void => {
    setFilter({ ...filter, focus: id });
    setSearch('');
    setView('tools');
  };
  const agencyRows = useMemo(
    () => (catalog.data?.agencies ?? []).filter((a) => a.tools > 0).map((a) => ({ id: a.id, name: a.name[locale] || a.name.ko, tools: a.tools })),
    [catalog.data, locale],
  );
  const agencyOfTool = useCallback((id: string) => agencyOf.get(id), [agencyOf]);
  const betweenAgencies = useMemo(() => visibleGraph(edges, agencyOfTool, { ...filter, agency: null, focus: null }).edges, [edges, agencyOfTool, filter]);
  return (
    <div className="view">
      <header className="view-head">
        <h2>
          <Network size={20} aria-hidden="true" /> {t('nav.graph')}
        </h2>
        <span className="muted" data-testid="graph-summary">
          {graph.data
            ? t('graph.summary', {
                version: graph.data.graphVersion,
                verified: counts.verified,
                candidate: counts.candidate,
                stale: counts.stale,
                rejected: counts.rejected,
              })
            : '…'}
          {graph.data && ` · ${t('graph.summaryKinds', { dependency: verifiedKinds.dependency, format: verifiedKinds.format })}`}
        </span>
      </header>
      <Toolbar />
      {verifyJobs.length > 0 && (
        <ul className="jobs">
          {verifyJobs.map((job) => (
            <JobProgress key={job.id} job={job} />
          ))}
        </ul>
      )}
      <div className="graph-filters form-row">
        <fieldset>
          <legend>{t('graph.status')}</legend>
          {ALL_STATUSES.map((status) => (
            <label key={status} className="check">
              <input
                type="checkbox"
                checked={filter.statuses.includes(status)}
                onChange={() => setFilter({ ...filter, statuses: toggle(filter.statuses, status) })}
                data-testid={`graph-status-${status}`}
              />
              <span className="status-dot" style={{ background: STATUS_COLOURS[status] }} aria-hidden="true" />
              {t(`edge.status.${status}`)} ({counts[status]})
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('graph.linkKind')}</legend>
          {linkKinds.map((kind) => (
            <label key={kind} className="check" title={t(`graph.linkKind.${kind}.why`)}>
              <input
                type="checkbox"
                checked={filter.links.includes(kind)}
                onChange={() => setFilter({ ...filter, links: toggle(filter.links, kind) })}
                data-testid={`graph-link-${kind}`}
              />
              {t(`graph.linkKind.${kind}`)} ({verifiedKinds[kind]})
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('graph.kind')}</legend>
          {ALL_KINDS.map((kind: CandidateBasis) => (
            <label key={kind} className="check">
              <input type="checkbox" checked={filter.kinds.includes(kind)} onChange={() => setFilter({ ...filter, kinds: toggle(filter.kinds, kind) })} />
              <svg width="26" height="8" aria-hidden="true">
                <line x1="0" x2="26" y1="4" y2="4" stroke="currentColor" strokeWidth="2" strokeDasharray={KIND_DASHES[kind].join(' ') || undefined} />
              </svg>
              {t(`graph.kind.${kind}`)}
            </label>
          ))}
        </fieldset>
        <label>
          {t('graph.agency')}
          <select
            value={filter.agency ?? ''}
            onChange={(e) => {
              setFilter({ ...filter, agency: e.target.value || null });
              if (e.target.value) setView('tools');
            }}
          >
            <option value="">{t('eval.any')}</option>
            {[...centres.keys()].map((agency) => (
              <option key={agency} value={agency}>
                {agencyNames.get(agency) ?? agency}
              </option>
            ))}
          </select>
        </label>
        <form
          className="search graph-search"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches[0]) focusOn(matches[0].id);
          }}
        >
          <label className="search">
            <Search size={16} aria-hidden="true" />
            <span className="sr-only">{t('graph.find')}</span>
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('graph.find')}
              aria-describedby="graph-find-hint"
              data-testid="graph-find"
            />
          </label>
          {search.trim() && (
            <ul className="graph-matches card" data-testid="graph-matches" aria-label={t('graph.matches')}>
              {matches.length === 0 && <li className="muted">{t('graph.noMatch')}</li>}
              {matches.map((tool) => (
                <li key={tool.id}>
                  <button type="button" className="link-button" onClick={() => focusOn(tool.id)} data-testid="graph-match">
                    {tool.name[locale] || tool.name.ko} <span className="muted">{agencyNames.get(tool.agency) ?? tool.agency}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <span id="graph-find-hint" className="sr-only">
            {t('graph.findHint')}
          </span>
        </form>
        {filter.focus && (
          <button type="button" className="ghost small" onClick={() => setFilter({ ...filter, focus: null })}>
            {t('graph.unfocus')}
          </button>
        )}
      </div>
      <div className="row graph-views" role="group" aria-label={t('graph.viewAs')}>
        {(
          [
            ['agencies', Building2, t('graph.byAgency')],
            ['tools', Waypoints, t('graph.allTools', { n: tools.length })],
          ] as const
        ).map(([choice, Icon, words]) => (
          <button
            key={choice}
            type="button"
            className={view === choice ? '' : 'ghost'}
            aria-pressed={view === choice}
            onClick={() => setView(choice)}
            data-testid={`graph-view-${choice}`}
          >
            <Icon size={16} aria-hidden="true" /> {words}
          </button>
        ))}
      </div>
      <div className="graph-layout">
        {view === 'agencies' ? (
          <AgencyOverview
            agencies={agencyRows}
            edges={betweenAgencies}
            agencyOf={agencyOfTool}
            onAgency={(agency) => {
              setFilter({ ...filter, agency, focus: null });
              setView('tools');
            }}
          />
        ) : (
          <GraphCanvas
            width={W}
            height={H}
            tools={tools.map((tool) => ({ id: tool.id, agency: tool.agency, name: tool.name[locale] || tool.name.ko }))}
            agencies={[...centres].map(([id, centre]) => ({ id, name: agencyNames.get(id) ?? id, at: labelPlace(id, centre) }))}
            positions={positions}
            edges={visible.edges}
            lit={visible.lit}
            selectedEdge={selectedEdge}
            onTool={(id) => setFilter({ ...filter, focus: id })}
            onEdge={setSelectedEdge}
            label={t('graph.canvas', { tools: tools.length, links: visible.edges.length })}
            hiddenNames={(n) => t('graph.hiddenNames', { n })}
          />
        )}
        <div className="graph-side">
          {selectedEdge && <EdgePanel key={selectedEdge} edgeId={selectedEdge} onClose={() => setSelectedEdge(null)} />}
          <ToolNeighbourhood tool={filter.focus} edges={visible.edges} onEdge={setSelectedEdge} nameOf={toolName} />
        </div>
      </div>
    </div>
  );
}
