// Quantities as people write one: "230,000만원", "23억 원", "8만 7천", "2.3 billion won", "영하 2.6도", "−2.6℃",
// "82㎍/㎥", "40%", "이틀", "두 곳", "49건". Each comes back as a number scaled by its numerals (만 = 10⁴, billion = 10⁹)
// with the unit it was written in, so a judge can convert between 원 and 만원 and refuse 원 for 만원. Every
// quantity of a text is found: a claim that holds two ("49건에서 52건 사이", "2일 또는 3일") holds no one value.

export const unitFamilies = ['money', 'temperature', 'percent', 'concentration', 'ppm', 'count', 'length', 'area', 'speed', 'duration', 'years'] as const;
export type UnitFamily = (typeof unitFamilies)[number];

export interface Unit {
  family: UnitFamily;
  /** How many of the family's base unit one of this unit is (km → 1,000 m; 시간 → 3,600 s). */
  factor: number;
}

/** Units by how they are written (NFKC, lower case, no spaces): the longest written form wins. */
const UNITS: Record<string, Unit> = {
  원: { family: 'money', factor: 1 },
  won: { family: 'money', factor: 1 },
  krw: { family: 'money', factor: 1 },
  '°c': { family: 'temperature', factor: 1 },
  '°': { family: 'temperature', factor: 1 },
  도: { family: 'temperature', factor: 1 },
  degrees: { family: 'temperature', factor: 1 },
  degree: { family: 'temperature', factor: 1 },
  '%': { family: 'percent', factor: 1 },
  퍼센트: { family: 'percent', factor: 1 },
  프로: { family: 'percent', factor: 1 },
  percent: { family: 'percent', factor: 1 },
  'μg/m3': { family: 'concentration', factor: 1 },
  'µg/m3': { family: 'concentration', factor: 1 },
  'ug/m3': { family: 'concentration', factor: 1 },
  마이크로그램: { family: 'concentration', factor: 1 },
  ppm: { family: 'ppm', factor: 1 },
  'm/s': { family: 'speed', factor: 1 },
  'km/h': { family: 'speed', factor: 1000 / 3600 },
  mm: { family: 'length', factor: 0.001 },
  cm: { family: 'length', factor: 0.01 },
  km: { family: 'length', factor: 1000 },
  m: { family: 'length', factor: 1 },
  밀리미터: { family: 'length', factor: 0.001 },
  미터: { family: 'length', factor: 1 },
  킬로미터: { family: 'length', factor: 1000 },
  킬로: { family: 'length', factor: 1000 },
  m2: { family: 'area', factor: 1 },
  제곱미터: { family: 'area', factor: 1 },
  평: { family: 'area', factor: 400 / 121 },
  초: { family: 'duration', factor: 1 },
  분: { family: 'duration', factor: 60 },
  시간: { family: 'duration', factor: 3600 },
  일: { family: 'duration', factor: 86_400 },
  주: { family: 'duration', factor: 7 * 86_400 },
  년: { family: 'years', factor: 1 },
  건: { family: 'count', factor: 1 },
  개: { family: 'count', factor: 1 },
  개소: { family: 'count', factor: 1 },
  곳: { family: 'count', factor: 1 },
  군데: { family: 'count', factor: 1 },
  명: { family: 'count', factor: 1 },
  대: { family: 'count', factor: 1 },
  세대: { family: 'count', factor: 1 },
  가구: { family: 'count', factor: 1 },
  호: { family: 'count', factor: 1 },
  회: { family: 'count', factor: 1 },
  번: { family: 'count', factor: 1 },
  층: { family: 'count', factor: 1 },
  채: { family: 'count', factor: 1 },
};

const unitKeys = Object.keys(UNITS).sort((a, b) => b.length - a.length);

/** A unit as written ("만원" is the numeral 만 and 원: its factor is the numeral's), else undefined. */
export function unitOf(written: string): { unit: Unit; scale: number } | undefined {
  const w = written.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  if (w === '') return undefined;
  const numeral = /^(조|억|만|천|백)+/.exec(w);
  const scale = numeral ? numeralScale(numeral[0]) : 1;
  const rest = numeral ? w.slice(numeral[0].length) : w;
  const unit = UNITS[rest];
  return unit ? { unit, scale } : undefined;
}

