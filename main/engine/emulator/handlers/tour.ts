// TourAPI 4.0 (KorService2): legal-dong code lists, content by region, near a point, by keyword, festivals,
// and details. Every call must carry MobileOS and MobileApp, as the live service demands.
import { isAnnounced, type TourContent } from '../world/places.ts';
import { apiError, rows, type Handler, type HandlerContext, type HandlerResult } from './types.ts';

function baseline(ctx: HandlerContext): HandlerResult | undefined {
  if (!ctx.params.MobileOS || !ctx.params.MobileApp) return apiError('10', 'INVALID_REQUEST_PARAMETER_ERROR(MobileOS, MobileApp)');
  if (ctx.params.lDongSignguCd && !ctx.params.lDongRegnCd) return apiError('10', 'INVALID_REQUEST_PARAMETER_ERROR(lDongRegnCd)');
  return undefined;
}

/**
 * TourAPI's 2025 classification (lclsSystm1–3) of a content, from the codes seen in real bodies for its kind; the
 * legacy codes (areacode, sigungucode, cat1–3) are written empty, as most 2026 rows have them.
 */
function classification(c: TourContent): [string, string, string] {
  const t = c.title;
  const code = (l3: string): [string, string, string] => [l3.slice(0, 2), l3.slice(0, 4), l3];
  switch (c.typeId) {
    case '12':
      if (/향교|고택|성곽/.test(t)) return code(/고택/.test(t) ? 'HS010400' : /성곽/.test(t) ? 'HS010200' : 'HS010100');
      if (/공원|마을|문화거리/.test(t)) return code('VE030400');
      return ['', '', ''];
    case '14':
      return code(/도서관/.test(t) ? 'VE120100' : 'VE070300');
    case '15':
      return code('EV010100');
    case '32':
      return code(/호텔|리조트/.test(t) ? 'AC040100' : 'AC030100');
    case '38':
      return code('SH060200');
    case '39':
      return code(/빵집|찻집/.test(t) ? 'FD030100' : 'FD010100');
    default:
      return ['', '', ''];
  }
}

/** The fields every content row carries, list or detail. */
function commonFields(c: TourContent): Record<string, unknown> {
  const [l1, l2, l3] = classification(c);
  return {
    areacode: '',
    sigungucode: '',
    cat1: '',
    cat2: '',
    cat3: '',
    lclsSystm1: l1,
    lclsSystm2: l2,
    lclsSystm3: l3,
    firstimage: `http://tong.visitkorea.or.kr/cms/resource/${c.contentId.slice(-2)}/${c.contentId}_image2_1.jpg`,
    firstimage2: `http://tong.visitkorea.or.kr/cms/resource/${c.contentId.slice(-2)}/${c.contentId}_image3_1.jpg`,
    cpyrhtDivCd: 'Type3',
    mlevel: '6',
    lDongRegnCd: c.sigungu.sido.code2,
    lDongSignguCd: c.sigungu.code5.slice(2),
  };
}

function listRow(c: TourContent, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    addr1: c.address,
    addr2: '',
    contentid: c.contentId,
    contenttypeid: c.typeId,
    createdtime: c.created,
    mapx: c.point.lon.toFixed(10),
    mapy: c.point.lat.toFixed(10),
    modifiedtime: c.modified,
    tel: c.tel ?? '',
    title: c.title,
    zipcode: c.zipNo,
    ...commonFields(c),
    ...extra,
  };
}

/** What TourAPI lists at the request's moment: a festival only once it is announced. */
const listed = (ctx: HandlerContext, place: { tour: TourContent[] }): TourContent[] => place.tour.filter((c) => isAnnounced(c, ctx.now));

function regionContent(ctx: HandlerContext): TourContent[] {
  const { lDongRegnCd: sido, lDongSignguCd: sgg } = ctx.params;
  const scope = sido && sgg ? ctx.world.placesIn({ sigungu: `${sido}${sgg}` }) : sido ? ctx.world.placesIn({ sido }) : ctx.world.places.all();
  return scope.flatMap((p) => listed(ctx, p));
}

