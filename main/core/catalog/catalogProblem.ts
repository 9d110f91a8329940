// A problem found in a catalog file, and how it is said: kept apart from the validator (and its JSON Schema engine)
// so that printing a listing's problems costs nothing to load.

export interface CatalogProblem {
  file: string;
  /** The tool id (or its position when it has no id). */
  tool?: string;
  /** A JSON pointer inside the tool (e.g. /parameters/properties/nx/maximum). */
  field?: string;
  message: string;
}

export function formatProblem(p: CatalogProblem): string {
  return [p.file, p.tool, p.field].filter(Boolean).join(' › ') + `: ${p.message}`;
}
