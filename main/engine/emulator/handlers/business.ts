// NTS business status and validation (POST, JSON), and SEMAS shops by radius, lot (PNU) and building.
import type { BusinessRecord } from '../world/business.ts';
import type { Shop } from '../world/places.ts';
import type { World } from '../world/World.ts';
import { apiError, rows, type Handler } from './types.ts';

const UNREGISTERED = '국세청에 등록되지 않은 사업자등록번호입니다.';

function statusFields(bno: string, r: BusinessRecord | undefined): Record<string, string> {
  if (!r) {
    return {
      b_no: bno,
      b_stt: '',
      b_stt_cd: '',
      tax_type: UNREGISTERED,
      tax_type_cd: '',
      end_dt: '',
      utcc_yn: '',
      tax_type_change_dt: '',
      invoice_apply_dt: '',
      rbf_tax_type: '',
      rbf_tax_type_cd: '',
    };
  }
  return {
    b_no: r.bno,
    b_stt: r.statusName,
    b_stt_cd: r.status,
    tax_type: r.taxType,
    tax_type_cd: r.taxTypeCd,
    end_dt: r.endDt,
    utcc_yn: 'N',
    tax_type_change_dt: '',
    invoice_apply_dt: '',
    rbf_tax_type: '해당없음',
    rbf_tax_type_cd: '99',
  };
}

function list(body: unknown, key: string): unknown[] | undefined {
  const value = (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(value) ? value : undefined;
}

export const ntsStatus: Handler = ({ body, world }) => {
  const numbers = list(body, 'b_no');
  if (!numbers || numbers.length === 0 || numbers.some((n) => typeof n !== 'string')) return apiError('BAD_JSON_REQUEST', 'BAD_JSON_REQUEST');
  if (numbers.length > 100) return apiError('TOO_LARGE_REQUEST', 'TOO_LARGE_REQUEST');
  return rows(
    numbers.map((n) => String(n).replace(/-/g, '')).map((bno) => statusFields(bno, world.businesses.get(bno))),
    false,
  );
};

export const ntsValidate: Handler = ({ body, world }) => {
  const businesses = list(body, 'businesses');
  if (!businesses || businesses.length === 0) return apiError('BAD_JSON_REQUEST', 'BAD_JSON_REQUEST');
  if (businesses.length > 100) return apiError('TOO_LARGE_REQUEST', 'TOO_LARGE_REQUEST');
  const out = [];
  for (const raw of businesses) {
    const b = raw as Record<string, unknown>;
    if (typeof b.b_no !== 'string' || typeof b.start_dt !== 'string' || typeof b.p_nm !== 'string') return apiError('BAD_JSON_REQUEST', 'BAD_JSON_REQUEST');
    const bno = b.b_no.replace(/-/g, '');
    const record = world.businesses.get(bno);
    const matches =
      record !== undefined &&
      record.startDt === b.start_dt &&
      record.representative === b.p_nm.trim() &&
      (b.b_nm === undefined || b.b_nm === '' || b.b_nm === record.tradeName);
    out.push({
      b_no: bno,
      valid: matches ? '01' : '02',
      valid_msg: matches ? '' : '확인할 수 없습니다.',
      request_param: b,
      ...(matches ? { status: statusFields(bno, record) } : {}),
    });
  }
  return rows(out, false);
};

function shopRow(world: World, s: Shop): Record<string, unknown> {
  const b = s.building;
  const sg = b.emd.sigungu;
  return {
    bizesId: s.bizesId,
    bizesNm: s.name,
    brchNm: s.branch ?? '',
    indsLclsCd: s.industry.lcls[0],
    indsLclsNm: s.industry.lcls[1],
    indsMclsCd: s.industry.mcls[0],
    indsMclsNm: s.industry.mcls[1],
    indsSclsCd: s.industry.scls[0],
    indsSclsNm: s.industry.scls[1],
    ksicCd: s.industry.ksic[0],
    ksicNm: s.industry.ksic[1],
    ctprvnCd: sg.sido.code2,
    ctprvnNm: sg.sido.name,
    signguCd: sg.code5,
    signguNm: sg.name,
    adongCd: `${b.emd.code10.slice(0, 8)}00`,
    adongNm: b.emd.name,
    ldongCd: b.emd.code10,
    ldongNm: b.emd.name,
    lnoCd: world.pnu(b),
    plotSctCd: b.mtYn === '1' ? '2' : '1',
    plotSctNm: b.mtYn === '1' ? '산' : '대지',
    lnoMnno: String(b.bun),
    lnoSlno: b.ji ? String(b.ji) : '',
    lnoAdr: world.jibunAddress({ ...b, name: null }),
    rdnmCd: b.road.code12,
    rdnm: `${sg.sido.name} ${sg.name} ${b.road.name}`,
    bldMnno: String(b.buldMnnm),
    bldSlno: b.buldSlno ? String(b.buldSlno) : '',
    bldMngNo: b.bdMgtSn,
    bldNm: b.name ?? '',
    rdnmAdr: world.roadAddress(b).part1,
    oldZipcd: '',
    newZipcd: b.zipNo,
    dongNo: '',
    flrNo: s.floor,
    hoNo: '',
    lon: s.point.lon.toFixed(9),
    lat: s.point.lat.toFixed(9),
  };
}

const NO_SHOPS = apiError('03', 'NODATA_ERROR');

export const storeListInRadius: Handler = ({ params, world }) => {
  const point = { lon: Number(params.cx), lat: Number(params.cy) };
  const radius = Math.min(2000, Number(params.radius));
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lon) || !Number.isFinite(radius)) return apiError('10', 'INVALID_REQUEST_PARAMETER_ERROR');
  const found = world
    .within(
      point,
      radius,
      (p) => p.shops,
      (s) => s.point,
    )
    .filter((x) => !params.indsLclsCd || x.item.industry.lcls[0] === params.indsLclsCd);
  return found.length ? rows(found.map((x) => shopRow(world, x.item))) : NO_SHOPS;
};

export const storeListInPnu: Handler = ({ params, world }) => {
  const key = params.key ?? '';
  if (!/^\d{19}$/.test(key)) return apiError('10', 'INVALID_REQUEST_PARAMETER_ERROR');
  const shops = world
    .placesIn({ sigungu: key.slice(0, 5) })
    .flatMap((p) => p.shops)
    .filter((s) => world.pnu(s.building) === key && (!params.indsLclsCd || s.industry.lcls[0] === params.indsLclsCd));
  return shops.length ? rows(shops.map((s) => shopRow(world, s))) : NO_SHOPS;
};

export const storeListInBuilding: Handler = ({ params, world }) => {
  const key = params.key ?? '';
  if (!/^\d{25}$/.test(key)) return apiError('10', 'INVALID_REQUEST_PARAMETER_ERROR');
  const shops = world
    .placesIn({ sigungu: key.slice(0, 5) })
    .flatMap((p) => p.shops)
    .filter((s) => s.building.bdMgtSn === key && (!params.indsLclsCd || s.industry.lcls[0] === params.indsLclsCd));
  return shops.length ? rows(shops.map((s) => shopRow(world, s))) : NO_SHOPS;
};
