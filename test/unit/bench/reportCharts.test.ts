// The report's charts read at any n: one sample is a labelled point, pass@k and pass^k differ in line and marker
// where they coincide, intervals show their bounds, a 0 % bar still shows, and every chart says what it is.
import { describe, expect, it } from 'vitest';
import { barChart, horizontalBars, passCurveChart } from '../../../main/core/bench/report/charts.ts';
import { reportText } from '../../../main/core/bench/report/reportText.ts';

const same = [{ k: 1, value: 0.5, low: 0.3, high: 0.7 }];

describe('report charts', () => {
  it('labels a single sample and keeps pass@k and pass^k apart where they coincide', () => {
    const svg = passCurveChart(
      [
        { name: 'pass@k', cls: 'at', points: same },
        { name: 'pass^k', cls: 'hat', points: same },
      ],
      'curves',
    );
    expect(svg).toContain('class="chart-title">curves</text>');
    expect(svg).toContain('>pass@k 50.0% [30.0%, 70.0%]</text>');
    expect(svg).toContain('>pass^k 50.0% [30.0%, 70.0%]</text>');
    expect(svg).toMatch(/<circle[^>]*class="at"/);
    expect(svg).toMatch(/<rect[^>]*class="hat hollow"/);
    expect(svg).toContain('class="line hat dashed"');
    expect(svg.match(/class="(at|hat) bound"/g)).toHaveLength(2);
  });

  it('draws every level, a 0 % one too, with its value and n', () => {
    const svg = barChart(
      [
        { label: 'L1', value: 0, low: 0, high: 0, n: 3 },
        { label: 'L2', value: 1, low: 1, high: 1, n: 4 },
      ],
      'levels',
    );
    const heights = [...svg.matchAll(/<rect [^>]*height="([\d.]+)" class="bar"/g)].map((m) => Number(m[1]));
    expect(heights).toHaveLength(2);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(2);
    expect(svg).toContain('>n = 3</text>');
    expect(svg).toContain('>0.0%</text>');
    expect(horizontalBars([{ label: 'no call', count: 1 }], 'failures')).toContain('class="chart-title">failures</text>');
  });

  it('counts in words that read right in both languages', () => {
    expect(reportText('en').samples(1)).toBe('1 sample per task');
    expect(reportText('en').samples(4)).toBe('4 samples per task');
    expect(reportText('en').failureTitle(1)).toBe('Failure taxonomy (1 failed attempt)');
    expect(reportText('ko').samples(1)).toBe('과제당 시도 1번');
  });
});
