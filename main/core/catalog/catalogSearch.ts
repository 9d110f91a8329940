// The catalog's search, as an analyst types: a tool is found by its names, its id or its agency (the best match),
// by the words of its description, or by the everyday words people use for what it names (날씨 → 기온, 예보: the
// same table the chat's tool pick reads, resources/agent/queryWords.json). Case and spaces do not matter.
import queryWords from '../../../resources/agent/queryWords.json';
import type { QueryWords } from '../agent/toolPick.ts';
import type { LocalizedText } from './types.ts';

/** What the search reads of a tool. */
export interface SearchableTool {
  id: string;
  agency: string;
  name: LocalizedText;
  description: LocalizedText;
}

const ENTRIES = (queryWords as { entries: QueryWords[] }).entries;

const compact = (text: string): string => text.toLowerCase().replace(/\s+/g, '');

/** The catalog's words for what a query says in everyday words (none when it says none). */
function everydayWords(query: string): string[] {
  const said = compact(query);
  return ENTRIES.filter((w) => w.say?.some((s) => said.includes(s)) || (w.pattern !== undefined && new RegExp(w.pattern).test(query))).flatMap((w) =>
    w.words.split(/\s+/).filter(Boolean),
  );
}

/**
 * How well a tool answers a query: 4 by the start of its name (단기예보 is 단기예보 조회 before 초단기예보 조회), 3
 * elsewhere in its name, id or agency, 2 by its description, 1 by an everyday word's catalog words, 0 not at all.
 * An empty query finds every tool.
 */
export function searchScore(tool: SearchableTool, agencyName: string, query: string, words = everydayWords(query)): number {
  const wanted = compact(query);
  if (wanted === '') return 3;
  if (compact(tool.name.ko).startsWith(wanted) || compact(tool.name.en).startsWith(wanted)) return 4;
  if (compact([tool.id, tool.name.ko, tool.name.en, tool.agency, agencyName].join('\n')).includes(wanted)) return 3;
  const description = compact(`${tool.description.ko}\n${tool.description.en}`);
  if (description.includes(wanted)) return 2;
  const text = compact(`${tool.name.ko}\n${tool.description.ko}`);
  return words.some((w) => text.includes(compact(w))) ? 1 : 0;
}

/** The tools a query finds, best first (then in the order given). */
export function searchTools<T extends SearchableTool>(tools: T[], agencyNameOf: (agency: string) => string, query: string): T[] {
  const words = everydayWords(query);
  return tools
    .map((tool, i) => ({ tool, i, score: searchScore(tool, agencyNameOf(tool.agency), query, words) }))
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((t) => t.tool);
}
