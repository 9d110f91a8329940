// What this workstation holds and did last, each figure a way into the view behind it; the engine's status and
// diagnostics below.
import { Link } from 'wouter';
import { useEngineQuery } from '../../api/queries.ts';
import { useLocale, type StringKey } from '../../i18n.tsx';
import { formatCount } from '../../format.ts';
import { StatusPanel } from '../../components/StatusPanel.tsx';
import { DoctorPanel } from '../../components/DoctorPanel.tsx';

function Figure({ label, value, detail, href, testId }: { label: StringKey; value: number | undefined; detail?: string; href: string; testId: string }) {
  const { t, locale } = useLocale();
  return (
    <Link href={href} className="figure" data-testid={testId}>
      <span className="figure-value">{value === undefined ? '…' : formatCount(value, locale)}</span>
      <span className="figure-label">{t(label)}</span>
      {detail && <span className="muted">{detail}</span>}
    </Link>
  );
}

export function OverviewView() {
  const { t } = useLocale();
  const catalog = useEngineQuery('catalog.list', {});
  const models = useEngineQuery('models.list', {});
  const chats = useEngineQuery('chats.list', {});
  const datasets = useEngineQuery('synth.list', {});
  const runs = useEngineQuery('bench.runs', {});
  const agencies = new Set((catalog.data?.tools ?? []).map((tool) => tool.agency)).size;
  return (
    <div className="view">
      <header className="view-head">
        <h2>{t('nav.overview')}</h2>
      </header>
      <div className="figures">
        <Figure label="overview.tools" value={catalog.data?.tools.length} detail={catalog.data ? t('overview.agencies', { n: agencies }) : undefined} href="/catalog" testId="figure-tools" />
        <Figure label="overview.models" value={models.data?.length} href="/models" testId="figure-models" />
        <Figure label="overview.chats" value={chats.data?.length} href="/chat" testId="figure-chats" />
        <Figure label="overview.datasets" value={datasets.data?.length} detail={datasets.data ? t('overview.samples', { n: datasets.data.reduce((sum, d) => sum + d.samples, 0) }) : undefined} href="/synthesis" testId="figure-datasets" />
        <Figure label="overview.runs" value={runs.data?.length} href="/eval" testId="figure-runs" />
      </div>
      <div className="grid">
        <StatusPanel />
        <DoctorPanel />
      </div>
    </div>
  );
}
