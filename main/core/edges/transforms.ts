// How one tool's output becomes another tool's input when the two do not share a value kind: the registered
// transforms of EDGE. Each reads fields of one source row (in order of `from`) and writes parameters (in order
// of `to`) through JSONata templates, where {0}, {1}, … stand for the source fields. The same templates run in
// verification and in synthesized plans, so a verified link is exactly what a plan executes.

export interface TransformSpec {
  id: string;
  /** Semantic tags read from one source row, in order. */
  from: string[];
  /** Semantic tags produced, in order. */
  to: string[];
  ko: string;
  en: string;
  /** One JSONata template per output. */
  templates: string[];
  /**
   * The local tool that computes this transform, when a model cannot do it in its head (a map projection): plans
   * for models call that tool as a step of their own instead of carrying the value through the link.
   */
  computedBy?: string;
}

export const IDENTITY = 'identity';

export const transforms: TransformSpec[] = [
  {
    id: 'legalDong10→lawdCd5',
    from: ['region.legalDong10'],
    to: ['region.lawdCd5'],
    ko: '법정동코드 앞 5자리',
    en: 'first 5 digits of the legal-dong code',
    templates: ['$substring({0}, 0, 5)'],
  },
  {
    id: 'legalDong10→sidoCd2+sigunguCd3',
    from: ['region.legalDong10'],
    to: ['region.sidoCd2', 'region.sigunguCd3'],
    ko: '법정동코드 앞 2자리와 3~5번째 자리',
    en: 'digits 1–2 and 3–5 of the legal-dong code',
    templates: ['$substring({0}, 0, 2)', '$substring({0}, 2, 3)'],
  },
  {
    id: 'legalDong10→lawdCd5+bjdongCd5',
    from: ['region.legalDong10'],
    to: ['region.lawdCd5', 'region.bjdongCd5'],
    ko: '법정동코드 앞 5자리와 뒤 5자리',
    en: 'first and last 5 digits of the legal-dong code',
    templates: ['$substring({0}, 0, 5)', '$substring({0}, 5, 5)'],
  },
  {
    id: 'latLon→kmaGrid',
    from: ['geo.lat', 'geo.lon'],
    to: ['kma.nx', 'kma.ny'],
    ko: '위경도를 기상청 격자로 변환',
    en: 'lat/lon to the KMA grid',
    templates: ['$kmaGrid({0}, {1}).nx', '$kmaGrid({0}, {1}).ny'],
    computedBy: 'local.latLonToKmaGrid',
  },
  {
    id: 'utmk→latLon',
    from: ['geo.utmkX', 'geo.utmkY'],
    to: ['geo.lat', 'geo.lon'],
    ko: 'UTM-K 좌표를 위경도로 변환',
    en: 'UTM-K (EPSG:5179) to WGS84',
    templates: ['$utmkToWgs84({0}, {1}).lat', '$utmkToWgs84({0}, {1}).lon'],
    computedBy: 'local.utmkToWgs84',
  },
  {
    id: 'yyyymmdd→yyyy+mm',
    from: ['date.yyyymmdd'],
    to: ['date.yyyy', 'date.mm'],
    ko: '날짜의 연도와 월',
    en: 'year and month of a date',
    templates: ['$substring($string({0}), 0, 4)', '$substring($string({0}), 4, 2)'],
  },
  {
    id: 'yyyymmdd→yyyymm',
    from: ['date.yyyymmdd'],
    to: ['date.yyyymm'],
    ko: '날짜의 연월',
    en: 'year-month of a date',
    templates: ['$substring($string({0}), 0, 6)'],
  },
  {
    id: 'rtms→pnu',
    from: ['region.lawdCd5', 'region.bjdongCd5', 'land.landCd', 'land.bun4', 'land.ji4'],
    to: ['land.pnu19'],
    ko: '시군구·법정동·대지구분·본번·부번을 이어 PNU 19자리',
    en: 'PNU from district, dong, land kind, main and sub number',
    templates: ['$pad({0}, 5) & $pad({1}, 5) & $string({2}) & $pad({3}, 4) & $pad({4}, 4)'],
  },
  {
    id: 'sidoName→sidoShortName',
    from: ['region.sidoName'],
    to: ['region.sidoShortName'],
    ko: '시도 이름을 약칭으로 (서울특별시 → 서울)',
    en: 'province name to its short name',
    templates: ['$sidoShort({0})'],
  },
];

export function transformById(id: string): TransformSpec | undefined {
  return transforms.find((t) => t.id === id);
}

/** The JSONata expression for output `index` of a transform (or identity), reading source fields from `row`. */
export function bindingExpression(transformId: string, fieldExprs: string[], index: number): string {
  if (transformId === IDENTITY) return fieldExprs[index]!;
  const transform = transformById(transformId);
  if (!transform) throw new Error(`unknown transform ${transformId}`);
  return transform.templates[index]!.replace(/\{(\d+)\}/g, (_, i: string) => fieldExprs[Number(i)]!);
}

/**
 * Parameters that only make sense together, taken from one source row: a latitude without its longitude, a
 * TAGO stop without its city, a juso address without its road code would call with a made-up place. A tool
 * that takes every kind of a coupling is a target for the whole group; groups may overlap.
 */
export const couplings: string[][] = [
  ['geo.lat', 'geo.lon'],
  ['kma.nx', 'kma.ny'],
  ['geo.tmX', 'geo.tmY'],
  ['geo.utmkX', 'geo.utmkY'],
  ['bus.tagoCityCode', 'bus.tagoNodeId'],
  ['kosis.orgId', 'kosis.tblId'],
  ['region.legalDong10', 'address.roadCode12', 'address.underground01', 'address.buildingMainNo', 'address.buildingSubNo'],
  ['region.sidoCd2', 'region.sigunguCd3'],
  // A parcel: 시군구, 법정동, 본번, 부번. The district and dong alone also name something (every building there).
  ['region.lawdCd5', 'region.bjdongCd5', 'land.bun4', 'land.ji4'],
  ['region.lawdCd5', 'region.bjdongCd5'],
  ['date.yyyy', 'date.mm'],
  ['tour.contentId', 'tour.contentTypeId'],
];

/** Value kinds that steer a call rather than name data: never the end of a link. */
export function isControlSemantic(tag: string): boolean {
  return tag.startsWith('paging.') || tag === 'geo.radiusM' || tag === 'airkorea.dataTerm' || tag === 'kma.category';
}
