// KOSIS: table search and data by table, classification, item and period.
import { STAT_TABLES, statTable, statValue } from '../world/statistics.ts';
import { apiError, kst, pad, rows, type Handler } from './types.ts';

export const statisticsSearch: Handler = ({ params }) => {
  const term = (params.searchNm ?? '').trim();
  if (!term) return apiError('20', '필수요청변수값이 누락되었습니다.');
  const words = term.split(/\s+/);
  const hits = STAT_TABLES.filter(
    (t) => (!params.orgId || t.orgId === params.orgId) && words.every((w) => t.tblName.includes(w) || t.statName.includes(w) || t.orgName.includes(w)),
  );
  if (hits.length === 0) return apiError('30', '데이터가 존재하지 않습니다.');
  return rows(
    hits.map((t) => ({
      ORG_ID: t.orgId,
      ORG_NM: t.orgName,
      TBL_ID: t.tblId,
      TBL_NM: t.tblName,
      STAT_ID: t.statId,
      STAT_NM: t.statName,
      VW_CD: 'MT_ZTITLE',
      MT_ATITLE: '',
      FULL_PATH_ID: '',
      CONTENTS: t.tblName,
      STRT_PRD_DE: t.start,
      END_PRD_DE: '2025',
      ITEM03: '',
      REC_TBL_SE: 'N',
      TBL_VIEW_URL: '',
      LINK_URL: `https://kosis.kr/statHtml/statHtml.do?orgId=${t.orgId}&tblId=${t.tblId}`,
      STAT_DB_CNT: '',
      QUERY: term,
    })),
    false,
  );
};

function periods(prdSe: string, start: string, end: string): string[] {
  const out: string[] = [];
  if (prdSe === 'Y') for (let y = Number(start.slice(0, 4)); y <= Number(end.slice(0, 4)); y++) out.push(String(y));
  else {
    let y = Number(start.slice(0, 4));
    let m = start.length >= 6 ? Number(start.slice(4, 6)) : 1;
    const endKey = end.length >= 6 ? end : `${end}12`;
    while (`${y}${pad(m, 2)}` <= endKey) {
      out.push(`${y}${pad(m, 2)}`);
      m++;
      if (m > 12) {
        m = 1;
        y++;
      }
    }
  }
  return out;
}

export const statisticsParameterData: Handler = ({ params, world, now }) => {
  const table = statTable(params.orgId ?? '', params.tblId ?? '');
  if (!params.orgId || !params.tblId || !params.objL1 || !params.itmId || !params.prdSe) return apiError('20', '필수요청변수값이 누락되었습니다.');
  if (!table) return apiError('21', '요청변수값이 잘못되었습니다.');
  const prdSe = params.prdSe as 'Y' | 'M';
  if (!table.prdSe.includes(prdSe)) return apiError('21', '요청변수값이 잘못되었습니다.');
  const today = kst(now);
  const latest = prdSe === 'Y' ? String(today.getUTCFullYear() - 1) : `${today.getUTCFullYear()}${pad(today.getUTCMonth() + 1, 2)}`;
  let list: string[];
  if (params.newEstPrdCnt) {
    const all = periods(prdSe, table.start, latest);
    list = all.slice(-Number(params.newEstPrdCnt));
  } else {
    if (!params.startPrdDe || !params.endPrdDe) return apiError('20', '필수요청변수값이 누락되었습니다.');
    list = periods(prdSe, params.startPrdDe, params.endPrdDe < latest ? params.endPrdDe : latest);
  }
  const classes = params.objL1 === 'ALL' ? table.classes : table.classes.filter((c) => params.objL1!.split(/[+,]/).includes(c.id));
  const items = params.itmId === 'ALL' ? table.items : table.items.filter((i) => params.itmId!.split(/[+,]/).includes(i.id));
  const cells = list.length * classes.length * items.length;
  if (cells > 40_000) return apiError('31', '조회결과가 너무 많습니다.');
  const out = [];
  for (const period of list) {
    for (const c of classes) {
      for (const item of items) {
        out.push({
          ORG_ID: table.orgId,
          TBL_ID: table.tblId,
          TBL_NM: table.tblName,
          C1: c.id,
          C1_NM: c.name,
          C1_OBJ_NM: '행정구역별',
          ITM_ID: item.id,
          ITM_NM: item.name,
          UNIT_NM: item.unit,
          PRD_SE: prdSe,
          PRD_DE: period,
          DT: String(statValue(world.seed, table, c.id, item.id, period)),
          LST_CHN_DE: `${today.getUTCFullYear()}-${pad(today.getUTCMonth() + 1, 2)}-01`,
        });
      }
    }
  }
  if (out.length === 0) return apiError('30', '데이터가 존재하지 않습니다.');
  return rows(out, false);
};
