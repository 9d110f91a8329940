// The synthesizer's vocabulary (resources/synth/phrases.json): what each tool finds, which of its fields a
// request may ask for and how they are called in Korean. Checked against the catalog when loaded.
import type { Catalog } from '../catalog/Catalog.ts';

export interface AnswerField {
  label: string;
  unit?: string;
}

export interface ToolPhrases {
  topic: string;
  /** The call names one thing and answers one row (an address's coordinates, a content's details). */
  oneRow?: boolean;
  /** The order the service documents for its rows (AirKorea: newest measurement first), so the first row is that pick. */
  order?: { field: string; direction: 'asc' | 'desc' };
  answers?: Record<string, AnswerField>;
  /** Rows that are category/value pairs (KMA): which categories can be asked, and where the value is. */
  facets?: { field: string; value: string; labels: Record<string, AnswerField> };
}

export interface PhraseBook {
  tools: Record<string, ToolPhrases>;
}

/** Problems with a phrase book against a catalog: unknown tools or fields. */
export function checkPhraseBook(book: PhraseBook, catalog: Catalog): string[] {
  const problems: string[] = [];
  for (const [id, phrases] of Object.entries(book.tools)) {
    const spec = catalog.get(id);
    if (!spec) {
      problems.push(`${id}: no such tool`);
      continue;
    }
    const fields = spec.response.fields;
    for (const field of Object.keys(phrases.answers ?? {})) if (!fields[field]) problems.push(`${id}: no response field ${field}`);
    if (phrases.facets && (!fields[phrases.facets.field] || !fields[phrases.facets.value]))
      problems.push(`${id}: facet fields ${phrases.facets.field}/${phrases.facets.value} missing`);
    if (phrases.order && !fields[phrases.order.field]) problems.push(`${id}: no response field ${phrases.order.field} to order by`);
  }
  return problems;
}

/** Tools whose call answers one row. */
export function oneRowTools(book: PhraseBook): Set<string> {
  return new Set(
    Object.entries(book.tools)
      .filter(([, phrases]) => phrases.oneRow)
      .map(([id]) => id),
  );
}

/** "tool:field" for each tool whose rows come in a documented order of that field. */
export function orderedFields(book: PhraseBook): Set<string> {
  return new Set(Object.entries(book.tools).flatMap(([id, phrases]) => (phrases.order ? [`${id}:${phrases.order.field}`] : [])));
}

export function topicOf(book: PhraseBook, toolId: string, fallback: string): string {
  return book.tools[toolId]?.topic ?? fallback;
}
