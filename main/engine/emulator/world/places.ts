// Everything that has an address in the emulator's world, built per 시군구 on first use and the same for a seed
// every time: roads, buildings (with their lots, road addresses and management numbers), apartment complexes,
// shops, hospitals and pharmacies, tourism content, bus stops and air-quality stations. One entity appears in
// every API that would know it, so a value one API returns finds data in the API it chains to.
import type { LatLon } from '../../../core/geo/transverseMercator.ts';
import { Rng } from '../../../core/random.ts';
import { kst, ymd } from '../../../core/time/kst.ts';
import { EXAMPLE_LOTS, hasExampleFestival, knownTour, withExampleStops, withExampleYkiho, type ExampleLot } from './exampleIds.ts';
import { landline } from './telephone.ts';
import { offset, type Emd, type RegionIndex, type Sigungu } from './regions.ts';

export interface Road {
  name: string;
  code12: string;
  /** The 읍면동 the road runs through (its name comes from theirs), so an address on it lies there. */
  emds: string[];
}

export type BuildingKind = 'apartment' | 'officetel' | 'commercial' | 'house' | 'landmark';

export interface Building {
  key: string;
  kind: BuildingKind;
  name: string | null;
  emd: Emd;
  mtYn: '0' | '1';
  bun: number;
  ji: number;
  road: Road;
  buldMnnm: number;
  buldSlno: number;
  bdMgtSn: string;
  zipNo: string;
  point: LatLon;
  grndFlrCnt: number;
  ugrndFlrCnt: number;
  heit: number;
  archArea: number;
  totArea: number;
  useAprDay: string;
  hhldCnt: number;
  elevators: number;
  /** Apartment 동 names (101동 …); one unnamed entry for other buildings. */
  dongs: string[];
  /** Exclusive areas of the units (apartments and officetels). */
  unitAreas: number[];
  mainPurpose: string;
  structure: string;
  /** 만원 per ㎡ for sales, for apartments and officetels. */
  unitPrice: number;
}

export interface Shop {
  bizesId: string;
  name: string;
  branch: string | null;
  building: Building;
  floor: string;
  industry: IndustryClass;
  point: LatLon;
}

export interface IndustryClass {
  lcls: [string, string];
  mcls: [string, string];
  scls: [string, string];
  ksic: [string, string];
}

export interface Facility {
  id: string;
  kind: 'hospital' | 'pharmacy';
  name: string;
  clCd: string;
  clCdNm: string;
  departments: string[];
  building: Building;
  point: LatLon;
  tel: string;
  estbDd: string;
  doctors: number;
  /** Opening hours per weekday index 1 (Mon) … 7 (Sun), 8 (public holiday); absent = closed. */
  hours: Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8, [string, string]>>;
  emergency: boolean;
  ykiho: string;
  hpid: string;
}

export interface TourContent {
  contentId: string;
  typeId: '12' | '14' | '15' | '25' | '28' | '32' | '38' | '39';
  title: string;
  sigungu: Sigungu;
  emd: Emd;
  address: string;
  zipNo: string;
  point: LatLon;
  tel: string | null;
  created: string;
  modified: string;
  overview: string;
  /** Festivals: their dates (YYYYMMDD). */
  event?: { start: string; end: string; place: string; hours: string };
  /** detailIntro2's fields where the world knows them (a real place's hours and rest days). */
  intro?: Record<string, string>;
}

/**
 * The years the world holds festivals for. Those through `announcedFirst` were known when the world was made; a
 * later one is listed only from four months before it starts (`isAnnounced`), as an organiser registers it ahead, so
 * a question asked in 2025 reads the world it always read and one asked in 2027 finds 2027's festivals.
 */
export const FESTIVAL_YEARS = { first: 2024, announcedFirst: 2026, last: 2035 } as const;
const ANNOUNCED_AHEAD_MS = 122 * 86_400_000;

/** Whether a place is listed at `now`: always, unless it is a festival not yet announced. */
export function isAnnounced(content: Pick<TourContent, 'event'>, now: Date): boolean {
  if (!content.event || Number(content.event.start.slice(0, 4)) <= FESTIVAL_YEARS.announcedFirst) return true;
  return content.event.start <= ymd(kst(new Date(now.getTime() + ANNOUNCED_AHEAD_MS)));
}

export interface BusStop {
  id: string;
  name: string;
  number: string;
  point: LatLon;
  /** TAGO city code (outside Seoul), or undefined for Seoul stops. */
  cityCode?: string;
  /** Seoul: 5-digit ARS number ("0" for a virtual stop) and 9-digit station id. */
  arsId?: string;
  stationId?: string;
  routes: { id: string; no: string; type: string }[];
}

export interface AirStation {
  name: string;
  code: string;
  addr: string;
  sido: string;
  point: LatLon;
  mangName: string;
  year: number;
}