const KOREAN_NUMERALS: Record<string, number> = { 십: 10, 백: 100, 천: 1000, 만: 1e4, 억: 1e8, 조: 1e12 };

/** "천만" → 10⁷: the numerals after a number multiply. */
function numeralScale(numerals: string): number {
  let out = 1;
  for (const ch of numerals) out *= KOREAN_NUMERALS[ch] ?? 1;
  return out;
}

const ENGLISH_SCALE: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, mn: 1e6, billion: 1e9, bn: 1e9, trillion: 1e12 };

/** Native Korean numbers, said before a counter ("두 곳", "열한 개", "마흔아홉 건"): tens, then units. */
const NATIVE_TENS: Record<string, number> = { 열: 10, 스물: 20, 스무: 20, 서른: 30, 마흔: 40, 쉰: 50, 예순: 60, 일흔: 70, 여든: 80, 아흔: 90 };
const NATIVE_UNITS: Record<string, number> = {
  하나: 1,
  한: 1,
  둘: 2,
  두: 2,
  셋: 3,
  세: 3,
  석: 3,
  넷: 4,
  네: 4,
  넉: 4,
  다섯: 5,
  여섯: 6,
  일곱: 7,
  여덟: 8,
  아홉: 9,
};
const alternatives = (words: Record<string, number>): string =>
  Object.keys(words)
    .sort((a, b) => b.length - a.length)
    .join('|');
const NATIVE_NUMBER = new RegExp(`^(${alternatives(NATIVE_TENS)})?(${alternatives(NATIVE_UNITS)})?\\s*([가-힣]+)`);
const COUNTERS = ['곳', '개', '건', '명', '대', '가구', '세대', '번', '층', '군데', '채', '시간', '달', '해'];
/** Days counted in words. */
const DAY_WORDS: Record<string, number> = { 하루: 1, 이틀: 2, 사흘: 3, 나흘: 4, 닷새: 5, 엿새: 6, 이레: 7, 여드레: 8, 아흐레: 9, 열흘: 10, 보름: 15 };

export interface Quantity {
  /** The number with its sign and numerals applied (23억 → 2.3 × 10⁹), in `unit` when it has one. */
  value: number;
  /** The digits as written, before numerals (23 for "23억"); decimals tell how it was rounded. */
  written: string;
  unit?: Unit;
  /** Whether Korean or English numerals scaled it ("23억", "2.3 billion"). */
  scaled: boolean;
  start: number;
  end: number;
}

