// The API layer as a user drives it from the shell: catalog, call, gateway parse, a standing emulator that live
// mode talks to, record → bundle → import → replay between two data folders, and audit verify.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { releaseAfterFile } from '../../helpers/release.ts';
import type { CallResult } from '../../../main/core/gateway/callResult.ts';
import { kopaBin, repoRoot, runKopa } from '../../helpers/runCli.ts';
import { fileTempDir, tempDir } from '../../helpers/tempDir.ts';

const NOW = '2025-03-02T15:00:00+09:00';
const NCST = JSON.stringify({ base_date: '20250302', base_time: '1400', nx: 60, ny: 127 });
const KEY = 'cli-test-key';
const json = <T>(text: string): T => JSON.parse(text) as T;

let emulator: ChildProcess;
let emulatorUrl: string;

beforeAll(async () => {
  emulator = spawn(process.execPath, [kopaBin, '--json', '--data-dir', fileTempDir(), 'emulator', '--key', KEY, '--now', NOW, '--seed', '3'], {
    cwd: repoRoot,
  });
  emulatorUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    emulator.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /"url":\s*"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
      if (match) resolve(match[1]!);
    });
    emulator.once('exit', (code) => reject(new Error(`the emulator exited with ${code}: ${out}`)));
  });
  releaseAfterFile(async () => {
    if (emulator.exitCode !== null) return;
    const exited = new Promise((resolve) => emulator.once('exit', resolve));
    emulator.kill('SIGTERM');
    await exited;
  });
});

