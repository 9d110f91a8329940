// The tax office's register, as the emulator's world has it: a fixed list of businesses per world seed, each with
// its status, tax type, opening date and representative. Any other number, well-formed or not, is one the register
// does not know, which is how the real service answers most numbers it is asked about.
import { businessCheckDigit } from '../../../core/business/businessNumber.ts';
import { Rng } from '../../../core/random.ts';

export { businessCheckDigit, isValidBusinessNumber } from '../../../core/business/businessNumber.ts';

export interface BusinessRecord {
  bno: string;
  status: '01' | '02' | '03';
  statusName: string;
  taxTypeCd: string;
  taxType: string;
  endDt: string;
  startDt: string;
  representative: string;
  tradeName: string;
}

/** Businesses in a world's register. */
const REGISTER_SIZE = 2000;

/** Tax types an individual business can have; a corporation is a general or an exempt business. */
const INDIVIDUAL_TAX_TYPES: [string, string][] = [
  ['01', '부가가치세 일반과세자'],
  ['02', '부가가치세 간이과세자'],
  ['04', '부가가치세 면세사업자'],
  ['07', '부가가치세 간이과세자(세금계산서 발급사업자)'],
];
const CORPORATE_TAX_TYPES: [string, string][] = [
  ['01', '부가가치세 일반과세자'],
  ['04', '부가가치세 면세사업자'],
];
/** The middle two digits: 01–79 individuals, 81/86/87/88 profit-making corporations. */
const CORPORATE_CODES = ['81', '86', '87', '88'];
const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const GIVEN = ['민준', '서연', '지호', '하은', '도윤', '수아', '예준', '지우', '현우', '지민', '영숙', '정호', '미경', '성민', '은지'];
const TRADE = ['상회', '상사', '식당', '마트', '공방', '스튜디오', '베이커리', '컴퍼니', '약국', '세탁소'];
const STATUS_NAMES = { '01': '계속사업자', '02': '휴업자', '03': '폐업자' } as const;

const ymd = (y: number, m: number, d: number): string => `${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`;

function record(rng: Rng, bno: string, corporate: boolean): BusinessRecord {
  const roll = rng.next();
  const status = roll < 0.82 ? '01' : roll < 0.9 ? '02' : '03';
  const [taxTypeCd, taxType] = rng.pick(corporate ? CORPORATE_TAX_TYPES : INDIVIDUAL_TAX_TYPES);
  const startYear = rng.int(1995, 2024);
  const startDt = ymd(startYear, rng.int(1, 12), rng.int(1, 28));
  const endDt = status === '03' ? ymd(rng.int(Math.max(startYear + 1, 2015), 2025), rng.int(1, 12), rng.int(1, 28)) : '';
  const trade = `${rng.pick(['한빛', '새봄', '푸른', '다온', '소담', '가온'])}${rng.pick(TRADE)}`;
  return {
    bno,
    status,
    statusName: STATUS_NAMES[status],
    taxTypeCd,
    taxType,
    endDt,
    startDt,
    representative: `${rng.pick(SURNAMES)}${rng.pick(GIVEN)}`,
    tradeName: corporate ? `주식회사 ${trade}` : trade,
  };
}

export class BusinessRegistry {
  private readonly byNumber = new Map<string, BusinessRecord>();

  constructor(seed: number, size = REGISTER_SIZE) {
    const rng = Rng.for(seed, 'nts-register');
    while (this.byNumber.size < size) {
      const corporate = rng.chance(0.3);
      const kind = corporate ? rng.pick(CORPORATE_CODES) : String(rng.int(1, 79)).padStart(2, '0');
      const first9 = `${rng.int(101, 699)}${kind}${String(rng.int(1, 9999)).padStart(4, '0')}`;
      const bno = `${first9}${businessCheckDigit(first9)}`;
      if (!this.byNumber.has(bno)) this.byNumber.set(bno, record(Rng.for(seed, 'nts', bno), bno, corporate));
    }
  }

  /** The business registered under a number (hyphens allowed), or undefined: the register does not know it. */
  get(bno: string): BusinessRecord | undefined {
    return this.byNumber.get(bno.replace(/-/g, ''));
  }

  all(): BusinessRecord[] {
    return [...this.byNumber.values()];
  }
}
