// Arguments a small model cannot copy, copied by the grammar: for a text parameter whose value the question states
// (an address, a place, a name, a search word, a business number) or an earlier result holds (a code, an id, a
// station), the values the grammar lets it write are those spans and those values, so a model that knows *which*
// tool to call cannot miswrite *what* it asks. Values a person states in other words (dates such as "내일", months,
// times, amounts) stay free, and so does any parameter nothing offers a value for yet (the model must call first).
// Coordinates and grid cells are copied too, as numbers: those a result showed or the question wrote, within the
// parameter's bounds (the model otherwise writes a remembered 37.19 for the 36.74 the geocoder returned), and a
// radius is the distance the question writes, in metres (1.5km → 1500).
//   Question spans: word n-grams of the request (up to eight words, trailing punctuation and a particle off), each
// also with a short 시도 written as its full name (서울 → 서울특별시), as the APIs take it. Result values: every value
// the earlier results showed in fields that can feed the parameter (a field of its kind, or of a kind a one-field
// transform of the graph turns into it: a 법정동 code for LAWD_CD), and for a code of n digits the first and last n
// digits of a longer code (LAWD_CD from a 법정동 code, bjdongCd after it), the conversions the graph's links make. A
// station name is then never a distance of the same list ("4.8"); where no field shown is of a feeding kind (a result
// the catalog does not describe), every value shown stays on offer.
//   A span is also held to what its kind can be (statedChoices): a region to the 법정동 list's names, the longest the
// question states (the model otherwise closes the quote after "강원특별자치도" of "강원특별자치도 양양군"), a road address to
// a road and its building number, a station to one place or road name. Where nothing in the question has that shape
// (a place the list does not know), every span stays on offer.
//   An optional value only a service gives (a 시도 code, an organisation id) that no result has shown yet is held to
// "not given": the synthesized trajectories never write one before a result shows it, and a model that does writes
// letters into a code ("lDongRegnCd": "우도") or invents one.
import { isAnswerCall } from '../answer/answerTool.ts';
import type { RegionBook } from '../region/regionBook.ts';
import { answerChoices } from './answerChoices.ts';
import { SIDO_NAMES, sidoShortName } from '../region/sidoNames.ts';
import { shownViews } from './shownViews.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';
import { functionName } from '../catalog/functionSchema.ts';
import { isStatedKind } from '../synth/valueKinds.ts';
import { transforms } from '../edges/transforms.ts';
import { lexicallyAlike } from '../edges/candidates.ts';
import type { SemanticVocabulary } from '../catalog/validateCatalog.ts';
import semanticsBook from '../../../resources/catalog/semantics.json';
import type { ChatMessage, ModelTool } from './types.ts';

const VOCABULARY = semanticsBook as SemanticVocabulary;

/** Kinds any caller knows without asking a service (a date, a code from a short documented list): left free. */
const GENERIC = new Set(
  Object.entries((semanticsBook as { tags: Record<string, { generic?: boolean }> }).tags).flatMap(([tag, kind]) => (kind.generic ? [tag] : [])),
);

/** Kinds a person states in words other than the API's (dates, times, periods, radii, coordinates): left free. */
const SAID_OTHERWISE = /^(date\.|time\.|kma\.baseTime|kma\.tmFc|kosis\.period|geo\.)/;
/** The most values one parameter may be held to: beyond it the grammar stays free (a list that long is no constraint). */
const MAX_CHOICES = 600;
const MAX_WORDS = 8;

/** A particle after a word (one, or one of the usual pairs: 에서는, 에는, 으로도): the word is the value. */
const PARTICLE = /(에서는|에서도|에게는|으로는|으로도|에는|에도|까지는|부터는|에서|으로|에게|까지|부터|이랑|하고|은|는|이|가|을|를|의|에|로|와|과|도|만)$/;
const TRAILING = /[)"'”’\].,!?~…]+$/;
const ROAD = /(로|길)$/;
const SIDO_FULL = new Map(Object.values(SIDO_NAMES).map((s) => [s.short, s.name]));

/** A building number after a road name (대의로 105, 구동로 86이): the road's 로 is then its own, not a particle. */
function isBuildingNumber(word: string): boolean {
  const rest = /^\d+(-\d+)?(.*)$/.exec(word)?.[2];
  return rest !== undefined && rest.replace(TRAILING, '').replace(PARTICLE, '').replace(TRAILING, '') === '';
}

