// The catalog's search, as an analyst types: a tool is found by its names, its id or its agency (the best match), by
// what people call what it gives (its search words: 부동산, 전월세, fine dust), by the words of its description, or by
// the everyday words people use for what it names (날씨 → 기온, 예보: the same table the chat's tool pick reads,
// resources/agent/queryWords.json). Case and spaces do not matter in Korean; English is matched from the start of a
// word, so "bus" finds the bus tools before "business", and a whole word ranks above the start of one.
import queryWords from '../../../resources/agent/queryWords.json';
import type { QueryWords } from '../agent/toolPick.ts';
import type { LocalizedText, SearchWords } from './types.ts';

/** What the search reads of a tool. */
export interface SearchableTool {
  id: string;
  agency: string;
  name: LocalizedText;
  description: LocalizedText;
  searchWords?: SearchWords;
}

const ENTRIES = (queryWords as { entries: QueryWords[] }).entries;

const compact = (text: string): string => text.toLowerCase().replace(/\s+/g, '');
const LATIN = /^[\x20-\x7e]+$/;
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catalog's words for what a query says in everyday words (none when it says none). */
function everydayWords(query: string): string[] {
  const said = compact(query);
  return ENTRIES.filter((w) => w.say?.some((s) => said.includes(s)) || (w.pattern !== undefined && new RegExp(w.pattern).test(query))).flatMap((w) =>
    w.words.split(/\s+/).filter(Boolean),
  );
}

type Match = 'word' | 'start' | 'none';

/** How a query occurs in a text: as whole words, at the start of a word (English), anywhere (Korean), or not at all. */
function matching(text: string, query: string): Match {
  if (!LATIN.test(query)) return compact(text).includes(compact(query)) ? 'word' : 'none';
  const words = escape(query.trim().toLowerCase()).replace(/\s+/g, '[\\s-]*');
  const lower = text.toLowerCase();
  if (new RegExp(`(^|[^a-z0-9])${words}($|[^a-z0-9])`).test(lower)) return 'word';
  return new RegExp(`(^|[^a-z0-9])${words}`).test(lower) ? 'start' : 'none';
}

/** Whether one of the tool's search words is the query, holds it, or is said in it ("아파트 전세 시세" holds 전세). */
function bySearchWords(tool: SearchableTool, query: string): Match {
  const words = [...(tool.searchWords?.ko ?? []), ...(tool.searchWords?.en ?? [])];
  let best: Match = 'none';
  for (const word of words) {
    const found = matching(word, query);
    if (found === 'word') return 'word';
    if (found === 'start' || matching(query, word) === 'word') best = 'start';
  }
  return best;
}

/**
 * How well a tool answers a query: 4 by the start of its name (단기예보 is 단기예보 조회 before 초단기예보 조회), 3 by a
 * whole word of its name, id or agency, or by a search word; 2 by its description or the start of an English word in
 * its name or search words; 1 by the start of an English word in its description, or an everyday word's catalog
 * words; 0 not at all. An empty query finds every tool.
 */
export function searchScore(tool: SearchableTool, agencyName: string, query: string, words = everydayWords(query)): number {
  const wanted = compact(query);
  if (wanted === '') return 3;
  const opensName = LATIN.test(query)
    ? tool.name.en.toLowerCase().startsWith(query.trim().toLowerCase()) && matching(tool.name.en, query) === 'word'
    : compact(tool.name.ko).startsWith(wanted) || compact(tool.name.en).startsWith(wanted);
  if (opensName) return 4;
  const names = matching([tool.id, tool.name.ko, tool.name.en, tool.agency, agencyName].join('\n'), query);
  const said = bySearchWords(tool, query);
  if (names === 'word' || said === 'word') return 3;
  const description = matching(`${tool.description.ko}\n${tool.description.en}`, query);
  if (description === 'word' || names === 'start' || said === 'start') return 2;
  if (description === 'start') return 1;
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
