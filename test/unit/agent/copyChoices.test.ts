// What a grammar lets a small model write for a value it must copy: a span of the question (its particle off, a
// short 시도 written out in full) or a value an earlier result showed (a code's prefix for a shorter code); dates,
// codes from a documented list and parameters nothing offers yet stay free.
import { describe, expect, it } from 'vitest';
import { copyChoices, questionSpans } from '../../../main/core/agent/copyChoices.ts';
import type { ChatMessage, ModelTool } from '../../../main/core/agent/types.ts';
import { renderResult } from '../../../main/core/resultView/resultView.ts';

const regions: ModelTool = {
  name: 'mois_getStanReginCdList',
  description: '법정동코드 조회',
  parameters: { type: 'object', properties: { locatadd_nm: { type: 'string' } }, required: ['locatadd_nm'] },
  semantics: { locatadd_nm: 'region.fullName' },
};
const deals: ModelTool = {
  name: 'molit_getRTMSDataSvcAptTradeDev',
  description: '아파트 매매',
  parameters: {
    type: 'object',
    properties: { LAWD_CD: { type: 'string', pattern: '^\\d{5}$' }, DEAL_YMD: { type: 'string', pattern: '^\\d{6}$' } },
    required: ['LAWD_CD', 'DEAL_YMD'],
  },
  semantics: { LAWD_CD: 'region.lawdCd5', DEAL_YMD: 'date.yyyymm' },
};

describe('copy choices', () => {
  it('offers the spans of the question, without their particle, with a short 시도 written in full', () => {
    const spans = questionSpans("경남 창원시 진해구에는 '주택'로 금곡동(인천 동구) 측정소가 있나요?");
    expect(spans).toEqual(expect.arrayContaining(['경상남도 창원시 진해구', '경남 창원시 진해구', '주택', '금곡동(인천 동구)']));
    expect(spans).not.toContain('창원시 진해구에는 ');
  });

  it('holds a stated place to the question and a code to what a result showed, and leaves a date free', () => {
    const question: ChatMessage = { role: 'user', content: '이번 달 서울 종로구 아파트 매매는 몇 건이에요?' };
    expect(copyChoices(regions, [question]).locatadd_nm).toContain('서울특별시 종로구');
    // Before any result, a code has nothing to be copied from: free.
    expect(copyChoices(deals, [question])).toEqual({});
    const result = renderResult({ ok: true, items: [{ region_cd: '1111000000', locatadd_nm: '서울특별시 종로구' }], totalCount: 1, error: null }, 'r1').text;
    const after: ChatMessage[] = [question, { role: 'tool', toolCallId: 'c1', name: regions.name, content: result }];
    expect(copyChoices(deals, after)).toEqual({ LAWD_CD: ['11110', '00000'] });
  });
});
