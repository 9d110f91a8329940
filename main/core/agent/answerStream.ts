// In grammar mode a model writes its turn as JSON: a call {"tool": …, "arguments": {…}}, the answer tool's call
// {"tool": "final_answer", "arguments": {"answer": {…}, "message": "…"}}, or (where no answer tool is offered, as in
// BFCL) {"final_answer": "…"}. A person watching the answer arrive wants its words, not the JSON around them. This
// turns the raw chunks into the message's text as it is generated: nothing for a call of another tool, the message's
// characters (escapes decoded) for an answer.
import { ANSWER_TOOL } from '../answer/answerTool.ts';

const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

type Found = { at: number } | 'call' | 'pending';

/**
 * Where the message's string starts in the JSON written so far: inside "arguments" the value of "message", or at the
 * top the value of "final_answer"; 'call' once the text is a call of another tool; 'pending' while it cannot tell.
 */
function messageStart(text: string): Found {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let token = '';
  let key: string | undefined;
  let afterColon = false;
  const keys: (string | undefined)[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') {
        inString = false;
        if (afterColon && key === 'tool' && depth === 1 && token !== ANSWER_TOOL) return 'call';
        if (!afterColon) key = token;
        afterColon = false;
      } else token += ch;
      continue;
    }
    if (ch === '"') {
      const opensMessage = afterColon && ((depth === 2 && keys[1] === 'arguments' && key === 'message') || (depth === 1 && key === 'final_answer'));
      if (opensMessage) return { at: i + 1 };
      inString = true;
      token = '';
    } else if (ch === ':') afterColon = true;
    else if (ch === '{') {
      keys[depth] = key;
      depth++;
      key = undefined;
      afterColon = false;
    } else if (ch === '}') {
      depth--;
      key = keys[depth];
      afterColon = false;
    } else if (ch === ',') {
      afterColon = false;
      key = undefined;
    }
  }
  return 'pending';
}

/** A chunk handler that passes `emit` only the text of an answer's message, decoded, as it arrives. */
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
      const found = messageStart(head);
      if (found === 'call') done = true;
      if (typeof found !== 'object') return;
      inAnswer = true;
      rest = head.slice(found.at);
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
