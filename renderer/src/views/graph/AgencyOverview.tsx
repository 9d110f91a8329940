// The graph by agency (agencyArcs.ts): what the Graph view opens on, readable at a glance where the whole graph of
// tools is a tangle. Each row opens that agency's tools and links in the whole graph.
import { useMemo } from 'react';
import type { Edge } from '../../../../main/core/edges/types.ts';
import { useLocale } from '../../i18n.tsx';
import { formatCount } from '../../format.ts';
import { ARC_GEOMETRY as G, agencyArcs, type AgencyRowInput } from './agencyArcs.ts';
import { STATUS_COLOURS, agencyColour } from './GraphCanvas.tsx';

export function AgencyOverview(props: {
  agencies: AgencyRowInput[];
  edges: Edge[];
  agencyOf: (tool: string) => string | undefined;
  onAgency: (id: string) => void;
}) {
  const { t, locale } = useLocale();
  const { rows, arcs, width, height } = useMemo(() => agencyArcs(props.agencies, props.edges, props.agencyOf), [props.agencies, props.edges, props.agencyOf]);
  const ids = props.agencies.map((a) => a.id);
  const nameOf = new Map(props.agencies.map((a) => [a.id, a.name]));
  const between = arcs.reduce((sum, arc) => sum + arc.count, 0);
  return (
    <div className="card agency-overview" data-testid="graph-agencies" data-arcs={arcs.length}>
      <p className="muted">{t('graph.byAgencyNote', { agencies: rows.length, between: formatCount(between, locale) })}</p>
      <svg viewBox={`0 0 ${width} ${height}`} role="group" aria-label={t('graph.byAgencyLabel', { agencies: rows.length, arcs: arcs.length })}>
        <g className="agency-arcs">
          {arcs.map((arc) => (
            <path
              key={`${arc.from}|${arc.to}`}
              d={arc.d}
              fill="none"
              stroke={arc.verified > 0 ? STATUS_COLOURS.verified : STATUS_COLOURS.candidate}
              strokeOpacity={0.45}
              strokeWidth={Math.min(12, 1.5 + 1.6 * Math.sqrt(arc.count))}
              data-testid="agency-arc"
            >
              <title>
                {t('graph.arcTitle', { from: nameOf.get(arc.from) ?? arc.from, to: nameOf.get(arc.to) ?? arc.to, n: arc.count, verified: arc.verified })}
              </title>
            </path>
          ))}
        </g>
        {rows.map((row) => (
          // biome-ignore lint/a11y/useSemanticElements: an SVG row cannot be a <button>; it acts as one, by keyboard too.
          <g
            key={row.id}
            className="agency-row"
            role="button"
            tabIndex={0}
            onClick={() => props.onAgency(row.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                props.onAgency(row.id);
              }
            }}
            data-testid="agency-row"
            data-agency={row.id}
          >
            <title>{t('graph.openAgency', { agency: row.name })}</title>
            <rect x={0} y={row.top} width={G.dotX + 14} height={row.height} className="agency-row-band" />
            <text textAnchor="end" className="agency-name" fontSize={G.namePx}>
              {row.lines.map((line) => (
                <tspan key={line.baseline} x={G.labelRight} y={line.baseline}>
                  {line.text}
                </tspan>
              ))}
            </text>
            <text x={G.labelRight} y={row.noteBaseline} textAnchor="end" className="agency-note" fontSize={G.notePx}>
              {t('graph.agencyNote', { tools: row.tools, inner: row.inner })}
            </text>
            <circle cx={G.dotX} cy={row.y} r={8} fill={agencyColour(ids, row.id)} />
          </g>
        ))}
      </svg>
    </div>
  );
}
