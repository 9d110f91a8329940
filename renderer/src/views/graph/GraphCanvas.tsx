// The EDGE graph: links painted on a canvas, coloured by status (Okabe–Ito colours, told apart by colour-blind
// readers), dashed by the kind of evidence they were proposed on, as wide as the link is likely; tools as SVG
// circles coloured by agency around their agency's name. A thousand SVG paths repainted on every pan took 100–180 ms
// a frame on a CPU-only machine, and even on a canvas rasterising them took 30–60 ms: during a pan or zoom the canvas
// moves a snapshot of itself (one image copy a frame), and draws the links again, sharp, when the gesture ends.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomTransform } from 'd3-zoom';
import type { CandidateBasis, Edge, EdgeStatus } from '../../../../main/core/edges/types.ts';
import type { Point } from './graphLayout.ts';
import { placeLabels, textWidthEm } from './labelPlacement.ts';
import { arrowHead, lanes, linkShape, type LinkShape } from './linkGeometry.ts';

export const STATUS_COLOURS: Record<EdgeStatus, string> = { verified: '#0072B2', candidate: '#8a96a3', stale: '#E69F00', rejected: '#D55E00' };
export const KIND_DASHES: Record<CandidateBasis, number[]> = { semantic: [], transform: [7, 4], lexical: [2, 4] };
const AGENCY_COLOURS = [
  '#332288',
  '#88CCEE',
  '#44AA99',
  '#117733',
  '#999933',
  '#DDCC77',
  '#CC6677',
  '#882255',
  '#AA4499',
  '#56B4E9',
  '#009E73',
  '#F0E442',
  '#0072B2',
  '#D55E00',
  '#CC79A7',
  '#E69F00',
];
const NODE_RADIUS = 8;
/** Sizes of the names on screen, in pixels, whatever the zoom. */
const LABEL_PX = 10;
const AGENCY_PX = 12;

export function agencyColour(agencies: string[], agency: string): string {
  const i = [...new Set(agencies)].sort().indexOf(agency);
  return AGENCY_COLOURS[(i < 0 ? 0 : i) % AGENCY_COLOURS.length]!;
}

export interface CanvasProps {
  width: number;
  height: number;
  tools: { id: string; agency: string; name: string }[];
  /** Where each agency's name is written. */
  agencies: { id: string; name: string; at: Point }[];
  positions: Record<string, Point>;
  edges: Edge[];
  /** Tools drawn at full strength when some are focused; empty: all. */
  lit: Set<string>;
  selectedEdge: string | null;
  onTool: (id: string) => void;
  onEdge: (id: string) => void;
  label: string;
  /** What the drawing says when names were left out where tools crowd. */
  hiddenNames: (hidden: number) => string;
}

interface Drawn {
  edge: Edge;
  shape: LinkShape;
  path: Path2D;
}

function pathOf(shape: LinkShape): Path2D {
  const path = new Path2D();
  path.moveTo(shape.from.x, shape.from.y);
  path.quadraticCurveTo(shape.control.x, shape.control.y, shape.to.x, shape.to.y);
  return path;
}

/** Each link as a curve with its arrowhead: its status's colour, its evidence's dash, as wide as it is likely. */
function paintLinks(context: CanvasRenderingContext2D, links: Drawn[], selectedEdge: string | null): void {
  for (const { edge, shape, path } of links) {
    const colour = STATUS_COLOURS[edge.status];
    // A format-only link is drawn faint: the call works, but nothing depends on it.
    const strength = edge.kind === 'format' ? 0.4 : 1;
    context.globalAlpha = (selectedEdge === null || selectedEdge === edge.id ? 0.85 : 0.3) * strength;
    context.strokeStyle = colour;
    context.lineWidth = (selectedEdge === edge.id ? 2.5 : 0.8) + 2.2 * edge.score;
    context.setLineDash(KIND_DASHES[edge.basis]);
    context.stroke(path);
    const [tip, left, right] = arrowHead(shape, 6);
    context.setLineDash([]);
    context.fillStyle = colour;
    context.beginPath();
    context.moveTo(tip.x, tip.y);
    context.lineTo(left.x, left.y);
    context.lineTo(right.x, right.y);
    context.fill();
  }
  context.globalAlpha = 1;
}

