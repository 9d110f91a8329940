// Readers of the tool-call syntaxes model families write as text, each canonical form taken from the engines that
// parse them (llama.cpp's tests/test-chat.cpp, vLLM's tests/tool_parsers): Qwen and Hermes <tool_call>{json}</…>,
// Qwen3.5/Qwen3-Coder <tool_call><function=…><parameter=…>, HyperCLOVA X SEED's <arg_key>/<arg_value> and
// "-> tool/function_call" array, Mistral's [TOOL_CALLS][…] (v3) and [TOOL_CALLS]name[ARGS]{…} (v11+, with an
// optional [CALL_ID]), Llama 3.x's JSON ({"name", "parameters"}, after <|python_tag|>, several split by ";"), and
// gpt-oss's harmony messages (commentary to=functions.NAME). Each reader returns undefined when its syntax is absent.
import { jsonObjects, jsonSpanEnd, tryJson } from './jsonSpans.ts';

export interface ParsedCall {
  name: string;
  arguments: Record<string, unknown>;
  /** The arguments' JSON exactly as written, where they were written as JSON (15.0 stays 15.0). */
  rawArguments?: string;
}

export interface FormatReading {
  calls: ParsedCall[];
  /** The text outside the calls. */
  text: string;
  /** Thinking the format carries in its own channel (harmony's analysis). */
  thinking?: string;
  /** The output ended inside that thinking. */
  unfinishedThinking?: boolean;
}

/** What a reader needs of an offered tool: its name, and its parameters' types for values written as text. */
export interface OfferedTool {
  name: string;
  parameters?: { properties?: Record<string, unknown> };
}

export interface ReadOptions {
  /**
   * The tools offered. A JSON object inside prose counts as a call only when it names one of them; a value written
   * as text (Qwen3.5's <parameter=…>, HyperCLOVA X's <arg_value>) takes its parameter's type. Defaults to none known.
   */
  tools?: readonly OfferedTool[];
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A call from the JSON shapes models write: {name, arguments|parameters|args}, {function: {name, arguments}}, {tool, arguments}. */
export function callFromJson(value: unknown, source?: string): ParsedCall | undefined {
  if (!isObject(value)) return undefined;
  const fn = isObject(value.function) ? value.function : undefined;
  const name = value.name ?? value.tool ?? fn?.name;
  const key = ['arguments', 'parameters', 'args'].find((k) => k in value);
  let args = key ? value[key] : (fn?.arguments ?? {});
  let raw: string | undefined;
  if (typeof args === 'string') {
    raw = args;
    args = tryJson(args);
  } else if (source && key) raw = argumentsSource(source, key);
  if (typeof name !== 'string' || name === '' || !isObject(args)) return undefined;
  return { name, arguments: args, ...(raw !== undefined ? { rawArguments: raw } : {}) };
}

/** The text of the value of `"key": {…}` inside an object's source, as written. */
function argumentsSource(source: string, key: string): string | undefined {
  const match = new RegExp(`"${key}"\\s*:\\s*`).exec(source);
  if (!match) return undefined;
  const start = match.index + match[0].length;
  const end = jsonSpanEnd(source, start);
  return end < 0 ? undefined : source.slice(start, end);
}

/** A JSON array of calls, or one call object. */
function callsFromJsonText(text: string): ParsedCall[] | undefined {
  const value = tryJson(text);
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    const calls = value.map((v) => callFromJson(v));
    return calls.length > 0 && calls.every((c) => c !== undefined) ? (calls as ParsedCall[]) : undefined;
  }
  const call = callFromJson(value, text.trim());
  return call ? [call] : undefined;
}

const HARMONY_MESSAGE =
  /(?:<\|start\|>)?([^<]*?)((?:<\|channel\|>[^<]*?)?(?:<\|constrain\|>[^<]*?)?)<\|message\|>([\s\S]*?)(<\|end\|>|<\|call\|>|<\|return\|>|(?=<\|start\|>)|$)/g;

