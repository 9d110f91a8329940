// Values a synthesized person states, as they would: regions from the official 법정동 list, and in a handful of
// 시군구 across the country the addresses, tourist places, hospitals, pharmacies and air-quality stations the
// backend itself lists there (found by listing calls that are not part of any sample), so that a question names
// something that exists. Dates and months are relative to the moment asked. One question's values come from one
// place: a hospital in the 읍면동 it names, an address in the 시군구 it names.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CallResult } from '../../core/gateway/callResult.ts';
import { Rng } from '../../core/random.ts';
import { SIDO_NAMES, sidoShortName } from '../../core/region/sidoNames.ts';
import type { Intent } from '../../core/synth/intents.ts';
import {
  addressValue,
  bizNoValue,
  dateValue,
  dayFrom,
  emdValue,
  hourValue,
  latLonValue,
  monthFrom,
  monthValue,
  nameValue,
  radiusValue,
  sidoValue,
  sigunguValue,
  stationValue,
  statTopicValue,
  yearValue,
  type InputKind,
  type Locale,
  type StatedValue,
} from '../../core/synth/statedInputs.ts';
import { kst } from '../../core/time/kst.ts';

export type InputCaller = (tool: string, args: Record<string, unknown>) => Promise<CallResult>;

export interface IntentValuesOptions {
  call: InputCaller;
  resourcesDir: string;
  asOf: Date;
  /** Seeds which 시군구 are explored. */
  seed: string;
  /** 시군구 explored for names and addresses. Defaults to 24. */
  places?: number;
  /**
   * Business registration numbers a person could state: businesses the backend's register knows (the emulator's
   * world lists its own). No public service lists them, so without these no question states a business number.
   */
  businessNumbers?: string[];
}

interface Named {
  name: string;
  emd?: string;
}

/** A 시군구 and what the backend lists there. */
interface Place {
  locale: Required<Pick<Locale, 'sido' | 'sigungu'>>;
  code5: string;
  emds: string[];
  addresses: (Named & { road: string })[];
  sights: Named[];
  hospitals: Named[];
  pharmacies: Named[];
  stations: string[];
}

