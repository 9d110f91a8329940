// What a person states when asking: an address, a region, a month or a day, a business number, the name of a
// place, a hospital or a station, coordinates when asked that way. Each stated value says how the request writes
// it and which value kinds it fills (a 읍면동 fills the full region name, its 시도 and 시군구 names and a juso
// search word); the planner binds those kinds to parameters, and the gates check the request says the value.
import { formatBusinessNumber } from '../business/businessNumber.ts';
import { sidoShortName } from '../region/sidoNames.ts';
import { kst, pad, ymd } from '../time/kst.ts';
import { dateText, monthText } from './mentions.ts';

export const INPUT_KINDS = [
  'address',
  'sido',
  'sigungu',
  'emd',
  'month',
  'date',
  'year',
  'hour',
  'bizNo',
  'place',
  'hospital',
  'pharmacy',
  'keyword',
  'station',
  'statTopic',
  'latlon',
  'radius',
] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

/** The value kinds each input kind fills. */
export const SUPPLIES: Readonly<Record<InputKind, readonly string[]>> = {
  address: ['address.road', 'address.keyword', 'region.sidoName', 'region.sidoShortName', 'region.sigunguName', 'region.fullName'],
  sido: ['region.sidoName', 'region.sidoShortName', 'region.fullName'],
  sigungu: ['region.fullName', 'region.sidoName', 'region.sidoShortName', 'region.sigunguName'],
  emd: ['region.fullName', 'region.sidoName', 'region.sidoShortName', 'region.sigunguName', 'region.emdName', 'address.keyword'],
  month: ['date.yyyymm', 'date.yyyy', 'date.mm'],
  date: ['date.yyyymmdd', 'date.yyyy', 'date.mm'],
  year: ['date.yyyy', 'kosis.period'],
  hour: ['time.hhmm'],
  bizNo: ['biz.bno10'],
  place: ['org.name'],
  hospital: ['org.name'],
  pharmacy: ['org.name'],
  keyword: ['org.name'],
  station: ['airkorea.stationName'],
  statTopic: ['kosis.searchText'],
  latlon: ['geo.lat', 'geo.lon'],
  radius: ['geo.radiusM'],
};

/**
 * The tools a name fills a name parameter of: a tourist place's name searches TourAPI, a hospital's the hospital
 * lists, not the other way round (every one of them is an org.name).
 */
const NAME_TOOLS: Partial<Record<InputKind, RegExp>> = {
  place: /^tour\./,
  keyword: /^tour\./,
  hospital: /^(hira\.getHospBasisList|nmc\.getHsptlMdcncListInfoInqire)$/,
  pharmacy: /^(hira\.getParmacyBasisList|nmc\.getParmacyListInfoInqire)$/,
};

/** Whether a stated value of this kind can fill a parameter of this kind of this tool. */
export function fills(kind: InputKind, tag: string, toolId: string): boolean {
  if (!SUPPLIES[kind].includes(tag)) return false;
  const tools = NAME_TOOLS[kind];
  return tag !== 'org.name' || (tools !== undefined && tools.test(toolId));
}

/** Kinds that say when rather than what: they fill time parameters, never an entity. */
export const TIME_INPUTS: ReadonlySet<InputKind> = new Set(['month', 'date', 'year', 'hour']);

/** Where a stated value is: its 시도 (official name), and 시군구 and 읍면동 when it is that precise. */
export interface Locale {
  sido: string;
  sigungu?: string;
  emd?: string;
}

export interface StatedValue {
  kind: InputKind;
  /** How the request writes it. */
  text: string;
  /** The value it gives each kind it fills. */
  supplies: Record<string, unknown>;
  locale?: Locale;
}

/**
 * "서울특별시 종로구 청운로 66" → "서울 종로구 청운로 66": the 시도 as people write it. 광주광역시 keeps its name: 광주 alone
 * is also 경기도 광주시.
 */
function spokenRegion(text: string, sido: string): string {
  const short = sidoShortName(sido);
  return text.startsWith(`${sido} `) && short !== '광주' ? `${short} ${text.slice(sido.length + 1)}` : text;
}

/** A road address; it names its 시도 and 시군구 too ("서울 종로구 청운로 66" is in 서울 종로구). */
export function addressValue(road: string, locale: Required<Pick<Locale, 'sido' | 'sigungu'>> & Locale): StatedValue {
  return {
    kind: 'address',
    text: spokenRegion(road, locale.sido),
    supplies: {
      'address.road': road,
      'address.keyword': road,
      'region.sidoName': locale.sido,
      'region.sidoShortName': sidoShortName(locale.sido),
      'region.sigunguName': locale.sigungu,
      'region.fullName': `${locale.sido} ${locale.sigungu}`,
    },
    locale,
  };
}

export function sidoValue(sido: string): StatedValue {
  return {
    kind: 'sido',
    text: sidoShortName(sido) === '광주' ? sido : sidoShortName(sido),
    supplies: { 'region.sidoName': sido, 'region.sidoShortName': sidoShortName(sido), 'region.fullName': sido },
    locale: { sido },
  };
}

