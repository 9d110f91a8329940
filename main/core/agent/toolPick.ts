// The tools a question needs, out of the whole catalog: offering all of them costs a small model most of its context
// (the 47 function schemas are about 13,500 tokens) and runs it far from what it was tuned on (synthesized samples
// offer 5 to 10). Two steps:
//
// 1. What the question asks: a BM25 ranking of each tool's words (its Korean and English names, description, agency,
//    parameter descriptions and the Korean labels of what it returns) against the question's, over Hangul character
//    bigrams and Latin words, since Korean needs no word splitter for this.
// 2. What must come before: a picked tool's required parameter that the question cannot state (a 5-digit LAWD_CD, a
//    KMA grid x/y, a station name) is fed by another tool in the verified EDGE graph. Where no tool already picked
//    feeds it, the best of its verified sources joins (one that takes the place the question names first: a
//    geocoder for a street address, the tourism search for a landmark, the nearest-station search for a dong), and
//    so on for that one's own inputs. This is what puts the region-code lookup before the real-estate call and the
//    coordinates before the forecast, which no keyword in the question names.
//
// The rest of the budget (a count of tools and, where given, prompt tokens) goes to a second way to the same inputs
// and then to the next-ranked tools, so that a weak first guess still leaves the right tool in reach. The query tool
// is not picked here; the catalog's offer adds it (core/resultView/offer.ts).
import type { ToolSpec } from '../catalog/types.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';

/** A verified link as the pick needs it: which tool's output feeds which parameters of which tool. */
export interface ToolFeed {
  fromTool: string;
  toTool: string;
  toParams: string[];
  /** The local tool that computes the link's transform, which a model cannot do in its head (a map projection). */
  via?: string;
}

/** Everyday words and the catalog's words for the same thing (resources/agent/queryWords.json). */
export interface QueryWords {
  /** Said in the question (spaces removed). */
  say?: string[];
  /** Or a form the question takes (a road address: 세종대로 110). */
  pattern?: string;
  words: string;
}

export interface ToolPickOptions {
  /** Tools picked in all (the query tool joins them). Defaults to 8, near the 5–10 tools a synthesized sample offers. */
  limit?: number;
  /** Tools taken for what the question says before the graph adds their inputs' sources. Defaults to 5. */
  seeds?: number;
  /** Agencies' names (KASI → 한국천문연구원) as their tools' words. Defaults to none. */
  agencyNames?: Record<string, string>;
  /**
   * The prompt tokens the picked tools' schemas may take in all, with each tool's cost in `sizes`. The question's
   * tools and the chains they need are always taken; the budget only stops the second ways and the next-ranked
   * tools that fill the pick, so that a pick of heavy tools still leaves a first chat turn its room. Defaults to
   * no budget.
   */
  tokens?: { budget: number; sizes: ReadonlyMap<string, number> };
}

export interface ToolPick {
  /** Tool ids, in the order they were picked. */
  tools: string[];
  /**
   * Why each was picked: for what the question says (its score), to feed a picked tool's parameter, to convert a
   * picked tool's coordinates, or as the next-ranked tool.
   */
  reasons: Record<
    string,
    { by: 'question'; score: number } | { by: 'graph'; feeds: string; param: string } | { by: 'converts'; from: string } | { by: 'rank'; score: number }
  >;
}

const DEFAULTS = { limit: 8, seeds: 5 } as const satisfies Required<Omit<ToolPickOptions, 'agencyNames' | 'tokens'>>;
/** A seed scores at least this share of the best tool's score. */
const SEED_SHARE = 0.45;
/** The question's best tools, taken with what they need whatever the token budget. */
const KEPT_SEEDS = 2;

/** Further ways to a seed's inputs tried before the budget goes to tools the question barely mentions. */
const ALTERNATIVES = 2;
/** A source the question asks for (this share of the best score) is worth a step more than one it does not name. */
const ASKED_SHARE = 0.5;

/** Hangul character bigrams (and single syllables, weighted down) and lower-case Latin words of two letters or more. */
export function terms(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const add = (term: string, weight: number): void => void out.set(term, (out.get(term) ?? 0) + weight);
  for (const run of text.match(/[\uac00-\ud7a3]+/g) ?? []) {
    for (let i = 0; i < run.length; i++) {
      add(run[i]!, 0.3);
      if (i + 1 < run.length) add(run.slice(i, i + 2), 1);
    }
  }
  for (const word of text.toLowerCase().match(/[a-z][a-z0-9]+/g) ?? []) add(word, 1);
  return out;
}