/** Search words people type into TourAPI and KOSIS. */
const TOUR_WORDS = ['궁', '해변', '공원', '시장', '박물관', '사찰', '폭포', '계곡', '한옥', '전망대', '미술관', '수목원'];
const STAT_WORDS = ['인구', '미분양', '주택', '고용', '물가', '출생'];
const RADII = [300, 500, 1000, 1500, 2000];
/** Kinds that name one thing somewhere: drawn before the region kinds of the same question. */
const ENTITIES: ReadonlySet<InputKind> = new Set(['address', 'place', 'hospital', 'pharmacy']);
const present = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export class IntentValues {
  private readonly options: IntentValuesOptions;
  private readonly places: Place[] = [];
  private readonly coordinates = new Map<string, { lat: number; lon: number } | null>();
  private readonly businessNumbers: string[];

  private constructor(options: IntentValuesOptions) {
    this.options = options;
    const rng = Rng.for('business-numbers', options.seed);
    this.businessNumbers = rng.shuffle([...(options.businessNumbers ?? [])]).slice(0, 80);
  }

  /** Explores `places` 시군구 spread over the 시도 (a listing call or four in each). */
  static async prepare(options: IntentValuesOptions): Promise<IntentValues> {
    const sources = new IntentValues(options);
    const regions = readFileSync(path.join(options.resourcesDir, 'regions', 'legal-dong-codes.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'))
      .filter((cells) => cells[2]?.trim() === '존재' && cells[0]?.length === 10)
      .map(([code, name]) => ({ code: code!, name: name! }));
    const hasGu = new Set(regions.filter((r) => /구$/.test(r.name) && r.code.slice(4, 5) !== '0').map((r) => r.code.slice(0, 4)));
    // 시군구 with a name of their own (세종특별자치시 has none), a city's 구 rather than the city.
    const sigungu = regions.filter(
      (r) =>
        r.code.endsWith('00000') &&
        !r.code.endsWith('00000000') &&
        !(r.code.slice(4, 5) === '0' && hasGu.has(r.code.slice(0, 4))) &&
        r.name.split(' ').length > 1,
    );
    const rng = Rng.for('input-places', options.seed);
    const bySido = new Map<string, typeof sigungu>();
    for (const r of sigungu) bySido.set(r.code.slice(0, 2), [...(bySido.get(r.code.slice(0, 2)) ?? []), r]);
    const chosen: typeof sigungu = [];
    const count = options.places ?? 24;
    const sidos = [...bySido.keys()].sort();
    for (let i = 0; chosen.length < count && i < count * 4; i++) {
      const list = bySido.get(sidos[i % sidos.length]!)!.filter((r) => !chosen.includes(r));
      if (list.length) chosen.push(rng.pick(list));
    }
    const stations = new Map<string, string[]>();
    for (const region of chosen) {
      const sido = SIDO_NAMES[region.code.slice(0, 2)]!.name;
      const locale = { sido, sigungu: region.name.slice(sido.length + 1) };
      const emds = regions
        .filter((r) => r.code.startsWith(region.code.slice(0, 5)) && r.code.endsWith('00') && !r.code.endsWith('00000'))
        .map((r) => r.name.split(' ').pop()!);
      if (!stations.has(sido))
        stations.set(
          sido,
          await sources.list('airkorea.getCtprvnRltmMesureDnsty', { sidoName: sidoShortName(sido), numOfRows: 100 }, (r) =>
            present(r.stationName) ? r.stationName : undefined,
          ),
        );
      const juso = await sources.rows('juso.addrLinkApi', { keyword: region.name, countPerPage: 100 });
      const addresses = juso.flatMap((r) =>
        present(r.roadAddrPart1) && present(r.emdNm) && String(r.roadAddrPart1).startsWith(region.name)
          ? [{ road: String(r.roadAddrPart1), name: String(r.bdNm ?? ''), emd: String(r.emdNm) }]
          : [],
      );
      const sights = await sources.named(
        'tour.areaBasedList2',
        { lDongRegnCd: region.code.slice(0, 2), lDongSignguCd: region.code.slice(2, 5), contentTypeId: '12', numOfRows: 100 },
        'title',
        'addr1',
      );
      const hospitals = await sources.named('nmc.getHsptlMdcncListInfoInqire', { Q0: sido, Q1: locale.sigungu, numOfRows: 100 }, 'dutyName', 'dutyAddr');
      const pharmacies = await sources.named('nmc.getParmacyListInfoInqire', { Q0: sido, Q1: locale.sigungu, numOfRows: 100 }, 'dutyName', 'dutyAddr');
      sources.places.push({ locale, code5: region.code.slice(0, 5), emds, addresses, sights, hospitals, pharmacies, stations: stations.get(sido) ?? [] });
    }
    return sources;
  }

  private async rows(tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const result = await this.options.call(tool, args);
    return result.ok ? result.items : [];
  }

  private async list(tool: string, args: Record<string, unknown>, take: (row: Record<string, unknown>) => string | undefined): Promise<string[]> {
    return [...new Set((await this.rows(tool, args)).map(take).filter((v): v is string => v !== undefined))];
  }

  /** Names a list gives once each (a name given twice in one 시군구 would not say which), with the 읍면동 of their address. */
  private async named(tool: string, args: Record<string, unknown>, nameField: string, addrField: string): Promise<Named[]> {
    const rows = await this.rows(tool, args);
    const names = rows.map((r) => r[nameField]).filter(present);
    return rows.flatMap((r) => {
      const name = r[nameField];
      if (!present(name) || names.filter((n) => n === name).length > 1) return [];
      const emd = /([가-힣0-9]+[동읍면가])(\s|$|,|\))/.exec(String(r[addrField] ?? ''))?.[1];
      return [{ name, ...(emd ? { emd } : {}) }];
    });
  }

  /** Coordinates of an address, as a person reading them off a map would give them (4 decimals). */
  private async coordinatesOf(road: string): Promise<{ lat: number; lon: number } | undefined> {
    if (!this.coordinates.has(road)) {
      const row = (await this.rows('vworld.getCoord', { address: road, type: 'road' }))[0];
      const lat = Number(row?.y);
      const lon = Number(row?.x);
      this.coordinates.set(road, Number.isFinite(lat) && Number.isFinite(lon) && row ? { lat: Number(lat.toFixed(4)), lon: Number(lon.toFixed(4)) } : null);
    }
    return this.coordinates.get(road) ?? undefined;
  }

  /** Values for every input of an intent, from one place; undefined when the place drawn lacks one of them. */
  async draw(intent: Intent, rng: Rng): Promise<Record<string, StatedValue> | undefined> {
    const places = intent.scope ? this.places.filter((p) => intent.scope!.sido.includes(p.locale.sido)) : this.places;
    if (places.length === 0) return undefined;
    const place = rng.pick(places);
    let emd = place.emds.length ? rng.pick(place.emds) : undefined;
    const values: Record<string, StatedValue> = {};
    // Named things first: a 읍면동 asked about with one is the one it is in (a hospital "in 청운동").
    const slots = (Object.entries(intent.inputs) as [string, InputKind][]).sort(
      ([sa, a], [sb, b]) => Number(sa === intent.each?.second) - Number(sb === intent.each?.second) || Number(ENTITIES.has(b)) - Number(ENTITIES.has(a)),
    );
    for (const [slot, kind] of slots) {
      // The second of two values a question compares is another one of its kind (another month, another 읍면동).
      const first = intent.each?.second === slot ? values[intent.each.slot] : undefined;
      let value: StatedValue | undefined;
      for (let tries = 0; tries < 6 && (value === undefined || value.text === first?.text); tries++) {
        const where = first ? rng.pick(places) : place;
        value = await this.value(kind, where, first && where.emds.length ? rng.pick(where.emds) : emd, rng);
        if (!value) return undefined;
      }
      if (!value || value.text === first?.text) return undefined;
      if (ENTITIES.has(kind) && value.locale?.emd) emd = value.locale.emd;
      values[slot] = value;
    }
    return values;
  }

  private async value(kind: InputKind, place: Place, emd: string | undefined, rng: Rng): Promise<StatedValue | undefined> {
    const { asOf } = this.options;
    const pickOf = <T>(list: T[]): T | undefined => (list.length ? rng.pick(list) : undefined);
    switch (kind) {
      case 'sido':
        return sidoValue(place.locale.sido);
      case 'sigungu':
        return sigunguValue(place.locale);
      case 'emd':
        return emd ? emdValue({ ...place.locale, emd }) : undefined;
      case 'address': {
        const a = pickOf(place.addresses);
        return a ? addressValue(a.road, { ...place.locale, ...(a.emd ? { emd: a.emd } : {}) }) : undefined;
      }
      case 'place': {
        const s = pickOf(place.sights);
        return s ? nameValue('place', s.name, { ...place.locale, ...(s.emd ? { emd: s.emd } : {}) }) : undefined;
      }
      case 'hospital': {
        const h = pickOf(place.hospitals);
        return h ? nameValue('hospital', h.name, { ...place.locale, ...(h.emd ? { emd: h.emd } : {}) }) : undefined;
      }
      case 'pharmacy': {
        const p = pickOf(place.pharmacies);
        return p ? nameValue('pharmacy', p.name, { ...place.locale, ...(p.emd ? { emd: p.emd } : {}) }) : undefined;
      }
      case 'keyword':
        return nameValue('keyword', rng.pick(TOUR_WORDS));
      case 'station': {
        const s = pickOf(place.stations);
        return s ? stationValue(s, { sido: place.locale.sido }) : undefined;
      }
      case 'statTopic':
        return statTopicValue(rng.pick(STAT_WORDS));
      case 'bizNo':
        return this.businessNumbers.length ? bizNoValue(rng.pick(this.businessNumbers)) : undefined;
      case 'radius':
        return radiusValue(rng.pick(RADII));
      case 'latlon': {
        const a = pickOf(place.addresses);
        const point = a ? await this.coordinatesOf(a.road) : undefined;
        return point ? { ...latLonValue(point.lat, point.lon), locale: { ...place.locale } } : undefined;
      }
      case 'month':
        return monthValue(monthFrom(asOf, rng.int(-3, 1)), asOf);
      case 'date':
        return dateValue(dayFrom(asOf, rng.pick([0, 0, 1, 2, 7, 10, 14, 30])), asOf);
      case 'year': {
        const year = kst(asOf).getUTCFullYear();
        return yearValue(String(rng.pick([year, year - 1, year - 2])), asOf);
      }
      case 'hour': {
        const now = kst(asOf);
        const ahead = rng.int(1, 5);
        const at = new Date(now.getTime() + ahead * 3_600_000);
        const tomorrow = rng.chance(0.4);
        const day = tomorrow ? dayFrom(asOf, 1) : dayFrom(asOf, Math.floor((now.getUTCHours() + ahead) / 24));
        const hh = tomorrow ? rng.pick(['0900', '1200', '1500', '1800']) : `${String(at.getUTCHours()).padStart(2, '0')}00`;
        return hourValue(day, hh, asOf);
      }
    }
  }
}