function arrange(list: TourContent[], order: string | undefined): TourContent[] {
  const sorted = [...list];
  if (order === 'A' || order === 'O') sorted.sort((a, b) => a.title.localeCompare(b.title, 'ko'));
  else if (order === 'D' || order === 'R') sorted.sort((a, b) => b.created.localeCompare(a.created));
  else sorted.sort((a, b) => b.modified.localeCompare(a.modified));
  return sorted;
}

const byType = (list: TourContent[], typeId: string | undefined): TourContent[] => (typeId ? list.filter((c) => c.typeId === typeId) : list);

export const ldongCode2: Handler = (ctx) => {
  const error = baseline(ctx);
  if (error) return error;
  const sido = ctx.params.lDongRegnCd;
  if (!sido)
    return rows(
      ctx.world.regions.sidos
        .slice()
        .sort((a, b) => a.code2.localeCompare(b.code2))
        .map((s, i) => ({ rnum: i + 1, code: s.code2, name: s.name })),
    );
  const list = ctx.world.regions.leafSigungus().filter((s) => s.sido.code2 === sido);
  return rows(list.map((s, i) => ({ rnum: i + 1, code: s.code5.slice(2), name: s.name })));
};

export const areaBasedList2: Handler = (ctx) =>
  baseline(ctx) ?? rows(arrange(byType(regionContent(ctx), ctx.params.contentTypeId), ctx.params.arrange).map((c) => listRow(c)));

export const locationBasedList2: Handler = (ctx) => {
  const error = baseline(ctx);
  if (error) return error;
  const point = { lon: Number(ctx.params.mapX), lat: Number(ctx.params.mapY) };
  const radius = Math.min(20000, Number(ctx.params.radius));
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lon) || !Number.isFinite(radius))
    return apiError('10', 'INVALID_REQUEST_PARAMETER_ERROR(mapX, mapY, radius)');
  const found = ctx.world
    .within(
      point,
      radius,
      (p) => listed(ctx, p),
      (c) => c.point,
    )
    .filter((x) => !ctx.params.contentTypeId || x.item.typeId === ctx.params.contentTypeId);
  const ordered =
    ctx.params.arrange === 'E' || ctx.params.arrange === 'S' || !ctx.params.arrange
      ? found
      : arrange(
          found.map((f) => f.item),
          ctx.params.arrange,
        ).map((item) => found.find((f) => f.item === item)!);
  return rows(ordered.map(({ item, distance }) => listRow(item, { dist: distance.toFixed(11) })));
};

export const searchKeyword2: Handler = (ctx) => {
  const error = baseline(ctx);
  if (error) return error;
  const keyword = (ctx.params.keyword ?? '').trim();
  if (!keyword) return apiError('10', 'INVALID_REQUEST_PARAMETER_ERROR(keyword)');
  const list = byType(regionContent(ctx), ctx.params.contentTypeId).filter((c) => c.title.includes(keyword) || c.address.includes(keyword));
  return rows(arrange(list, ctx.params.arrange).map((c) => listRow(c)));
};

export const searchFestival2: Handler = (ctx) => {
  const error = baseline(ctx);
  if (error) return error;
  const start = ctx.params.eventStartDate ?? '';
  if (!/^\d{8}$/.test(start)) return apiError('10', 'INVALID_REQUEST_PARAMETER_ERROR(eventStartDate)');
  const end = ctx.params.eventEndDate;
  const list = regionContent(ctx).filter((c) => c.event && c.event.end >= start && (!end || c.event.start <= end));
  return rows(
    arrange(list, ctx.params.arrange).map((c) =>
      listRow(c, { eventstartdate: c.event!.start, eventenddate: c.event!.end, progresstype: '선택안함', festivaltype: '' }),
    ),
  );
};

