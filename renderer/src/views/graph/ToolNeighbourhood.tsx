// The links the graph shows as a list beside it (the focused tool's, or all that pass the filters): what a keyboard
// or a screen reader uses to reach a link's evidence, and a quicker read than the picture when there are many.
import { Link } from 'wouter';
import type { Edge } from '../../../../main/core/edge/types.ts';
import { useLocale } from '../../i18n.tsx';
import { STATUS_COLOURS } from './GraphCanvas.tsx';

const SHOWN = 200;

export function ToolNeighbourhood({ tool, edges, onEdge }: { tool: string | null; edges: Edge[]; onEdge: (id: string) => void }) {
  const { t } = useLocale();
  return (
    <section className="card link-list" aria-label={t('graph.links')} data-testid="link-list">
      <h3>{tool ? <code>{tool}</code> : t('graph.links')}</h3>
      {tool && (
        <p>
          <Link href={`/catalog/${tool}`}>{t('graph.openInCatalog')}</Link>
        </p>
      )}
      <p className="muted">{t('graph.linkCount', { n: edges.length })}</p>
      <ul>
        {edges.slice(0, SHOWN).map((e) => (
          <li key={e.id}>
            <button type="button" className="link-button" onClick={() => onEdge(e.id)} data-testid="link-item" data-status={e.status}>
              <span className="status-dot" style={{ background: STATUS_COLOURS[e.status] }} aria-hidden="true" />
              <span>
                <code>{e.fromTool}</code>.{e.fromFields.join('+')} → <code>{e.toTool}</code>.{e.toParams.join('+')}
              </span>
              <span className="muted">{t(`edge.status.${e.status}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      {edges.length > SHOWN && <p className="muted">{t('graph.moreLinks', { n: edges.length - SHOWN })}</p>}
    </section>
  );
}
