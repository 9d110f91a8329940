// The command line in the analyst's language: Korean where the system's locale is Korean, English otherwise,
// `--lang ko|en` to choose; help, errors, a bench run's summary and the run's reports follow it, from the catalogue the
// window uses.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, main } from '../../../main/cli/main.ts';
import { helpKey } from '../../../main/cli/i18n.ts';
import type { CliIo } from '../../../main/cli/io.ts';
import { isStringKey, translate } from '../../../main/core/i18n/strings.ts';
import { tempDir } from '../../helpers/tempDir.ts';

async function kopa(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env, platform: process.platform, homeDir: tempDir(), interrupted: () => new Promise(() => undefined) };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const KOREAN = { LANG: 'ko_KR.UTF-8' };

describe('the command line’s language', () => {
  it('has every command described in both languages', () => {
    const program = buildProgram({ stdout: { write: () => true }, stderr: { write: () => true }, env: {}, platform: process.platform, homeDir: tempDir(), interrupted: () => new Promise(() => undefined) }, () => undefined);
    const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
    for (const command of all(program)) {
      const key = helpKey(command);
      expect(isStringKey(key), key).toBe(true);
      if (isStringKey(key)) expect(command.description()).toBe(translate('en', key));
    }
  });

  it('helps in Korean where the system is Korean, in English otherwise, and as --lang says', async () => {
    const korean = await kopa(['--help'], KOREAN);
    expect(korean.code).toBe(0);
    expect(korean.stdout).toContain('공개 가중치 LLM 에이전트');
    expect(korean.stdout).toContain('KOPA-Bench: 과제 모음을 검증하고');
    expect(korean.stdout).toContain('데이터 폴더');
    expect(korean.stdout).toMatch(/^사용법: kopa /m);
    expect(korean.stdout).toMatch(/^명령:$/m);
    const english = await kopa(['--help'], { LANG: 'C.UTF-8' });
    expect(english.stdout).toContain('run and evaluate open-weight LLM agents');
    expect((await kopa(['--lang', 'en', '--help'], KOREAN)).stdout).toContain('run and evaluate open-weight LLM agents');
    expect((await kopa(['bench', 'run', '--help', '--lang=ko'])).stdout).toContain('모든 과제에 모델을 n번씩 실행합니다');
    expect((await kopa(['--lang', 'ja', '--help'])).code).toBe(2);
  });

  it('frames errors and a bench run’s summary in the chosen language', async () => {
    const dir = tempDir();
    const missing = await kopa(['--data-dir', dir, 'chat', '--model', 'missing.gguf', '--once', '안녕'], KOREAN);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^오류: .*missing\.gguf/m);
    expect(missing.stderr).toMatch(/^안내: /m);
    const run = await kopa(['--data-dir', dir, 'bench', 'run', '--suite', 'kopa', '--model', 'oracle', '--tasks', 'cal-01,re-01'], KOREAN);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/시도 2번 중 2번 통과, 과제 2개 × 1번/);
    expect(run.stdout).toContain('실패 유형: 없음');
    const english = await kopa(['--data-dir', dir, '--lang', 'en', 'bench', 'run', '--suite', 'kopa', '--model', 'oracle', '--tasks', 'cal-01,re-01'], KOREAN);
    expect(english.stdout).toMatch(/2 of 2 attempts passed over 2 tasks × 1/);
    // Moments in the locale's own form, never "PM" in Korean.
    const runs = await kopa(['--data-dir', dir, '--wide', 'bench', 'runs'], KOREAN);
    expect(runs.stdout).toMatch(/\d{4}\. \d{1,2}\. \d{1,2}\. (오전|오후) \d{1,2}:\d{2}/);
    expect(runs.stdout).not.toMatch(/AM|PM/);
    expect((await kopa(['--data-dir', tempDir(), 'jobs'], KOREAN)).stdout).toContain('작업이 없습니다.');
    const script = path.join(tempDir(), 'turns.jsonl');
    writeFileSync(script, `${JSON.stringify({ text: '네, 알겠습니다.' })}\n`);
    const chat = await kopa(['--data-dir', dir, 'chat', '--model', `scripted:${script}`, '--once', '안녕하세요'], KOREAN);
    expect(chat.code, chat.stderr).toBe(0);
    expect(chat.stdout).toMatch(/^턴 1번, 토큰 \d+\+\d+, \d+ ms, scripted/m);
  }, 120_000);
});
