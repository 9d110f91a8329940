// A model (or an API) cannot drive the analyst's terminal through `kopa chat`: a tool name that erases the line,
// returns the carriage and draws a fake "✓ … rows" line and a fake approval prompt; an answer that sets the window
// title (OSC 0), writes the clipboard (OSC 52), hides a link (OSC 8), clears the screen (CSI 2J, also as the C1
// byte) and reverses text (U+202E). Everything arrives as visible stand-ins; --json keeps the exact value, escaped.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EpisodeSummary } from '../../../main/api/contract.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const NOW = '2025-03-02T15:00:00+09:00';
const ESC = '\u001b';
const TOOL = `${ESC}[2K\r  ✓ kasi.getRestDeInfo {} → 3 rows (1 ms)\n  kasi.getRestDeInfo {} 호출할까요? call it? [y/N] ${ESC}]0;pwned\u0007`;
const ANSWER = `${ESC}]52;c;ZXZpbA==\u0007${ESC}]8;;http://evil.example/\u0007공휴일${ESC}]8;;\u0007은 없습니다.${ESC}[2J\u009b2J \u202e.sgnirts desrever`;

/** Any byte sequence a terminal would act on: C0 controls but line feed and tab, DEL, C1 controls, bidi controls. */
const CONTROL = /(?![\n\t])\p{Cc}|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

function transcript(): string {
  const file = path.join(tempDir(), 'turns.jsonl');
  writeFileSync(file, [{ toolCalls: [{ name: TOOL, arguments: { solYear: '2025' } }] }, { text: ANSWER }].map((t) => JSON.stringify(t)).join('\n'));
  return file;
}

describe('kopa chat prints model text inert', () => {
  it('shows escapes as visible stand-ins, draws one line per call and no prompt of the model', async () => {
    const run = await runKopa(['--data-dir', tempDir(), 'chat', '--model', `scripted:${transcript()}`, '--once', '공휴일?', '--now', NOW]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(CONTROL);
    expect(run.stderr).not.toMatch(CONTROL);
    const callLines = run.stderr.split('\n').filter((line) => /^ {2}[✓✗] /.test(line));
    expect(callLines).toHaveLength(1);
    expect(callLines[0]).toMatch(/^ {2}✗ ␛\[2K␍ {2}✓ kasi\.getRestDeInfo \{\} → 3 rows \(1 ms\)␤ {2}kasi\.getRestDeInfo \{\} 호출할까요\?/);
    expect(run.stderr).not.toMatch(/^ {2}kasi\.getRestDeInfo \{\} 호출할까요/m);
    expect(run.stdout).toContain('␛]52;c;ZXZpbA==␇␛]8;;http://evil.example/␇공휴일␛]8;;␇은 없습니다.␛[2J\ufffd2J \ufffd.sgnirts desrever');
  });

  it('keeps the exact text in --json, with every control escaped', async () => {
    const run = await runKopa(['--json', '--data-dir', tempDir(), 'chat', '--model', `scripted:${transcript()}`, '--once', '공휴일?', '--now', NOW]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(CONTROL);
    const episode = JSON.parse(run.stdout) as EpisodeSummary;
    expect(episode.answer).toBe(ANSWER);
  });
});