/** gpt-oss: analysis is thinking, final (or commentary to nobody) is the answer, a message to functions.NAME is a call. */
export function readHarmony(output: string): FormatReading | undefined {
  if (!output.includes('<|message|>') || !/<\|channel\|>|to=functions\./.test(output)) return undefined;
  const calls: ParsedCall[] = [];
  const text: string[] = [];
  const thinking: string[] = [];
  let unfinishedThinking = false;
  for (const m of output.matchAll(HARMONY_MESSAGE)) {
    const header = `${m[1]} ${m[2]}`;
    const body = m[3]!;
    const ended = m[4] !== '';
    const recipient = /to=functions\.([\w.-]+)/.exec(header)?.[1];
    const channel = /<\|channel\|>\s*(\w+)/.exec(header)?.[1];
    if (recipient) {
      const args = tryJson(body.trim());
      if (isObject(args)) calls.push({ name: recipient, arguments: args, rawArguments: body.trim() });
    } else if (channel === 'analysis') {
      thinking.push(body.trim());
      if (!ended) unfinishedThinking = true;
    } else text.push(body);
  }
  return {
    calls,
    text: text.join('').trim(),
    ...(thinking.some((t) => t) ? { thinking: thinking.filter((t) => t).join('\n\n') } : {}),
    ...(unfinishedThinking ? { unfinishedThinking } : {}),
  };
}

/** Mistral v11 and later: [TOOL_CALLS]name[ARGS]{…}, optionally [CALL_ID]id before [ARGS], repeated for parallel calls. */
export function readMistralArgs(output: string): FormatReading | undefined {
  if (!output.includes('[TOOL_CALLS]') || !output.includes('[ARGS]')) return undefined;
  const first = output.indexOf('[TOOL_CALLS]');
  const calls: ParsedCall[] = [];
  const pattern = /\[TOOL_CALLS\]\s*([\w.-]+)\s*(?:\[CALL_ID\][^[]*)?\[ARGS\]/g;
  for (let m = pattern.exec(output); m; m = pattern.exec(output)) {
    const start = m.index + m[0].length;
    const at = output.slice(start).search(/\S/);
    const end = at < 0 ? -1 : jsonSpanEnd(output, start + at);
    if (end < 0) continue;
    const raw = output.slice(start + at, end);
    const args = tryJson(raw);
    if (isObject(args)) calls.push({ name: m[1]!, arguments: args, rawArguments: raw });
    pattern.lastIndex = end;
  }
  return { calls, text: output.slice(0, first).trim() };
}

/** Mistral v3 (Nemo, 7B v0.3): [TOOL_CALLS] then a JSON array of {name, arguments}. */
export function readMistralArray(output: string): FormatReading | undefined {
  const marker = output.indexOf('[TOOL_CALLS]');
  if (marker < 0) return undefined;
  const open = output.indexOf('[', marker + '[TOOL_CALLS]'.length);
  const end = open < 0 ? -1 : jsonSpanEnd(output, open);
  const calls = end < 0 ? undefined : callsFromJsonText(output.slice(open, end));
  return { calls: calls ?? [], text: calls ? output.slice(0, marker).trim() : output.trim() };
}

/** HyperCLOVA X SEED Think 14B: " -> tool/function_call" then a JSON array of {name, arguments|parameters}. */
export function readHcxHeader(output: string): FormatReading | undefined {
  const marker = /->\s*tool\/function_call\s*/.exec(output);
  if (!marker) return undefined;
  const open = output.indexOf('[', marker.index);
  const end = open < 0 ? -1 : jsonSpanEnd(output, open);
  const calls = end < 0 ? undefined : callsFromJsonText(output.slice(open, end));
  return { calls: calls ?? [], text: calls ? output.slice(0, marker.index).trim() : output.trim() };
}

/**
 * A parameter value written as text, read by its parameter's type as vLLM's Qwen3 XML parser does: a string
 * parameter keeps the text ("2025" stays "2025"), others read it as JSON; with no type known, JSON where it reads
 * as JSON, else the text.
 */
function xmlValue(text: string, type: unknown): unknown {
  const trimmed = text.replace(/^\n/, '').replace(/\n$/, '');
  if (type === 'string') {
    const quoted = tryJson(trimmed);
    return typeof quoted === 'string' ? quoted : trimmed;
  }
  const json = tryJson(trimmed);
  return json === undefined ? trimmed : json;
}

function parameterType(options: ReadOptions, tool: string, parameter: string): unknown {
  const schema = options.tools?.find((t) => t.name === tool)?.parameters?.properties?.[parameter];
  return schema && typeof schema === 'object' ? (schema as { type?: unknown }).type : undefined;
}

/** The body of one <tool_call> block in any of the three forms that use the tag. */
function blockCall(body: string, options: ReadOptions): ParsedCall | undefined {
  const trimmed = body.trim();
  const fn = /^<function=([^>\s]+)>([\s\S]*?)(?:<\/function>|$)/.exec(trimmed);
  if (fn) {
    const name = fn[1]!;
    const args: Record<string, unknown> = {};
    for (const p of fn[2]!.matchAll(/<parameter=([^>\s]+)>([\s\S]*?)<\/parameter>/g)) args[p[1]!] = xmlValue(p[2]!, parameterType(options, name, p[1]!));
    return { name, arguments: args };
  }
  if (trimmed.includes('<arg_key>')) {
    const name = trimmed.slice(0, trimmed.indexOf('<arg_key>')).trim();
    const args: Record<string, unknown> = {};
    for (const p of trimmed.matchAll(/<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)<\/arg_value>/g)) {
      const key = p[1]!.trim();
      args[key] = xmlValue(p[2]!, parameterType(options, name, key));
    }
    return name && /^[\w.-]+$/.test(name) ? { name, arguments: args } : undefined;
  }
  return callsFromJsonText(trimmed)?.[0];
}

