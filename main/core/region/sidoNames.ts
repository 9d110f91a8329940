// The 17 시도 by the first two digits of their 법정동 codes: official names, and the short names AirKorea and
// HIRA write (서울, 경기 …). 강원 (51) and 전북 (52) are 특별자치도 under new codes since 2023 and 2024.
export const SIDO_NAMES: Record<string, { name: string; short: string }> = {
  '11': { name: '서울특별시', short: '서울' },
  '26': { name: '부산광역시', short: '부산' },
  '27': { name: '대구광역시', short: '대구' },
  '28': { name: '인천광역시', short: '인천' },
  '29': { name: '광주광역시', short: '광주' },
  '30': { name: '대전광역시', short: '대전' },
  '31': { name: '울산광역시', short: '울산' },
  '36': { name: '세종특별자치시', short: '세종' },
  '41': { name: '경기도', short: '경기' },
  '43': { name: '충청북도', short: '충북' },
  '44': { name: '충청남도', short: '충남' },
  '46': { name: '전라남도', short: '전남' },
  '47': { name: '경상북도', short: '경북' },
  '48': { name: '경상남도', short: '경남' },
  '50': { name: '제주특별자치도', short: '제주' },
  '51': { name: '강원특별자치도', short: '강원' },
  '52': { name: '전북특별자치도', short: '전북' },
};

const shortByName = new Map(Object.values(SIDO_NAMES).map((s) => [s.name, s.short]));

/** 서울특별시 → 서울; a name that is already short, or unknown, comes back as it is. */
export function sidoShortName(name: string): string {
  return shortByName.get(name.trim()) ?? name.trim();
}