const DIGITS = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+`;
const SIGN = String.raw`(영하|영상|마이너스|minus|플러스|[-−+])?\s*`;
const GROUP = new RegExp(String.raw`${SIGN}(${DIGITS})\s*((?:십|백|천)?(?:만|억|조)|천|백)?`, 'gy');
const ENGLISH = /\s*(thousand|million|billion|trillion|bn|mn|k)\b/iy;
/** Words written before a number that say what it measures: "섭씨 16.4도", "초속 4.1m" (m/s), "시속 30km" (km/h). */
const LEADING_UNIT = /(섭씨|초속|시속)\s*/y;

/** The unit a leading word and the unit written after the number make together (초속 + m → m/s). */
function withLeadingUnit(word: string | undefined, after: Unit | undefined): Unit | undefined {
  if (word === '섭씨') return after && after.family !== 'temperature' ? after : UNITS['°c'];
  if (word === undefined || (after && after.family !== 'length')) return after;
  const perSecond = word === '초속' ? 1 : 1 / 3600;
  return { family: 'speed', factor: (after?.factor ?? (word === '초속' ? 1 : 1000)) * perSecond };
}

function unitAt(text: string, at: number): { unit: Unit; end: number } | undefined {
  const rest = text.slice(at);
  const lead = /^\s*/.exec(rest)![0].length;
  const lower = rest.slice(lead).toLowerCase();
  for (const key of unitKeys) {
    if (!lower.startsWith(key)) continue;
    const after = lower[key.length];
    // A unit of Latin letters is a whole word ("m" is not the start of "mango"); Hangul units are glued to endings.
    if (/^[a-zµμ]/.test(key) && after !== undefined && /[a-z]/.test(after)) continue;
    return { unit: UNITS[key]!, end: at + lead + key.length };
  }
  return undefined;
}

/** Every quantity the text writes, in order. The text is read NFKC (㎍/㎥ → μg/m3, ℃ → °C). */
export function findQuantities(raw: string): Quantity[] {
  const text = raw.normalize('NFKC');
  const out: Quantity[] = [];
  let at = 0;
  while (at < text.length) {
    const native = nativeAt(text, at);
    if (native) {
      out.push(native);
      at = native.end;
      continue;
    }
    LEADING_UNIT.lastIndex = at;
    const lead = LEADING_UNIT.exec(text);
    const from = at + (lead?.[0].length ?? 0);
    GROUP.lastIndex = from;
    const m = GROUP.exec(text);
    if (!m) {
      at++;
      continue;
    }
    // Digits glued to Latin letters ("PM10", "PM2.5", "v2") are a name, not a quantity.
    if (at > 0 && /[A-Za-z]/.test(text[at - 1]!) && !m[1]) {
      at = from + m[0].length;
      continue;
    }
    const sign = m[1] === '영하' || m[1] === '마이너스' || m[1]?.toLowerCase() === 'minus' || m[1] === '-' || m[1] === '−' ? -1 : 1;
    let value = Number(m[2]!.replace(/,/g, '')) * (m[3] ? numeralScale(m[3]) : 1);
    let scaled = m[3] !== undefined;
    let end = from + m[0].length;
    let lastScale = m[3] ? numeralScale(m[3]) : 1;
    // "8억 2,500만", "8만 7천", "917만 5,694": a smaller numeral (or a plain number under the last one) right after a
    // larger one continues the same amount.
    while (scaled && lastScale > 1) {
      GROUP.lastIndex = end;
      const next = GROUP.exec(text);
      if (!next || next[1]) break;
      const part = Number(next[2]!.replace(/,/g, '')) * (next[3] ? numeralScale(next[3]) : 1);
      const scale = next[3] ? numeralScale(next[3]) : 1;
      if (scale >= lastScale || part >= lastScale) break;
      value += part;
      lastScale = scale;
      end += next[0].length;
    }
    ENGLISH.lastIndex = end;
    const english = ENGLISH.exec(text);
    if (english && !scaled) {
      value *= ENGLISH_SCALE[english[1]!.toLowerCase()]!;
      scaled = true;
      end += english[0].length;
    }
    const unit = unitAt(text, end);
    // 영하 is a temperature below zero whether or not a unit follows.
    const temperature = m[1] === '영하' || m[1] === '영상' ? UNITS['°c'] : undefined;
    const measured = withLeadingUnit(lead?.[1], unit?.unit ?? temperature);
    out.push({
      value: sign * value,
      written: m[2]!,
      ...(measured ? { unit: measured } : {}),
      scaled,
      start: at,
      end: unit?.end ?? end,
    });
    at = unit?.end ?? end;
  }
  return out;
}

/** A native Korean number before a counter ("두 곳") or a count of days in words ("이틀") starting at `at`. */
function nativeAt(text: string, at: number): Quantity | undefined {
  if (at > 0 && /[가-힣]/.test(text[at - 1]!)) return undefined;
  const rest = text.slice(at);
  for (const [word, days] of Object.entries(DAY_WORDS))
    if (rest.startsWith(word)) return { value: days, written: String(days), unit: UNITS['일'], scaled: false, start: at, end: at + word.length };
  const m = NATIVE_NUMBER.exec(rest);
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  // "스무" is twenty only on its own before a counter ("스무 개", but "스물한 개").
  if (m[1] === '스무' && m[2] !== undefined) return undefined;
  const value = (m[1] ? NATIVE_TENS[m[1]]! : 0) + (m[2] ? NATIVE_UNITS[m[2]]! : 0);
  const counter = COUNTERS.find((c) => m[3]!.startsWith(c));
  if (!counter) return undefined;
  const unit = counter === '시간' ? UNITS['시간'] : counter === '달' || counter === '해' ? undefined : UNITS['건'];
  const end = at + m[0].length - (m[3]!.length - counter.length);
  return { value, written: String(value), ...(unit ? { unit } : {}), scaled: false, start: at, end };
}