export interface SigunguPlaces {
  roads: Road[];
  buildings: Building[];
  shops: Shop[];
  facilities: Facility[];
  tour: TourContent[];
  stops: BusStop[];
  stations: AirStation[];
}

/** When festivals open and close, as TourAPI's \`playtime\` writes them ("10:00~21:00"). */
const FESTIVAL_OPENS = ['09:00', '09:30', '10:00', '10:30', '11:00', '12:00', '13:00'];
const FESTIVAL_CLOSES = ['17:00', '17:30', '18:00', '19:00', '20:00', '21:00', '22:00'];

const APT_BRANDS = [
  '래미안',
  '자이',
  '푸르지오',
  '힐스테이트',
  '아이파크',
  'e편한세상',
  '롯데캐슬',
  '더샵',
  '센트럴',
  '한신',
  '현대',
  '우성',
  '주공',
  '삼익',
  '벽산',
];
const UNIT_AREAS = [39.6, 49.8, 59.94, 74.92, 84.97, 101.9, 114.8, 134.5];

/** The first two digits of 국가기초구역번호 (postal codes) by province. */
const ZIP_PREFIX: Record<string, [number, number]> = {
  '11': [1, 8],
  '41': [10, 18],
  '28': [21, 23],
  '51': [24, 26],
  '43': [27, 29],
  '36': [30, 30],
  '44': [31, 33],
  '30': [34, 35],
  '47': [36, 40],
  '27': [41, 43],
  '31': [44, 45],
  '26': [46, 49],
  '48': [50, 53],
  '52': [54, 56],
  '46': [57, 60],
  '29': [61, 62],
  '50': [63, 63],
};

/** Sale price level, 만원 per ㎡, by province (the emulator's own market, in the right order of magnitude). */
const PRICE_LEVEL: Record<string, number> = {
  '11': 1150,
  '41': 560,
  '28': 450,
  '26': 450,
  '27': 400,
  '30': 400,
  '29': 360,
  '31': 380,
  '36': 480,
};
const PREMIUM_SIGUNGU = new Set(['11680', '11650', '11710', '11170', '11440', '11200', '41135', '41465']);

export const INDUSTRIES: IndustryClass[] = [
  { lcls: ['I2', '음식'], mcls: ['I201', '한식'], scls: ['I20101', '백반/한정식'], ksic: ['I56111', '한식 일반 음식점업'] },
  { lcls: ['I2', '음식'], mcls: ['I212', '비알코올'], scls: ['I21201', '카페'], ksic: ['I56221', '커피 전문점'] },
  { lcls: ['I2', '음식'], mcls: ['I210', '기타 간이'], scls: ['I21006', '김밥/만두/분식'], ksic: ['I56194', '분식 및 김밥 전문점'] },
  { lcls: ['G2', '소매'], mcls: ['G204', '종합 소매'], scls: ['G20405', '편의점'], ksic: ['G47122', '체인화 편의점'] },
  { lcls: ['G2', '소매'], mcls: ['G215', '의약·화장품 소매'], scls: ['G21501', '약국'], ksic: ['G47811', '약국'] },
  { lcls: ['S2', '수리·개인'], mcls: ['S207', '이용·미용'], scls: ['S20701', '미용실'], ksic: ['S96112', '두발 미용업'] },
  { lcls: ['S2', '수리·개인'], mcls: ['S209', '세탁'], scls: ['S20901', '세탁소'], ksic: ['S96912', '가정용 세탁업'] },
  { lcls: ['P1', '교육'], mcls: ['P105', '일반 교육'], scls: ['P10501', '입시·교과학원'], ksic: ['P85501', '일반 교과 학원'] },
  { lcls: ['L1', '부동산'], mcls: ['L102', '부동산 서비스'], scls: ['L10203', '부동산 중개/대리업'], ksic: ['L68221', '부동산 중개 및 대리업'] },
  { lcls: ['Q1', '보건의료'], mcls: ['Q102', '의원'], scls: ['Q10201', '일반 의원'], ksic: ['Q86201', '일반 의원'] },
];

const DEPARTMENTS: [string, string][] = [
  ['01', '내과'],
  ['11', '소아청소년과'],
  ['05', '정형외과'],
  ['13', '이비인후과'],
  ['14', '피부과'],
  ['12', '안과'],
  ['23', '가정의학과'],
  ['10', '산부인과'],
];

function stem(name: string): string {
  return name.replace(/(\d+가)?(동|읍|면|리|가)$/, '').replace(/제?\d+$/, '') || name;
}

function yyyymmdd(year: number, rng: Rng): string {
  return `${year}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}`;
}

export class Places {
  private readonly seed: number;
  private readonly regions: RegionIndex;
  private readonly cache = new Map<string, SigunguPlaces>();
  private allBuilt = false;

