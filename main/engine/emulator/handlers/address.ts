// MOIS legal-dong codes, juso.go.kr address search and coordinates, VWorld geocoding.
import { toTransverseMercator, UTMK } from '../../../core/geo/transverseMercator.ts';
import { Rng } from '../../../core/random.ts';
import type { Building } from '../world/places.ts';
import type { World } from '../world/World.ts';
import { apiError, pad, rows, type Handler } from './types.ts';

function parentCode(code: string, world: World): string {
  if (code.slice(8) !== '00') return `${code.slice(0, 8)}00`;
  if (code.slice(5, 8) !== '000') return `${code.slice(0, 5)}00000`;
  if (code.slice(2, 5) !== '000') {
    const parentSigungu = `${code.slice(0, 4)}0`;
    if (parentSigungu !== code.slice(0, 5) && world.regions.sigungu(parentSigungu)?.isParent) return `${parentSigungu}00000`;
    return `${code.slice(0, 2)}00000000`;
  }
  return '0000000000';
}

export const stanReginCd: Handler = ({ params, world }) => {
  const prefix = (params.locatadd_nm ?? '').trim().replace(/\s+/g, ' ');
  const matches = world.regions.rowsNamed(prefix).filter((r) => prefix.length >= 2 || r.name === prefix || r.name.startsWith(`${prefix} `));
  if (matches.length === 0) return apiError('INFO-3', '해당하는 데이터가 없습니다.');
  return rows(
    matches.map((r, i) => {
      const rng = Rng.for(world.seed, 'adpt', r.code);
      return {
        region_cd: r.code,
        sido_cd: r.code.slice(0, 2),
        sgg_cd: r.code.slice(2, 5),
        umd_cd: r.code.slice(5, 8),
        ri_cd: r.code.slice(8, 10),
        locatjumin_cd: r.code,
        locatjijuk_cd: r.code,
        locatadd_nm: r.name,
        locat_order: i + 1,
        locat_rm: '',
        locathigh_cd: parentCode(r.code, world),
        locallow_nm: r.name.slice(r.name.lastIndexOf(' ') + 1),
        adpt_de: rng.chance(0.85) ? '19880423' : `${rng.int(1995, 2023)}${pad(rng.int(1, 12), 2)}01`,
      };
    }),
  );
};

/** The 시도 and 시군구 named in a search, to search only there. */
function scopeOf(keyword: string, world: World): string[] | undefined {
  const words = keyword.split(/\s+/);
  const sigungus = world.regions.leafSigungus().filter((s) => words.some((w) => w === s.name || w === s.name.split(' ').pop() || s.name.startsWith(`${w} `)));
  if (sigungus.length > 0) return sigungus.map((s) => s.code5);
  const sidos = world.regions.sidos.filter((s) => words.includes(s.name) || words.includes(s.short));
  if (sidos.length > 0)
    return world.regions
      .leafSigungus()
      .filter((s) => sidos.includes(s.sido))
      .map((s) => s.code5);
  return undefined;
}

function jusoRow(world: World, b: Building): Record<string, unknown> {
  const road = world.roadAddress(b);
  const s = b.emd.sigungu;
  return {
    roadAddr: road.full,
    roadAddrPart1: road.part1,
    roadAddrPart2: road.part2,
    jibunAddr: world.jibunAddress(b),
    engAddr: world.englishAddress(b),
    zipNo: b.zipNo,
    admCd: b.emd.code10,
    rnMgtSn: b.road.code12,
    bdMgtSn: b.bdMgtSn,
    detBdNmList: b.kind === 'apartment' ? b.dongs.join(',') : '',
    bdNm: b.name ?? '',
    bdKdcd: b.kind === 'apartment' ? '1' : '0',
    siNm: s.sido.name,
    sggNm: s.code5 === '36110' ? '' : s.name,
    emdNm: b.emd.name,
    liNm: '',
    rn: b.road.name,
    udrtYn: '0',
    buldMnnm: String(b.buldMnnm),
    buldSlno: String(b.buldSlno),
    mtYn: b.mtYn,
    lnbrMnnm: String(b.bun),
    lnbrSlno: String(b.ji),
    emdNo: '01',
  };
}