/** The words a tool is found by, each part weighted by how much it says what the tool is for. */
function toolDocument(spec: ToolSpec, agencyNames: Record<string, string>): Map<string, number> {
  const doc = new Map<string, number>();
  const add = (text: string | undefined, weight: number): void => {
    if (!text) return;
    for (const [term, n] of terms(text)) doc.set(term, (doc.get(term) ?? 0) + n * weight);
  };
  add(spec.name.ko, 3);
  add(spec.name.en, 1);
  add(spec.description.ko, 1);
  add(agencyNames[spec.agency], 1);
  for (const p of Object.values(spec.parameters.properties)) add(p.description, 0.5);
  if ('response' in spec) {
    // What a tool answers, each word once. Fields of a value kind (codes, ids, names, coordinates, dates, opening
    // times) are how results link, named alike across many tools (위도, 시군구코드, 공휴일 진료 시작); their names
    // would pull a question towards every tool that links the same way.
    const answered = new Map<string, number>();
    for (const f of Object.values(spec.response.fields)) {
      if (f.semantic) continue;
      for (const [term, n] of terms(f.ko ?? '')) answered.set(term, Math.max(answered.get(term) ?? 0, n));
    }
    for (const [term, n] of answered) doc.set(term, (doc.get(term) ?? 0) + n);
  }
  return doc;
}

const K1 = 1.2;
const EXPANSION_WEIGHT = 0.5;
const B = 0.75;

/** A BM25 index over the catalog's tools, built once per catalog. */
export class ToolRanker {
  private readonly docs: { id: string; terms: Map<string, number>; length: number }[];
  private readonly idf = new Map<string, number>();
  private readonly meanLength: number;

  constructor(
    tools: ToolSpec[],
    agencyNames: Record<string, string> = {},
    private readonly queryWords: QueryWords[] = [],
  ) {
    this.docs = tools
      .filter((t) => t.id !== QUERY_TOOL)
      .map((t) => {
        const d = toolDocument(t, agencyNames);
        return { id: t.id, terms: d, length: [...d.values()].reduce((a, b) => a + b, 0) };
      });
    this.meanLength = this.docs.reduce((a, d) => a + d.length, 0) / Math.max(1, this.docs.length);
    const df = new Map<string, number>();
    for (const d of this.docs) for (const term of d.terms.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    for (const [term, n] of df) this.idf.set(term, Math.log(1 + (this.docs.length - n + 0.5) / (n + 0.5)));
  }

  /** Every tool with its score for the question, best first (ties by id). */
  rank(question: string): { id: string; score: number }[] {
    const compact = question.replace(/\s+/g, '');
    const said = this.queryWords
      .filter((w) => w.say?.some((s) => compact.includes(s)) || (w.pattern !== undefined && new RegExp(w.pattern).test(question)))
      .map((w) => w.words);
    // The catalog's words for what the question says count half as much as its own words.
    const q = terms(question);
    for (const [term, weight] of terms(said.join(' '))) q.set(term, (q.get(term) ?? 0) + weight * EXPANSION_WEIGHT);
    return this.docs
      .map((d) => {
        let score = 0;
        for (const [term, weight] of q) {
          const tf = d.terms.get(term);
          if (!tf) continue;
          score += weight * (this.idf.get(term) ?? 0) * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.length) / this.meanLength)));
        }
        return { id: d.id, score };
      })
      .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  }
}

/**
 * Value kinds a question states itself (a year, a date, a place's or an organisation's name, a search word, a radius,
 * a business number) or the agent works out from "now" (KMA's base time), as opposed to codes a tool looks up.
 */
const STATED = /^(date|paging)\.|^region\..*Name$|\.name$|\.keyword$|\.road$|\.searchText$|\.radiusM$|\.dataTerm$|\.baseTime$|\.tmFc$|\.bno10$|^view\.handle$/;

/**
 * A measuring station the question names (종로구 측정소), as opposed to one it asks for by where it is (근처 측정소,
 * 가장 가까운 대기오염 측정소): only a named one needs no station lookup.
 */
