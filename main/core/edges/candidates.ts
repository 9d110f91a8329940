// Candidate links of EDGE: for every pair (fields of one row of tool A, parameters of tool B), propose a link
// when the value kinds match, when a registered transform maps one to the other, or, as weaker candidates that
// execution is expected to sort out, when only the format or the names agree (HIRA's own region codes look
// like 법정동 codes; a zip code looks like a LAWD_CD). Coupled parameters are proposed together.
import type { SemanticVocabulary } from '../catalog/validateCatalog.ts';
import type { ParameterSchema, ToolSpec } from '../catalog/types.ts';
import { bigramSimilarity, nameSimilarity } from '../text/similarity.ts';
import { couplings, IDENTITY, isControlSemantic, transforms } from './transforms.ts';
import { edgeId, type Candidate, type CandidateBasis, type EdgeKey } from './types.ts';

export interface ProposeOptions {
  /** Lowest identifier similarity for a lexical candidate. Defaults to 0.8. */
  minNameSimilarity?: number;
}

interface Port {
  name: string;
  tag: string;
  type: string;
  text: string;
}

interface ParamGroup {
  tags: string[];
  params: Port[];
}

const DEFAULT_MIN_NAME = 0.8;
const BASIS_WEIGHT: Record<CandidateBasis, number> = { semantic: 0.8, transform: 0.7, lexical: 0.25 };
const HEADLINE_WEIGHT = 0.05;

function baseType(type: string): string {
  return type === 'integer' ? 'number' : type;
}

function inputs(spec: ToolSpec): Port[] {
  return Object.entries(spec.parameters.properties)
    .filter(([, p]) => p['x-semantic'] && !isControlSemantic(p['x-semantic']) && scalarish(p))
    .map(([name, p]) => ({
      name,
      tag: p['x-semantic']!,
      type: baseType(p.type === 'array' ? String((p.items as ParameterSchema | undefined)?.type ?? 'string') : p.type),
      text: `${p.description} ${p['x-description-en'] ?? ''}`,
    }));
}

/** A parameter a single value can fill (an array of scalars takes it wrapped). */
function scalarish(p: ParameterSchema): boolean {
  return p.type !== 'array' || ['string', 'integer', 'number'].includes(String((p.items as ParameterSchema | undefined)?.type));
}

function outputs(spec: ToolSpec): Port[] {
  return Object.entries(spec.response.fields)
    .filter(([, f]) => f.semantic && !isControlSemantic(f.semantic))
    .map(([name, f]) => ({ name, tag: f.semantic!, type: baseType(f.type), text: `${f.ko ?? ''} ${f.en ?? ''}` }));
}

/** B's parameters as link targets: coupled kinds together when B takes all of them (overlapping groups each), the rest one by one. */
function paramGroups(spec: ToolSpec): ParamGroup[] {
  const ports = inputs(spec);
  const used = new Set<string>();
  const groups: ParamGroup[] = [];
  for (const coupling of couplings) {
    const params = coupling.map((tag) => ports.find((p) => p.tag === tag));
    if (params.every((p) => p !== undefined)) {
      for (const p of params) used.add(p.name);
      groups.push({ tags: coupling, params });
    }
  }
  for (const p of ports) if (!used.has(p.name)) groups.push({ tags: [p.tag], params: [p] });
  return groups;
}

function fieldsFor(tags: string[], fields: Port[]): Port[][] {
  const choices = tags.map((tag) => fields.filter((f) => f.tag === tag));
  if (choices.some((c) => c.length === 0)) return [];
  // One field per tag; several only for a single-tag link (region_cd and locathigh_cd are both 법정동 codes).
  return tags.length === 1 ? choices[0]!.map((f) => [f]) : [choices.map((c) => c[0]!)];
}

function candidate(from: ToolSpec, fromFields: Port[], to: ToolSpec, group: ParamGroup, transform: string, basis: CandidateBasis): Candidate {
  const key: EdgeKey = { fromTool: from.id, fromFields: fromFields.map((f) => f.name), toTool: to.id, toParams: group.params.map((p) => p.name), transform };
  const names = Math.max(...fromFields.flatMap((f) => group.params.map((p) => nameSimilarity(f.name, p.name))));
  const texts = bigramSimilarity(fromFields.map((f) => f.text).join(' '), group.params.map((p) => p.text).join(' '));
  // A value among the fields a person reads first in the source's rows (a region's own code, not its parent's) is what a
  // next call most plausibly needs; this outweighs the few hundredths the texts' likeness gives between two fields of one kind.
  const read = 'headline' in from.response ? (from.response.headline ?? []) : [];
  const headline = fromFields.every((f) => read.includes(f.name)) ? HEADLINE_WEIGHT : 0;
  const score = Math.min(1, BASIS_WEIGHT[basis] + 0.1 * names + 0.1 * texts + headline);
  return { ...key, id: edgeId(key), basis, score: Math.round(score * 1000) / 1000 };
}

/**
 * A field and a parameter of different kinds that a lexical candidate joins: one format (a documented pattern both
 * kinds share), or one family of kinds with names alike (at least `minName`).
 */
export function lexicallyAlike(
  field: { name: string; tag: string },
  param: { name: string; tag: string },
  vocabulary: SemanticVocabulary,
  minName = DEFAULT_MIN_NAME,
): boolean {
  if (field.tag === param.tag) return false;
  const pattern = (tag: string): string | undefined => vocabulary.tags[tag]?.pattern;
  const samePattern = pattern(field.tag) !== undefined && pattern(field.tag) === pattern(param.tag);
  const sameFamily = field.tag.split('.')[0] === param.tag.split('.')[0];
  return samePattern || (sameFamily && nameSimilarity(field.name, param.name) >= minName);
}

/** Every candidate link between the tools, strongest basis first for each pair of ports. */
export function proposeCandidates(all: ToolSpec[], vocabulary: SemanticVocabulary, options: ProposeOptions = {}): Candidate[] {
  // The query tool links to every result by its handle, not to fields; it is a step of its own in plans.
  const tools = all.filter((t) => t.kind !== 'query');
  const minName = options.minNameSimilarity ?? DEFAULT_MIN_NAME;
  const out = new Map<string, Candidate>();
  const add = (c: Candidate): void => {
    if (!out.has(c.id)) out.set(c.id, c);
  };
  const outs = new Map(tools.map((t) => [t.id, outputs(t)]));
  for (const to of tools) {
    for (const group of paramGroups(to)) {
      for (const from of tools) {
        if (from.id === to.id) continue;
        const fields = outs.get(from.id)!;
        for (const chosen of fieldsFor(group.tags, fields)) add(candidate(from, chosen, to, group, IDENTITY, 'semantic'));
        for (const t of transforms) {
          if (t.to.length !== group.tags.length || t.to.some((tag, i) => tag !== group.tags[i])) continue;
          for (const chosen of fieldsFor(t.from, fields)) add(candidate(from, chosen, to, group, t.id, 'transform'));
        }
        if (group.params.length !== 1) continue;
        const param = group.params[0]!;
        for (const field of fields) {
          if (field.type === param.type && lexicallyAlike(field, param, vocabulary, minName)) add(candidate(from, [field], to, group, IDENTITY, 'lexical'));
        }
      }
    }
  }
  return [...out.values()].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
