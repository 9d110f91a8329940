// HIRA hospital and pharmacy lists (by dong name, HIRA's own region codes, or a radius), hospital details, and
// NMC's lists with opening hours. HIRA and NMC describe the same institutions.
import { exampleYkihoSigungu } from '../world/exampleIds.ts';
import type { Facility } from '../world/places.ts';
import type { World } from '../world/World.ts';
import { lazyRows, rows, INVALID, type Handler, type HandlerContext, type RowList } from './types.ts';

const DAY_KEYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

function hiraRow(world: World, f: Facility, distance?: number): Record<string, unknown> {
  const b = f.building;
  const s = b.emd.sigungu;
  return {
    ykiho: f.ykiho,
    yadmNm: f.name,
    clCd: f.clCd,
    clCdNm: f.clCdNm,
    sidoCd: world.hiraSidoCd(s.sido),
    sidoCdNm: s.sido.short,
    sgguCd: world.hiraSgguCd(s),
    sgguCdNm: s.name,
    emdongNm: b.emd.name,
    postNo: b.zipNo,
    addr: `${world.roadAddress(b).part1}, ${Math.min(3, b.grndFlrCnt)}층 (${b.emd.name})`,
    telno: f.tel,
    hospUrl: '',
    estbDd: f.estbDd,
    drTotCnt: f.doctors,
    mdeptSdrCnt: Math.max(0, f.doctors - 1),
    XPos: f.point.lon.toFixed(10),
    YPos: f.point.lat.toFixed(10),
    distance: distance === undefined ? 0 : Math.round(distance),
  };
}

function hiraSearch(ctx: HandlerContext, kind: Facility['kind']): RowList | 'invalid' {
  const { params, world } = ctx;
  const radiusSearch = params.xPos !== undefined || params.yPos !== undefined || params.radius !== undefined;
  let found: { item: Facility; distance?: number }[];
  if (radiusSearch) {
    const point = { lon: Number(params.xPos), lat: Number(params.yPos) };
    const radius = Number(params.radius ?? 1000);
    if (!Number.isFinite(point.lat) || !Number.isFinite(point.lon) || !Number.isFinite(radius)) return 'invalid';
    found = world.within(
      point,
      radius,
      (p) => p.facilities,
      (f) => f.point,
    );
  } else {
    let scope: Facility[];
    if (params.sgguCd)
      scope = world.regions
        .leafSigungus()
        .filter((s) => world.hiraSgguCd(s) === params.sgguCd)
        .flatMap((s) => world.places.of(s).facilities);
    else if (params.sidoCd)
      scope = world.regions
        .leafSigungus()
        .filter((s) => world.hiraSidoCd(s.sido) === params.sidoCd)
        .flatMap((s) => world.places.of(s).facilities);
    else if (params.emdongNm) scope = world.facilitiesInDong(params.emdongNm);
    else scope = world.places.all().flatMap((p) => p.facilities);
    found = scope.map((item) => ({ item }));
  }
  const matching = found.filter(
    ({ item }) =>
      item.kind === kind &&
      (!params.emdongNm || item.building.emd.name === params.emdongNm) &&
      (!params.yadmNm || item.name.includes(params.yadmNm)) &&
      (!params.clCd || item.clCd === params.clCd) &&
      (!params.dgsbjtCd || item.departments.includes(params.dgsbjtCd)),
  );
  // A nationwide search matches thousands of institutions; only the requested page is written out.
  return lazyRows(matching.length, (i) => hiraRow(world, matching[i]!.item, matching[i]!.distance));
}

export const hospBasisList: Handler = (ctx) => {
  const list = hiraSearch(ctx, 'hospital');
  return list === 'invalid' ? INVALID('xPos/yPos/radius') : rows(list);
};

export const parmacyBasisList: Handler = (ctx) => {
  const list = hiraSearch(ctx, 'pharmacy');
  return list === 'invalid' ? INVALID('xPos/yPos/radius') : rows(list);
};

function facilityByYkiho(world: World, ykiho: string): Facility | undefined {
  const decoded = Buffer.from(ykiho, 'base64').toString('utf8');
  const code5 = /^KOPA#(\d{5})/.exec(decoded)?.[1] ?? exampleYkihoSigungu(ykiho);
  if (!code5) return undefined;
  return world
    .placesIn({ sigungu: code5 })
    .flatMap((p) => p.facilities)
    .find((f) => f.ykiho === ykiho);
}

