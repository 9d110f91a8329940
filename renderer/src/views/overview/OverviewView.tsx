// What this workstation holds and did last, each figure a way into the view behind it: the catalog, the EDGE graph's
// version and links, datasets, the latest evaluation with its interval, the loaded model and where it runs, the
// data folder's size; the engine's status and diagnostics below.
import { Link } from 'wouter';
import { useEngineQuery } from '../../api/queries.ts';
import { useLocale, type StringKey } from '../../i18n.tsx';
import { formatBytes, formatCount } from '../../format.ts';
import { modelLabel } from '../../modelLabel.ts';
import { StatusPanel } from '../../components/StatusPanel.tsx';
import { DoctorPanel } from '../../components/DoctorPanel.tsx';
import { FirstSteps } from './FirstSteps.tsx';
import { pct } from '../../../../main/core/bench/report/reportData.ts';
import { viewLink } from '../../app/viewPaths.ts';

function Figure({
  label,
  value,
  detail,
  href,
  testId,
}: {
  label: StringKey;
  value: number | string | undefined;
  detail?: string;
  href: string;
  testId: string;
}) {
  const { t, locale } = useLocale();
  return (
    <Link href={href} className="figure" data-testid={testId}>
      <span className="figure-value">{value === undefined ? '…' : typeof value === 'number' ? formatCount(value, locale) : value}</span>
      <span className="figure-label">{t(label)}</span>
      {detail && <span className="muted">{detail}</span>}
    </Link>
  );
}

function ToolsFigure() {
  const { t } = useLocale();
  const catalog = useEngineQuery('catalog.list', {});
  const agencies = (catalog.data?.agencies ?? []).filter((a) => a.id !== 'local').length;
  return (
    <Figure
      label="overview.tools"
      value={catalog.data?.tools.length}
      detail={catalog.data ? t('overview.agencies', { n: agencies }) : undefined}
      href={viewLink('catalog')}
      testId="figure-tools"
    />
  );
}

function LinksFigure() {
  const { t } = useLocale();
  const graph = useEngineQuery('edges.list', {});
  const count = (status: string): number => (graph.data?.edges ?? []).filter((e) => e.status === status).length;
  return (
    <Figure
      label="overview.links"
      value={graph.data ? count('verified') : undefined}
      detail={graph.data ? t('overview.graph', { version: graph.data.graphVersion, candidate: count('candidate'), rejected: count('rejected') }) : undefined}
      href={viewLink('graph')}
      testId="figure-links"
    />
  );
}

function DatasetsFigure() {
  const { t } = useLocale();
  const datasets = useEngineQuery('synth.list', {});
  return (
    <Figure
      label="overview.datasets"
      value={datasets.data?.length}
      detail={datasets.data ? t('overview.samples', { n: datasets.data.reduce((sum, d) => sum + d.samples, 0) }) : undefined}
      href={viewLink('synthesis')}
      testId="figure-datasets"
    />
  );
}

/** The latest run with a pass@1: its value, interval, size and model, and a way to its page. */
function LatestRunFigure() {
  const { t } = useLocale();
  const runs = useEngineQuery('bench.runs', {});
  const models = useEngineQuery('models.list', {});
  const latest = (runs.data ?? []).find((r) => r.summary?.['pass@k']['pass@1']);
  const latestPass = latest?.summary?.['pass@k']['pass@1'];
  return (
    <Figure
      label="overview.latestRun"
      value={runs.data ? (latestPass ? pct(latestPass.value) : '—') : undefined}
      detail={
        latest && latestPass
          ? t('overview.latestRunDetail', {
              low: pct(latestPass.low),
              high: pct(latestPass.high),
              n: latest.summary!.tasks,
              model: modelLabel(latest.manifest.model.ref, models.data ?? []),
            })
          : runs.data
            ? t('overview.runs', { n: runs.data.length })
            : undefined
      }
      href={latest ? `${viewLink('evaluation')}/run/${encodeURIComponent(latest.id)}` : viewLink('evaluation')}
      testId="figure-runs"
    />
  );
}

function ModelsFigure() {
  const { t } = useLocale();
  const models = useEngineQuery('models.list', {});
  const loaded = useEngineQuery('models.loaded', {});
  const model = loaded.data?.[0];
  return (
    <Figure
      label="overview.models"
      value={models.data?.length}
      detail={
        loaded.data
          ? model
            ? t('overview.loaded', { name: model.name, where: model.gpu ? `${model.gpu.toUpperCase()} · ${model.gpuLayers}` : 'CPU' })
            : t('strip.noModel')
          : undefined
      }
      href={viewLink('models')}
      testId="figure-models"
    />
  );
}

function DiskFigure() {
  const disk = useEngineQuery('engine.diskUse', {});
  return (
    <Figure
      label="overview.disk"
      value={disk.data ? formatBytes(disk.data.totalBytes) : undefined}
      detail={
        disk.data
          ? disk.data.parts
              .slice(0, 3)
              .map((p) => `${p.name} ${formatBytes(p.bytes)}`)
              .join(' · ')
          : undefined
      }
      href={viewLink('settings')}
      testId="figure-disk"
    />
  );
}

export function OverviewView() {
  const { t } = useLocale();
  const chats = useEngineQuery('chats.list', {});
  return (
    <div className="view">
      <header className="view-head">
        <h2>{t('nav.overview')}</h2>
      </header>
      <FirstSteps />
      <div className="figures">
        <ToolsFigure />
        <LinksFigure />
        <DatasetsFigure />
        <LatestRunFigure />
        <ModelsFigure />
        <Figure label="overview.chats" value={chats.data?.length} href={viewLink('chat')} testId="figure-chats" />
        <DiskFigure />
      </div>
      <div className="grid">
        <StatusPanel />
        <DoctorPanel />
      </div>
    </div>
  );
}
