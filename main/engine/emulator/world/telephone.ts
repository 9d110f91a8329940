// Telephone numbers that exist where they stand: the area code of the 시도 (02 Seoul, 031 Gyeonggi, 051 Busan, …),
// then a three- or four-digit exchange and four digits.
import type { Rng } from '../../../core/random.ts';

/** Area codes by 시도 code (both the old and the current codes of 강원 and 전북). */
const AREA_CODES: Record<string, string> = {
  '11': '02',
  '26': '051',
  '27': '053',
  '28': '032',
  '29': '062',
  '30': '042',
  '31': '052',
  '36': '044',
  '41': '031',
  '42': '033',
  '51': '033',
  '43': '043',
  '44': '041',
  '45': '063',
  '52': '063',
  '46': '061',
  '47': '054',
  '48': '055',
  '50': '064',
};

export function areaCode(sidoCode2: string): string {
  const code = AREA_CODES[sidoCode2];
  if (!code) throw new Error(`no telephone area code for 시도 ${sidoCode2}`);
  return code;
}

/** A landline number in a 시도: Seoul's exchanges have four digits more often than the rest. */
export function landline(sidoCode2: string, rng: Rng): string {
  const area = areaCode(sidoCode2);
  const exchange = rng.chance(area === '02' ? 0.6 : 0.3) ? rng.int(2000, 9999) : rng.int(200, 999);
  return `${area}-${exchange}-${rng.digits(4)}`;
}