/** <tool_call>…</tool_call> blocks (Qwen, Hermes, EXAONE 4.0, HyperCLOVA X SEED); a last block the stop token cut stays readable. */
export function readToolCallTags(output: string, options: ReadOptions): FormatReading | undefined {
  if (!output.includes('<tool_call>')) return undefined;
  const calls: ParsedCall[] = [];
  const outside: string[] = [];
  let rest = output;
  for (let open = rest.indexOf('<tool_call>'); open >= 0; open = rest.indexOf('<tool_call>')) {
    outside.push(rest.slice(0, open));
    const close = rest.indexOf('</tool_call>', open);
    const body = rest.slice(open + '<tool_call>'.length, close < 0 ? undefined : close);
    const call = blockCall(body, options);
    if (call) calls.push(call);
    rest = close < 0 ? '' : rest.slice(close + '</tool_call>'.length);
  }
  outside.push(rest);
  return { calls, text: outside.join('').trim() };
}

/**
 * Llama 3.x: {"name": …, "parameters": {…}} objects, after <|python_tag|> or alone, several split by ";" or lines.
 * Inside prose an object counts only when it names an offered tool, so a quoted example is not a call.
 */
export function readLlamaJson(output: string, options: ReadOptions): FormatReading | undefined {
  const tagged = output.indexOf('<|python_tag|>');
  const body = tagged >= 0 ? output.slice(tagged + '<|python_tag|>'.length) : output;
  const objects = jsonObjects(body)
    .map((o) => ({ ...o, call: callFromJson(o.value, o.source) }))
    .filter((o) => o.call && ('parameters' in (o.value as object) || 'arguments' in (o.value as object)));
  if (objects.length === 0) return undefined;
  const leftover = objects.reduceRight((text, o) => text.slice(0, o.start) + text.slice(o.end), body);
  const onlyCalls = leftover.replace(/[\s;,]/g, '') === '';
  const named = options.tools !== undefined && objects.every((o) => options.tools!.some((t) => t.name === o.call!.name));
  if (tagged < 0 && !onlyCalls && !named) return undefined;
  const before = tagged >= 0 ? output.slice(0, tagged) : '';
  return { calls: objects.map((o) => o.call!), text: (before + (onlyCalls ? '' : leftover)).replace(/^[\s;]+|[\s;]+$/g, '').trim() };
}
