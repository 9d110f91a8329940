// A scheduled API's "no data" names the issue that can be asked for, in words the model and the chat both read.
import { describe, expect, it } from 'vitest';
import { withIssueWindow } from '../../../main/core/gateway/issueWindow.ts';
import type { CallResult } from '../../../main/core/gateway/callResult.ts';
import { sayRecorded } from '../../../main/core/i18n/strings.ts';

const noData = (tool: string): CallResult => ({
  ok: false,
  tool,
  source: 'emulator',
  requestHash: 'h',
  latencyMs: 1,
  items: [],
  totalCount: null,
  page: null,
  resultCode: '03',
  resultMessage: 'NO_DATA',
  error: { kind: 'NoData', message: 'NO_DATA', retryable: false },
  warnings: [],
});

describe('the issue window of a scheduled API', () => {
  it("tells a short-term forecast's no-data which issue there is, as of the moment asked", () => {
    // 15:20 KST: the 14:00 issue (published at 14:10) is the latest.
    const said = withIssueWindow(noData('kma.getVilageFcst'), new Date('2026-12-04T15:20:00+09:00'));
    expect(said.error!.message).toBe(
      'NO_DATA This API answers only for recent issues (about the last day, and none not yet published). The latest issue available now is 2026-12-04 14:00 KST.',
    );
    expect(sayRecorded('ko', said.error!.said, said.error!.message)).toContain('가장 최근 발표는 2026-12-04 14:00 KST입니다');
    expect(said.error!.kind).toBe('NoData');
  });

  it('leaves an API without a schedule, and any other failure, as they were', () => {
    const holidays = noData('kasi.getRestDeInfo');
    expect(withIssueWindow(holidays, new Date())).toBe(holidays);
    const upstream = { ...noData('kma.getVilageFcst'), error: { kind: 'Upstream' as const, message: 'down', retryable: true } };
    expect(withIssueWindow(upstream, new Date())).toBe(upstream);
  });
});