function namesStation(question: string): boolean {
  return [...question.matchAll(/([가-힣]+)\s?측정소/g)].some((m) => !/(근처|주변|인근|가까운|근접|대기오염|오염|대기|해당|그|이)$/.test(m[1]!));
}

/** An eup, myeon or dong named in the question (목상동, 동송읍, 금남로2가), not only a road address within one. */
const EMD = /[가-힣]+\d*(동|읍|면)(?=$|[\s에의은는을를이과와도,.?])|[가-힣]+\d+가(?=$|[\s에의은는을를이과와도,.?])/;

/** Coordinates written in the question (위도 37.56, 경도 126.97): then they need no geocoder. */
const COORDINATES = /(위도|경도|latitude|longitude)\s*[:=]?\s*\d{2,3}\.\d+/i;
/** Each coordinate the question writes, with its word: what is taken out of the question before its tools are ranked. */
const WRITTEN_COORDINATES = /(위도|경도|latitude|longitude)\s*[:=]?\s*\d{2,3}\.\d+/gi;

function stated(spec: ToolSpec, param: string, question: string): boolean {
  const kind = spec.parameters.properties[param]?.['x-semantic'] ?? '';
  if (kind === 'region.emdName') return EMD.test(question);
  return STATED.test(kind) || (/^geo\.(lat|lon)$/.test(kind) && COORDINATES.test(question)) || (kind === 'airkorea.stationName' && namesStation(question));
}

/** A place named in the question: a province, or a word ending as Korean administrative and road names do. */
const PLACE =
  /(서울|부산|대구|인천|광주|대전|울산|세종|경기|강원|충북|충남|전북|전남|경북|경남|제주)|[가-힣]{1,6}(특별시|광역시|특별자치시|특별자치도|도|시|군|구|읍|면|동|리|로|길)(\s|$|\d|에|의|에서|은|는|을|를|이|가|와|과|로)/;

/** A road-name address (세종대로 110, 안천로 10-14). */
const ROAD_ADDRESS = /[가-힣0-9]+(로|길)\s?\d+(-\d+)?/;
/** A named landmark rather than an address or a district: a park, a street, a forest, a village, a museum, … */
const LANDMARK =
  /[가-힣]+\s?(공원|거리|휴양림|마을|향교|고택|한옥|서원|전망대|둘레길|성곽길|숲길|시장|해수욕장|해변|계곡|등대|캠핑장|유적지|박물관|미술관|도서관|궁|성당|광장|타워|터미널|공항|폭포|호수|수목원|유원지|산성|사찰)/;

/** A question about what is near a place: within a distance, around, nearest. */
const NEAR = /\d+(\.\d+)?\s?(m|km|미터|킬로)|근처|주변|반경|가까운|인근/;

/**
 * The parameters a tool must be given for this question: its required ones; an optional region code where the
 * question names a place (the festival search narrows to 해운대구 by its lDongSignguCd, found by a lookup); optional
 * coordinates where it asks what is near one (a hospital search by radius around 역삼동).
 */
function needed(spec: ToolSpec, question: string): string[] {
  const required = spec.parameters.required ?? [];
  const optional = (kind: RegExp): string[] =>
    Object.entries(spec.parameters.properties)
      .filter(([name, p]) => !required.includes(name) && kind.test(p['x-semantic'] ?? ''))
      .map(([name]) => name);
  return [...required, ...(PLACE.test(question) ? optional(/^region\.(?!.*Name$)/) : []), ...(NEAR.test(question) ? optional(/^geo\.(lat|lon)$/) : [])];
}

export function pickTools(
  question: string,
  ranker: ToolRanker,
  specs: ReadonlyMap<string, ToolSpec>,
  feeds: ToolFeed[],
  options: ToolPickOptions = {},
): ToolPick {
  // Coordinates the question writes say where, not what: their words (위도, 경도) would rank every tool that takes a
  // position (the bus stops near a point) above the one the question asks of that position (its sunset).
  return new ToolPicker(question, ranker.rank(question.replace(WRITTEN_COORDINATES, ' ')), specs, feeds, options).pick();
}

