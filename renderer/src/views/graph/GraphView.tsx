// The EDGE graph: which tool's output feeds which tool's input, and how sure we are. Propose candidates from the
// catalog, verify them all as a job (the picture follows as links change), filter by status, link kind (a real
// dependency or only a format match), basis and agency, find a tool as you type and focus on its neighbourhood, and
// open a link's evidence. Positions are kept between visits.
import { useCallback, useMemo, useState } from 'react';
import { Building2, Network, Sparkles, ShieldCheck, Waypoints } from 'lucide-react';
import { useStartJob } from '../../api/useStartJob.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useEngineQuery } from '../../api/queries.ts';
import { useToolNames } from '../../api/useToolNames.ts';
import { useJobsOf } from '../../api/JobsProvider.tsx';
import { repeatableBackend, useBackend } from '../../state/backendMode.tsx';
import { useLocale } from '../../i18n.tsx';
import type { Edge } from '../../../../main/core/edges/types.ts';
import { JobProgress } from '../../components/JobProgress.tsx';
import { agencyCentres, layoutGraph, type Point } from './graphLayout.ts';
import { DEFAULT_FILTER, edgeCounts, visibleGraph, type EdgeCounts, type GraphFilter } from './graphFilter.ts';
import { GraphFilters } from './GraphFilters.tsx';
import { GraphCanvas } from './GraphCanvas.tsx';
import { EdgePanel } from './EdgePanel.tsx';
import { ToolNeighbourhood } from './ToolNeighbourhood.tsx';
import { AgencyOverview } from './AgencyOverview.tsx';

const W = 1200;
const H = 760;
const POSITIONS_KEY = 'kopa.graph.positions';

function keptPositions(): Record<string, Point> {
  try {
    return JSON.parse(localStorage.getItem(POSITIONS_KEY) ?? '{}') as Record<string, Point>;
  } catch {
    return {};
  }
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
  // A verification that ends changes links and their evidence: both are read again.
  const { jobs: verifyJobs } = useJobsOf('edges.verify', 3);
  return (
    <>
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
      {verifyJobs.length > 0 && (
        <ul className="jobs">
          {verifyJobs.map((job) => (
            <JobProgress key={job.id} job={job} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The tools' places, laid out around the ones the analyst left where they were, and kept for the next visit. */
function useKeptLayout(tools: { id: string; agency: string }[], edges: Edge[]): Record<string, Point> {
  return useMemo(() => {
    if (tools.length === 0) return {};
    const placed = layoutGraph({ tools, links: edges.map((e) => ({ from: e.fromTool, to: e.toTool })), saved: keptPositions(), width: W, height: H });
    localStorage.setItem(POSITIONS_KEY, JSON.stringify(placed));
    return placed;
  }, [tools, edges]);
}

type GraphViewKind = 'agencies' | 'tools';

/** Links pull tools away from their agency's place on the ring: its name goes where its tools ended up. */
function labelPlace(tools: { id: string; agency: string }[], positions: Record<string, Point>, agency: string, ring: Point): Point {
  const placed = tools.filter((tool) => tool.agency === agency && positions[tool.id]).map((tool) => positions[tool.id]!);
  if (placed.length === 0) return ring;
  return { x: placed.reduce((sum, p) => sum + p.x, 0) / placed.length, y: Math.min(...placed.map((p) => p.y)) };
}

/** The view's title and how many links there are of each status and kind. */
function GraphHead({ version, counts }: { version: number | undefined; counts: EdgeCounts }) {
  const { t } = useLocale();
  const { byStatus, verifiedKinds } = counts;
  return (
    <header className="view-head">
      <h2>
        <Network size={20} aria-hidden="true" /> {t('nav.graph')}
      </h2>
      <span className="muted" data-testid="graph-summary">
        {version !== undefined
          ? t('graph.summary', { version, verified: byStatus.verified, candidate: byStatus.candidate, stale: byStatus.stale, rejected: byStatus.rejected })
          : '…'}
        {version !== undefined && ` · ${t('graph.summaryKinds', { dependency: verifiedKinds.dependency, format: verifiedKinds.format })}`}
      </span>
    </header>
  );
}

/** The graph by agency (the default: the tools' graph is a tangle at first sight) or every tool. */
function ViewChoice({ view, onView, tools }: { view: GraphViewKind; onView: (view: GraphViewKind) => void; tools: number }) {
  const { t } = useLocale();
  return (
    <div className="row graph-views" role="group" aria-label={t('graph.viewAs')}>
      {(
        [
          ['agencies', Building2, t('graph.byAgency')],
          ['tools', Waypoints, t('graph.allTools', { n: tools })],
        ] as const
      ).map(([choice, Icon, words]) => (
        <button
          key={choice}
          type="button"
          className={view === choice ? '' : 'ghost'}
          aria-pressed={view === choice}
          onClick={() => onView(choice)}
          data-testid={`graph-view-${choice}`}
        >
          <Icon size={16} aria-hidden="true" /> {words}
        </button>
      ))}
    </div>
  );
}

export function GraphView() {
  const { t, locale } = useLocale();
  const catalog = useEngineQuery('catalog.list', {});
  const toolName = useToolNames();
  const graph = useEngineQuery('edges.list', {});
  const [filter, setFilter] = useState<GraphFilter>(DEFAULT_FILTER);
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  // The whole graph of tools is a tangle at first sight: the view opens by agency, the tools one click away.
  const [view, setView] = useState<GraphViewKind>('agencies');
  const tools = useMemo(() => (catalog.data?.tools ?? []).filter((tool) => tool.kind !== 'query'), [catalog.data]);
  const edges = useMemo(() => graph.data?.edges ?? [], [graph.data]);
  const positions = useKeptLayout(tools, edges);
  const agencyOf = useMemo(() => new Map(tools.map((tool) => [tool.id, tool.agency])), [tools]);
  const agencyOfTool = useCallback((id: string) => agencyOf.get(id), [agencyOf]);
  const visible = useMemo(() => visibleGraph(edges, agencyOfTool, filter), [edges, agencyOfTool, filter]);
  const agencyNames = new Map((catalog.data?.agencies ?? []).map((a) => [a.id, a.name[locale] || a.name.ko]));
  const centres = agencyCentres(
    tools.map((tool) => tool.agency),
    W,
    H,
  );
  const counts = edgeCounts(edges);
  const agencyRows = (catalog.data?.agencies ?? []).filter((a) => a.tools > 0).map((a) => ({ id: a.id, name: a.name[locale] || a.name.ko, tools: a.tools }));
  const betweenAgencies = useMemo(() => visibleGraph(edges, agencyOfTool, { ...filter, agency: null, focus: null }).edges, [edges, agencyOfTool, filter]);
  return (
    <div className="view">
      <GraphHead version={graph.data?.graphVersion} counts={counts} />
      <Toolbar />
      <GraphFilters
        filter={filter}
        onFilter={setFilter}
        counts={counts}
        agencies={[...centres.keys()]}
        agencyName={(agency) => agencyNames.get(agency) ?? agency}
        tools={tools}
        onShowTools={() => setView('tools')}
      />
      <ViewChoice view={view} onView={setView} tools={tools.length} />
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
            agencies={[...centres].map(([id, centre]) => ({ id, name: agencyNames.get(id) ?? id, at: labelPlace(tools, positions, id, centre) }))}
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
