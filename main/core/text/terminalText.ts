// What a model or an API wrote must never drive the analyst's terminal: an escape sequence can erase the line a
// call was shown on, draw a fake approval prompt, set the window title, write the clipboard (OSC 52) or hide a link
// (OSC 8), and a bidi override reverses what is read. Such characters are shown as visible stand-ins instead, so the
// attempt itself stays visible.

/**
 * C0 controls but line feed, tab and the carriage return of a CRLF line end (CSV's), DEL, C1 controls, and the bidi
 * embeddings, overrides, isolates and marks.
 */
const UNSAFE = /(?!\r\n)(?![\n\t])\p{Cc}|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

function standIn(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return '\ufffd';
}

/** Text safe to print on a terminal: every control but line feed and tab is replaced by a visible stand-in. */
export const inertForTerminal = (text: string): string => text.replace(UNSAFE, standIn);

/** One line of inert text, for names and labels that must not start a line of their own. */
export const oneLine = (text: string): string => inertForTerminal(text.replace(/\r?\n/g, '\u2424').replace(/\t/g, ' '));

/** JSON text with the controls JSON.stringify leaves raw written as \u escapes instead: the same value, inert on a terminal. */
export const escapeJsonForTerminal = (json: string): string => json.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
