// The command line in the analyst's language: Korean where the system's locale is Korean, English otherwise,
// `--lang ko|en` to choose; help, errors, a bench run's summary and the run's reports follow it, from the catalogue the
// window uses.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { silentProgram } from '../../helpers/program.ts';
import { describe, expect, it } from 'vitest';
import { buildProgram, main } from '../../../main/cli/main.ts';
import { helpKey, parameterKeys } from '../../../main/cli/i18n.ts';
import koOptions from '../../../resources/strings/cli-options.ko.json';
import type { CliIo } from '../../../main/cli/io.ts';
import { isStringKey, translate } from '../../../main/core/i18n/strings.ts';
import { tempDir } from '../../helpers/tempDir.ts';

async function kopa(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env,
    platform: process.platform,
    homeDir: tempDir(),
    interrupted: () => new Promise(() => undefined),
    onInterrupt: () => () => undefined,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const KOREAN = { LANG: 'ko_KR.UTF-8' };

describe('the command line’s language', () => {
  it('has every command described in both languages', () => {
    const program = silentProgram();
    const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
    for (const command of all(program)) {
      const key = helpKey(command);
      expect(isStringKey(key), key).toBe(true);
      if (isStringKey(key)) expect(command.description()).toBe(translate('en', key));
    }
  });

  it('has every option and argument of every command described in Korean, and no description of one that is gone', () => {
    const program = buildProgram(
      {
        stdout: { write: () => true },
        stderr: { write: () => true },
        env: {},
        platform: process.platform,
        homeDir: tempDir(),
        interrupted: () => new Promise(() => undefined),
        onInterrupt: () => () => undefined,
      },
      () => undefined,
      'ko',
    );
    const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
    const keys = all(program)
      .slice(1)
      .flatMap((c) => parameterKeys(c).map((p) => p.key));
    expect(keys.filter((key) => !(key in koOptions))).toEqual([]);
    expect(Object.keys(koOptions).filter((key) => !keys.includes(key))).toEqual([]);
    for (const text of Object.values(koOptions)) expect(text).toMatch(/[가-힣]/);
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
    const benchRun = (await kopa(['bench', 'run', '--help', '--lang=ko'])).stdout;
    expect(benchRun).toContain('모든 과제에 모델을 n번씩 실행합니다');
    // Options, their choices and defaults, and the usage line too.
    expect(benchRun).toMatch(/^사용법: kopa bench run \[옵션\]$/m);
    const oneLine = benchRun.replace(/\s+/g, ' ');
    expect(oneLine).toContain('--samples <n> 과제마다 시도 수 (기본값: 1)');
    expect(oneLine).toContain('(고를 수 있는 값: "emulator", "live", "record", "replay", 기본값: "emulator")');
    expect((await kopa(['bench', 'run', '--help'], { LANG: 'C.UTF-8' })).stdout.replace(/\s+/g, ' ')).toContain('--samples <n> attempts per task (default: 1)');
    expect((await kopa(['--lang', 'ja', '--help'])).code).toBe(2);
  });

  it('says what is wrong with a command line in the chosen language, with the usage exit code', async () => {
    const cases: [string[], string][] = [
      [['catalog', 'lst'], "오류: 알 수 없는 명령입니다: 'lst'\n(list을(를) 말씀하신 건가요?)"],
      [['synth', '--count', 'abc'], "오류: 옵션 '--count <n>'의 값 'abc'은(는) 쓸 수 없습니다. 정수여야 합니다"],
      [
        ['synth', '--count', '1', '--strategy', 'random'],
        "오류: 옵션 '--strategy <strategy>'의 값 'random'은(는) 쓸 수 없습니다. 고를 수 있는 값: intents, walk.",
      ],
      [['bfcl', 'run', '--data', 'x', '--model', 'oracle'], "오류: 옵션 '--out <dir>'을(를) 지정해야 합니다"],
      [['catalog', 'list', '--bogus'], "오류: 알 수 없는 옵션입니다: '--bogus'"],
      [['models', 'inspect', 'a', 'b'], "오류: 'inspect'에 인자가 너무 많습니다: 1개를 받는데 2개를 주었습니다"],
      [['emulator', '--port', '70000'], "오류: 옵션 '--port <n>'의 값 '70000'은(는) 쓸 수 없습니다. 포트는 0부터 65535까지의 정수입니다"],
    ];
    for (const [argv, said] of cases) {
      const run = await kopa(argv, KOREAN);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toBe(`${said}\n(사용법은 --help)\n`);
    }
    // English stays as Commander writes it.
    const english = await kopa(['--lang', 'en', 'synth', '--count', 'abc'], KOREAN);
    expect(english.stderr).toBe("error: option '--count <n>' argument 'abc' is invalid. must be an integer\n(add --help for usage)\n");
  });

  it('frames errors and a bench run’s summary in the chosen language', async () => {
    const dir = tempDir();
    const missing = await kopa(['--data-dir', dir, 'chat', '--model', 'missing.gguf', '--once', '안녕'], KOREAN);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^오류: 모델 파일 .*missing\.gguf이\(가\) 없습니다\.$/m);
    // Nothing is announced as loading that will not load.
    expect(missing.stderr).not.toContain('불러옵니다');
    expect(missing.stderr).toMatch(/^안내: 있는 \.gguf 파일의 경로나 등록한 모델\(kopa models list\)을 주세요\.$/m);
    // JSON keeps the English message for programs, with the catalogue keys beside it.
    const asJson = await kopa(['--json', '--data-dir', dir, 'bfcl', 'show', 'bfcl-nope'], KOREAN);
    expect(JSON.parse(asJson.stdout)).toEqual({
      error: {
        code: 'NotFound',
        message: 'There is no BFCL run bfcl-nope.',
        hint: 'kopa bfcl runs lists them.',
        details: {},
        saidAs: { message: 'error.noBfclRun', hint: 'error.noBfclRun.hint', vars: { run: 'bfcl-nope' } },
      },
    });
    expect((await kopa(['--data-dir', dir, 'bfcl', 'show', 'bfcl-nope'], KOREAN)).stderr).toBe(
      '오류: BFCL 실행 bfcl-nope이(가) 없습니다.\n안내: 실행 목록은 kopa bfcl runs로 봅니다.\n',
    );
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

  it('says a call’s outcome, a tool’s card, tables and the engine’s own refusals in Korean', async () => {
    const dir = tempDir();
    const bad = await kopa(['--data-dir', dir, 'call', 'kasi.getRestDeInfo', '--args', '{"solYear": "26", "x": 1}'], KOREAN);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toContain('kasi.getRestDeInfo  실패: InvalidParam');
    expect(bad.stdout).toContain('인자가 도구에 맞지 않아 요청하지 않았습니다:');
    expect(bad.stdout).toContain('  - x: 이 도구의 매개변수가 아닙니다');
    expect(bad.stdout).toContain('  - solYear: 4자리 숫자여야 합니다 (연도 YYYY, 예: 2025)');
    expect(bad.stdout).toContain('안내: 매개변수의 형식과 예는 kopa catalog show kasi.getRestDeInfo에 있습니다.');
    const ok = await kopa(['--data-dir', dir, 'call', 'kasi.getRestDeInfo', '--args', '{"solYear": "2026", "solMonth": "05"}'], KOREAN);
    expect(ok.stdout).toMatch(/^kasi\.getRestDeInfo {2}성공 {2}\(emulator, \d+ ms\)$/m);
    expect(ok.stdout).toMatch(/결과 코드 00 NORMAL SERVICE\., 3행 중 3행 \(1쪽, 쪽당 100행\)/);
    const noKey = await kopa(['--data-dir', dir, 'call', 'kasi.getRestDeInfo', '--args', '{"solYear": "2026"}', '--mode', 'live'], KOREAN);
    expect(noKey.stdout).toContain('API 키가 없거나 맞지 않습니다.');
    expect(noKey.stdout).toContain('KOPA_KEY_DATA_GO_KR');
    const card = await kopa(['--data-dir', dir, 'catalog', 'show', 'kasi.getRestDeInfo'], KOREAN);
    expect(card.stdout).toMatch(/^엔드포인트 +GET http:\/\/apis\.data\.go\.kr\//m);
    expect(card.stdout).toMatch(/^호출 한도 +kasi\.SpcdeInfoService, 하루 10000회$/m);
    expect(card.stdout).toContain('\n매개변수\n');
    expect(card.stdout).toContain('\n응답 필드\n');
    // What is not confirmed at a source is said in Korean too.
    expect(card.stdout).toContain('  - 개발 계정 호출 한도는 가정입니다');
    expect((await kopa(['--data-dir', dir, 'catalog', 'list'], KOREAN)).stdout).toMatch(/^도구 \d+개$/m);
    expect((await kopa(['--data-dir', dir, 'snapshots'], KOREAN)).stdout).toBe('  (행 없음)\n');
    const url = await kopa(['--data-dir', dir, 'models', 'add', 'openai:notaurl'], KOREAN);
    expect(url.code).toBe(2);
    expect(url.stderr).toBe(
      '오류: notaurl은(는) 모델 서버 주소가 될 수 없습니다: URL이 아닙니다.\n안내: 서버 주소를 http://호스트:포트/v1 꼴로 쓰세요. 예: kopa models add openai:http://10.0.0.5:8000/v1 --name qwen2.5-7b\n',
    );
    const tool = await kopa(['--data-dir', dir, 'catalog', 'show', 'kasi.getRestDeInf'], KOREAN);
    expect(tool.stderr).toMatch(/^오류: 도구 "kasi\.getRestDeInf"이\(가\) 없습니다\. kasi\.getRestDeInfo.*을\(를\) 말씀하신 건가요\?$/m);
    const script = path.join(tempDir(), 'bad.jsonl');
    writeFileSync(script, '{"say": "hi"}\n');
    const scripted = await kopa(['--data-dir', dir, 'chat', '--model', `scripted:${script}`, '--once', '안녕'], KOREAN);
    expect(scripted.stderr).toContain(`오류: ${script}:1은(는) 모델 차례가 아닙니다:`);
    expect(scripted.stderr).toContain('안내: 한 줄이 모델의 한 차례입니다');
    const calling = path.join(tempDir(), 'calls.jsonl');
    writeFileSync(
      calling,
      [{ toolCalls: [{ name: 'kasi_getRestDeInfo', arguments: { solYear: '2026', solMonth: '05' } }] }, { text: '5월 공휴일은 세 날입니다.' }]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const chat = await kopa(['--data-dir', dir, 'chat', '--model', `scripted:${calling}`, '--once', '5월 공휴일?'], KOREAN);
    expect(chat.code, chat.stderr).toBe(0);
    expect(chat.stderr).toMatch(/✓ kasi\.getRestDeInfo \{"solYear":"2026","solMonth":"05"\} → r1: 3행 중 3행을 보임 \(\d+ ms\)/);
  }, 120_000);
});
