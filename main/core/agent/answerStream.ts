// In grammar mode a model writes its turn as JSON ({"final_answer": "…"} or {"tool": …}); a person watching the
// answer arrive wants its words, not the JSON around them. This turns the raw chunks into the answer's text as it
// is generated: nothing for a tool call, the string's characters (escapes decoded) for a final answer.

const OPENING = /^\s*\{\s*"final_answer"\s*:\s*"/;
const OPENING_TEXT = '{"final_answer":"';
const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** A chunk handler that passes `emit` only the text of a final answer, decoded, as it arrives. */
export function finalAnswerStream(emit: (text: string) => void): (chunk: string) => void {
  let head = '';
  let inAnswer = false;
  let done = false;
  let pending = '';
  return (chunk) => {
    if (done) return;
    let rest = chunk;
    if (!inAnswer) {
      head += chunk;
      const open = OPENING.exec(head);
      if (!open) {
        // Still deciding, or a tool call: once the head can no longer become the opening, nothing is emitted.
        if (!OPENING_TEXT.startsWith(head.replace(/\s+/g, ''))) done = true;
        return;
      }
      inAnswer = true;
      rest = head.slice(open[0].length);
    }
    let out = '';
    const text = pending + rest;
    pending = '';
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '"') {
        done = true;
        break;
      }
      if (ch !== '\\') {
        out += ch;
        continue;
      }
      const next = text[i + 1];
      if (next === undefined) {
        pending = text.slice(i);
        break;
      }
      if (next === 'u') {
        if (i + 6 > text.length) {
          pending = text.slice(i);
          break;
        }
        out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 5;
        continue;
      }
      out += SIMPLE_ESCAPES[next] ?? next;
      i += 1;
    }
    if (out) emit(out);
  };
}