type LabelledGraph = Pick<CanvasProps, 'agencies' | 'tools' | 'positions' | 'edges' | 'lit' | 'width' | 'height'>;

/** Which names are written where: every agency's heading, then the tools' names by how many links they have. */
function graphLabels(props: LabelledGraph, labelSize: number, agencySize: number): ReturnType<typeof placeLabels> {
  /** An agency's heading moved in from the drawing's edges, so that it is never cut off there. */
  const agencyX = (agency: { name: string; at: Point }): number => {
    const half = (textWidthEm(agency.name) * agencySize) / 2;
    return Math.min(Math.max(agency.at.x, half + 4), props.width - half - 4);
  };
  const degree = new Map<string, number>();
  for (const e of props.edges) for (const t of [e.fromTool, e.toTool]) degree.set(t, (degree.get(t) ?? 0) + 1);
  const dots = props.tools.flatMap((tool) => {
    const p = props.positions[tool.id];
    return p ? [{ x: p.x, y: p.y, r: NODE_RADIUS }] : [];
  });
  return placeLabels(
    [
      ...props.agencies.map((a) => ({
        id: `agency:${a.id}`,
        x: agencyX(a),
        y: a.at.y - 16,
        text: a.name,
        size: agencySize,
        priority: Infinity,
      })),
      ...props.tools.flatMap((tool) => {
        const p = props.positions[tool.id];
        if (!p) return [];
        const priority = (props.lit.has(tool.id) ? 10_000 : 0) + (degree.get(tool.id) ?? 0);
        return [{ id: tool.id, x: p.x, y: p.y, text: tool.name, size: labelSize, priority, around: NODE_RADIUS }];
      }),
    ],
    dots,
    // Inside the drawing as it first shows: a name cut off at its edge is no better than none.
    { left: 0, top: 0, right: props.width, bottom: props.height },
  );
}

interface NodeLayerProps extends Pick<CanvasProps, 'agencies' | 'tools' | 'positions' | 'lit' | 'onTool'> {
  labels: ReturnType<typeof placeLabels>;
  agencySize: number;
  labelSize: number;
}

/** The agencies' headings and the tools as circles with the names that fit, faint where others are focused. */
function NodeLayer({ agencies, tools, positions, labels, agencySize, labelSize, lit, onTool }: NodeLayerProps) {
  const agencyIds = agencies.map((a) => a.id);
  const faint = (tool: string): boolean => lit.size > 0 && !lit.has(tool);
  return (
    <>
      {agencies.map((a) => {
        const placed = labels.get(`agency:${a.id}`);
        return placed ? (
          <text key={a.id} x={placed.x} y={placed.y} textAnchor={placed.anchor} className="graph-agency" style={{ fontSize: agencySize }}>
            {a.name}
          </text>
        ) : null;
      })}
      {tools.map((tool) => {
        const p = positions[tool.id];
        if (!p) return null;
        const placed = labels.get(tool.id);
        return (
          <g
            key={tool.id}
            transform={`translate(${p.x},${p.y})`}
            opacity={faint(tool.id) ? 0.2 : 1}
            className="graph-node"
            data-testid="graph-node"
            data-tool={tool.id}
            onClick={() => onTool(tool.id)}
          >
            <circle r={NODE_RADIUS} fill={agencyColour(agencyIds, tool.agency)} stroke="var(--surface)" strokeWidth={1.5} />
            {placed && (
              <text x={placed.x - p.x} y={placed.y - p.y} textAnchor={placed.anchor} className="graph-label" style={{ fontSize: labelSize }}>
                {tool.name}
              </text>
            )}
            <title>{`${tool.name} · ${tool.id}`}</title>
          </g>
        );
      })}
    </>
  );
}

