// The tools a chat question is offered (core/agent/toolPick.ts) over this engine's catalog and EDGE graph: the
// verified links, or, before any verification ran, the candidate links the catalog's value kinds propose (never
// the merely lexical ones). The index is built once per catalog and graph version.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pickTools, ToolRanker, type QueryWords, type ToolFeed, type ToolPick, type ToolPickOptions } from '../../core/agent/toolPick.ts';
import { proposeCandidates } from '../../core/edges/candidates.ts';
import { transformById } from '../../core/edges/transforms.ts';
import type { Edge } from '../../core/edges/types.ts';
import type { ToolSpec } from '../../core/catalog/types.ts';
import { functionSchema } from '../../core/catalog/functionSchema.ts';
import { estimateTokens } from '../../core/resultView/tokenEstimate.ts';
import { QUERY_TOOL } from '../../core/resultView/queryRows.ts';
import type { EngineServices } from '../EngineServices.ts';
import { edgeStore } from '../edges/edgeStore.ts';
import { linkClassifier } from '../../core/edges/linkKind.ts';

interface Index {
  key: string;
  ranker: ToolRanker;
  specs: Map<string, ToolSpec>;
  feeds: ToolFeed[];
  /** Each tool's function schema in estimated prompt tokens. */
  sizes: Map<string, number>;
}

/**
 * The estimated prompt tokens a default pick's schemas may take, the query tool's included: with the system prompt
 * and a family's tool instructions (about 800 tokens with Qwen2.5's template), a first chat turn stays within 4,000
 * (measured by `npm run perf`; the estimate runs 0.9–1.3 times the real Qwen3 and Gemma 3 counts).
 */
const TOOL_TOKENS = 3800;

const built = new WeakMap<object, Index>();

export function feedOf(edge: Pick<Edge, 'fromTool' | 'toTool' | 'toParams' | 'transform'>): ToolFeed {
  const via = transformById(edge.transform)?.computedBy;
  return { fromTool: edge.fromTool, toTool: edge.toTool, toParams: edge.toParams, ...(via ? { via } : {}) };
}

function index(engine: EngineServices): Index {
  const info = engine.catalogInfo();
  const edges = edgeStore(engine);
  const key = `${edges.graphVersion()}`;
  const cached = built.get(info.catalog);
  if (cached?.key === key) return cached;
  // Only a dependency brings a tool along: a tool whose date merely fits another's is not needed to call it.
  const verified = edges.list({ status: 'verified' });
  const classify = linkClassifier(info.catalog.list(), info.vocabulary);
  const links = (verified.length > 0 ? verified : proposeCandidates(info.catalog.list(), info.vocabulary).filter((c) => c.basis !== 'lexical')).filter(
    (link) => classify(link) === 'dependency',
  );
  const words = (JSON.parse(readFileSync(path.join(engine.resourcesDir, 'agent', 'queryWords.json'), 'utf8')) as { entries: QueryWords[] }).entries;
  const tools = info.catalog.list();
  const next: Index = {
    key,
    ranker: new ToolRanker(tools, Object.fromEntries(Object.entries(info.agencies).map(([id, name]) => [id, name.ko])), words),
    specs: new Map(tools.map((t) => [t.id, t])),
    feeds: links.map(feedOf),
    sizes: new Map(tools.map((t) => [t.id, estimateTokens(JSON.stringify(functionSchema(t)))])),
  };
  built.set(info.catalog, next);
  return next;
}

/** The tools to offer for a question; `keep` (tools a continued chat already called) stay offered. */
export function pickToolsFor(engine: EngineServices, question: string, options: ToolPickOptions & { keep?: string[] } = {}): ToolPick {
  const { ranker, specs, feeds, sizes } = index(engine);
  const tokens = options.tokens ?? { budget: TOOL_TOKENS - (sizes.get(QUERY_TOOL) ?? 0), sizes };
  const pick = pickTools(question, ranker, specs, feeds, { ...options, tokens });
  const kept = (options.keep ?? []).filter((id) => specs.has(id) && !pick.tools.includes(id));
  return { tools: [...pick.tools, ...kept], reasons: pick.reasons };
}
