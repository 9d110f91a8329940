// Names compared as the same name: spacing, punctuation and case aside, 시도 written any usual way (서울특별시 / 서울시 /
// 서울), a 시군구 or 읍면동 with or without its suffix (종로구 / 종로), a legal-entity mark ((주), 주식회사) aside, and a
// registered full name against its short forms (부가가치세 간이과세자 / 간이과세자: resources/answers/aliases.json, from
// the agencies' own code tables). Nothing else: a name with a word more or a word less is another name.
import aliasBook from '../../../resources/answers/aliases.json';
import { canonicalRegions } from '../text/koreanText.ts';

/** The endings that make a claim a sentence ("청운동입니다"): said after the value, they add nothing to it. */
const COPULA = /(이었습니다|였습니다|입니다|이에요|예요|이어요|이었어요|였어요|이고요|이요|이다|임)$/;

/** Words before a value that say it is the whole of it ("총 49건", "모두 3곳"): they affirm the value, never hedge it. */
const WHOLE = /^(총|모두|전부|전체|합계|합쳐서|정확히)/;

/** What is left of a text besides its values, as a key: empty when nothing but spacing, punctuation and an ending is. */
export function leftoverKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s\p{P}\p{S}]+/gu, '')
    .replace(COPULA, '')
    .replace(WHOLE, '')
    .toLowerCase();
}

/** A claim's text without what only closes the sentence: a copula ending and the punctuation around it. */
export function bareValue(text: string): string {
  let out = text.normalize('NFKC').trim();
  out = out.replace(/^["'“‘「(\s]+|["'”’」)\s.!。,]+$/g, '');
  const stripped = out.replace(COPULA, '').trim();
  return stripped.length > 0 ? stripped : out;
}

const ENTITY = /\(주\)|주식회사|\(유\)|유한회사|\(재\)|재단법인|\(사\)|사단법인/g;

/** A name reduced to what makes it this name: letters and digits, lower case, 시도 canonical, no legal-entity mark. */
export function nameKey(name: string): string {
  return canonicalRegions(bareValue(name).replace(ENTITY, ''))
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** Registered names with their short forms, each group naming one thing. */
const GROUPS: string[][] = (aliasBook as { groups: { names: string[] }[] }).groups.map((g) => g.names);
const ALIASES = new Map<string, Set<string>>();
for (const names of GROUPS) {
  const keys = new Set(names.map(nameKey));
  for (const key of keys) ALIASES.set(key, new Set([...(ALIASES.get(key) ?? []), ...keys]));
}

const ADMIN_SUFFIX = /^(.{2,})(시|군|구|읍|면|동|리)$/;

/** The keys a name is known by: its own, its registered aliases', and a place's without its suffix. */
function keysOf(name: string): Set<string> {
  const key = nameKey(name);
  const out = new Set([key, ...(ALIASES.get(key) ?? [])]);
  const place = ADMIN_SUFFIX.exec(key);
  if (place) out.add(place[1]!);
  // A route or a line is named by its number, with or without 번 (863번 버스 is bus 863).
  const numbered = /^([0-9a-z-]+)번(버스)?$/.exec(key);
  if (numbered) out.add(numbered[1]!);
  return out;
}

/** Whether a claimed name names the expected one. */
export function sameName(claimed: string, expected: string): boolean {
  const claim = nameKey(claimed);
  if (claim === '') return false;
  return keysOf(expected).has(claim) || [...keysOf(claimed)].some((k) => k === nameKey(expected));
}
