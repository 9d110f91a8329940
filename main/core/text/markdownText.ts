// Text from a model, an API or a file written into a Markdown document so that no viewer reads it as Markdown or
// HTML: no heading, link, image fetched on opening, script or table cell it did not come with. The document's own
// structure is the only Markdown in it.

/** Backticks enough that no run of them in the text closes the fence or span. */
function fenceFor(text: string, least: number): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(least, longest + 1));
}

/** A fenced code block the text cannot close. */
export function fencedBlock(text: string, info = ''): string {
  const fence = fenceFor(text, 3);
  return `${fence}${info}\n${text}\n${fence}`;
}

/** A code span on one line; padded where the text itself starts or ends with a backtick, as CommonMark needs. */
export function codeSpan(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const fence = fenceFor(line, 1);
  const pad = /^`|`$/.test(line) ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** Marks that start markup wherever they stand: code, emphasis, links and images, HTML, entities, table cells, strike. */
const INLINE_MARKS = /[\\`*_[\]<>!|&~]/g;
/** Marks that make a block at a line's start: a heading, a list item, a rule or a setext underline. */
const BLOCK_MARK = /^(\s*)([#+=-])/;
/** An ordered list item's number and its dot or parenthesis. */
const ORDERED_ITEM = /^(\s*\d{1,9})([.)])/;

/**
 * Text shown as written: each mark that could start Markdown or HTML is backslash-escaped (CommonMark lets any ASCII
 * punctuation be), so no heading, list, link, image, HTML, entity, table cell or GFM autolink can start, while the
 * rest (a decimal point, a percent sign, brackets, a time's colon) reads as it was written; line breaks are kept as
 * hard breaks.
 */
export function literalText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(INLINE_MARKS, '\\$&')
        // GFM's autolinks: www., a scheme's ://, and an email address's @.
        .replace(/(www)\./gi, '$1\\.')
        .replace(/:\/\//g, '\\://')
        .replace(/@/g, '\\@')
        .replace(BLOCK_MARK, '$1\\$2')
        .replace(ORDERED_ITEM, '$1\\$2'),
    )
    .join('  \n');
}

/** Literal text on one line: a heading, a list item or a table cell cannot span lines. */
export const literalLine = (text: string): string => literalText(text.replace(/\s+/g, ' ').trim());