function findContent(ctx: HandlerContext, id: string): TourContent | undefined {
  const { world } = ctx;
  const code5 = id.length >= 7 ? id.slice(0, 5) : '';
  const local = world.regions.sigungu(code5) ? world.placesIn({ sigungu: code5 }).flatMap((p) => listed(ctx, p)) : [];
  return (
    local.find((c) => c.contentId === id) ??
    world.places
      .all()
      .flatMap((p) => listed(ctx, p))
      .find((c) => c.contentId === id)
  );
}

export const detailCommon2: Handler = (ctx) => {
  const error = baseline(ctx);
  if (error) return error;
  const c = findContent(ctx, ctx.params.contentId ?? '');
  if (!c) return rows([]);
  return rows([
    {
      contentid: c.contentId,
      contenttypeid: c.typeId,
      title: c.title,
      createdtime: c.created,
      modifiedtime: c.modified,
      tel: c.tel ?? '',
      telname: '',
      homepage: `<a href="https://www.example.go.kr/tour/${c.contentId}" target="_blank" title="새창 : ${c.title}">www.example.go.kr</a>`,
      addr1: c.address,
      addr2: '',
      zipcode: c.zipNo,
      mapx: c.point.lon.toFixed(10),
      mapy: c.point.lat.toFixed(10),
      overview: c.overview,
      ...commonFields(c),
    },
  ]);
};

export const detailIntro2: Handler = (ctx) => {
  const error = baseline(ctx);
  if (error) return error;
  const c = findContent(ctx, ctx.params.contentId ?? '');
  if (!c || c.typeId !== ctx.params.contentTypeId) return rows([]);
  const base = { contentid: c.contentId, contenttypeid: c.typeId };
  const byKind: Record<string, Record<string, unknown>> = {
    '15': {
      eventstartdate: c.event?.start ?? '',
      eventenddate: c.event?.end ?? '',
      eventplace: c.event?.place ?? '',
      playtime: c.event?.hours ?? '',
      program: '개막식, 공연, 체험 부스, 먹거리 장터',
      sponsor1: `${c.sigungu.name}`,
      sponsor1tel: c.tel ?? '',
      usetimefestival: '무료',
    },
    '12': {
      heritage1: '0',
      heritage2: '0',
      heritage3: '0',
      infocenter: c.tel ?? '',
      opendate: '',
      restdate: '연중무휴',
      expguide: '',
      expagerange: '',
      accomcount: '',
      useseason: '',
      usetime: '09:00~18:00',
      parking: '가능',
      chkbabycarriage: '',
      chkpet: '',
      chkcreditcard: '',
    },
    '14': { infocenterculture: c.tel ?? '', restdateculture: '매주 월요일', usetimeculture: '09:00~18:00', parkingculture: '가능' },
    '28': { infocenterleports: c.tel ?? '', restdateleports: '연중무휴', usetimeleports: '09:00~18:00' },
    '32': { checkintime: '15:00', checkouttime: '11:00', roomcount: '12', infocenterlodging: c.tel ?? '' },
    '38': { opentime: '09:00~20:00', restdateshopping: '첫째·셋째 일요일' },
    '39': {
      seat: '',
      kidsfacility: '0',
      firstmenu: c.title.split(' ').pop() ?? '',
      treatmenu: '정식, 단품',
      smoking: '',
      packing: '가능',
      infocenterfood: c.tel ?? '',
      scalefood: '',
      parkingfood: '가능',
      opendatefood: '',
      opentimefood: '11:00~21:00',
      restdatefood: '매주 화요일',
      discountinfofood: '',
      chkcreditcardfood: '가능',
      reservationfood: '',
      // A food business's licence number: the year it was granted, then seven digits.
      lcnsno: `${c.created.slice(0, 4)}${c.contentId.slice(-7).padStart(7, '0')}`,
    },
    '25': { distance: '12km', taketime: '4시간', theme: '도보' },
  };
  return rows([{ ...base, ...(byKind[c.typeId] ?? {}), ...c.intro }]);
};