  constructor(seed: number, regions: RegionIndex) {
    this.seed = seed;
    this.regions = regions;
  }

  of(sigungu: Sigungu): SigunguPlaces {
    let places = this.cache.get(sigungu.code5);
    if (!places) {
      places = this.build(sigungu);
      this.cache.set(sigungu.code5, places);
    }
    return places;
  }

  /** Every 시군구's places (built once; a nationwide search needs them all). */
  all(): SigunguPlaces[] {
    if (!this.allBuilt) {
      for (const s of this.regions.leafSigungus()) this.of(s);
      this.allBuilt = true;
    }
    return [...this.cache.values()];
  }

  /** Places of the 시군구 within `km` of a point (the point's own and its neighbours'). */
  near(point: LatLon, km: number): SigunguPlaces[] {
    const cos = Math.cos((point.lat * Math.PI) / 180);
    return this.regions
      .leafSigungus()
      .filter((s) => Math.hypot((s.center.lat - point.lat) * 111, (s.center.lon - point.lon) * 111 * cos) <= km + s.spreadKm * 1.6 + 2)
      .map((s) => this.of(s));
  }

  private build(sigungu: Sigungu): SigunguPlaces {
    const rng = Rng.for(this.seed, 'places', sigungu.code5);
    const emds = this.regions.emdsOf(sigungu.code5);
    const urban = !sigungu.name.endsWith('군');
    const roads = this.roads(sigungu, emds, rng);
    const buildings: Building[] = [];
    const level = (PRICE_LEVEL[sigungu.sido.code2] ?? 250) * (PREMIUM_SIGUNGU.has(sigungu.code5) ? 1.9 : 1) * rng.float(0.8, 1.2);
    emds.forEach((emd, i) => {
      const e = Rng.for(this.seed, 'emd-places', emd.code10);
      const kinds: BuildingKind[] = [];
      if (e.chance(urban ? 0.85 : 0.3)) kinds.push('apartment');
      if (urban && e.chance(0.35)) kinds.push('officetel');
      kinds.push('commercial');
      if (urban || e.chance(0.5)) kinds.push('commercial');
      kinds.push('house');
      const own = roads.filter((r) => r.emds.includes(emd.code10));
      const through = own.length ? own : roads;
      for (const kind of kinds) buildings.push(this.building(kind, emd, through[(i + buildings.length) % through.length]!, e, level));
    });
    if (sigungu.code5 === '11140') buildings.push(this.cityHall());
    for (const lot of EXAMPLE_LOTS.filter((l) => l.emd.startsWith(sigungu.code5))) buildings.push(this.exampleBuilding(lot, roads, level));
    const shops = buildings.filter((b) => this.hasShops(b)).flatMap((b) => this.shopsIn(b));
    const facilities = withExampleYkiho(sigungu.code5, this.facilities(buildings, urban));
    const tour = [...this.tour(sigungu, emds, roads), ...knownTour(sigungu.code5, this.regions)];
    const stops = withExampleStops(sigungu.code5, this.stops(sigungu, emds));
    const stations = this.stations(sigungu, emds);
    return { roads, buildings, shops, facilities, tour, stops, stations };
  }

  /**
   * Roads named after the 읍면동 they run through, as Korean road names mostly are: a 로 for each 읍면동 name and a
   * few numbered 길 branching off them; each road serves the 읍면동 whose name it carries.
   */
  private roads(sigungu: Sigungu, emds: Emd[], rng: Rng): Road[] {
    const byStem = new Map<string, string[]>();
    // "직동" gives 직동로, not 직로: a one-syllable stem keeps its 동.
    const root = (e: Emd): string => (stem(e.name).length >= 2 ? stem(e.name) : e.name);
    for (const e of emds) byStem.set(root(e), [...(byStem.get(root(e)) ?? []), e.code10]);
    const stems = [...byStem.keys()];
    const named = new Map<string, string[]>();
    for (const s of stems) named.set(`${s}로`, byStem.get(s)!);
    const branches = Math.max(2, Math.min(8, stems.length));
    for (let i = 0; i < branches * 3 && named.size < stems.length + branches; i++) {
      const s = rng.pick(stems.length ? stems : [sigungu.name]);
      named.set(`${s}${rng.int(1, 30)}길`, byStem.get(s) ?? emds.map((e) => e.code10));
    }
    return [...named].map(([name, through], i) => ({ name, code12: `${sigungu.code5}${String(100 + i).padStart(3, '0')}${rng.digits(4)}`, emds: through }));
  }

  private zip(sido: string, rng: Rng): string {
    const [lo, hi] = ZIP_PREFIX[sido] ?? [1, 63];
    return `${String(rng.int(lo, hi)).padStart(2, '0')}${rng.digits(3)}`;
  }

