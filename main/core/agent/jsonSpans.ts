// Balanced JSON values inside model text: where a `{…}` or `[…]` that starts at a given place ends, with strings
// (and the braces inside them) skipped, so that `{"q": "a {b}"}` ends at its own last brace.

/** The index just past the JSON object or array that opens at `start`, or -1 when it never closes. */
export function jsonSpanEnd(text: string, start: number): number {
  const open = text[start];
  if (open !== '{' && open !== '[') return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** JSON.parse, or undefined for text that is not JSON. */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Each balanced JSON object in the text that parses, with where it sits. */
export function jsonObjects(text: string): { start: number; end: number; value: unknown; source: string }[] {
  const found: { start: number; end: number; value: unknown; source: string }[] = [];
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    const end = jsonSpanEnd(text, i);
    if (end < 0) continue;
    const source = text.slice(i, end);
    const value = tryJson(source);
    if (value === undefined) continue;
    found.push({ start: i, end, value, source });
    i = end - 1;
  }
  return found;
}
