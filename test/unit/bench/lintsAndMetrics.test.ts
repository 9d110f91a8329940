// Task lints, argument provenance and the failure taxonomy on small hand-made plans and attempts: what a
// suite author and a model developer read in `kopa bench validate` and in run reports.
import { describe, expect, it } from 'vitest';
import type { AttemptCall, AttemptRecord } from '../../../main/core/bench/attempt.ts';
import { lintTask, statedForms, type LintContext } from '../../../main/core/bench/lints.ts';
import { pairedTest } from '../../../main/core/bench/pairedTest.ts';
import { stepMetrics, type MetricContext } from '../../../main/core/bench/stepMetrics.ts';
import { classifyFailure } from '../../../main/core/bench/taxonomy.ts';
import type { BenchTask } from '../../../main/core/bench/types.ts';
import type { TraceStep } from '../../../main/core/plan/types.ts';

const TAGS: Record<string, string> = { locatadd_nm: 'region.fullName', LAWD_CD: 'region.lawdCd5', DEAL_YMD: 'date.yyyymm', numOfRows: 'paging.numOfRows' };
const lintCtx: LintContext = { tagOf: (_tool, p) => TAGS[p], incidental: (_tool, p) => p === 'numOfRows' };

function task(query: string, dealYmd = '202503'): BenchTask {
  return {
    id: 't',
    query_ko: query,
    asOf: '2025-04-21T10:30:00+09:00',
    tools: ['mois.getStanReginCdList', 'molit.getRTMSDataSvcAptTradeDev'],
    plan: {
      version: 1,
      steps: [
        { id: 's1', tool: 'mois.getStanReginCdList', args: { locatadd_nm: { value: '서울특별시 강남구' } } },
        {
          id: 's2',
          tool: 'molit.getRTMSDataSvcAptTradeDev',
          args: { LAWD_CD: { expr: '$substring(s1.items[0].region_cd, 0, 5)' }, DEAL_YMD: { value: dealYmd }, numOfRows: { value: 1000 } },
        },
      ],
      answer: { expr: 's2.totalCount', compare: 'number' },
    },
    level: 2,
    abilities: ['sequential'],
  };
}

const trace: TraceStep[] = [
  {
    id: 's1',
    tool: 'mois.getStanReginCdList',
    args: { locatadd_nm: '서울특별시 강남구' },
    ok: true,
    items: [{ region_cd: '1168000000' }],
    totalCount: 1,
    resultCode: '00',
    errorKind: null,
    latencyMs: 1,
  },
  {
    id: 's2',
    tool: 'molit.getRTMSDataSvcAptTradeDev',
    args: { LAWD_CD: '11680', DEAL_YMD: '202503', numOfRows: 1000 },
    ok: true,
    items: [{ aptNm: '역삼자이' }],
    totalCount: 49,
    resultCode: '000',
    errorKind: null,
    latencyMs: 1,
  },
];

describe('task lints', () => {
  it('passes a request that states its values, in absolute or relative words', () => {
    expect(lintTask(task('2025년 3월 서울 강남구 아파트 매매는 몇 건이었어요?'), trace, lintCtx)).toEqual([]);
    expect(lintTask(task('지난달 서울 강남구 아파트 매매는 몇 건이었어요?'), trace, lintCtx)).toEqual([]);
  });

  it('flags an omitted value, a leaked intermediate code and an as-of mismatch', () => {
    expect(lintTask(task('2025년 3월 아파트 매매는 몇 건이었어요?'), trace, lintCtx)).toEqual([
      { kind: 'omitted value', detail: expect.stringContaining('s1.locatadd_nm=서울특별시 강남구') },
    ]);
    expect(lintTask(task('2025년 3월 서울 강남구(11680) 아파트 매매는 몇 건?'), trace, lintCtx)).toEqual([
      { kind: 'leaked id', detail: 'the request names 11680, which only an earlier step knows' },
    ]);
    expect(lintTask(task('이번 달 서울 강남구 아파트 매매는 몇 건이었어요?'), trace, lintCtx)).toEqual([
      { kind: 'as-of mismatch', detail: expect.stringContaining('s2.DEAL_YMD=202503') },
    ]);
  });
});

const metricCtx = (query: string): MetricContext => ({
  query,
  incidental: (_t, p) => p === 'numOfRows',
  mention: (tool, p, v) => statedForms(tool, TAGS[p] ?? '', v, new Date('2025-04-21T10:30:00+09:00')).find((form) => query.includes(form)),
});
const call = (tool: string, args: Record<string, unknown>, extra: Partial<AttemptCall> = {}): AttemptCall => ({
  tool,
  arguments: args,
  ok: true,
  errorKind: null,
  items: [],
  ...extra,
});