export const addrLinkApi: Handler = ({ params, world }) => {
  const keyword = (params.keyword ?? '').trim().replace(/\s+/g, ' ');
  if (keyword === '') return apiError('E0005', '검색어가 입력되지 않았습니다.');
  if (keyword.replace(/\s/g, '').length < 2) return apiError('E0008', '검색어는 두글자 이상 입력되어야 합니다.');
  const scope = scopeOf(keyword, world);
  const tokens = keyword.split(' ').filter((t) => !world.regions.sidos.some((s) => s.name === t || s.short === t));
  const buildings = (scope ? scope.flatMap((c) => world.buildingsOf(c)) : world.places.all().flatMap((p) => p.buildings)).filter((b) => {
    const text = `${world.roadAddress(b).full} ${world.jibunAddress(b)}`;
    return tokens.every((t) => text.includes(t));
  });
  buildings.sort((a, b) => world.roadAddress(a).full.localeCompare(world.roadAddress(b).full, 'ko'));
  return rows(buildings.map((b) => jusoRow(world, b)));
};

export const addrCoordApi: Handler = ({ params, world }) => {
  const admCd = params.admCd ?? '';
  const building = world.findBuilding(
    (b) =>
      b.emd.code10 === admCd &&
      b.road.code12 === params.rnMgtSn &&
      String(b.buldMnnm) === String(Number(params.buldMnnm)) &&
      String(b.buldSlno) === String(Number(params.buldSlno)),
    admCd.slice(0, 5),
  );
  if (!building) return rows([]);
  const { x, y } = toTransverseMercator(building.point, UTMK);
  return rows([
    {
      admCd: building.emd.code10,
      rnMgtSn: building.road.code12,
      bdMgtSn: building.bdMgtSn,
      udrtYn: '0',
      buldMnnm: String(building.buldMnnm),
      buldSlno: String(building.buldSlno),
      entX: x.toFixed(7),
      entY: y.toFixed(7),
      bdNm: building.name ?? '',
    },
  ]);
};

function normaliseAddress(text: string): string {
  return text
    .replace(/\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export const getCoord: Handler = ({ params, world }) => {
  const address = normaliseAddress(params.address ?? '');
  const type = params.type === 'parcel' ? 'parcel' : 'road';
  const scope = scopeOf(address, world);
  const match = (b: Building): boolean =>
    type === 'road'
      ? normaliseAddress(world.roadAddress(b).part1) === address
      : normaliseAddress(world.jibunAddress(b)).startsWith(address) && address.split(' ').length >= 3;
  const building = scope ? scope.map((c) => world.findBuilding(match, c)).find(Boolean) : world.findBuilding(match);
  if (!building) return apiError('NOT_FOUND', '');
  const s = building.emd.sigungu;
  // As the real answer for 세종대로 110 writes it: level2 the 시군구, level3 the 법정동, level4L the road with an
  // empty level4LC, level4A/AC the administrative dong (the world's 법정동 stands in for it), level5 the number.
  return rows([
    {
      input: { type, address: params.address },
      refined: {
        text: type === 'road' ? world.roadAddress(building).part1 : world.jibunAddress(building),
        structure: {
          level0: '대한민국',
          level1: s.sido.name,
          level2: s.code5 === '36110' ? '' : s.name,
          level3: building.emd.name,
          level4L: type === 'road' ? building.road.name : building.emd.name,
          level4LC: type === 'road' ? '' : building.emd.code10,
          level4A: building.emd.name,
          level4AC: building.emd.code10,
          level5:
            type === 'road'
              ? `${building.buldMnnm}${building.buldSlno ? `-${building.buldSlno}` : ''}`
              : `${building.bun}${building.ji ? `-${building.ji}` : ''}`,
          detail: '',
        },
      },
      point: { x: building.point.lon.toFixed(7), y: building.point.lat.toFixed(7) },
    },
  ]);
};
