// MOLIT: apartment and officetel deals and rents per district and month, and building-register title rows per
// lot. Deals are drawn per complex and month from the seed, so a month always has the same deals.
import { Rng } from '../../../core/random.ts';
import type { Building } from '../world/places.ts';
import type { World } from '../world/World.ts';
import { kst, pad, rows, INVALID, type Handler, type HandlerContext } from './types.ts';

const amount = (n: number): string => n.toLocaleString('en-US').padStart(10, ' ');
const yy = (year: number, month: number, day: number): string => `${String(year).slice(2)}.${pad(month, 2)}.${pad(day, 2)}`;

interface Deal {
  building: Building;
  complexIndex: number;
  year: number;
  month: number;
  day: number;
  area: number;
  floor: number;
  price: number;
  cancelled: { year: number; month: number; day: number } | null;
  direct: boolean;
  rng: Rng;
}

function month(ctx: HandlerContext): { year: number; month: number } | undefined {
  const ymd = ctx.params.DEAL_YMD ?? '';
  if (!/^\d{6}$/.test(ymd)) return undefined;
  const year = Number(ymd.slice(0, 4));
  const m = Number(ymd.slice(4));
  if (m < 1 || m > 12 || year < 2006) return undefined;
  return { year, month: m };
}

/** Deals reported so far for a month: none for a month that has not begun by the emulator's clock. */
function deals(world: World, lawd: string, kind: 'apartment' | 'officetel', year: number, m: number, now: Date, tag: string): Deal[] {
  const today = kst(now);
  const monthStart = Date.UTC(year, m - 1, 1);
  if (monthStart > today.getTime()) return [];
  const lastDay = Math.min(new Date(Date.UTC(year, m, 0)).getUTCDate(), today.getTime() < Date.UTC(year, m, 1) ? today.getUTCDate() : 31);
  const complexes = world.buildingsOf(lawd).filter((b) => b.kind === kind);
  const out: Deal[] = [];
  complexes.forEach((b, complexIndex) => {
    const rng = Rng.for(world.seed, tag, b.bdMgtSn, year, m);
    const count = rng.poisson(Math.max(0.3, b.hhldCnt / (kind === 'apartment' ? 450 : 250)));
    for (let i = 0; i < count; i++) {
      const area = rng.pick(b.unitAreas.length ? b.unitAreas : [84.97]);
      const floor = rng.int(1, b.grndFlrCnt);
      const trend = 1 + (year + (m - 1) / 12 - 2020) * 0.035;
      const price = Math.round((b.unitPrice * area * trend * (0.94 + floor / b.grndFlrCnt / 10) * rng.float(0.93, 1.07)) / 10) * 10;
      const day = rng.int(1, lastDay);
      const cancelled = rng.chance(0.02) ? { year, month: m, day: Math.min(28, day + rng.int(1, 20)) } : null;
      out.push({ building: b, complexIndex, year, month: m, day, area, floor, price, cancelled, direct: rng.chance(0.12), rng });
    }
  });
  return out.sort((a, b) => a.day - b.day || a.building.bdMgtSn.localeCompare(b.building.bdMgtSn));
}

/** The deals a LAWD_CD + DEAL_YMD request asks for, or undefined when either parameter is malformed. */
function dealsAsked(ctx: HandlerContext, kind: 'apartment' | 'officetel', tag: string): { lawd: string; deals: Deal[] } | undefined {
  const when = month(ctx);
  const lawd = ctx.params.LAWD_CD ?? '';
  if (!when || !/^\d{5}$/.test(lawd)) return undefined;
  return { lawd, deals: deals(ctx.world, lawd, kind, when.year, when.month, ctx.now, tag) };
}

function jibun(b: Building): string {
  return `${b.bun}${b.ji ? `-${b.ji}` : ''}`;
}

function agentArea(b: Building): string {
  return `${b.emd.sigungu.sido.short} ${b.emd.sigungu.name}`;
}

/** What every sale reports: area, date, price, floor, age of the building. */
function saleFields(d: Deal): Record<string, string> {
  return {
    excluUseAr: String(d.area),
    dealYear: String(d.year),
    dealMonth: String(d.month),
    dealDay: String(d.day),
    dealAmount: amount(d.price),
    floor: String(d.floor),
    buildYear: d.building.useAprDay.slice(0, 4),
  };
}

/** How a sale was settled: cancelled or not, directly or through an agent (and where). */
function settlementFields(d: Deal): Record<string, string> {
  return {
    cdealType: d.cancelled ? 'O' : '',
    cdealDay: d.cancelled ? yy(d.cancelled.year, d.cancelled.month, d.cancelled.day) : '',
    dealingGbn: d.direct ? '직거래' : '중개거래',
    estateAgentSggNm: d.direct ? '' : agentArea(d.building),
  };
}