/** One pick in the making: the question's ranking, the graph's feeds, and the tools taken so far with why. */
class ToolPicker {
  private readonly limit: number;
  private readonly scoreOf: Map<string, number>;
  private readonly best: number;
  /** The question's own tools: the best-ranked, at most two of one agency. */
  private readonly seedList: { id: string; score: number }[] = [];
  /** How many tools each tool feeds: the general way to a value (the region-code lookup, the geocoder) feeds most. */
  private readonly reach = new Map<string, number>();
  /** The local tools that compute a link's transform. */
  private readonly converters: Set<string>;
  private readonly picked: string[] = [];
  private readonly reasons: ToolPick['reasons'] = {};
  /** Whether the pick is past the question's tools and what they need: then the token budget holds each addition. */
  private filling = false;

  constructor(
    private readonly question: string,
    private readonly ranked: { id: string; score: number }[],
    private readonly specs: ReadonlyMap<string, ToolSpec>,
    private readonly feeds: ToolFeed[],
    private readonly options: ToolPickOptions,
  ) {
    this.limit = options.limit ?? DEFAULTS.limit;
    this.scoreOf = new Map(ranked.map((r) => [r.id, r.score]));
    this.best = ranked[0]?.score ?? 0;
    // The question's own tools: the best-ranked, at most two of one agency, so that a question with two subjects (a bus
    // stop and the weather there) keeps both.
    const perAgency = new Map<string, number>();
    for (const r of ranked) {
      if (this.seedList.length >= (options.seeds ?? DEFAULTS.seeds) || r.score <= 0 || r.score < this.best * SEED_SHARE) break;
      const agency = specs.get(r.id)?.agency ?? r.id;
      if ((perAgency.get(agency) ?? 0) >= 2) continue;
      perAgency.set(agency, (perAgency.get(agency) ?? 0) + 1);
      this.seedList.push(r);
    }
    for (const f of feeds) this.reach.set(f.fromTool, (this.reach.get(f.fromTool) ?? 0) + 1);
    this.converters = new Set(feeds.flatMap((f) => (f.via ? [f.via] : [])));
  }

  pick(): ToolPick {
    const { options, ranked, feeds, specs, picked, reasons } = this;
    let seedCount = this.seedList.length;
    this.takeSeeds(seedCount);
    // The question's weaker words bring no tools past the budget: its best tools and what they need always come.
    while (options.tokens && seedCount > KEPT_SEEDS && this.size(picked) > options.tokens.budget) this.takeSeeds(--seedCount);
    this.filling = true;
    // Then the details of what the question's tools find: a tool that takes the id of one of their rows (a festival's
    // contentId, a hospital's ykiho) as a required parameter, by the question's words.
    const seeds = picked.filter((id) => reasons[id]?.by === 'question');
    const details = new Set(
      feeds.filter((f) => seeds.includes(f.fromTool) && !f.via && f.toParams.every((p) => isIdentifier(specs.get(f.toTool), p))).map((f) => f.toTool),
    );
    for (const r of ranked) if (r.score > 0 && details.has(r.id)) this.add(r.id, { by: 'rank', score: r.score });
    this.close(0);
    // Then a second way to each input the question's tools need (the nearby-station search beside the station list),
    // with what it needs in turn: a better use of the budget than tools the question barely mentions.
    for (let round = 0; round < ALTERNATIVES; round++) {
      for (const tool of seeds) {
        for (const { param, feeds: ordered } of this.sourcesOf(tool)) {
          const next = ordered.find((f) => !picked.includes(f.fromTool));
          if (!next || picked.length >= this.limit) continue;
          const from = picked.length;
          this.take(next, tool, param);
          this.close(from);
        }
      }
    }
    for (const r of ranked) if (r.score > 0) this.add(r.id, { by: 'rank', score: r.score });
    return { tools: picked, reasons };
  }

  private size(ids: string[]): number {
    return ids.reduce((total, id) => total + (this.options.tokens?.sizes.get(id) ?? 0), 0);
  }

  private add(id: string, reason: ToolPick['reasons'][string]): void {
    const { picked, options } = this;
    if (picked.includes(id) || picked.length >= this.limit) return;
    if (this.filling && options.tokens && this.size([...picked, id]) > options.tokens.budget) return;
    picked.push(id);
    this.reasons[id] = reason;
  }

