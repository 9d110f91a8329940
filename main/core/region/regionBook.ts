// The names a Korean region is written by, read from the 법정동 list: what a stated region argument may be, so that the
// copy grammar (agent/copyChoices.ts) offers "강원특별자치도 양양군" and not "강원특별자치도" or "날씨" for a region name.
import { SIDO_NAMES } from './sidoNames.ts';

export interface RegionBook {
  /** Every 법정동 name as the list writes it, at each level: 서울특별시, 서울특별시 종로구, 서울특별시 종로구 청운동. */
  readonly fullNames: ReadonlySet<string>;
  /** The 17 시도 by their official names (서울특별시). */
  readonly sidoNames: ReadonlySet<string>;
  /** The 17 시도 by the short names AirKorea and HIRA write (서울). */
  readonly sidoShortNames: ReadonlySet<string>;
  /** 시군구 without their 시도, whole and by their last word: 종로구, 용인시 기흥구, 기흥구. */
  readonly sigunguNames: ReadonlySet<string>;
  /** 읍면동 by their own word: 청운동, 종로1가, 조치원읍. */
  readonly emdNames: ReadonlySet<string>;
}

/** A word of a 시군구: a 시 or 군, or a 구 (also a 구 of a 시: 용인시 기흥구). */
const SIGUNGU_WORD = /(시|군|구)$/;

/** The book of the names in `names` (법정동 names, one per code, as the official list writes them). */
export function regionBook(names: Iterable<string>): RegionBook {
  const fullNames = new Set<string>();
  const sigunguNames = new Set<string>();
  const emdNames = new Set<string>();
  const sidoNames = new Set(Object.values(SIDO_NAMES).map((s) => s.name));
  for (const raw of names) {
    const name = raw.trim().normalize('NFC');
    if (name === '') continue;
    fullNames.add(name);
    const words = name.split(/\s+/);
    if (!sidoNames.has(words[0]!)) continue;
    let at = 1;
    const sigungu: string[] = [];
    // After a 시 or 군 only its 구 follows (용인시 기흥구); 세종 has none, its 읍면동 come straight after.
    while (at < words.length && SIGUNGU_WORD.test(words[at]!) && (sigungu.length === 0 || words[at]!.endsWith('구'))) sigungu.push(words[at++]!);
    if (sigungu.length > 0) {
      sigunguNames.add(sigungu.join(' '));
      sigunguNames.add(sigungu.at(-1)!);
    }
    if (at < words.length) emdNames.add(words[at]!);
  }
  return {
    fullNames,
    sidoNames,
    sidoShortNames: new Set(Object.values(SIDO_NAMES).map((s) => s.short)),
    sigunguNames,
    emdNames,
  };
}