export const aptTrade: Handler = (ctx) => {
  const asked = dealsAsked(ctx, 'apartment', 'apt-trade');
  if (!asked) return INVALID('LAWD_CD/DEAL_YMD');
  const { lawd } = asked;
  return rows(
    asked.deals.map((d) => {
      const b = d.building;
      return {
        sggCd: lawd,
        umdCd: b.emd.code10.slice(5),
        landCd: b.mtYn === '1' ? '2' : '1',
        bonbun: pad(b.bun, 4),
        bubun: pad(b.ji, 4),
        roadNm: b.road.name,
        roadNmSggCd: lawd,
        roadNmCd: b.road.code12.slice(5),
        roadNmSeq: '01',
        roadNmbCd: '0',
        roadNmBonbun: pad(b.buldMnnm, 5),
        roadNmBubun: pad(b.buldSlno, 5),
        umdNm: b.emd.name,
        aptNm: b.name,
        jibun: jibun(b),
        ...saleFields(d),
        aptSeq: `${lawd}-${d.complexIndex + 1}`,
        ...settlementFields(d),
        rgstDate: d.rng.chance(0.6) ? yy(d.year, d.month, Math.min(28, d.day + 20)) : '',
        aptDong: b.dongs.length > 1 ? d.rng.pick(b.dongs) : '',
        slerGbn: d.rng.chance(0.93) ? '개인' : '법인',
        buyerGbn: d.rng.chance(0.9) ? '개인' : d.rng.pick(['법인', '공공기관', '기타']),
        landLeaseholdGbn: 'N',
      };
    }),
  );
};

export const aptRent: Handler = (ctx) => {
  const asked = dealsAsked(ctx, 'apartment', 'apt-rent');
  if (!asked) return INVALID('LAWD_CD/DEAL_YMD');
  const { lawd } = asked;
  return rows(
    asked.deals.map((d) => {
      const b = d.building;
      const jeonse = d.rng.chance(0.55);
      const deposit = Math.round((d.price * (jeonse ? d.rng.float(0.5, 0.65) : d.rng.float(0.05, 0.3))) / 100) * 100;
      const monthly = jeonse ? 0 : Math.round((d.price * d.rng.float(0.0015, 0.003)) / 5) * 5;
      const renewal = d.rng.chance(0.35);
      return {
        sggCd: lawd,
        umdNm: b.emd.name,
        aptNm: b.name,
        jibun: jibun(b),
        excluUseAr: String(d.area),
        dealYear: String(d.year),
        dealMonth: String(d.month),
        dealDay: String(d.day),
        deposit: amount(deposit).trim(),
        monthlyRent: String(monthly),
        floor: String(d.floor),
        buildYear: b.useAprDay.slice(0, 4),
        contractTerm: `${String(d.year).slice(2)}.${pad(d.month, 2)}~${String(d.year + 2).slice(2)}.${pad(d.month, 2)}`,
        contractType: renewal ? '갱신' : '신규',
        useRRRight: renewal && d.rng.chance(0.5) ? '사용' : '',
        preDeposit: renewal ? amount(Math.round((deposit * 0.95) / 100) * 100).trim() : '',
        preMonthlyRent: renewal ? String(monthly) : '',
      };
    }),
  );
};

export const offiTrade: Handler = (ctx) => {
  const asked = dealsAsked(ctx, 'officetel', 'offi-trade');
  if (!asked) return INVALID('LAWD_CD/DEAL_YMD');
  const { lawd } = asked;
  return rows(
    asked.deals.map((d) => {
      const b = d.building;
      return {
        sggCd: lawd,
        sggNm: b.emd.sigungu.name,
        umdNm: b.emd.name,
        jibun: jibun(b),
        offiNm: b.name,
        ...saleFields(d),
        ...settlementFields(d),
        slerGbn: '개인',
        buyerGbn: d.rng.chance(0.9) ? '개인' : '법인',
      };
    }),
  );
};

export const brTitleInfo: Handler = ({ params, world }) => {
  const sigunguCd = params.sigunguCd ?? '';
  const bjdongCd = params.bjdongCd ?? '';
  if (!/^\d{5}$/.test(sigunguCd) || !/^\d{5}$/.test(bjdongCd)) return INVALID('sigunguCd/bjdongCd');
  const code10 = `${sigunguCd}${bjdongCd}`;
  const wanted = (b: Building): boolean =>
    b.emd.code10 === code10 &&
    (params.platGbCd === undefined || params.platGbCd === '' || (params.platGbCd === '1') === (b.mtYn === '1')) &&
    (params.bun === undefined || params.bun === '' || Number(params.bun) === b.bun) &&
    (params.ji === undefined || params.ji === '' || Number(params.ji) === b.ji);
  const buildings = world.buildingsOf(sigunguCd).filter(wanted);
  return rows(
    buildings.flatMap((b) =>
      b.dongs.map((dong, i) => ({
        mgmBldrgstPk: `${sigunguCd}-${b.bdMgtSn.slice(-6)}${i}`,
        platPlc: `${world.jibunAddress({ ...b, name: null })}번지`,
        newPlatPlc: world.roadAddress(b).full,
        sigunguCd,
        bjdongCd,
        platGbCd: b.mtYn === '1' ? '1' : '0',
        bun: pad(b.bun, 4),
        ji: pad(b.ji, 4),
        bldNm: b.name ?? '',
        dongNm: dong,
        mainPurpsCdNm: b.mainPurpose,
        strctCdNm: b.structure,
        grndFlrCnt: String(b.grndFlrCnt),
        ugrndFlrCnt: String(b.ugrndFlrCnt),
        heit: String(b.heit),
        totArea: String(Math.round((b.totArea / b.dongs.length) * 100) / 100),
        archArea: String(Math.round((b.archArea / b.dongs.length) * 100) / 100),
        bcRat: String(Math.round(Math.min(80, (b.archArea / (b.archArea * 4)) * 100) * 100) / 100),
        vlRat: String(Math.round(Math.min(500, (b.totArea / (b.archArea * 4)) * 100) * 100) / 100),
        hhldCnt: String(Math.round(b.hhldCnt / b.dongs.length)),
        rideUseElvtCnt: String(Math.round(b.elevators / b.dongs.length)),
        useAprDay: b.useAprDay,
      })),
    ),
  );
};