  /** The feeds into a tool's parameter, but from the tool itself or `exclude`. */
  private into(tool: string, param: string, exclude: string): ToolFeed[] {
    const kind = this.specs.get(tool)?.parameters.properties[param]?.['x-semantic'];
    // A source that needs the same kind of value itself (another real-estate call for a LAWD_CD) cannot start the chain.
    return this.feeds.filter(
      (f) =>
        f.toTool === tool &&
        f.toParams.includes(param) &&
        f.fromTool !== tool &&
        f.fromTool !== exclude &&
        !needsKind(this.specs.get(f.fromTool), kind, this.question),
    );
  }

  /**
   * The fewest tools to add before each tool can run from what the question states, never going through `exclude`
   * (the tool a source is sought for: a land-parcel lookup fed by the very real-estate call that waits for it is a
   * circle). A fixed point over the graph: tools with nothing to look up cost nothing.
   */
  private costs(exclude: string): Map<string, number> {
    const { specs, feeds, question } = this;
    const cost = new Map<string, number>([...specs.keys()].map((id) => [id, Infinity]));
    for (let changed = true, round = 0; changed && round < 50; round++) {
      changed = false;
      for (const [id, spec] of specs) {
        if (id === exclude) continue;
        let total = 0;
        for (const param of needed(spec, question)) {
          if (stated(spec, param, question) || !feeds.some((f) => f.toTool === id && f.toParams.includes(param))) continue;
          total += Math.min(...this.into(id, param, exclude).map((f) => cost.get(f.fromTool)! + extra(f)), Infinity);
        }
        if (total < cost.get(id)!) {
          cost.set(id, total);
          changed = true;
        }
      }
    }
    return cost;
  }

  /**
   * Whether a source takes the place the question names as its input (an address, a region's name), so that what
   * it gives is that place's: its coordinates from a geocoder, not a hospital's from a hospital list.
   */
  private takesThePlace(source: string, kind: string | undefined): number {
    const { question } = this;
    const spec = this.specs.get(source);
    if (!spec || !kind || !/^(geo|region)\./.test(kind)) return 0;
    // Coordinates the question writes need no geocoder.
    if (kind.startsWith('geo.') && COORDINATES.test(question)) return 0;
    // A landmark's coordinates come from a search by its name (the tourism keyword search), an address's from a geocoder.
    const geocoder = LANDMARK.test(question) && !ROAD_ADDRESS.test(question) ? /^org\.name$/ : /^address\.(road|keyword)$/;
    // A region's code or name for a road address comes from the address search; for a named region, from the region lookups too.
    const place = kind.startsWith('geo.') ? geocoder : ROAD_ADDRESS.test(question) ? /^address\.(road|keyword)$/ : /^address\.(road|keyword)$|^region\..*Name$/;
    const inputs = (spec.parameters.required ?? []).map((p) => spec.parameters.properties[p]?.['x-semantic'] ?? '');
    // A named region's code is what the region lookup is for; the address search finds it too, but as one of the
    // addresses in it.
    if (kind.startsWith('region.') && !ROAD_ADDRESS.test(question) && inputs.some((tag) => /^region\..*Name$/.test(tag))) return 2;
    return inputs.some((tag) => place.test(tag)) ? 1 : 0;
  }

  /** The tools a chain adds, one fewer where the question itself asks for its source (근처 측정소: the nearby-station search). */
  private steps(cost: Map<string, number>, f: ToolFeed): number {
    return cost.get(f.fromTool)! + extra(f) - ((this.scoreOf.get(f.fromTool) ?? 0) >= this.best * ASKED_SHARE ? 1 : 0);
  }

  /**
   * Whether a source searches around a position, for a question about what is near a place (근처 측정소) or about a
   * place as small as a dong or a street address, which the nearest station describes better than any list.
   */
  private searchesNear(source: string): number {
    const { question } = this;
    const spec = this.specs.get(source);
    if (!spec || !(NEAR.test(question) || EMD.test(question) || ROAD_ADDRESS.test(question))) return 0;
    return (spec.parameters.required ?? []).some((p) => /^geo\./.test(spec.parameters.properties[p]?.['x-semantic'] ?? '')) ? 1 : 0;
  }

  private continues(source: string, forTool: string): number {
    return this.feeds.some((f) => f.toTool === source && f.fromTool !== forTool && this.picked.includes(f.fromTool)) ? 1 : 0;
  }