/** A word without what only follows it in the sentence: its closing punctuation (a quote after a quoted word too), then one particle. */
function bareWord(word: string, next: string | undefined): string {
  // A closing parenthesis belongs to the word when it opened one (삼계면(장성)).
  const closed = word.includes('(') && word.endsWith(')');
  const unquoted = closed ? word : word.replace(TRAILING, '');
  if (ROAD.test(unquoted) && next !== undefined && isBuildingNumber(next)) return unquoted;
  return unquoted.replace(PARTICLE, '').replace(TRAILING, '');
}

/** Word n-grams of the request, with their particle-less and full-시도 forms. */
export function questionSpans(question: string): string[] {
  const words = question
    .normalize('NFC')
    .split(/\s+/)
    .map((w) => w.replace(/^["'“‘[]+/, '').replace(/^\((?!.*\))/, ''))
    .filter((w) => w !== '');
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++)
    for (let n = 1; n <= MAX_WORDS && i + n <= words.length; n++) {
      const span = words.slice(i, i + n);
      const word = span.at(-1)!;
      // A closing parenthesis ends the span's value when the span opened one (금곡동(인천 동구)).
      const opened = span.join(' ').split('(').length > span.join(' ').split(')').length - 1;
      const closing = opened && /\)/.test(word) ? `${word.slice(0, word.indexOf(')'))})` : undefined;
      for (const tail of new Set([word.replace(TRAILING, ''), bareWord(word, words[i + n]), closing].filter((w): w is string => Boolean(w)))) {
        const phrase = [...span.slice(0, -1), tail];
        out.add(phrase.join(' '));
        const full = SIDO_FULL.get(phrase[0]!);
        if (full) out.add([full, ...phrase.slice(1)].join(' '));
      }
    }
  return [...out];
}

/**
 * A field may feed the parameter as a candidate link of the graph would join them: the same kind, a one-field transform
 * from its kind to the parameter's (a 법정동 code's first five digits), or a lexical likeness (one format, alike names).
 */
function feeds(field: { name: string; tag: string }, param: { name: string; tag: string }): boolean {
  if (field.tag === param.tag) return true;
  if (transforms.some((t) => t.from.length === 1 && t.from[0] === field.tag && t.to.includes(param.tag))) return true;
  return lexicallyAlike(field, param, VOCABULARY);
}

/**
 * The values shown that may be copied into a parameter of kind `semantic`: those of fields of a feeding kind (a
 * field's kind from its tool's result, or, for a result of no described tool such as the query tool's rows, from the
 * field's name in the tools that return it); every value shown where no field is of a feeding kind.
 */
function shownCells(messages: ChatMessage[], param: { name: string; tag: string }, resultSemantics: Record<string, Record<string, string>>): unknown[] {
  const kindsByName = new Map<string, Set<string>>();
  for (const fields of Object.values(resultSemantics))
    for (const [name, kind] of Object.entries(fields)) kindsByName.set(name, (kindsByName.get(name) ?? new Set()).add(kind));
  const fed: unknown[] = [];
  const all: unknown[] = [];
  for (const { rows, tool } of shownViews(messages)) {
    const kinds = resultSemantics[tool];
    for (const row of rows)
      for (const [field, value] of Object.entries(row)) {
        all.push(value);
        const kind = kinds?.[field];
        const fieldKinds = kind !== undefined ? [kind] : kinds ? [] : [...(kindsByName.get(field) ?? [])];
        if (fieldKinds.some((tag) => feeds({ name: field, tag }, param))) fed.push(value);
      }
  }
  return fed.length > 0 ? fed : all;
}

/** Every text value of `cells`, and digit codes' prefixes and suffixes of `digits` length. */
function shownValues(cells: unknown[], digits: number | undefined): string[] {
  const out = new Set<string>();
  for (const v of cells) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    const text = String(v);
    if (text === '' || text.length > 100) continue;
    out.add(text);
    if (digits && /^\d+$/.test(text) && text.length > digits) {
      out.add(text.slice(0, digits));
      out.add(text.slice(-digits));
    }
  }
  return [...out];
}

