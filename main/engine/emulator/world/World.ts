// The emulator's whole world for one seed: the real map, the places on it, the climate, the holidays, the tax
// register and the statistics, with the lookups the handlers share.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { distanceMetres, type LatLon } from '../../../core/geo/transverseMercator.ts';
import { BusinessRegistry } from './business.ts';
import { romanize } from './romanize.ts';
import { Climate } from './weather.ts';
import { Places, type AirStation, type Building, type Facility, type SigunguPlaces } from './places.ts';
import { RegionIndex, type Sido, type Sigungu } from './regions.ts';

export interface HolidayData {
  restDays: { date: string; name: string }[];
  nationalDays: { monthDay: string; name: string; restFromYear: number }[];
}

/** HIRA numbers its provinces with its own codes, not 법정동 codes. */
const HIRA_SIDO: Record<string, string> = {
  '11': '110000',
  '26': '210000',
  '28': '220000',
  '27': '230000',
  '29': '240000',
  '30': '250000',
  '31': '260000',
  '36': '410000',
  '41': '310000',
  '51': '320000',
  '43': '330000',
  '44': '340000',
  '52': '350000',
  '46': '360000',
  '47': '370000',
  '48': '380000',
  '50': '390000',
};

export class World {
  readonly seed: number;
  readonly regions: RegionIndex;
  readonly places: Places;
  readonly climate: Climate;
  readonly holidays: HolidayData;
  private register: BusinessRegistry | undefined;
  private readonly hiraSggCodes = new Map<string, string>();
  private stationsByName: Map<string, AirStation> | undefined;
  private facilitiesByDong: Map<string, Facility[]> | undefined;

  constructor(seed: number, resourcesDir: string) {
    this.seed = seed;
    this.regions = new RegionIndex(resourcesDir);
    this.places = new Places(seed, this.regions);
    this.climate = new Climate(seed);
    this.holidays = JSON.parse(readFileSync(path.join(resourcesDir, 'calendar', 'kr-public-holidays.json'), 'utf8')) as HolidayData;
    for (const sido of this.regions.sidos) {
      const list = this.regions
        .leafSigungus()
        .filter((s) => s.sido === sido)
        .sort((a, b) => a.name.localeCompare(b.name, 'ko'));
      list.forEach((s, i) => this.hiraSggCodes.set(s.code5, `${HIRA_SIDO[sido.code2]!.slice(0, 2)}${String(i + 1).padStart(4, '0')}`));
    }
  }

  /** The tax office's register of this world's businesses, built when first asked for. */
  get businesses(): BusinessRegistry {
    this.register ??= new BusinessRegistry(this.seed);
    return this.register;
  }

  hiraSidoCd(sido: Sido): string {
    return HIRA_SIDO[sido.code2] ?? '000000';
  }

  hiraSgguCd(sigungu: Sigungu): string {
    return this.hiraSggCodes.get(sigungu.code5) ?? '000000';
  }

  /** Hospitals and pharmacies of every 읍면동 of that name, nationwide, in the order a full scan finds them. */
  facilitiesInDong(name: string): Facility[] {
    if (!this.facilitiesByDong) {
      this.facilitiesByDong = new Map();
      for (const f of this.places.all().flatMap((p) => p.facilities)) {
        const list = this.facilitiesByDong.get(f.building.emd.name);
        if (list) list.push(f);
        else this.facilitiesByDong.set(f.building.emd.name, [f]);
      }
    }
    return this.facilitiesByDong.get(name) ?? [];
  }

  /** Places of the 시군구 a place-bearing code belongs to, or of all of them. */
  placesIn(filter?: { sido?: string; sigungu?: string }): SigunguPlaces[] {
    if (filter?.sigungu) {
      const s = this.regions.sigungu(filter.sigungu);
      if (!s) return [];
      const children = s.isParent ? this.regions.leafSigungus().filter((c) => c.code5.slice(0, 4) === s.code5.slice(0, 4)) : [s];
      return children.map((c) => this.places.of(c));
    }
    if (filter?.sido)
      return this.regions
        .leafSigungus()
        .filter((s) => s.sido.code2 === filter.sido)
        .map((s) => this.places.of(s));
    return this.places.all();
  }

  /** Every AirKorea station in the country. */
  airStations(): AirStation[] {
    return [...this.stationIndex().values()];
  }

  airStation(name: string): AirStation | undefined {
    return this.stationIndex().get(name);
  }

  private stationIndex(): Map<string, AirStation> {
    if (!this.stationsByName) {
      this.stationsByName = new Map();
      for (const station of this.places.all().flatMap((p) => p.stations))
        if (!this.stationsByName.has(station.name)) this.stationsByName.set(station.name, station);
    }
    return this.stationsByName;
  }

  /** Things within `metres` of a point, nearest first, with their distance. */
  within<T>(point: LatLon, metres: number, pick: (p: SigunguPlaces) => T[], where: (item: T) => LatLon): { item: T; distance: number }[] {
    return this.places
      .near(point, metres / 1000)
      .flatMap(pick)
      .map((item) => ({ item, distance: distanceMetres(point, where(item)) }))
      .filter((x) => x.distance <= metres)
      .sort((a, b) => a.distance - b.distance);
  }

  roadAddress(b: Building): { part1: string; part2: string; full: string } {
    const s = b.emd.sigungu;
    const part1 = `${s.sido.name} ${s.code5 === '36110' ? '' : `${s.name} `}${b.road.name} ${b.buldMnnm}${b.buldSlno ? `-${b.buldSlno}` : ''}`.replace(
      /\s+/g,
      ' ',
    );
    const extra = [
      b.emd.name.endsWith('동') || b.emd.name.endsWith('가') ? b.emd.name : '',
      b.kind === 'apartment' || b.kind === 'officetel' ? (b.name ?? '') : '',
    ]
      .filter(Boolean)
      .join(', ');
    const part2 = extra ? ` (${extra})` : '';
    return { part1, part2, full: `${part1}${part2}` };
  }

  jibunAddress(b: Building): string {
    const s = b.emd.sigungu;
    return `${s.sido.name} ${s.code5 === '36110' ? '' : `${s.name} `}${b.emd.name} ${b.mtYn === '1' ? '산' : ''}${b.bun}${b.ji ? `-${b.ji}` : ''}${b.name ? ` ${b.name}` : ''}`.replace(
      /\s+/g,
      ' ',
    );
  }

  englishAddress(b: Building): string {
    const s = b.emd.sigungu;
    return `${b.buldMnnm}${b.buldSlno ? `-${b.buldSlno}` : ''}, ${romanize(b.road.name)}, ${s.code5 === '36110' ? '' : `${romanize(s.name)}, `}${romanize(s.sido.name)}`;
  }

  /** 필지고유번호: 법정동 10 + land kind (1 general, 2 mountain) + main 4 + sub 4. */
  pnu(b: Building): string {
    return `${b.emd.code10}${b.mtYn === '1' ? '2' : '1'}${String(b.bun).padStart(4, '0')}${String(b.ji).padStart(4, '0')}`;
  }

  buildingsOf(code5: string): Building[] {
    return this.placesIn({ sigungu: code5 }).flatMap((p) => p.buildings);
  }

  findBuilding(predicate: (b: Building) => boolean, within?: string): Building | undefined {
    const scope = within ? this.placesIn({ sigungu: within }) : this.places.all();
    for (const p of scope) {
      const hit = p.buildings.find(predicate);
      if (hit) return hit;
    }
    return undefined;
  }
}