export function sigunguValue(locale: Required<Pick<Locale, 'sido' | 'sigungu'>>): StatedValue {
  const full = `${locale.sido} ${locale.sigungu}`;
  return {
    kind: 'sigungu',
    text: spokenRegion(full, locale.sido),
    supplies: {
      'region.fullName': full,
      'region.sidoName': locale.sido,
      'region.sidoShortName': sidoShortName(locale.sido),
      'region.sigunguName': locale.sigungu,
    },
    locale,
  };
}

export function emdValue(locale: Required<Locale>): StatedValue {
  const full = `${locale.sido} ${locale.sigungu} ${locale.emd}`;
  return {
    kind: 'emd',
    text: spokenRegion(full, locale.sido),
    supplies: {
      'region.fullName': full,
      'region.sidoName': locale.sido,
      'region.sidoShortName': sidoShortName(locale.sido),
      'region.sigunguName': locale.sigungu,
      'region.emdName': locale.emd,
      'address.keyword': `${locale.sigungu} ${locale.emd}`,
    },
    locale,
  };
}

export function monthValue(yyyymm: string, asOf: Date): StatedValue {
  return { kind: 'month', text: monthText(yyyymm, asOf), supplies: { 'date.yyyymm': yyyymm, 'date.yyyy': yyyymm.slice(0, 4), 'date.mm': yyyymm.slice(4, 6) } };
}

/** A day as people say it: 오늘, 내일, 모레, 5월 5일 this year, 2026년 1월 3일 otherwise. */
export function dateValue(yyyymmdd: string, asOf: Date): StatedValue {
  const now = kst(asOf);
  const day = (offset: number): string => ymd(new Date(now.getTime() + offset * 86_400_000));
  const relative = yyyymmdd === day(1) ? '내일' : yyyymmdd === day(2) ? '모레' : undefined;
  const sameYear = yyyymmdd.slice(0, 4) === String(now.getUTCFullYear());
  const text = relative ?? (yyyymmdd !== day(0) && sameYear ? `${Number(yyyymmdd.slice(4, 6))}월 ${Number(yyyymmdd.slice(6))}일` : dateText(yyyymmdd, asOf));
  return { kind: 'date', text, supplies: { 'date.yyyymmdd': yyyymmdd, 'date.yyyy': yyyymmdd.slice(0, 4), 'date.mm': yyyymmdd.slice(4, 6) } };
}

export function yearValue(yyyy: string, asOf: Date): StatedValue {
  const year = kst(asOf).getUTCFullYear();
  const text = Number(yyyy) === year ? '올해' : Number(yyyy) === year - 1 ? '작년' : `${Number(yyyy)}년`;
  return { kind: 'year', text, supplies: { 'date.yyyy': yyyy, 'kosis.period': yyyy } };
}

/** An hour of today or tomorrow, as a forecast is asked for: "오늘 오후 3시", "내일 오전 9시". */
export function hourValue(yyyymmdd: string, hhmm: string, asOf: Date): StatedValue {
  const hour = Number(hhmm.slice(0, 2));
  const clock = hour === 0 ? '밤 12시' : hour < 12 ? `오전 ${hour}시` : hour === 12 ? '낮 12시' : `오후 ${hour - 12}시`;
  const day = yyyymmdd === dayFrom(asOf, 0) ? '오늘' : yyyymmdd === dayFrom(asOf, 1) ? '내일' : dateText(yyyymmdd, asOf);
  return { kind: 'hour', text: `${day} ${clock}`, supplies: { 'time.hhmm': hhmm, 'date.yyyymmdd': yyyymmdd } };
}

export function bizNoValue(bno: string): StatedValue {
  return { kind: 'bizNo', text: formatBusinessNumber(bno), supplies: { 'biz.bno10': bno } };
}

/** A name: of a place, a hospital, a pharmacy, or a search word (quoted, as people quote what they type). */
export function nameValue(kind: 'place' | 'hospital' | 'pharmacy' | 'keyword', name: string, locale?: Locale): StatedValue {
  return { kind, text: kind === 'keyword' ? `'${name}'` : name, supplies: { 'org.name': name }, ...(locale ? { locale } : {}) };
}

export function stationValue(name: string, locale?: Locale): StatedValue {
  return { kind: 'station', text: `${name} 측정소`, supplies: { 'airkorea.stationName': name }, ...(locale ? { locale } : {}) };
}

export function statTopicValue(word: string): StatedValue {
  return { kind: 'statTopic', text: `'${word}'`, supplies: { 'kosis.searchText': word } };
}

export function latLonValue(lat: number, lon: number): StatedValue {
  return { kind: 'latlon', text: `위도 ${lat}, 경도 ${lon}`, supplies: { 'geo.lat': lat, 'geo.lon': lon } };
}

export function radiusValue(metres: number): StatedValue {
  return { kind: 'radius', text: metres >= 1000 && metres % 1000 === 0 ? `${metres / 1000}km` : `${metres}m`, supplies: { 'geo.radiusM': metres } };
}

/** The month `offset` months from asOf's, as yyyymm. */
export function monthFrom(asOf: Date, offset: number): string {
  const now = kst(asOf);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}`;
}

/** The day `offset` days from asOf's, as yyyymmdd. */
export function dayFrom(asOf: Date, offset: number): string {
  return ymd(new Date(kst(asOf).getTime() + offset * 86_400_000));
}
