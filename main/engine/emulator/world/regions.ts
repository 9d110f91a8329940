// The real administrative map of Korea, from the official 법정동 list and the 시군구 centroids: every code and name
// the emulator answers with is a real one. Positions below the 시군구 are placed deterministically around its
// centroid (an approximation the emulator states as such).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fromTransverseMercator, UTMK, type LatLon } from '../../../core/geo/transverseMercator.ts';
import { SIDO_NAMES } from '../../../core/region/sidoNames.ts';
import { Rng } from '../../../core/random.ts';

export interface Sido {
  code2: string;
  code10: string;
  name: string;
  /** The short name AirKorea and HIRA use (서울, 경기, …). */
  short: string;
}

export interface Sigungu {
  code5: string;
  code10: string;
  /** As in addresses: "종로구", "수원시 장안구". */
  name: string;
  fullName: string;
  sido: Sido;
  center: LatLon;
  /** A 시 that has 구 under it: it has no 읍면동 of its own. */
  isParent: boolean;
  /** The older five-digit administrative code (TAGO's city codes come from it). */
  legacyCode: string | undefined;
  /** Typical spread of its places around the centroid, in km. */
  spreadKm: number;
}

export interface Emd {
  code10: string;
  name: string;
  fullName: string;
  sigungu: Sigungu;
  center: LatLon;
}

export interface LegalDongRow {
  code: string;
  name: string;
}

function readTsv(file: string): string[][] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t').map((cell) => cell.trim()));
}

/** The 시군구 centroids (UTM-K in the file) by full name, names brought to today's (전북특별자치도, 세종특별자치시). */
function readCentroids(dir: string): Map<string, { lat: number; lon: number; legacy: string }> {
  const centroids = new Map<string, { lat: number; lon: number; legacy: string }>();
  for (const [name, x, y, legacy] of readTsv(path.join(dir, 'sigungu-centroids.tsv'))) {
    const { lat, lon } = fromTransverseMercator({ x: Number(x), y: Number(y) }, UTMK);
    const normalized = name!.replace(/^전라북도/, '전북특별자치도').replace('세종특별자치시 세종시', '세종특별자치시');
    centroids.set(normalized, { lat, lon, legacy: legacy! });
  }
  return centroids;
}

/** Places the 시군구 the centroid list lacks. */
function placeWithoutCentroid(sigungus: Sigungu[], byCode5: Map<string, Sigungu>): void {
  // A 시 with 구 sits in the middle of its 구; a 구 without a centroid of its own (부천's, new in 2024) sits near its 시.
  for (const s of sigungus.filter((x) => x.isParent)) {
    const children = sigungus.filter((c) => c !== s && c.code5.slice(0, 4) === s.code5.slice(0, 4) && c.center.lat !== 0);
    if (s.center.lat === 0 && children.length > 0) {
      s.center = {
        lat: children.reduce((a, c) => a + c.center.lat, 0) / children.length,
        lon: children.reduce((a, c) => a + c.center.lon, 0) / children.length,
      };
    }
  }
  for (const s of sigungus.filter((x) => x.center.lat === 0)) {
    const parent = byCode5.get(`${s.code5.slice(0, 4)}0`);
    const base = parent?.center.lat ? parent.center : sigungus.find((x) => x.sido === s.sido && x.center.lat !== 0)?.center;
    const rng = Rng.for('region', s.code5);
    s.center = offset(base ?? { lat: 36.5, lon: 127.8 }, rng.float(0, 2 * Math.PI), rng.float(1.5, 3));
    s.legacyCode ??= parent?.legacyCode;
  }
}

/**
 * A 시군구's places spread over about half the distance to its nearest neighbour: wide for a county, narrow
 * for a dense city district (the list holds centroids, not areas).
 */
function setSpreads(leaves: Sigungu[]): void {
  for (const s of leaves) {
    const cos = Math.cos((s.center.lat * Math.PI) / 180);
    const nearest = Math.min(
      ...leaves.filter((o) => o !== s).map((o) => Math.hypot((o.center.lat - s.center.lat) * 111, (o.center.lon - s.center.lon) * 111 * cos)),
    );
    s.spreadKm = Math.max(1.5, Math.min(14, nearest * 0.6));
  }
}

export class RegionIndex {
  readonly rows: LegalDongRow[];
  readonly sidos: Sido[];
  readonly sigungus: Sigungu[];
  readonly emds: Emd[];
  private readonly sigunguByCode5 = new Map<string, Sigungu>();
  private readonly emdByCode = new Map<string, Emd>();
  private readonly emdsBySigungu = new Map<string, Emd[]>();
  private readonly rowsByName: LegalDongRow[];
  private readonly emdsByName = new Map<string, Emd[]>();
  private readonly leaves: Sigungu[];