  /** A picked tool's inputs that only another tool can give, with their sources best first. */
  private sourcesOf(tool: string): { param: string; feeds: ToolFeed[] }[] {
    const { question, scoreOf, reach } = this;
    const spec = this.specs.get(tool);
    if (!spec) return [];
    const cost = this.costs(tool);
    return needed(spec, question)
      .filter((param) => !stated(spec, param, question))
      .map((param) => {
        const kind = spec.parameters.properties[param]?.['x-semantic'];
        // A source that takes the place the question names (its address, its landmark's name); then one that searches
        // around a position where the question is about a small place or what is near it; then the chain that adds
        // fewest tools; then the source that feeds most tools (the general way to that value: the region-code lookup,
        // the geocoder); then one that continues from a picked tool; then the question's words.
        const ordered = this.into(tool, param, tool)
          .filter((f) => Number.isFinite(cost.get(f.fromTool)!))
          .sort(
            (a, b) =>
              this.takesThePlace(b.fromTool, b.via ? 'geo.' : kind) - this.takesThePlace(a.fromTool, a.via ? 'geo.' : kind) ||
              this.searchesNear(b.fromTool) - this.searchesNear(a.fromTool) ||
              this.steps(cost, a) - this.steps(cost, b) ||
              (reach.get(b.fromTool) ?? 0) - (reach.get(a.fromTool) ?? 0) ||
              this.continues(b.fromTool, tool) - this.continues(a.fromTool, tool) ||
              (scoreOf.get(b.fromTool) ?? 0) - (scoreOf.get(a.fromTool) ?? 0) ||
              a.fromTool.localeCompare(b.fromTool),
          );
        return { param, feeds: ordered };
      });
  }

  private take(feed: ToolFeed, tool: string, param: string): void {
    this.add(feed.fromTool, { by: 'graph', feeds: tool, param });
    if (feed.via) this.add(feed.via, { by: 'graph', feeds: tool, param });
  }

  /** The best source of each input of every picked tool from `start` on, and of theirs in turn. */
  private close(start: number): void {
    const { picked } = this;
    for (let i = start; i < picked.length && picked.length < this.limit; i++) {
      const tool = picked[i]!;
      for (const { param, feeds: ordered } of this.sourcesOf(tool)) if (ordered[0]) this.take(ordered[0], tool, param);
    }
  }

  /** The first `count` of the question's own tools, and all that each needs to run. */
  private takeSeeds(count: number): void {
    const { picked, reasons, feeds, specs } = this;
    picked.length = 0;
    for (const id of Object.keys(reasons)) delete reasons[id];
    for (const r of this.seedList.slice(0, count)) {
      picked.push(r.id);
      reasons[r.id] = { by: 'question', score: r.score };
    }
    // A seed whose coordinates no tool takes as they are (the address search's UTM-K) comes with the local tool that
    // converts them: the question asks for 위도·경도, which a model cannot project in its head.
    for (const seed of [...picked]) {
      const out = feeds.filter(
        (f) =>
          f.fromTool === seed &&
          !this.converters.has(f.toTool) &&
          f.toParams.some((p) => /^geo\./.test(specs.get(f.toTool)?.parameters.properties[p]?.['x-semantic'] ?? '')),
      );
      const via = out[0]?.via;
      if (via && out.every((f) => f.via === via)) this.add(via, { by: 'converts', from: seed });
    }
    this.close(0);
  }
}

/** The tools a feed takes: its source and the tool computing its transform. */
const extra = (f: ToolFeed): number => 1 + (f.via !== undefined ? 1 : 0);

/** A required parameter that names one row of another tool's result (its id), not a place, a time or a page. */
function isIdentifier(spec: ToolSpec | undefined, param: string): boolean {
  const kind = spec?.parameters.properties[param]?.['x-semantic'] ?? '';
  return (spec?.parameters.required ?? []).includes(param) && kind !== '' && !/^(geo|date|region|paging|address)\./.test(kind);
}

/** Whether a tool needs a value of this kind to be given (so it cannot be where such a value first comes from). */
function needsKind(spec: ToolSpec | undefined, kind: string | undefined, question: string): boolean {
  if (!spec || kind === undefined) return false;
  return needed(spec, question).some((p) => spec.parameters.properties[p]?.['x-semantic'] === kind);
}