/** The drawing's size on screen: the viewport's width, the layout's proportions. */
function useFittedSize(viewport: React.RefObject<HTMLDivElement | null>, width: number, height: number): { width: number; height: number } {
  const [size, setSize] = useState({ width, height });
  // The drawing follows the viewport's width; the canvas keeps device pixels so lines stay sharp.
  useEffect(() => {
    const frame = viewport.current;
    if (!frame) return;
    const observer = new ResizeObserver(() => {
      const shown = frame.clientWidth;
      setSize({ width: shown, height: Math.round((shown * height) / width) });
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [viewport, width, height]);
  return size;
}

/**
 * Zoom and pan with d3 on the viewport: during a gesture the picture taken at its start is moved, and at its end the
 * links are painted again. Gives the zoom when the last gesture ended: which names fit is decided for it, not on every
 * frame of a gesture.
 */
function useCanvasZoom(
  viewport: React.RefObject<HTMLDivElement | null>,
  canvas: React.RefObject<HTMLCanvasElement | null>,
  transform: React.RefObject<ZoomTransform>,
  gesture: React.RefObject<{ snapshot: HTMLCanvasElement; from: ZoomTransform } | null>,
  schedule: () => void,
): number {
  const [zoomScale, setZoomScale] = useState(1);
  useEffect(() => {
    const frame = viewport.current;
    if (!frame) return;
    const z = zoom<HTMLDivElement, unknown>()
      .scaleExtent([0.3, 8])
      .on('start', () => {
        const element = canvas.current;
        if (!element) return;
        const snapshot = document.createElement('canvas');
        snapshot.width = element.width;
        snapshot.height = element.height;
        snapshot.getContext('2d')?.drawImage(element, 0, 0);
        gesture.current = { snapshot, from: transform.current };
      })
      .on('zoom', (event: { transform: ZoomTransform }) => {
        transform.current = event.transform;
        schedule();
      })
      .on('end', (event: { transform: ZoomTransform }) => {
        gesture.current = null;
        setZoomScale(event.transform.k);
        schedule();
      });
    select(frame).call(z);
    return () => void select(frame).on('.zoom', null);
  }, [viewport, canvas, transform, gesture, schedule]);
  return zoomScale;
}

/** The link under a click on the canvas, if any (the nearest stroke within a few pixels). */
function linkAt(
  event: React.MouseEvent<HTMLCanvasElement>,
  element: HTMLCanvasElement | null,
  base: number,
  t: ZoomTransform,
  drawn: Drawn[],
): string | undefined {
  const context = element?.getContext('2d');
  if (!element || !context) return undefined;
  const bounds = element.getBoundingClientRect();
  const x = (event.clientX - bounds.left - t.x) / (base * t.k);
  const y = (event.clientY - bounds.top - t.y) / (base * t.k);
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.lineWidth = 8 / (base * t.k);
  const hit = [...drawn].reverse().find(({ path }) => context.isPointInStroke(path, x, y));
  context.restore();
  return hit?.edge.id;
}

/** The canvas's refs a painter reads: the canvas, the nodes' layer that moves with it, the zoom, a gesture, the links. */
interface PaintRefs {
  canvas: React.RefObject<HTMLCanvasElement | null>;
  layer: React.RefObject<SVGGElement | null>;
  transform: React.RefObject<ZoomTransform>;
  gesture: React.RefObject<{ snapshot: HTMLCanvasElement; from: ZoomTransform } | null>;
  drawn: React.RefObject<Drawn[]>;
}

/**
 * Paints the links once per animation frame however often it is asked: during a gesture, the picture taken at its
 * start moved and scaled; otherwise every link at the current zoom. `base` is screen pixels per layout unit.
 */
function useLinkPainter(refs: PaintRefs, base: number, selectedEdge: string | null): () => void {
  const pending = useRef(0);
  const paint = useCallback(() => {
    pending.current = 0;
    const element = refs.canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const t = refs.transform.current;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, element.width, element.height);
    refs.layer.current?.setAttribute('transform', `translate(${t.x / base},${t.y / base}) scale(${t.k})`);
    const moving = refs.gesture.current;
    if (moving) {
      const scale = t.k / moving.from.k;
      context.drawImage(
        moving.snapshot,
        ratio * (t.x - moving.from.x * scale),
        ratio * (t.y - moving.from.y * scale),
        moving.snapshot.width * scale,
        moving.snapshot.height * scale,
      );
      return;
    }
    context.setTransform(ratio * base * t.k, 0, 0, ratio * base * t.k, ratio * t.x, ratio * t.y);
    paintLinks(context, refs.drawn.current, selectedEdge);
  }, [refs.canvas, refs.layer, refs.transform, refs.gesture, refs.drawn, base, selectedEdge]);
  return useCallback(() => {
    if (pending.current === 0) pending.current = requestAnimationFrame(paint);
  }, [paint]);
}

export const GraphCanvas = memo(function GraphCanvas(props: CanvasProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const layer = useRef<SVGGElement>(null);
  const transform = useRef<ZoomTransform>(zoomIdentity);
  const drawn = useRef<Drawn[]>([]);
  /** The picture when the gesture began, and the transform it was drawn with. */
  const gesture = useRef<{ snapshot: HTMLCanvasElement; from: ZoomTransform } | null>(null);
  const size = useFittedSize(viewport, props.width, props.height);

  const schedule = useLinkPainter({ canvas, layer, transform, gesture, drawn }, size.width / props.width, props.selectedEdge);

  useEffect(() => {
    const laneOf = lanes(props.edges);
    drawn.current = props.edges.flatMap((edge) => {
      const a = props.positions[edge.fromTool];
      const b = props.positions[edge.toTool];
      if (!a || !b) return [];
      const shape = linkShape(a, b, laneOf.get(edge.id) ?? 0, NODE_RADIUS + 2);
      return [{ edge, shape, path: pathOf(shape) }];
    });
    schedule();
  }, [props.edges, props.positions, schedule]);

  const zoomScale = useCanvasZoom(viewport, canvas, transform, gesture, schedule);

  useEffect(schedule, [schedule, size]);

  const pick = (event: React.MouseEvent<HTMLCanvasElement>): void => {
    const hit = linkAt(event, canvas.current, size.width / props.width, transform.current, drawn.current);
    if (hit) props.onEdge(hit);
  };

  // One layout unit is this many of them on screen: names keep their size on screen as the drawing zooms.
  const unit = props.width / size.width / zoomScale;
  const labelSize = LABEL_PX * unit;
  const agencySize = AGENCY_PX * unit;
  const { agencies, tools, positions, edges, lit, width, height } = props;
  const shownLabels = useMemo(
    () => graphLabels({ agencies, tools, positions, edges, lit, width, height }, labelSize, agencySize),
    [agencies, tools, positions, edges, lit, width, height, labelSize, agencySize],
  );
  const hiddenNames = props.tools.filter((tool) => props.positions[tool.id] && !shownLabels.has(tool.id)).length;
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const statuses = [...new Set(props.edges.map((e) => e.status))].sort().join(' ');
  return (
    <div className="graph-frame">
      <div
        ref={viewport}
        className="graph-canvas"
        data-testid="graph-canvas"
        data-links={props.edges.length}
        data-statuses={statuses}
        style={{ height: size.height }}
      >
        <canvas
          ref={canvas}
          width={Math.round(size.width * ratio)}
          height={Math.round(size.height * ratio)}
          style={{ width: size.width, height: size.height }}
          onClick={pick}
          role="img"
          aria-label={props.label}
        />
        <svg className="graph-nodes" viewBox={`0 0 ${props.width} ${props.height}`} width={size.width} height={size.height} aria-hidden="true">
          <g ref={layer}>
            <NodeLayer
              agencies={props.agencies}
              tools={props.tools}
              positions={props.positions}
              labels={shownLabels}
              agencySize={agencySize}
              labelSize={labelSize}
              lit={props.lit}
              onTool={props.onTool}
            />
          </g>
        </svg>
      </div>
      {hiddenNames > 0 && (
        <p className="graph-names-note muted" data-testid="graph-names-note">
          {props.hiddenNames(hiddenNames)}
        </p>
      )}
    </div>
  );
});