  constructor(resourcesDir: string) {
    const dir = path.join(resourcesDir, 'regions');
    this.rows = readTsv(path.join(dir, 'legal-dong-codes.tsv')).map(([code, name]) => ({ code: code!, name: name! }));
    this.rowsByName = [...this.rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const centroids = readCentroids(dir);

    const sidoRows = this.rows.filter((r) => r.code.slice(2) === '00000000');
    this.sidos = sidoRows.map((r) => ({ code2: r.code.slice(0, 2), code10: r.code, name: r.name, short: SIDO_NAMES[r.code.slice(0, 2)]?.short ?? r.name }));
    // 세종 has no 시도 row of its own in the official list: its city row stands for both.
    if (!this.sidos.some((s) => s.code2 === '36')) this.sidos.push({ code2: '36', code10: '3600000000', name: '세종특별자치시', short: '세종' });
    const sidoByCode = new Map(this.sidos.map((s) => [s.code2, s]));

    const sggRows = this.rows.filter((r) => r.code.slice(5) === '00000' && r.code.slice(2, 5) !== '000');
    const codes = new Set(sggRows.map((r) => r.code.slice(0, 5)));
    this.sigungus = sggRows.map((r) => {
      const code5 = r.code.slice(0, 5);
      const sido = sidoByCode.get(r.code.slice(0, 2))!;
      const isParent = code5.endsWith('0') && [...codes].some((c) => c !== code5 && c.slice(0, 4) === code5.slice(0, 4));
      const name = r.name.startsWith(`${sido.name} `) ? r.name.slice(sido.name.length + 1) : r.name;
      const centroid = centroids.get(r.name);
      return {
        code5,
        code10: r.code,
        name: code5 === '36110' ? '세종특별자치시' : name,
        fullName: r.name,
        sido,
        center: centroid ? { lat: centroid.lat, lon: centroid.lon } : { lat: 0, lon: 0 },
        isParent,
        legacyCode: centroid?.legacy,
        spreadKm: 5,
      };
    });
    for (const s of this.sigungus) this.sigunguByCode5.set(s.code5, s);
    placeWithoutCentroid(this.sigungus, this.sigunguByCode5);
    setSpreads(this.sigungus.filter((x) => !x.isParent));

    this.emds = [];
    for (const r of this.rows) this.addEmd(r);
    this.leaves = this.sigungus.filter((s) => !s.isParent);
  }

  /** A 읍면동 row of the list placed in its 시군구 and indexed by code, 시군구 and name; other rows are not 읍면동. */
  private addEmd(r: LegalDongRow): void {
    if (r.code.slice(8) !== '00' || r.code.slice(5, 8) === '000') return;
    const sigungu = this.sigunguByCode5.get(r.code.slice(0, 5));
    if (!sigungu) return;
    const rng = Rng.for('emd', r.code);
    const emd: Emd = {
      code10: r.code,
      name: r.name.slice(r.name.lastIndexOf(' ') + 1),
      fullName: r.name,
      sigungu,
      center: offset(sigungu.center, rng.float(0, 2 * Math.PI), sigungu.spreadKm * Math.sqrt(rng.next())),
    };
    this.emds.push(emd);
    this.emdByCode.set(emd.code10, emd);
    const list = this.emdsBySigungu.get(sigungu.code5) ?? [];
    list.push(emd);
    this.emdsBySigungu.set(sigungu.code5, list);
    const namesakes = this.emdsByName.get(emd.name) ?? [];
    namesakes.push(emd);
    this.emdsByName.set(emd.name, namesakes);
  }

  /** Rows whose full name starts with `prefix`, in code order (a binary search over the names, not a scan). */
  rowsNamed(prefix: string): LegalDongRow[] {
    const names = this.rowsByName;
    let lo = 0;
    let hi = names.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (names[mid]!.name < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: LegalDongRow[] = [];
    for (let i = lo; i < names.length && names[i]!.name.startsWith(prefix); i++) found.push(names[i]!);
    return found.sort((a, b) => (a.code < b.code ? -1 : 1));
  }

  sigungu(code5: string): Sigungu | undefined {
    return this.sigunguByCode5.get(code5);
  }

  emd(code10: string): Emd | undefined {
    return this.emdByCode.get(code10);
  }

  emdsOf(code5: string): Emd[] {
    return this.emdsBySigungu.get(code5) ?? [];
  }

  /** Every 읍면동 of that name in the country (중앙동 alone is in dozens of cities). */
  emdsNamed(name: string): Emd[] {
    return this.emdsByName.get(name) ?? [];
  }

  sidoByShort(short: string): Sido | undefined {
    return this.sidos.find((s) => s.short === short || s.name === short);
  }

  /** 시군구 that hold places (not a 시 that is only a parent of 구). */
  leafSigungus(): Sigungu[] {
    return this.leaves;
  }

  /** The 시군구 whose centroid is nearest, for a point. */
  nearestSigungu(point: LatLon): Sigungu {
    let best = this.leafSigungus()[0]!;
    let bestD = Infinity;
    for (const s of this.leafSigungus()) {
      const d = (s.center.lat - point.lat) ** 2 + ((s.center.lon - point.lon) * Math.cos((point.lat * Math.PI) / 180)) ** 2;
      if (d < bestD) {
        bestD = d;
        best = s;
      }
    }
    return best;
  }
}

/** A point `km` away from `from` in direction `angle` (radians, 0 = east). */
export function offset(from: LatLon, angle: number, km: number): LatLon {
  const dLat = (km * Math.sin(angle)) / 111.0;
  const dLon = (km * Math.cos(angle)) / (111.0 * Math.cos((from.lat * Math.PI) / 180));
  return { lat: from.lat + dLat, lon: from.lon + dLon };
}
