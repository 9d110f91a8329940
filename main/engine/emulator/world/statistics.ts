// A small KOSIS: a few real table ids and names with values of the right magnitude, reproducible for a seed.
import { Rng } from '../../../core/random.ts';

export interface StatTable {
  orgId: string;
  orgName: string;
  tblId: string;
  tblName: string;
  statId: string;
  statName: string;
  prdSe: ('Y' | 'M')[];
  start: string;
  classes: { id: string; name: string; base: number }[];
  items: { id: string; name: string; unit: string; share: number }[];
  /** Yearly drift of the values. */
  trend: number;
}

const SIDO_CLASSES: [string, string, number][] = [
  ['11', '서울특별시', 9_350_000],
  ['26', '부산광역시', 3_270_000],
  ['27', '대구광역시', 2_360_000],
  ['28', '인천광역시', 3_020_000],
  ['29', '광주광역시', 1_410_000],
  ['30', '대전광역시', 1_440_000],
  ['31', '울산광역시', 1_100_000],
  ['36', '세종특별자치시', 390_000],
  ['41', '경기도', 13_690_000],
  ['51', '강원특별자치도', 1_520_000],
  ['43', '충청북도', 1_590_000],
  ['44', '충청남도', 2_130_000],
  ['52', '전북특별자치도', 1_740_000],
  ['46', '전라남도', 1_790_000],
  ['47', '경상북도', 2_540_000],
  ['48', '경상남도', 3_250_000],
  ['50', '제주특별자치도', 670_000],
];

export const STAT_TABLES: StatTable[] = [
  {
    orgId: '101',
    orgName: '통계청',
    tblId: 'DT_1B040A3',
    tblName: '행정구역(시군구)별, 성별 인구수',
    statId: '1962001',
    statName: '주민등록인구현황',
    prdSe: ['M', 'Y'],
    start: '2011',
    classes: [{ id: '00', name: '전국', base: 51_300_000 }, ...SIDO_CLASSES.map(([id, name, base]) => ({ id, name, base }))],
    items: [
      { id: 'T20', name: '총인구수', unit: '명', share: 1 },
      { id: 'T21', name: '남자인구수', unit: '명', share: 0.495 },
      { id: 'T22', name: '여자인구수', unit: '명', share: 0.505 },
    ],
    trend: -0.002,
  },
  {
    orgId: '116',
    orgName: '국토교통부',
    tblId: 'DT_MLTM_2086',
    tblName: '미분양현황_종합',
    statId: '116004',
    statName: '미분양주택현황보고',
    prdSe: ['M', 'Y'],
    start: '2007',
    classes: [{ id: '00', name: '계', base: 62_000 }, ...SIDO_CLASSES.map(([id, name, base]) => ({ id, name, base: Math.round(base / 820) }))],
    items: [{ id: '13103792722T1', name: '미분양 주택', unit: '호', share: 1 }],
    trend: 0.04,
  },
];

export function statTable(orgId: string, tblId: string): StatTable | undefined {
  return STAT_TABLES.find((t) => t.orgId === orgId && t.tblId === tblId);
}

export function statValue(seed: number, table: StatTable, classId: string, itemId: string, period: string): number | undefined {
  const cls = table.classes.find((c) => c.id === classId);
  const item = table.items.find((i) => i.id === itemId);
  if (!cls || !item) return undefined;
  const year = Number(period.slice(0, 4)) + (period.length === 6 ? (Number(period.slice(4)) - 1) / 12 : 0.5);
  const noise = Rng.for(seed, 'kosis', table.tblId, classId, itemId, period).float(0.97, 1.03);
  return Math.round(cls.base * item.share * (1 + table.trend * (year - 2020)) * noise);
}
