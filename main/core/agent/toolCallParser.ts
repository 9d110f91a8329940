// Tool calls in model text, for backends that return text (a server without tool support, a model without a
// tool template): Hermes <tool_call>{…}</tool_call>, Mistral [TOOL_CALLS][…], bare JSON ({"name", "arguments"}
// or KOPA's grammar form {"tool", "arguments"} / {"final_answer"}), and Python-call style name(a=1, b="x").
// Whatever is not a call is the text of the answer.

export interface ParsedCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ParsedText {
  calls: ParsedCall[];
  /** The text outside the calls (or a final_answer's value). */
  text: string;
}

function asCall(value: unknown): ParsedCall | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const name = v.name ?? v.tool ?? (v.function as Record<string, unknown> | undefined)?.name;
  let args = v.arguments ?? v.parameters ?? v.args ?? (v.function as Record<string, unknown> | undefined)?.arguments ?? {};
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      return undefined;
    }
  }
  if (typeof name !== 'string' || !args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  return { name, arguments: args as Record<string, unknown> };
}

function callsIn(value: unknown): ParsedCall[] | undefined {
  const list = Array.isArray(value) ? value : [value];
  const calls = list.map(asCall);
  return calls.every((c) => c !== undefined) && calls.length > 0 ? (calls as ParsedCall[]) : undefined;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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

export function parseToolCalls(output: string): ParsedText {
  const text = output.trim();
  const hermes = [...text.matchAll(/<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g)];
  if (hermes.length > 0) {
    const calls = hermes.map((m) => asCall(tryJson(m[1]!))).filter((c): c is ParsedCall => c !== undefined);
    return { calls, text: text.replace(/<tool_call>[\s\S]*?<\/tool_call>/g, '').trim() };
  }
  const mistral = /\[TOOL_CALLS\]\s*(\[[\s\S]*\])/.exec(text);
  if (mistral) return { calls: callsIn(tryJson(mistral[1]!)) ?? [], text: text.slice(0, mistral.index).trim() };
  const json = tryJson(text);
  if (json && typeof json === 'object' && !Array.isArray(json) && 'final_answer' in json) return { calls: [], text: String((json as { final_answer: unknown }).final_answer) };
  const fromJson = json === undefined ? undefined : callsIn(json);
  if (fromJson) return { calls: fromJson, text: '' };
  const python = pythonCalls(text);
  if (python) return { calls: python, text: '' };
  return { calls: [], text };
}
