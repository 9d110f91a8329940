import { describe, expect, it } from 'vitest';
import { createProgressReporter } from '../../../main/cli/progress.ts';

function fakeStream(isTTY: boolean): {
  write: (s: string) => boolean;
  isTTY: boolean;
  columns: number;
  text: () => string;
  cursorTo: () => boolean;
  clearLine: () => boolean;
  moveCursor: () => boolean;
} {
  let written = '';
  return {
    write: (s: string) => {
      written += s;
      return true;
    },
    isTTY,
    columns: 100,
    text: () => written,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  };
}

describe('progress bars', () => {
  it('draw on a terminal with the stage, percentage and count', () => {
    const stream = fakeStream(true);
    const progress = createProgressReporter(stream, true);
    progress.update({ stage: 'verify', done: 0, total: 4 });
    progress.update({ stage: 'verify', done: 1, total: 4, message: 'kma → airkorea' });
    progress.stop();
    // The stage as the window names it, in the command line's language.
    expect(stream.text()).toContain('Verifying links [');
    expect(stream.text()).toContain('25%');
    expect(stream.text()).toContain('1/4');
    const korean = fakeStream(true);
    const inKorean = createProgressReporter(korean, true, 'ko');
    inKorean.update({ stage: 'verify', done: 1, total: 4 });
    inKorean.update({ stage: 'an engine stage without a name', done: 2, total: 4 });
    inKorean.stop();
    expect(korean.text()).toContain('링크 검증 [');
    expect(korean.text()).toContain('an engine stage without a name [');
  });

  it('stay silent when stderr is not a terminal or output is JSON', () => {
    for (const [tty, enabled] of [
      [false, true],
      [true, false],
    ] as const) {
      const stream = fakeStream(tty);
      const progress = createProgressReporter(stream, enabled);
      progress.update({ stage: 'verify', done: 1, total: 2 });
      progress.stop();
      expect(stream.text()).toBe('');
    }
  });
});
