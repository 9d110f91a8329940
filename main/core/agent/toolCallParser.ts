// Tool calls in model text, for whatever returns text: a server without tool support, a local model whose chat
// wrapper did not recognise the call it wrote, a trainer's completion. Thinking is taken out first (thinking.ts) and
// never read as a call; then the first syntax present is read (callFormats.ts): harmony, Mistral, HyperCLOVA X,
// <tool_call> blocks, Llama 3 JSON, KOPA's grammar form {"tool"|"final_answer"}, a fenced block, Python-call style.
// Whatever is not a call is the text of the answer.
import {
  callFromJson,
  readHarmony,
  readHcxHeader,
  readLlamaJson,
  readMistralArgs,
  readMistralArray,
  readToolCallTags,
  type FormatReading,
  type ParsedCall,
  type ReadOptions,
} from './callFormats.ts';
import { tryJson } from './jsonSpans.ts';
import { splitThinking } from './thinking.ts';

export type { ParsedCall } from './callFormats.ts';

export interface ParsedText {
  calls: ParsedCall[];
  /** The text outside the calls and the thinking (or a final_answer's value). */
  text: string;
  /** What the model thought before answering, kept out of `text`. */
  thinking?: string;
  /** The output ended while the model was still thinking: it holds no call and no answer. */
  unfinishedThinking?: boolean;
}

/** A Python literal (string, number, True/False/None, list or dict of them) as JSON. */
function pythonValue(text: string): unknown {
  const json = text
    .trim()
    .replace(/\bTrue\b/g, 'true')
    .replace(/\bFalse\b/g, 'false')
    .replace(/\bNone\b/g, 'null')
    .replace(/'((?:[^'\\]|\\.)*)'/g, (_, s: string) => JSON.stringify(s.replace(/\\'/g, "'")));
  return tryJson(json);
}

/** Splits "a=1, b='x, y', c=[1, 2]" at top-level commas. */
function splitArgs(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') {
        current += ch + (text[i + 1] ?? '');
        i++;
        continue;
      }
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim() !== '') parts.push(current);
  return parts;
}

function pythonCalls(text: string): ParsedCall[] | undefined {
  const body = text.trim().replace(/^\[(.*)\]$/s, '$1');
  const calls: ParsedCall[] = [];
  const pattern = /([A-Za-z_][\w.-]*)\(((?:[^()]|\([^()]*\))*)\)/g;
  let consumed = '';
  for (const match of body.matchAll(pattern)) {
    const args: Record<string, unknown> = {};
    for (const part of splitArgs(match[2]!)) {
      const eq = part.indexOf('=');
      if (eq < 0) return undefined;
      const value = pythonValue(part.slice(eq + 1));
      if (value === undefined) return undefined;
      args[part.slice(0, eq).trim()] = value;
    }
    calls.push({ name: match[1]!, arguments: args });
    consumed += match[0];
  }
  // Only when the whole text is calls: "가장 가까운 곳(종로구)을 …" is prose, not a call.
  return calls.length > 0 && body.replace(/[\s,]/g, '') === consumed.replace(/[\s,]/g, '') ? calls : undefined;
}

/** The syntaxes that mark themselves, most specific first. */
const MARKED = [readMistralArgs, readMistralArray, readHcxHeader, readToolCallTags] as const;

/** Calls in text that holds no thinking. */
function readCalls(text: string, options: ReadOptions): FormatReading {
  for (const read of MARKED) {
    const reading = read(text, options);
    if (reading) return reading;
  }
  const trimmed = text.trim();
  const fenced = /^```(?:tool_code|tool_call|python|json)?\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  if (fenced) {
    const inner = readCalls(fenced[1]!, options);
    if (inner.calls.length > 0) return inner;
  }
  const json = tryJson(trimmed);
  if (json && typeof json === 'object' && !Array.isArray(json) && 'final_answer' in json)
    return { calls: [], text: String((json as { final_answer: unknown }).final_answer) };
  if (Array.isArray(json)) {
    const calls = json.map((v) => callFromJson(v));
    if (calls.length > 0 && calls.every((c) => c !== undefined)) return { calls: calls as ParsedCall[], text: '' };
  }
  if (json && typeof json === 'object' && 'tool' in json) {
    const call = callFromJson(json, trimmed);
    if (call) return { calls: [call], text: '' };
  }
  const llama = readLlamaJson(text, options);
  if (llama) return llama;
  const python = pythonCalls(trimmed.replace(/^<\|python_tag\|>/, ''));
  if (python) return { calls: python, text: '' };
  return { calls: [], text: trimmed };
}

export function parseToolCalls(output: string, options: ReadOptions = {}): ParsedText {
  const harmony = readHarmony(output);
  if (harmony)
    return harmony.unfinishedThinking
      ? { calls: [], text: '', ...(harmony.thinking ? { thinking: harmony.thinking } : {}), unfinishedThinking: true }
      : harmony;
  const split = splitThinking(output);
  const thinking = split.thinking ? { thinking: split.thinking } : {};
  if (split.unfinished) return { calls: [], text: split.text.trim(), ...thinking, unfinishedThinking: true };
  const reading = readCalls(split.text, options);
  return { calls: reading.calls, text: reading.text, ...thinking };
}
