// Korean answer text made comparable: Unicode-normalised, spacing and punctuation dropped, and 시도 and 시군구
// written the way people vary them (서울특별시 / 서울시 / 서울, 강원도 / 강원특별자치도, 수원시 팔달구 / 수원 팔달구).
import { SIDO_NAMES } from '../region/sidoNames.ts';

/** Every way a 시도 is written, mapped to its short name; the old names of 강원 and 전북 included. */
const SIDO_VARIANTS: [string, string][] = (() => {
  const pairs: [string, string][] = [];
  for (const { name, short } of Object.values(SIDO_NAMES)) {
    // 광주 is also a city of 경기도 (경기도 광주시): 광주광역시 keeps its full name so the two never meet.
    if (short === '광주') continue;
    pairs.push([name, short]);
    if (name.endsWith('특별시') || name.endsWith('광역시')) pairs.push([`${short}시`, short]);
  }
  pairs.push(['강원도', '강원'], ['전라북도', '전북'], ['세종시', '세종'], ['제주도', '제주']);
  return pairs.sort((a, b) => b[0].length - a[0].length);
})();

/** All variants in one pass (longest first, so 서울특별시 wins over 서울시): scoring normalises every argument value. */
const VARIANT = new RegExp(SIDO_VARIANTS.map(([variant]) => variant).join('|'), 'g');
const SHORT = new Map(SIDO_VARIANTS);

/** 시도 names to their short form, and a city's 시 dropped before its 구 (수원시 팔달구 → 수원 팔달구). */
export function canonicalRegions(text: string): string {
  const out = text.normalize('NFC').replace(VARIANT, (variant) => SHORT.get(variant)!);
  // Only a whole word names a city (수원시, not the 광역시 of 광주광역시 서구).
  return out.replace(/(^|[\s,(])([가-힣]{1,3})시(\s*)([가-힣]{1,4}구)(?=[\s,.)은는이가을를의에]|$)/g, '$1$2$3$4');
}

/** Text reduced to letters and digits, lower case, regions canonical: what "the same words" means here. */
export function normaliseText(text: string): string {
  const raw = String(text);
  // ASCII has no 시도 name to shorten and nothing to compose: scoring normalises every value, most of them codes.
  return (/^[\x20-\x7e]*$/.test(raw) ? raw : canonicalRegions(raw)).toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}