describe('step metrics', () => {
  it('tells values from the user, from an earlier output (sliced or padded) and invented ones apart', () => {
    const calls = [
      call('mois.getStanReginCdList', { locatadd_nm: '서울특별시 강남구' }, { items: [{ region_cd: '1168000000', umd_cd: '101' }] }),
      call('molit.getRTMSDataSvcAptTradeDev', { LAWD_CD: '11680', DEAL_YMD: '202503', numOfRows: 1000 }),
      call('molit.getBrTitleInfo', { sigunguCd: '11680', bun: '0101', ji: '7777' }),
    ];
    const m = stepMetrics(calls, trace, metricCtx('서울 강남구 202503 아파트'));
    expect(m.provenance).toEqual({ user: 2, tool: 3, invented: 1 });
    expect(m.invented).toEqual(['molit.getBrTitleInfo.ji=7777']);
    expect(m).toMatchObject({ toolRecall: 1, toolPrecision: 2 / 3, argumentAccuracy: 1, stepsUsed: 3, stepsNeeded: 2 });
  });

  it('scores a wrong argument and counts injected faults that were got past', () => {
    const calls = [
      call('mois.getStanReginCdList', { locatadd_nm: '서울특별시 강남구' }, { items: [{ region_cd: '1168000000' }] }),
      call('molit.getRTMSDataSvcAptTradeDev', { LAWD_CD: '11680', DEAL_YMD: '202502' }, { ok: false, errorKind: 'Upstream', injected: 'serverError' }),
      call('molit.getRTMSDataSvcAptTradeDev', { LAWD_CD: '11680', DEAL_YMD: '202502' }),
    ];
    const m = stepMetrics(calls, trace, metricCtx('서울 강남구 아파트'));
    expect(m.argumentAccuracy).toBeCloseTo(2 / 3, 12);
    expect(m).toMatchObject({ faultsMet: 1, faultsRecovered: 1 });
  });
});

describe('failure taxonomy', () => {
  const base = (
    calls: AttemptCall[],
    answer: string | null,
    stoppedBy: AttemptRecord['stoppedBy'] = 'final',
    claim: AttemptRecord['claim'] = answer === null ? null : { kind: 'text', value: answer },
  ): { attempt: AttemptRecord; kind: (decline?: boolean) => string } => {
    const attempt = { answer, claim, stoppedBy, calls };
    return { attempt, kind: (decline = false) => classifyFailure(attempt, stepMetrics(calls, trace, metricCtx('2025년 3월 서울 강남구')), decline) };
  };
  const good = [
    call('mois.getStanReginCdList', { locatadd_nm: '서울특별시 강남구' }, { items: [{ region_cd: '1168000000' }] }),
    call('molit.getRTMSDataSvcAptTradeDev', { LAWD_CD: '11680', DEAL_YMD: '202503' }),
  ];

  it('names the first thing that went wrong', () => {
    expect(base(good, '<tool_call>{"name": "x"', 'final', null).kind()).toBe('unparseable output');
    expect(base(good, '49건입니다', 'final', null).kind()).toBe('no committed answer');
    expect(base(good, '49건입니다').kind(true)).toBe('failed to decline');
    expect(base([], '49건입니다').kind()).toBe('no call');
    expect(base(good, null, 'maxSteps').kind()).toBe('step cap or loop');
    expect(
      base(
        [good[0]!, call('molit.getRTMSDataSvcAptTradeDev', { LAWD_CD: '11680', DEAL_YMD: '202503' }, { ok: false, errorKind: 'Timeout', injected: 'timeout' })],
        '모르겠습니다',
      ).kind(),
    ).toBe('unrecovered API error');
    expect(
      base(
        [
          good[0]!,
          call(
            'molit.getRTMSDataSvcAptTradeDev',
            { LAWD_CD: 'x' },
            {
              ok: false,
              errorKind: null,
              refused: '인자가 스키마에 맞지 않아 호출하지 않았습니다: /LAWD_CD must match pattern',
              refusal: { kind: 'invalidArguments', violations: [{ path: '/LAWD_CD', message: 'must match pattern' }] },
            },
          ),
        ],
        '모르겠습니다',
      ).kind(),
    ).toBe('invalid arguments');
    expect(base([call('kasi.getRestDeInfo', { solYear: '2025' })], '49건').kind()).toBe('wrong tool');
    expect(base([good[0]!, call('molit.getRTMSDataSvcAptTradeDev', { LAWD_CD: '26350', DEAL_YMD: '202503' })], '12건').kind()).toBe('invented value');
    expect(base([good[0]!], '49건').kind()).toBe('premature answer');
    expect(base(good, '48건').kind()).toBe('wrong final answer');
  });
});

describe('paired comparison', () => {
  it('gives the exact sign-flip p-value for a small paired sample', () => {
    // Four tasks improve by 1, none get worse: the 16 sign patterns give |sum| ≥ 4 twice.
    const r = pairedTest([0, 0, 0, 0, 1, 1], [1, 1, 1, 1, 1, 1]);
    expect(r).toMatchObject({ tasks: 6, bBetter: 4, aBetter: 0, ties: 2, pValue: 2 / 16, method: 'exact sign-flip' });
    expect(r.difference.value).toBeCloseTo(4 / 6, 12);
    expect(pairedTest([1, 0, 1], [1, 0, 1]).pValue).toBe(1);
  });
});
