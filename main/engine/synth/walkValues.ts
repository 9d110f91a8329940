// Values a synthesized user states: real region names (the official 법정동 list), 읍면동 searches, places by
// their 시군구 centroids, valid business numbers, everyday search words, plus whatever the catalog's examples
// and the seed calls returned. None of them depends on the emulator, so the same pools serve live synthesis.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Catalog } from '../../core/catalog/Catalog.ts';
import { businessCheckDigit } from '../../core/business/businessNumber.ts';
import { fromTransverseMercator, UTMK } from '../../core/geo/transverseMercator.ts';
import { Rng } from '../../core/random.ts';
import { SIDO_NAMES } from '../../core/region/sidoNames.ts';
import type { SeedBook } from '../edges/seedBook.ts';

/** Words people search tourism and statistics for; the walker keeps only those the backend answers. */
const TOUR_WORDS = ['궁', '해변', '공원', '시장', '박물관', '사찰', '폭포', '계곡', '한옥', '전망대'];
const STAT_WORDS = ['인구', '미분양', '주택', '고용', '물가', '출생'];

export class WalkValues {
  private readonly pools = new Map<string, unknown[]>();
  private readonly places: { lat: number; lon: number; name: string }[] = [];

  static load(resourcesDir: string, catalog: Catalog, seeds: SeedBook): WalkValues {
    const pools = new WalkValues();
    const rows = readFileSync(path.join(resourcesDir, 'regions', 'legal-dong-codes.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'))
      .filter((cells) => cells[2]?.trim() === '존재');
    const sigungu = rows.filter(([code]) => code!.endsWith('00000') && !code!.endsWith('00000000')).map(([, name]) => name!);
    const emd = rows.filter(([code]) => code!.endsWith('00') && !code!.endsWith('00000')).map(([, name]) => name!);
    pools.add('region.fullName', sigungu);
    pools.add('region.sigunguName', sigungu.map((n) => n.split(' ').slice(1).join(' ')).filter(Boolean));
    pools.add(
      'region.emdName',
      emd.map((n) => n.split(' ').pop()!),
    );
    pools.add(
      'address.keyword',
      emd.map((n) => n.split(' ').slice(-2).join(' ')),
    );
    pools.add(
      'region.sidoName',
      Object.values(SIDO_NAMES).map((s) => s.name),
    );
    pools.add(
      'region.sidoShortName',
      Object.values(SIDO_NAMES).map((s) => s.short),
    );
    pools.add('org.name', TOUR_WORDS);
    pools.add('kosis.searchText', STAT_WORDS);
    pools.add('geo.radiusM', [300, 500, 1000, 2000]);
    const rng = Rng.for('business-numbers');
    pools.add(
      'biz.bno10',
      Array.from({ length: 60 }, () => {
        const first9 = String(rng.int(101, 899)) + String(rng.int(1, 99)).padStart(2, '0') + String(rng.int(0, 9999)).padStart(4, '0');
        return `${first9}${businessCheckDigit(first9)}`;
      }),
    );
    for (const [name, x, y] of readFileSync(path.join(resourcesDir, 'regions', 'sigungu-centroids.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))) {
      if (!name || !x || !y) continue;
      const p = fromTransverseMercator({ x: Number(x), y: Number(y) }, UTMK);
      pools.places.push({ name, lat: Number(p.lat.toFixed(4)), lon: Number(p.lon.toFixed(4)) });
    }
    for (const spec of catalog.list()) {
      for (const example of spec.examples) {
        for (const [param, value] of Object.entries(example.args)) {
          const tag = spec.parameters.properties[param]?.['x-semantic'];
          if (tag) pools.add(tag, [value].flat());
        }
      }
    }
    for (const [tag, values] of seeds.harvestedValues()) pools.add(tag, values);
    return pools;
  }

  private add(tag: string, values: unknown[]): void {
    const list = this.pools.get(tag) ?? [];
    for (const v of values) if (v !== null && v !== undefined && v !== '' && !list.includes(v)) list.push(v);
    this.pools.set(tag, list);
  }

  has(tag: string): boolean {
    return tag === 'geo.lat' || tag === 'geo.lon' || (this.pools.get(tag)?.length ?? 0) > 0;
  }

  draw(tag: string, rng: Rng): unknown {
    const list = this.pools.get(tag);
    return list && list.length > 0 ? rng.pick(list) : undefined;
  }

  /** A place as a user gives it: one 시군구 centroid, latitude and longitude together. */
  drawPlace(rng: Rng): { lat: number; lon: number } {
    const place = rng.pick(this.places);
    return { lat: place.lat, lon: place.lon };
  }
}
