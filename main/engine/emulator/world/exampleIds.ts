// The ids the catalog's own examples use (the services' documented values), held by places of the emulator's world, so
// that every example a person tries answers with data. Only the ids are the services': what stands at them is the
// world's own invention, as everywhere in the emulator, except where the facts are known (경복궁, as TourAPI's own rows
// give it). places.ts builds these in; this file asks only for the fields it sets, so the two do not import each other.
import type { Emd, RegionIndex, Sigungu } from './regions.ts';

/** A lot an example names (a PNU's or a building number's parts): a building of the world stands on it. */
export interface ExampleLot {
  emd: string;
  bun: number;
  ji: number;
  kind: 'apartment' | 'commercial';
  /** The building's management number, where the example names the building rather than the lot. */
  bdMgtSn?: string;
}

export const EXAMPLE_LOTS: readonly ExampleLot[] = [
  // molit.getBrTitleInfo: 종로구 숭인동 202-3, where RTMS's documented row puts the apartment 종로중흥S클래스.
  { emd: '1111017500', bun: 202, ji: 3, kind: 'apartment' },
  // semas.storeListInPnu: PNU 1165010100108120002 is 서초구 방배동 812-2.
  { emd: '1165010100', bun: 812, ji: 2, kind: 'commercial' },
  // semas.storeListInBuilding: building 1168011000104940000004966 stands on 강남구 압구정동 494.
  { emd: '1168011000', bun: 494, ji: 0, kind: 'commercial', bdMgtSn: '1168011000104940000004966' },
];

/** Stops the examples ask about, each given to the first stop of its 시군구 (Seoul's ARS numbers begin with the 구's). */
const EXAMPLE_STOPS: readonly { sigungu: string; arsId?: string; id?: string }[] = [
  // seoulbus.getStationByUid: ARS 01182 (01: 종로구).
  { sigungu: '11110', arsId: '01182' },
  // tago.getSttnAcctoArvlPrearngeInfoList: 대전 (TAGO city 25) stop DJB8001793.
  { sigungu: '30140', id: 'DJB8001793' },
];

/** hira.getDtlInfo's example ykiho (HIRA's encrypted 요양기호, which nothing can decode), given to a hospital of 종로구. */
const EXAMPLE_YKIHO = { sigungu: '11110', ykiho: 'JDQ4MTg4MSM1MSMkMSMkMCMkODkkMzgxMzUxIzExIyQxIyQzIyQ4OSQyNjE4MzIjNDEjJDEjJDgjJDgz' };

/** tour.searchFestival2's example asks for 경주's festivals: it holds one each winter, so a search from today finds one. */
export const hasExampleFestival = (code5: string): boolean => code5 === '47130';

/** Where the world keeps the example's ykiho (the world's own say their 시군구; HIRA's cannot be read). */
export const exampleYkihoSigungu = (ykiho: string): string | undefined => (ykiho === EXAMPLE_YKIHO.ykiho ? EXAMPLE_YKIHO.sigungu : undefined);

/** The examples' stop ids, on the 시군구's first stop of the right kind. */
export function withExampleStops<Stop extends { id: string; arsId?: string; cityCode?: string }>(code5: string, stops: Stop[]): Stop[] {
  const wanted = EXAMPLE_STOPS.find((s) => s.sigungu === code5);
  if (!wanted) return stops;
  const at = stops.findIndex((s) => (wanted.arsId ? s.arsId !== undefined && s.arsId !== '0' : s.cityCode !== undefined));
  return stops.map((s, i) => (i === at ? { ...s, ...(wanted.arsId ? { arsId: wanted.arsId } : {}), ...(wanted.id ? { id: wanted.id } : {}) } : s));
}

/** The example's ykiho, on the 시군구's first hospital. */
export function withExampleYkiho<Place extends { kind: string; ykiho: string }>(code5: string, facilities: Place[]): Place[] {
  if (code5 !== EXAMPLE_YKIHO.sigungu) return facilities;
  const at = facilities.findIndex((f) => f.kind === 'hospital');
  return facilities.map((f, i) => (i === at ? { ...f, ykiho: EXAMPLE_YKIHO.ykiho } : f));
}

/** A sight the world knows as TourAPI gives it: places.ts's TourContent, with detailIntro2's fields. */
export interface KnownSight {
  contentId: string;
  typeId: '12';
  title: string;
  sigungu: Sigungu;
  emd: Emd;
  address: string;
  zipNo: string;
  point: { lat: number; lon: number };
  tel: string;
  created: string;
  modified: string;
  overview: string;
  intro: Record<string, string>;
}

/** Tour content the world knows as TourAPI gives it (contentId 126508, the catalog's example). */
export function knownTour(code5: string, regions: RegionIndex): KnownSight[] {
  if (code5 !== '11110') return [];
  const emd = regions.emd('1111011900');
  const sigungu = regions.sigungu('11110');
  if (!emd || !sigungu) return [];
  return [
    {
      contentId: '126508',
      typeId: '12',
      title: '경복궁',
      sigungu,
      emd,
      address: '서울특별시 종로구 사직로 161',
      zipNo: '03045',
      point: { lat: 37.5788222356, lon: 126.9769930325 },
      tel: '02-3700-3900',
      created: '20020404000000',
      modified: '20250618095520',
      overview:
        '경복궁은 1392년 조선 건국 후 1395년(태조 4)에 창건한 조선왕조 제일의 법궁이다. 동궐(창덕궁)이나 서궐(경희궁)에 비해 위치가 북쪽에 있어 ‘북궐’이라 불리기도 했다.',
      intro: {
        infocenter: '02-3700-3900',
        restdate: '매주 화요일 ※ 단, 정기휴일이 공휴일 및 대체공휴일과 겹칠 경우에는 개방하며, 그 다음의 첫 번째 비공휴일이 정기휴일임',
        usetime: '[1월~2월/11월~12월]09:00~17:00 (입장마감 16:00)[3월~5월/9월~10월]09:00~18:00 (입장마감 17:00)[6월~8월] 09:00~18:30 (입장마감 17:30)',
        parking: '가능 (승용차 240대 / 버스 50대)',
      },
    },
  ];
}