  private building(kind: BuildingKind, emd: Emd, road: Road, rng: Rng, level: number): Building {
    const point = offset(emd.center, rng.float(0, 2 * Math.PI), rng.float(0.05, 0.6));
    const bun = rng.int(1, kind === 'apartment' ? 900 : 1500);
    const ji = rng.chance(0.55) ? 0 : rng.int(1, 40);
    const s = stem(emd.name);
    const buildYear = kind === 'apartment' ? rng.int(1985, 2023) : rng.int(1978, 2024);
    const hhldCnt = kind === 'apartment' ? rng.int(120, 2400) : kind === 'officetel' ? rng.int(80, 600) : kind === 'house' ? rng.int(1, 8) : 0;
    const floors = kind === 'apartment' ? rng.int(10, 35) : kind === 'officetel' ? rng.int(12, 25) : kind === 'commercial' ? rng.int(3, 12) : rng.int(2, 4);
    const dongs = kind === 'apartment' ? Array.from({ length: Math.max(1, Math.ceil(hhldCnt / 130)) }, (_, i) => `${101 + i}동`) : [''];
    const names: Record<BuildingKind, () => string | null> = {
      apartment: () => `${s}${rng.pick(APT_BRANDS)}${rng.chance(0.3) ? `${rng.int(1, 3)}단지` : ''}`,
      officetel: () => `${s}${rng.pick(['타워', '스퀘어', '시티', '리버뷰'])}오피스텔`,
      commercial: () => `${s}${rng.pick(['빌딩', '프라자', '상가', '타워', '센터'])}`,
      house: () => null,
      landmark: () => null,
    };
    const archArea = Math.round(rng.float(kind === 'house' ? 60 : 400, kind === 'apartment' ? 9000 : 2500) * 100) / 100;
    const areas =
      kind === 'apartment' ? UNIT_AREAS.filter(() => rng.chance(0.45)).slice(0, 4) : kind === 'officetel' ? [rng.pick([19.8, 24.5, 29.7, 33.1, 42.6])] : [];
    return {
      key: `${emd.code10}-${bun}-${ji}`,
      kind,
      name: names[kind](),
      emd,
      mtYn: '0',
      bun,
      ji,
      road,
      buldMnnm: rng.int(1, 320),
      buldSlno: rng.chance(0.7) ? 0 : rng.int(1, 20),
      bdMgtSn: `${emd.code10}0${String(bun).padStart(4, '0')}${String(ji).padStart(4, '0')}${rng.digits(6)}`,
      zipNo: this.zip(emd.sigungu.sido.code2, rng),
      point,
      grndFlrCnt: floors,
      ugrndFlrCnt: kind === 'house' ? 0 : rng.int(1, 4),
      heit: Math.round(floors * rng.float(2.9, 3.3) * 10) / 10,
      archArea,
      totArea: Math.round(archArea * floors * rng.float(0.6, 0.95) * 100) / 100,
      useAprDay: yyyymmdd(buildYear, rng),
      hhldCnt,
      elevators: kind === 'house' ? 0 : Math.max(1, Math.ceil(floors / 8)) * dongs.length,
      dongs,
      unitAreas: areas.length ? areas : kind === 'apartment' ? [84.97] : [],
      mainPurpose: { apartment: '공동주택', officetel: '업무시설', commercial: '제2종근린생활시설', house: '단독주택', landmark: '업무시설' }[kind],
      structure: kind === 'house' ? '벽돌구조' : '철근콘크리트구조',
      unitPrice: Math.round(level * (kind === 'officetel' ? 0.55 : 1) * (1 + (buildYear - 2005) * 0.008) * rng.float(0.85, 1.2)),
    };
  }

  /** A building of the world on a lot an example names, on a road through its 읍면동. */
  private exampleBuilding(lot: ExampleLot, roads: Road[], level: number): Building {
    const emd = this.regions.emd(lot.emd)!;
    const road = roads.find((r) => r.emds.includes(emd.code10)) ?? roads[0]!;
    const built = this.building(lot.kind, emd, road, Rng.for(this.seed, 'example-lot', lot.emd, String(lot.bun)), level);
    const bdMgtSn = lot.bdMgtSn ?? `${emd.code10}0${String(lot.bun).padStart(4, '0')}${String(lot.ji).padStart(4, '0')}${built.bdMgtSn.slice(-6)}`;
    return { ...built, key: `${emd.code10}-${lot.bun}-${lot.ji}`, mtYn: '0', bun: lot.bun, ji: lot.ji, bdMgtSn };
  }

