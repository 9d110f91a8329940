// Arguments a small model cannot copy, copied by the grammar: for a text parameter whose value the question states
// (an address, a place, a name, a search word, a business number) or an earlier result holds (a code, an id, a
// station), the values the grammar lets it write are those spans and those values, so a model that knows *which*
// tool to call cannot miswrite *what* it asks. Values a person states in other words (dates such as "내일", months,
// times, amounts) stay free, and so does any parameter nothing offers a value for yet (the model must call first).
//   Question spans: word n-grams of the request (up to eight words, trailing punctuation and a particle off), each
// also with a short 시도 written as its full name (서울 → 서울특별시), as the APIs take it. Result values: every value
// the earlier results showed, and for a code of n digits the first and last n digits of a longer code (LAWD_CD from
// a 법정동 code, bjdongCd after it), the conversions the graph's links make.
import { SIDO_NAMES } from '../region/sidoNames.ts';
import { readView } from '../resultView/resultView.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';
import { functionName } from '../catalog/functionSchema.ts';
import { isStatedKind } from '../synth/valueKinds.ts';
import semanticsBook from '../../../resources/catalog/semantics.json';
import type { ChatMessage, ModelTool } from './types.ts';

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
const SIDO_FULL = new Map(Object.values(SIDO_NAMES).map((s) => [s.short, s.name]));

/** A word without what only follows it in the sentence: its closing punctuation (a quote after a quoted word too), then one particle. */
function bareWord(word: string): string {
  // A closing parenthesis belongs to the word when it opened one (삼계면(장성)).
  const closed = word.includes('(') && word.endsWith(')');
  const unquoted = closed ? word : word.replace(TRAILING, '');
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
      for (const tail of new Set([word.replace(TRAILING, ''), bareWord(word), closing].filter((w): w is string => Boolean(w)))) {
        const phrase = [...span.slice(0, -1), tail];
        out.add(phrase.join(' '));
        const full = SIDO_FULL.get(phrase[0]!);
        if (full) out.add([full, ...phrase.slice(1)].join(' '));
      }
    }
  return [...out];
}

/** Every text value the results the model was shown hold, and digit codes' prefixes and suffixes of `digits` length. */
function shownValues(messages: ChatMessage[], digits: number | undefined): string[] {
  const out = new Set<string>();
  for (const m of messages) {
    if (m.role !== 'tool') continue;
    let rows: Record<string, unknown>[];
    try {
      rows = readView(m.content).rows;
    } catch {
      continue;
    }
    for (const row of rows)
      for (const v of Object.values(row)) {
        if (typeof v !== 'string' && typeof v !== 'number') continue;
        const text = String(v);
        if (text === '' || text.length > 100) continue;
        out.add(text);
        if (digits && /^\d+$/.test(text) && text.length > digits) {
          out.add(text.slice(0, digits));
          out.add(text.slice(-digits));
        }
      }
  }
  return [...out];
}

/** The digits a code parameter takes (^\d{5}$ → 5). */
const codeDigits = (schema: Record<string, unknown>): number | undefined => {
  const m = typeof schema.pattern === 'string' ? /^\^\\d\{(\d+)\}\$$/.exec(schema.pattern) : null;
  return m ? Number(m[1]) : undefined;
};

/**
 * For each parameter of the tool the grammar should hold to copies, the values it may take now; a parameter absent
 * stays free. The question is the conversation's last request.
 */
export function copyChoices(tool: ModelTool, messages: ChatMessage[]): Record<string, string[]> {
  const question = messages.findLast((m) => m.role === 'user')?.content ?? '';
  const out: Record<string, string[]> = {};
  const properties = tool.parameters.properties as Record<string, Record<string, unknown>>;
  // The query tool's arguments have a grammar of their own (a handle, conditions over its rows).
  if (tool.name === functionName(QUERY_TOOL)) return out;
  for (const [param, semantic] of Object.entries(tool.semantics ?? {})) {
    const schema = properties[param];
    if (!schema || schema.type !== 'string' || Array.isArray(schema.enum) || SAID_OTHERWISE.test(semantic) || GENERIC.has(semantic)) continue;
    const digits = codeDigits(schema);
    const shown = shownValues(messages, digits);
    const stated = isStatedKind(semantic) ? questionSpans(question) : [];
    const fits = (v: string): boolean => (digits === undefined ? true : v.length === digits && /^\d+$/.test(v));
    // A business number is written without its hyphens.
    const spans = semantic === 'biz.bno10' ? stated.map((s) => s.replace(/-/g, '')) : stated;
    const choices = [...new Set([...spans, ...shown])].filter(fits);
    if (choices.length > 0 && choices.length <= MAX_CHOICES) out[param] = choices;
  }
  return out;
}