describe('kopa catalog', () => {
  it('lists every tool with its id and endpoint', async () => {
    const run = await runKopa(['--json', '--data-dir', tempDir(), 'catalog', 'list']);
    expect(run.code).toBe(0);
    const { tools } = json<{ tools: { id: string; kind: string; endpoint: string | null }[] }>(run.stdout);
    expect(tools).toHaveLength(47);
    const remote = tools.filter((t) => t.kind === 'remote');
    expect(remote).toHaveLength(44);
    expect(remote.every((t) => /^(GET|POST) https?:\/\/[a-z0-9.-]+\.(kr|go\.kr|or\.kr)(:\d+)?\/\S+$/.test(t.endpoint ?? ''))).toBe(true);
    expect(tools.find((t) => t.id === 'nts.businessStatus')?.endpoint).toBe('POST https://api.odcloud.kr/api/nts-businessman/v1/status');
    expect(
      tools
        .filter((t) => t.kind === 'local')
        .map((t) => t.id)
        .sort(),
    ).toEqual(['local.latLonToKmaGrid', 'local.utmkToWgs84']);
    expect(tools.filter((t) => t.kind === 'query').map((t) => t.id)).toEqual(['local.queryRows']);
  });

  it('shows one tool, and suggests the closest ids for a misspelt one', async () => {
    const dataDir = tempDir();
    const show = await runKopa(['--data-dir', dataDir, 'catalog', 'show', 'kma.getUltraSrtNcst']);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('GET http://apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst');
    expect(show.stdout).toMatch(/nx\*\s+integer \[kma\.nx\]/);
    const typo = await runKopa(['--data-dir', dataDir, 'catalog', 'show', 'kma.getUltraSrtNcs']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('Did you mean kma.getUltraSrtNcst');
  });

  it('validates the bundled catalog, and names the file, tool and field of a bad one', async () => {
    const ok = await runKopa(['--json', '--data-dir', tempDir(), 'catalog', 'validate']);
    expect(ok.code).toBe(0);
    expect(json<{ tools: number; problems: unknown[] }>(ok.stdout)).toMatchObject({ tools: 47, problems: [] });
    const catalog = json<{ tools: { parameters: { properties: Record<string, { type: string }> } }[] }>(
      readFileSync(path.join(repoRoot, 'resources/catalog/kasi.json'), 'utf8'),
    );
    catalog.tools[0]!.parameters.properties.solYear!.type = 'year';
    const bad = path.join(tempDir(), 'bad.json');
    writeFileSync(bad, JSON.stringify(catalog));
    const run = await runKopa(['--data-dir', tempDir(), 'catalog', 'validate', bad]);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain(`${bad} › kasi.getRestDeInfo › /parameters/properties/solYear/type`);
  });

  it('imports a data.go.kr Swagger file into tool specs that validate', async () => {
    const out = path.join(tempDir(), 'demo.json');
    const run = await runKopa([
      '--data-dir',
      tempDir(),
      'catalog',
      'import',
      path.join(repoRoot, 'test/fixtures/openapi/datago-swagger2.json'),
      '--agency',
      'demo',
      '--out',
      out,
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr + run.stdout).toContain('need review');
    const check = await runKopa(['--data-dir', tempDir(), 'catalog', 'validate', out]);
    expect(check.code).toBe(0);
  });
});

describe('kopa call and gateway parse', () => {
  it('prints a CallResult from the in-process emulator', async () => {
    const run = await runKopa(['--json', '--data-dir', tempDir(), 'call', 'kma.getUltraSrtNcst', '--args', NCST, '--now', NOW]);
    expect(run.code).toBe(0);
    const result = json<CallResult>(run.stdout);
    expect(result).toMatchObject({ ok: true, tool: 'kma.getUltraSrtNcst', source: 'emulator', resultCode: '00' });
    expect(result.items.map((i) => i.category).sort()).toEqual(['PTY', 'REH', 'RN1', 'T1H', 'UUU', 'VEC', 'VVV', 'WSD']);
  });

  it('lists every violation of bad arguments, makes no request and exits 2 (a usage error)', async () => {
    const run = await runKopa(['--json', '--data-dir', tempDir(), 'call', 'kma.getUltraSrtNcst', '--args', '{"nx":"abc","base_date":"2025"}']);
    expect(run.code).toBe(2);
    const result = json<CallResult>(run.stdout);
    expect(result.error?.kind).toBe('InvalidParam');
    expect(result.error?.violations?.map((v) => v.path).sort()).toEqual(['/base_date', '/base_time', '/nx', '/ny']);
    expect(result.error?.message).toContain('No request was made');
  });

  it('exits 2 for arguments that are not JSON and 1 for an unknown tool, with suggestions', async () => {
    const notJson = await runKopa(['--data-dir', tempDir(), 'call', 'kma.getUltraSrtNcst', '--args', '{nx: 60}']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('not valid JSON');
    const unknown = await runKopa(['--data-dir', tempDir(), 'call', 'airkorea.getMsrstnLst', '--args', '{}']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Did you mean airkorea.getMsrstnList');
  });

  it('normalises a saved raw response, including the XML gateway error', async () => {
    const dir = tempDir();
    const saved = path.join(dir, 'molit.xml');
    writeFileSync(
      saved,
      '<?xml version="1.0" encoding="UTF-8"?><response><header><resultCode>000</resultCode><resultMsg>OK</resultMsg></header><body><items><item><aptNm>래미안</aptNm><dealAmount>   182,000</dealAmount><dealYear>2025</dealYear></item></items><numOfRows>10</numOfRows><pageNo>1</pageNo><totalCount>1</totalCount></body></response>',
    );
    const ok = await runKopa(['--json', '--data-dir', dir, 'gateway', 'parse', 'molit.getRTMSDataSvcAptTradeDev', saved]);
    expect(ok.code).toBe(0);
    expect(json<CallResult>(ok.stdout).items).toEqual([{ aptNm: '래미안', dealAmount: 182000, dealYear: 2025 }]);
    const gatewayError = path.join(dir, 'error.xml');
    writeFileSync(
      gatewayError,
      '<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg><returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>',
    );
    const failed = await runKopa(['--json', '--data-dir', dir, 'gateway', 'parse', 'kma.getUltraSrtNcst', gatewayError]);
    expect(failed.code).toBe(1);
    expect(json<CallResult>(failed.stdout)).toMatchObject({ ok: false, resultCode: '30', error: { kind: 'BadKey' } });
  });
});

describe('kopa keys', () => {
  it('shows where each key comes from, never the key', async () => {
    const run = await runKopa(['--json', '--data-dir', tempDir(), 'keys'], {
      KOPA_KEY_DATA_GO_KR: 'secret-in-env',
      KOPA_KEY_JUSO_SEARCH: '',
      KOPA_KEY_JUSO_COORD: '',
      KOPA_KEY_VWORLD: '',
      KOPA_KEY_KOSIS: '',
      KOPA_KEY_INFERENCE: '',
    });
    expect(run.code).toBe(0);
    const report = json<{ keys: { keyId: string; source: string | null }[]; vault: { available: boolean } }>(run.stdout);
    expect(report.keys.map((k) => [k.keyId, k.source])).toEqual([
      ['data.go.kr', 'environment'],
      ['juso.search', null],
      ['juso.coord', null],
      ['vworld', null],
      ['kosis', null],
      ['inference', null],
    ]);
    expect(report.vault.available).toBe(false);
    expect(run.stdout).not.toContain('secret-in-env');
  });
});

describe('a standing emulator, live mode, record, bundle and replay', () => {
  it('serves live mode unchanged through --api-base, and refuses a wrong key with code 30', async () => {
    const live = await runKopa(
      [
        '--json',
        '--data-dir',
        tempDir(),
        'call',
        'kasi.getRestDeInfo',
        '--args',
        '{"solYear":"2025","solMonth":"05"}',
        '--mode',
        'live',
        '--api-base',
        emulatorUrl,
      ],
      { KOPA_KEY_DATA_GO_KR: KEY },
    );
    expect(live.code).toBe(0);
    expect(json<CallResult>(live.stdout)).toMatchObject({ ok: true, source: 'live', resultCode: '00' });
    expect(json<CallResult>(live.stdout).items.map((i) => i.dateName)).toContain('어린이날');
    const wrongKey = await runKopa(
      [
        '--json',
        '--data-dir',
        tempDir(),
        'call',
        'kasi.getRestDeInfo',
        '--args',
        '{"solYear":"2025","solMonth":"05"}',
        '--mode',
        'live',
        '--api-base',
        emulatorUrl,
      ],
      { KOPA_KEY_DATA_GO_KR: 'not-registered' },
    );
    expect(wrongKey.code).toBe(1);
    expect(json<CallResult>(wrongKey.stdout)).toMatchObject({ resultCode: '30', error: { kind: 'BadKey' } });
    expect(wrongKey.stdout).not.toContain('not-registered');
    const noKey = await runKopa(
      ['--data-dir', tempDir(), 'call', 'kasi.getRestDeInfo', '--args', '{"solYear":"2025","solMonth":"05"}', '--mode', 'live', '--api-base', emulatorUrl],
      { KOPA_KEY_DATA_GO_KR: '' },
    );
    expect(noKey.code).toBe(1);
    expect(noKey.stdout + noKey.stderr).toContain('KOPA_KEY_DATA_GO_KR');
  });

  it('records on one machine, carries the bundle, replays identically on another, and the audit log verifies', async () => {
    const connected = tempDir();
    const airGapped = tempDir();
    const bundle = path.join(tempDir(), 'trip.kopa-bundle');
    const env = { KOPA_KEY_DATA_GO_KR: KEY };
    const recorded = await runKopa(
      ['--json', '--data-dir', connected, 'call', 'kma.getUltraSrtNcst', '--args', NCST, '--mode', 'record', '--snapshot', 'trip', '--api-base', emulatorUrl],
      env,
    );
    expect(recorded.code).toBe(0);
    const exported = await runKopa(['--json', '--data-dir', connected, 'bundle', 'export', '--snapshot', 'trip', '--out', bundle]);
    expect(exported.code).toBe(0);
    const imported = await runKopa(['--json', '--data-dir', airGapped, 'bundle', 'import', bundle]);
    expect(imported.code).toBe(0);
    expect(json<{ snapshot: string; entries: number }>(imported.stdout)).toMatchObject({ snapshot: 'trip', entries: 1 });
    const snapshots = await runKopa(['--json', '--data-dir', airGapped, 'snapshots']);
    expect(json<{ name: string; recordings: number }[]>(snapshots.stdout)).toMatchObject([{ name: 'trip', recordings: 1 }]);

    const here = await runKopa(['--json', '--data-dir', connected, 'call', 'kma.getUltraSrtNcst', '--args', NCST, '--mode', 'replay']);
    const there = await runKopa(['--json', '--data-dir', airGapped, 'call', 'kma.getUltraSrtNcst', '--args', NCST, '--mode', 'replay']);
    expect(there.code).toBe(0);
    expect(there.stdout).toBe(here.stdout);
    expect({ ...json<CallResult>(there.stdout), source: 'live' }).toEqual(json<CallResult>(recorded.stdout));

    const miss = await runKopa(['--json', '--data-dir', airGapped, 'call', 'kma.getUltraSrtNcst', '--args', NCST.replace('1400', '1300'), '--mode', 'replay']);
    expect(miss.code).toBe(1);
    expect(json<CallResult>(miss.stdout).error?.kind).toBe('ReplayMiss');

    for (const dir of [connected, airGapped]) {
      const audit = await runKopa(['--json', '--data-dir', dir, 'audit', 'verify']);
      expect(audit.code).toBe(0);
      expect(json<{ ok: boolean; entries: number }>(audit.stdout).ok).toBe(true);
    }
    expect(readFileSync(bundle).includes(KEY)).toBe(false);
  });
});