  /** Seoul City Hall: a real building at its real address and position, so documented examples work. */
  private cityHall(): Building {
    const emd = this.regions.emd('1114010300')!;
    return {
      key: '1114010300-31-0',
      kind: 'landmark',
      name: '서울특별시청',
      emd,
      mtYn: '0',
      bun: 31,
      ji: 0,
      road: { name: '세종대로', code12: '111402005001', emds: ['1114010300'] },
      buldMnnm: 110,
      buldSlno: 0,
      bdMgtSn: '1114010300100310000000001',
      zipNo: '04524',
      point: { lat: 37.5663, lon: 126.9779 },
      grndFlrCnt: 13,
      ugrndFlrCnt: 5,
      heit: 62.1,
      archArea: 4806.8,
      totArea: 90787.86,
      useAprDay: '20120829',
      hhldCnt: 0,
      elevators: 14,
      dongs: [''],
      unitAreas: [],
      mainPurpose: '업무시설',
      structure: '철골철근콘크리트구조',
      unitPrice: 0,
    };
  }

  /** Shops stand in commercial buildings, officetels and landmarks, and in apartment complexes (단지 내 상가): every large one, half the small ones. */
  private hasShops(b: Building): boolean {
    if (b.kind === 'commercial' || b.kind === 'officetel' || b.kind === 'landmark') return true;
    return b.kind === 'apartment' && (b.hhldCnt >= 300 || Rng.for(this.seed, 'complex-shops', b.bdMgtSn).chance(0.5));
  }

  private shopsIn(building: Building): Shop[] {
    const rng = Rng.for(this.seed, 'shops', building.bdMgtSn);
    const count = building.kind === 'commercial' ? rng.int(2, 9) : rng.int(1, 4);
    const s = stem(building.emd.name);
    return Array.from({ length: count }, (_, i) => {
      const industry = rng.pick(INDUSTRIES);
      const label = industry.scls[1].split('/')[0]!;
      return {
        bizesId: `MA${building.emd.code10.slice(0, 4)}${rng.digits(14)}`,
        name: `${rng.pick([s, '행복', '우리', '새', '한빛', '으뜸', '미소', '소담'])}${label}`,
        branch: rng.chance(0.15) ? `${s}점` : null,
        building,
        floor: String(Math.min(building.grndFlrCnt, 1 + (i % Math.max(1, Math.min(3, building.grndFlrCnt))))),
        industry,
        point: offset(building.point, rng.float(0, 2 * Math.PI), rng.float(0, 0.02)),
      };
    });
  }

  private facilities(buildings: Building[], urban: boolean): Facility[] {
    const out: Facility[] = [];
    for (const b of buildings.filter((x) => x.kind === 'commercial')) {
      const rng = Rng.for(this.seed, 'facilities', b.bdMgtSn);
      const s = stem(b.emd.name);
      const clinics = rng.poisson(urban ? 1.1 : 0.5);
      for (let i = 0; i < clinics; i++) {
        const dept = rng.pick(DEPARTMENTS);
        const dental = rng.chance(0.15);
        const oriental = !dental && rng.chance(0.12);
        const big = !dental && !oriental && rng.chance(0.06);
        const name = dental
          ? `${s}${rng.pick(['', '서울', '연세', '미소'])}치과의원`
          : oriental
            ? `${s}${rng.pick(['', '경희', '동의'])}한의원`
            : big
              ? `${s}${rng.pick(['', '제일', '세란', '중앙'])}병원`
              : `${rng.pick([s, '튼튼', '바른', '연세', '서울', '365'])}${dept[1]}의원`;
        const clCd = dental ? '51' : oriental ? '93' : big ? '21' : '31';
        out.push(this.facility(rng, b, 'hospital', name, clCd, dental ? ['49'] : oriental ? ['80'] : [dept[0], '00'], big));
      }
      if (rng.chance(urban ? 0.8 : 0.45))
        out.push(this.facility(rng, b, 'pharmacy', `${rng.pick([s, '온누리', '건강', '우리', '봄', '365'])}약국`, '81', [], false));
    }
    return out;
  }

  private facility(rng: Rng, building: Building, kind: 'hospital' | 'pharmacy', name: string, clCd: string, departments: string[], big: boolean): Facility {
    const open = rng.pick(['0830', '0900', '0930']);
    const close = rng.pick(['1800', '1830', '1900', '2000']);
    const hours: Facility['hours'] = {};
    for (const day of [1, 2, 3, 4, 5] as const) hours[day] = [open, day === 3 && rng.chance(0.2) ? '2100' : close];
    if (rng.chance(0.75)) hours[6] = [open, rng.pick(['1300', '1400', '1500'])];
    if (rng.chance(kind === 'pharmacy' ? 0.25 : 0.1)) hours[7] = ['1000', '1500'];
    if (rng.chance(kind === 'pharmacy' ? 0.2 : big ? 0.5 : 0.08)) hours[8] = ['1000', '1600'];
    const id = `${building.emd.code10}-${name}-${rng.digits(4)}`;
    const clNames: Record<string, string> = { '21': '병원', '31': '의원', '51': '치과의원', '93': '한의원', '81': '약국' };
    return {
      id,
      kind,
      name,
      clCd,
      clCdNm: clNames[clCd] ?? '의원',
      departments,
      building,
      point: offset(building.point, rng.float(0, 2 * Math.PI), 0.01),
      tel: landline(building.emd.sigungu.sido.code2, rng),
      estbDd: yyyymmdd(rng.int(1990, 2024), rng),
      doctors: big ? rng.int(8, 40) : kind === 'pharmacy' ? 0 : rng.int(1, 3),
      hours,
      emergency: big && rng.chance(0.6),
      ykiho: Buffer.from(`KOPA#${id}`).toString('base64').replace(/=+$/, ''),
      hpid: `${kind === 'pharmacy' ? 'C' : 'A'}${building.emd.code10.slice(0, 2)}${rng.digits(5)}`,
    };
  }

