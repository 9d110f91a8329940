// Whether a link is a dependency or only matches in format. A call to B that succeeds with a value carried from A
// proves the formats agree, not that B needs A: a forecast's base date makes a valid apartment-deal month. A
// dependency is a link whose target needs a value only A's result can give (codes, ids, coordinates, names a person
// would not know); a link that writes only generic values, which anyone can give without asking another service
// (dates, months, times, amounts, codes from a short fixed list), is format-only, unless every value it carries is
// an event date the source defines (a holiday's date deciding which day's sunrise to ask for).
import type { SemanticVocabulary } from '../catalog/validateCatalog.ts';
import type { ToolSpec } from '../catalog/types.ts';
import type { EdgeKey, LinkKind } from './types.ts';

export { linkKinds, type LinkKind } from './types.ts';

export type LinkClassifier = (key: EdgeKey) => LinkKind;

/** Classifies links between these tools by the value kinds of the parameters they write and the fields they read. */
export function linkClassifier(tools: Iterable<ToolSpec>, vocabulary: SemanticVocabulary): LinkClassifier {
  const specs = new Map([...tools].map((t) => [t.id, t]));
  const generic = (tag: string | undefined): boolean => tag !== undefined && vocabulary.tags[tag]?.generic === true;
  return (key) => {
    const to = specs.get(key.toTool);
    const from = specs.get(key.fromTool);
    const tags = key.toParams.map((p) => to?.parameters.properties[p]?.['x-semantic']);
    if (!tags.every(generic)) return 'dependency';
    const fields = key.fromFields.map((f) => from?.response.fields[f]);
    const events = fields.length === tags.length && fields.every((f, i) => f?.event === true && f.semantic === tags[i]);
    return events ? 'dependency' : 'format';
  };
}
