// The tax office's register, as the emulator sees it: every business number with a valid check digit has a
// reproducible status, opening date and representative; numbers with a wrong check digit are unregistered.
import { isValidBusinessNumber } from '../../../core/business/businessNumber.ts';
import { Rng } from '../../../core/random.ts';

export { businessCheckDigit, isValidBusinessNumber } from '../../../core/business/businessNumber.ts';

export interface BusinessRecord {
  bno: string;
  registered: boolean;
  status: '01' | '02' | '03';
  statusName: string;
  taxTypeCd: string;
  taxType: string;
  endDt: string;
  startDt: string;
  representative: string;
  tradeName: string;
}

const TAX_TYPES: [string, string][] = [
  ['01', '부가가치세 일반과세자'],
  ['02', '부가가치세 간이과세자'],
  ['04', '부가가치세 면세사업자'],
  ['07', '부가가치세 간이과세자(세금계산서 발급사업자)'],
];
const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const GIVEN = ['민준', '서연', '지호', '하은', '도윤', '수아', '예준', '지우', '현우', '지민', '영숙', '정호', '미경', '성민', '은지'];
const TRADE = ['상회', '상사', '식당', '마트', '공방', '스튜디오', '베이커리', '컴퍼니', '약국', '세탁소'];

export function businessRecord(seed: number, bno: string): BusinessRecord {
  const rng = Rng.for(seed, 'nts', bno);
  const registered = isValidBusinessNumber(bno) && !rng.chance(0.03);
  const roll = rng.next();
  const status = roll < 0.86 ? '01' : roll < 0.93 ? '02' : '03';
  const [taxTypeCd, taxType] = rng.pick(TAX_TYPES);
  const startYear = rng.int(1995, 2024);
  const startDt = `${startYear}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}`;
  const endDt = status === '03' ? `${rng.int(Math.max(startYear + 1, 2015), 2025)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}` : '';
  return {
    bno,
    registered,
    status,
    statusName: { '01': '계속사업자', '02': '휴업자', '03': '폐업자' }[status],
    taxTypeCd,
    taxType,
    endDt,
    startDt,
    representative: `${rng.pick(SURNAMES)}${rng.pick(GIVEN)}`,
    tradeName: `${rng.pick(['한빛', '새봄', '푸른', '다온', '소담', '가온'])}${rng.pick(TRADE)}`,
  };
}