  private tour(sigungu: Sigungu, emds: Emd[], roads: Road[]): TourContent[] {
    if (emds.length === 0) return [];
    const rng = Rng.for(this.seed, 'tour', sigungu.code5);
    // A 구 of a city: no farm produce, forests or valleys.
    const urbanDistrict = sigungu.name.endsWith('구');
    // Places are named after their 시군구 or 읍면동 without the suffix ("양천 문화 축제"), unless one syllable would be
    // left ("남구 성곽길", not "남 성곽길").
    const last = sigungu.name.split(' ').pop()!;
    const bare = last.replace(/(특별자치시|시|군|구)$/, '');
    const s = bare.length >= 2 ? bare : last;
    const named = (e: Emd): string => (stem(e.name).length >= 2 ? stem(e.name) : e.name);
    const kinds: [TourContent['typeId'], () => string][] = [
      // Nothing that needs a sea or a mountain valley the map cannot vouch for (no "종로 해변").
      [
        '12',
        () =>
          `${s} ${rng.pick(urbanDistrict ? ['생태공원', '둘레길', '전망대', '향교', '고택', '성곽길'] : ['생태공원', '수목원', '둘레길', '전망대', '향교', '고택', '자연휴양림'])}`,
      ],
      ['12', () => `${named(rng.pick(emds))} ${rng.pick(['공원', '마을', '호수공원', '문화거리'])}`],
      ['14', () => `${s}${rng.pick(['시립미술관', '역사박물관', '문화예술회관', '도서관', '기념관'])}`],
      ['28', () => `${s} ${rng.pick(['자전거길', '캠핑장', '레포츠공원', '수상레저'])}`],
      ['32', () => `${s} ${rng.pick(['한옥스테이', '호텔', '게스트하우스', '리조트'])}`],
      ['38', () => `${s} ${rng.pick(['중앙시장', '아울렛', '특산품판매장'])}`],
      ['39', () => `${rng.pick(['원조', '할매', '명가', '옛날'])} ${s}${rng.pick(['국밥', '칼국수', '한정식', '갈비', '막국수', '순두부'])}`],
      ['39', () => `${s} ${rng.pick(['카페거리 찻집', '빵집', '국수집', '두부마을'])}`],
      ['25', () => `${s} 하루 여행 코스`],
    ];
    const items: TourContent[] = [];
    const add = (typeId: TourContent['typeId'], title: string, when?: Omit<NonNullable<TourContent['event']>, 'hours'>): void => {
      const contentId = String(Number(sigungu.code5) * 100 + items.length);
      // Hours from a stream of their own, keyed by the festival, so that the draws above keep every festival's dates.
      const hours = Rng.for(this.seed, 'festival-hours', contentId);
      const event = when && { ...when, hours: `${hours.pick(FESTIVAL_OPENS)}~${hours.pick(FESTIVAL_CLOSES)}` };
      const emd = rng.pick(emds);
      const road = rng.pick(roads);
      const created = `${rng.int(2008, 2022)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}${String(rng.int(0, 23)).padStart(2, '0')}${rng.digits(4)}`;
      items.push({
        contentId,
        typeId,
        title,
        sigungu,
        emd,
        address: `${sigungu.sido.name} ${sigungu.name} ${road.name} ${rng.int(1, 300)}`,
        zipNo: this.zip(sigungu.sido.code2, rng),
        point: offset(emd.center, rng.float(0, 2 * Math.PI), rng.float(0.1, 1.5)),
        tel: rng.chance(0.7) ? landline(sigungu.sido.code2, rng) : null,
        created,
        modified: `${rng.int(2023, 2025)}${created.slice(4)}`,
        overview: `${title}은(는) ${sigungu.fullName} ${emd.name}에 있습니다. ${event ? `${event.start.slice(0, 4)}년 ${Number(event.start.slice(4, 6))}월 ${Number(event.start.slice(6))}일부터 ${event.end.slice(0, 4) === event.start.slice(0, 4) ? '' : `${event.end.slice(0, 4)}년 `}${Number(event.end.slice(4, 6))}월 ${Number(event.end.slice(6))}일까지 열립니다.` : '지역 주민과 방문객이 즐겨 찾는 곳입니다.'}`,
        ...(event ? { event } : {}),
      });
    };
    for (const [typeId, title] of kinds) if (rng.chance(0.85)) add(typeId, title());
    // A year's festivals (one or two, from March to November) from a random stream, and a winter one (lights or
    // snow, from December into the new year) where the catalog's example looks for one from today.
    const festivals = (from: Rng, year: number): void => {
      const count = from.int(1, 2);
      for (let i = 0; i < count; i++) {
        const month = from.int(3, 11);
        const day = from.int(1, 24);
        const length = from.int(1, 9);
        const start = `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
        const endDay = Math.min(28, day + length);
        const end = `${year}${String(month).padStart(2, '0')}${String(endDay).padStart(2, '0')}`;
        // Themes of the season the festival is held in: cherry blossoms in spring, autumn leaves in autumn.
        const season = month <= 4 ? ['벚꽃'] : month >= 10 ? ['단풍'] : [];
        const theme = from.pick([...season, '먹거리', '문화', '음악', '전통', '빛', '책', ...(urbanDistrict ? [] : ['농산물'])]);
        add('15', `제${from.int(2, 30)}회 ${s} ${theme} 축제`, { start, end, place: `${s} ${from.pick(['시민공원', '일원', '문화광장', '운동장'])}` });
      }
    };
    const winterFestival = (from: Rng, year: number): void => {
      if (!hasExampleFestival(sigungu.code5)) return;
      const start = `${year}12${String(from.int(1, 20)).padStart(2, '0')}`;
      const end = `${year + 1}0${from.int(1, 2)}${String(from.int(1, 28)).padStart(2, '0')}`;
      const place = `${s} ${from.pick(['시민공원', '일원', '문화광장', '운동장'])}`;
      add('15', `제${from.int(2, 20)}회 ${s} ${from.pick(['빛', '겨울', '눈꽃'])} 축제`, { start, end, place });
    };
    for (let year = FESTIVAL_YEARS.first; year <= FESTIVAL_YEARS.announcedFirst; year++) festivals(rng, year);
    // Each later set is drawn from its own stream, after the ones before it, so that the festivals above keep their
    // ids and KOPA-Bench's answers about them stay as they were.
    const winter = Rng.for(this.seed, 'winter-festivals', sigungu.code5);
    for (let year = FESTIVAL_YEARS.first; year <= FESTIVAL_YEARS.announcedFirst; year++) winterFestival(winter, year);
    const later = Rng.for(this.seed, 'later-festivals', sigungu.code5);
    for (let year = FESTIVAL_YEARS.announcedFirst + 1; year <= FESTIVAL_YEARS.last; year++) {
      festivals(later, year);
      winterFestival(later, year);
    }
    return items;
  }

  private stops(sigungu: Sigungu, emds: Emd[]): BusStop[] {
    const rng = Rng.for(this.seed, 'stops', sigungu.code5);
    const seoul = sigungu.sido.code2 === '11';
    const cityCode = seoul ? undefined : tagoCityCode(sigungu);
    const prefix = seoul ? '' : tagoPrefix(sigungu);
    const routes = Array.from({ length: rng.int(6, 14) }, (_, i) => {
      const no = seoul ? rng.pick([String(rng.int(100, 799)), String(rng.int(1000, 7999)), `${stem(sigungu.name)}0${rng.int(1, 9)}`]) : String(rng.int(1, 999));
      return {
        id: seoul ? `1${rng.digits(8)}` : `${prefix}${rng.digits(6)}${i}`,
        no,
        type: seoul ? rng.pick(['간선', '지선', '마을']) : rng.pick(['일반버스', '좌석버스', '마을버스']),
      };
    });
    const out: BusStop[] = [];
    const guIndex = seoul ? Number(sigungu.code5.slice(2)) : 0;
    // Seoul's ARS numbers begin with the 구's number, 01 (종로구) to 25 (강동구), in the order of their codes.
    const seoulGus = this.regions
      .leafSigungus()
      .filter((s) => s.sido.code2 === '11')
      .map((s) => s.code5)
      .sort();
    const arsPrefix = String(seoulGus.indexOf(sigungu.code5) + 1).padStart(2, '0');
    const office = `${sigungu.name
      .split(' ')
      .pop()!
      .replace(/(특별자치시)$/, '시')}청`;
    // Stops cluster where people are: around the district office (the centroid) and in every 읍면동.
    const sites: { center: LatLon; label: () => string }[] = [
      { center: sigungu.center, label: () => `${office}${rng.pick(['', '앞', '입구', '사거리'])}` },
      { center: sigungu.center, label: () => `${office}${rng.pick(['건너편', '후문', '민원실'])}` },
      ...emds.map((emd) => ({
        center: emd.center,
        label: () => `${emd.name}${rng.pick(['주민센터', '입구', '사거리', '시장', '초등학교', '우체국', '아파트'])}`,
      })),
    ];
    for (const site of sites) {
      const n = rng.int(seoul ? 4 : 3, seoul ? 6 : 5);
      for (let i = 0; i < n; i++) {
        const point = offset(site.center, rng.float(0, 2 * Math.PI), rng.float(0.02, 0.9));
        const name = site.label();
        const stopRoutes = routes.filter(() => rng.chance(0.35)).slice(0, 6);
        if (stopRoutes.length === 0) stopRoutes.push(routes[0]!);
        if (seoul) {
          const virtual = rng.chance(0.04);
          out.push({
            id: `1${String(guIndex).padStart(2, '0')}${rng.digits(6)}`,
            name,
            number: '',
            point,
            arsId: virtual ? '0' : `${arsPrefix}${rng.digits(3)}`,
            stationId: `1${String(guIndex).padStart(2, '0')}${rng.digits(6)}`,
            routes: stopRoutes,
          });
        } else {
          out.push({ id: `${prefix}${rng.digits(7)}`, name, number: rng.digits(5), point, cityCode, routes: stopRoutes });
        }
      }
    }
    return out;
  }

  /** AirKorea names each station once in the country: an 읍면동 name that other cities share gets its city, as "중동(부천)". */
  private stationName(emd: Emd): string {
    const namesakes = this.regions.emdsNamed(emd.name);
    if (namesakes.length === 1) return emd.name;
    const city = cityOf(emd.sigungu);
    const sameCity = namesakes.filter((e) => cityOf(e.sigungu) === city);
    return sameCity.length === 1 ? `${emd.name}(${city})` : `${emd.name}(${city} ${emd.sigungu.name.split(' ').pop()})`;
  }

  private stations(sigungu: Sigungu, emds: Emd[]): AirStation[] {
    const rng = Rng.for(this.seed, 'air', sigungu.code5);
    if (emds.length === 0) return [];
    const seoul = sigungu.sido.code2 === '11';
    const sites = seoul ? [emds[0]!] : [...new Set(Array.from({ length: sigungu.name.endsWith('군') ? 1 : rng.int(1, 2) }, () => rng.pick(emds)))];
    return sites.map((emd, i) => {
      const point = seoul ? offset(sigungu.center, rng.float(0, 2 * Math.PI), rng.float(0, 1)) : emd.center;
      return {
        name: seoul ? sigungu.name : this.stationName(emd),
        code: `${sigungu.sido.code2}${sigungu.code5.slice(2)}${i + 1}`,
        addr: `${sigungu.sido.name} ${sigungu.name} ${stem(emd.name)}로 ${rng.int(1, 200)}`,
        sido: sigungu.sido.short,
        point,
        mangName: i === 0 ? '도시대기' : rng.pick(['도시대기', '도로변대기']),
        year: rng.int(1990, 2022),
      };
    });
  }
}

/** The city a place is known by: the 광역시 for its 구, otherwise its 시 or 군 ("부천", "양평"). */
function cityOf(sigungu: Sigungu): string {
  if (METROPOLITAN.has(sigungu.sido.code2)) return sigungu.sido.short;
  const first = sigungu.name.split(' ')[0]!;
  return first.length > 2 ? first.replace(/[시군]$/, '') : first;
}

const METROPOLITAN = new Set(['11', '26', '27', '28', '29', '30', '31', '36']);

/** TAGO city codes: two digits for a metropolitan city, the old five-digit code for a 시 or 군 (its 구 share the 시's). */
export function tagoCityCode(sigungu: Sigungu): string {
  const metro: Record<string, string> = { '26': '21', '27': '22', '28': '23', '29': '24', '30': '25', '31': '26', '36': '12' };
  if (metro[sigungu.sido.code2]) return metro[sigungu.sido.code2]!;
  const legacy = sigungu.legacyCode ?? `${sigungu.sido.code2}${sigungu.code5.slice(2)}`;
  return /[1-9]$/.test(legacy) && sigungu.name.includes('시 ') ? `${legacy.slice(0, 4)}0` : legacy;
}

function tagoPrefix(sigungu: Sigungu): string {
  const metro: Record<string, string> = { '26': 'BSB', '27': 'DGB', '28': 'ICB', '29': 'GJB', '30': 'DJB', '31': 'USB', '36': 'SJB' };
  if (metro[sigungu.sido.code2]) return metro[sigungu.sido.code2]!;
  const letters = 'ABCDEFGHJKLMNPRSTW';
  const n = Number(tagoCityCode(sigungu));
  return `${letters[n % letters.length]}${letters[Math.floor(n / 7) % letters.length]}B`;
}