/** Numbers a model must copy, never say: coordinates and grid cells an earlier result showed or the question wrote. */
const COPIED_NUMBER = /^(geo\.(lat|lon|tmX|tmY|utmkX|utmkY)|kma\.(nx|ny))$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** The numbers of `cells`, written as numbers or as numeric text (tour's mapx). */
function shownNumbers(cells: unknown[]): number[] {
  const out = new Set<number>();
  for (const v of cells) {
    if (typeof v === 'number' && Number.isFinite(v)) out.add(v);
    else if (typeof v === 'string' && NUMBER_TEXT.test(v)) out.add(Number(v));
  }
  return [...out];
}

/** The numbers a copied-number parameter may take now, within its schema's bounds: none yet leaves it free. */
function numberChoices(semantic: string, schema: Record<string, unknown>, question: string, cells: unknown[]): number[] {
  const stated = isStatedKind(semantic) ? (question.match(/-?\d+(\.\d+)?/g) ?? []).map(Number) : [];
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  return [...new Set([...stated, ...shownNumbers(cells)])].filter((n) => n >= min && n <= max && (schema.type !== 'integer' || Number.isInteger(n)));
}

/** A distance the question writes with its unit (500m, 1.5km, 2킬로미터), in metres. */
const DISTANCE = /(\d+(?:\.\d+)?)\s*(km|킬로미터|킬로|m|미터)(?![A-Za-z])/g;
const statedMetres = (question: string): number[] =>
  [...question.matchAll(DISTANCE)].map(([, n, unit]) => Math.round(Number(n) * (unit === 'm' || unit === '미터' ? 1 : 1000)));

/** The digits a code parameter takes (^\d{5}$ → 5). */
const codeDigits = (schema: Record<string, unknown>): number | undefined => {
  const m = typeof schema.pattern === 'string' ? /^\^\\d\{(\d+)\}\$$/.exec(schema.pattern) : null;
  return m ? Number(m[1]) : undefined;
};

/** Keeps the spans no other span extends (`extends(shorter, longer)`): the most of a name the question states. */
function longest(spans: string[], extendsTo: (shorter: string, longer: string) => boolean): string[] {
  return spans.filter((s) => !spans.some((t) => t !== s && extendsTo(s, t)));
}

/** A road address: a road name and its building number, after the regions it is in (광주광역시 동구 대의로 105). */
function isRoadAddress(span: string, regions: RegionBook): boolean {
  const words = span.split(' ');
  if (words.length < 2 || !/^\d+(-\d+)?$/.test(words.at(-1)!) || !ROAD.test(words.at(-2)!)) return false;
  return words.slice(0, -2).every((w) => regions.sidoNames.has(w) || regions.sidoShortNames.has(w) || regions.sigunguNames.has(w));
}

/** A region word (시도, 시군구 or 읍면동) or a road: what an AirKorea station is named for (종로구, 삼계면(장성), 한강대로). */
function isStationName(span: string, regions: RegionBook): boolean {
  const base = span.replace(/\([^()]*\)$/, '');
  return !base.includes(' ') && (regions.emdNames.has(base) || regions.sigunguNames.has(base) || regions.sidoShortNames.has(base) || ROAD.test(base));
}

/** The question's spans a value of this kind can be, where the question has any; else all of them. */
function statedChoices(semantic: string, spans: string[], regions: RegionBook | undefined): string[] {
  if (!regions) return spans;
  const held = ((): string[] => {
    switch (semantic) {
      case 'region.fullName':
        return longest(
          spans.filter((s) => regions.fullNames.has(s)),
          (shorter, longer) => longer.startsWith(`${shorter} `),
        );
      case 'region.sidoName':
        return spans.filter((s) => regions.sidoNames.has(s));
      case 'region.sidoShortName':
        return [...new Set(spans.map((s) => sidoShortName(s)).filter((s) => regions.sidoShortNames.has(s)))];
      case 'region.sigunguName':
        // A 시's 구 with its 시 (용인시 기흥구), as the services take it.
        return longest(
          spans.filter((s) => regions.sigunguNames.has(s)),
          (shorter, longer) => ` ${longer} `.includes(` ${shorter} `),
        );
      case 'region.emdName':
        return spans.filter((s) => regions.emdNames.has(s));
      case 'address.road':
      case 'address.keyword':
        return longest(
          spans.filter((s) => isRoadAddress(s, regions)),
          (shorter, longer) => longer.endsWith(` ${shorter}`),
        );
      case 'airkorea.stationName':
        // Not the 구 inside a station's parenthesis (이천동(대구 남구)).
        return longest(
          spans.filter((s) => isStationName(s, regions)),
          (shorter, longer) => longer.includes(shorter),
        );
      default:
        return spans;
    }
  })();
  return held.length > 0 ? held : spans;
}

/** The query tool's `result` among the handles results were given, its fields among theirs; none yet leaves them free. */
function queryChoices(messages: ChatMessage[]): Record<string, string[]> {
  const handles = new Set<string>();
  const fields = new Set<string>();
  for (const view of shownViews(messages)) {
    if (view.handle === null) continue;
    handles.add(view.handle);
    for (const f of view.fields) fields.add(f);
  }
  if (handles.size === 0) return {};
  // Results without rows name no fields: the field is then left free (an empty list would let the grammar write none).
  return fields.size > 0 && fields.size <= MAX_CHOICES ? { result: [...handles], field: [...fields] } : { result: [...handles] };
}

export interface CopyChoicesOptions {
  /** The region names a stated region, address or station is held to (statedChoices); without it, any span. */
  regions?: RegionBook;
  /**
   * The result fields' value kinds of the tools on offer, by function name (`ModelTool.resultSemantics`): a value a
   * result shows is offered only from fields that can feed the parameter. Without it, every value shown.
   */
  resultSemantics?: Record<string, Record<string, string>>;
}

/**
 * For each parameter of the tool the grammar should hold to copies, the values it may take now; a parameter absent
 * stays free, and an optional one with no values is held to "not given". The question is the conversation's last request.
 */
export function copyChoices(tool: ModelTool, messages: ChatMessage[], options: CopyChoicesOptions = {}): Record<string, (string | number)[]> {
  const question = messages.findLast((m) => m.role === 'user')?.content ?? '';
  const out: Record<string, (string | number)[]> = {};
  const properties = tool.parameters.properties as Record<string, Record<string, unknown>>;
  // The committed answer is held to what the results showed (answerChoices.ts).
  if (isAnswerCall(tool.name)) return answerChoices(messages);
  // The query tool's arguments have a grammar of their own (queryGrammar): its handle and fields are held to the results'.
  if (tool.name === functionName(QUERY_TOOL)) return queryChoices(messages);
  for (const [param, semantic] of Object.entries(tool.semantics ?? {})) {
    const schema = properties[param];
    if (schema && (schema.type === 'number' || schema.type === 'integer') && semantic === 'geo.radiusM') {
      // A radius the question writes with its unit, in metres; none stated leaves the service's default to the model.
      const metres = [...new Set(statedMetres(question))];
      if (metres.length > 0) out[param] = metres;
      continue;
    }
    if (schema && (schema.type === 'number' || schema.type === 'integer') && COPIED_NUMBER.test(semantic)) {
      const numbers = numberChoices(semantic, schema, question, shownCells(messages, { name: param, tag: semantic }, options.resultSemantics ?? {}));
      if (numbers.length > 0 && numbers.length <= MAX_CHOICES) out[param] = numbers;
      continue;
    }
    if (!schema || schema.type !== 'string' || SAID_OTHERWISE.test(semantic) || GENERIC.has(semantic)) continue;
    if (Array.isArray(schema.enum)) {
      // A closed list (AirKorea's 시도): the members the question states, where it states any; else the whole list.
      const listed = new Set(schema.enum.map(String));
      const stated = isStatedKind(semantic) ? statedChoices(semantic, questionSpans(question), options.regions).filter((v) => listed.has(v)) : [];
      if (stated.length > 0) out[param] = [...new Set(stated)];
      continue;
    }
    const digits = codeDigits(schema);
    const shown = shownValues(shownCells(messages, { name: param, tag: semantic }, options.resultSemantics ?? {}), digits);
    const stated = isStatedKind(semantic) ? statedChoices(semantic, questionSpans(question), options.regions) : [];
    const fits = (v: string): boolean => (digits === undefined ? true : v.length === digits && /^\d+$/.test(v));
    // A business number is written without its hyphens.
    const spans = semantic === 'biz.bno10' ? stated.map((s) => s.replace(/-/g, '')) : stated;
    const choices = [...new Set([...spans, ...shown])].filter(fits);
    if (choices.length > 0 && choices.length <= MAX_CHOICES) out[param] = choices;
    else if (choices.length === 0 && !isStatedKind(semantic) && !tool.parameters.required.includes(param)) out[param] = [];
  }
  return out;
}