export const dtlInfo: Handler = ({ params, world }) => {
  const f = facilityByYkiho(world, params.ykiho ?? '');
  if (!f) return rows([]);
  const row: Record<string, unknown> = {
    plcNm: `${f.building.emd.name} ${f.building.road.name} 방면`,
    parkQty: String(f.building.kind === 'commercial' ? 5 : 0),
    parkXpnsYn: 'N',
    noTrmtSun: f.hours[7] ? '' : '휴진',
    noTrmtHoli: f.hours[8] ? '' : '휴진',
    emyDayYn: f.emergency ? 'Y' : 'N',
    emyNgtYn: f.emergency ? 'Y' : 'N',
    lunchWeek: '12시30분~13시30분',
    lunchSat: f.hours[6] ? '없음' : '',
    rcvWeek: f.hours[1] ? `${f.hours[1][0].slice(0, 2)}시${f.hours[1][0].slice(2)}분~${f.hours[1][1].slice(0, 2)}시${f.hours[1][1].slice(2)}분` : '',
    rcvSat: f.hours[6] ? `${f.hours[6][0].slice(0, 2)}시${f.hours[6][0].slice(2)}분~${f.hours[6][1].slice(0, 2)}시${f.hours[6][1].slice(2)}분` : '',
  };
  DAY_KEYS.forEach((key, i) => {
    const hours = f.hours[(i + 1) as 1];
    row[`trmt${key}Start`] = hours?.[0] ?? '';
    row[`trmt${key}End`] = hours?.[1] ?? '';
  });
  return rows([row]);
};

/** NMC's 진료과목 codes for the departments the emulator staffs. */
const NMC_DEPARTMENTS: Record<string, string> = { D001: '01', D002: '11', D008: '05', D013: '13', D005: '14', D012: '12', D022: '23', D011: '10', D026: '49' };

function nmcRow(world: World, f: Facility, index: number): Record<string, unknown> {
  const b = f.building;
  const row: Record<string, unknown> = {
    rnum: index + 1,
    hpid: f.hpid,
    dutyName: f.name,
    dutyAddr: `${world.roadAddress(b).part1}, ${Math.min(3, b.grndFlrCnt)}층 (${b.emd.name})`,
    dutyTel1: f.tel,
    dutyDiv: f.kind === 'pharmacy' ? 'R' : f.clCd === '21' ? 'B' : 'C',
    dutyDivNam: f.kind === 'pharmacy' ? '약국' : f.clCdNm,
    dutyEmcls: f.emergency ? 'G099' : '',
    dutyEryn: f.emergency ? '1' : '2',
    postCdn1: b.zipNo.slice(0, 3),
    postCdn2: b.zipNo.slice(3),
    wgs84Lon: f.point.lon.toFixed(8),
    wgs84Lat: f.point.lat.toFixed(8),
  };
  for (let day = 1; day <= 8; day++) {
    const hours = f.hours[day as 1];
    if (hours) {
      row[`dutyTime${day}s`] = hours[0];
      row[`dutyTime${day}c`] = hours[1];
    }
  }
  return row;
}

function nmcSearch(ctx: HandlerContext, kind: Facility['kind']): Record<string, unknown>[] | 'invalid' {
  const { params, world } = ctx;
  const sido = world.regions.sidos.find((s) => s.name === params.Q0);
  if (!sido) return 'invalid';
  const sigungus = world.regions
    .leafSigungus()
    .filter((s) => s.sido === sido && (!params.Q1 || s.name === params.Q1 || s.name.endsWith(` ${params.Q1}`) || s.name.startsWith(`${params.Q1} `)));
  const department = params.QD ? NMC_DEPARTMENTS[params.QD] : undefined;
  return sigungus
    .flatMap((s) => world.places.of(s).facilities)
    .filter((f) => f.kind === kind)
    .filter((f) => !params.QN || f.name.includes(params.QN))
    .filter((f) => !params.QD || (department !== undefined && f.departments.includes(department)))
    .map((f, i) => nmcRow(world, f, i));
}

export const hsptlMdcncList: Handler = (ctx) => {
  const list = nmcSearch(ctx, 'hospital');
  return list === 'invalid' ? INVALID('Q0') : rows(list);
};

export const parmacyList: Handler = (ctx) => {
  const list = nmcSearch(ctx, 'pharmacy');
  return list === 'invalid' ? INVALID('Q0') : rows(list);
};
