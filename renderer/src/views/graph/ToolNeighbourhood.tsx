// The links the graph shows as a list beside it (the focused tool's, or all that pass the filters): what a keyboard
// or a screen reader uses to reach a link's evidence, and a quicker read than the picture when there are many.
import { Link } from 'wouter';
import type { Edge } from '../../../../main/core/edges/types.ts';
import { useLocale } from '../../i18n.tsx';
import { STATUS_COLOURS } from './GraphCanvas.tsx';
import { viewLink } from '../../app/viewPaths.ts';

const SHOWN = 200;

export function ToolNeighbourhood({
  tool,
  edges,
  onEdge,
  nameOf,
}: {
  tool: string | null;
  edges: Edge[];
  onEdge: (id: string) => void;
  /** A tool's name in the screen's language. */
  nameOf: (id: string) => string;
}) {
  const { t } = useLocale();
  return (
    <section className="card link-list" aria-label={t('graph.links')} data-testid="link-list">
      <h3 data-tool={tool ?? undefined}>{tool ? nameOf(tool) : t('graph.links')}</h3>
      {tool && (
        <p>
          <Link href={viewLink('catalog', tool)}>{t('graph.openInCatalog')}</Link>
        </p>
      )}
      <p className="muted">{t('graph.linkCount', { n: edges.length })}</p>
      <ul>
        {edges.slice(0, SHOWN).map((e) => (
          <li key={e.id}>
            <button type="button" className="link-button" onClick={() => onEdge(e.id)} data-testid="link-item" data-status={e.status}>
              <span className="status-dot" style={{ background: STATUS_COLOURS[e.status] }} aria-hidden="true" />
              <span title={`${e.fromTool}.${e.fromFields.join('+')} → ${e.toTool}.${e.toParams.join('+')}`}>
                {nameOf(e.fromTool)} → {nameOf(e.toTool)} <code className="muted">{e.toParams.join(', ')}</code>
              </span>
              <span className="muted">
                {t(`edge.status.${e.status}`)}
                {e.kind === 'format' && ` · ${t('graph.linkKind.format')}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {edges.length > SHOWN && <p className="muted">{t('graph.moreLinks', { n: edges.length - SHOWN })}</p>}
    </section>
  );
}
