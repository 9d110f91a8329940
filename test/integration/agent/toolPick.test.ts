// A chat question is offered the tools it needs: the ones its words name, with what the EDGE graph says must come
// before them (the region-code lookup before the real-estate call; the geocoder and the grid conversion before the
// weather), about eight in all instead of the whole catalog. The recall figures (and the goal of 95 %) are printed
// by `npm run perf` (test/perf/toolPick.bench.test.ts); this holds the behaviour and a floor under KOPA-Bench's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../../main/engine/Engine.ts';
import { pickToolsFor } from '../../../main/engine/agent/toolPicker.ts';
import { loadSuite } from '../../../main/engine/bench/suite.ts';
import { ChatRepository } from '../../../main/engine/store/repositories/ChatRepository.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileTempDir, tempDir } from '../../helpers/tempDir.ts';

describe('the tools a chat question is offered', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = Engine.open({ dataDir: fileTempDir('kopa-engine-'), host: 'test', emulator: { now: () => TEST_NOW } });
  });
  afterAll(async () => {
    await engine.dispose();
  });

  it("before any verification, already follows the links the catalog's value kinds propose", () => {
    const pick = pickToolsFor(engine, '2025년 3월 서울 강남구 아파트 매매 거래는 모두 몇 건이었나요?');
    expect(pick.tools).toEqual(expect.arrayContaining(['molit.getRTMSDataSvcAptTradeDev', 'mois.getStanReginCdList']));
  });

  it('adds what must come before a tool the question names, by the verified graph, within eight tools', async () => {
    await engine.call('edges.verify', {});
    const estate = pickToolsFor(engine, '2025년 3월 서울 강남구 아파트 매매 거래는 모두 몇 건이었나요?');
    expect(estate.tools.length).toBeLessThanOrEqual(8);
    expect(estate.reasons['molit.getRTMSDataSvcAptTradeDev']).toMatchObject({ by: 'question' });
    expect(estate.reasons['mois.getStanReginCdList']).toEqual({ by: 'graph', feeds: 'molit.getRTMSDataSvcAptTradeDev', param: 'LAWD_CD' });
    const weather = pickToolsFor(engine, '서울 강남구 역삼동 지금 습도가 몇 퍼센트예요?');
    expect(weather.tools).toEqual(expect.arrayContaining(['kma.getUltraSrtNcst', 'vworld.getCoord', 'local.latLonToKmaGrid']));
    expect(weather.reasons['vworld.getCoord']).toMatchObject({ by: 'graph' });
    // Coordinates the question writes go straight to the grid conversion; a geocoder comes, if at all, after it.
    const written = pickToolsFor(engine, '위도 35.1796, 경도 129.0756 지금 기온이 몇 도예요?');
    expect(written.reasons['local.latLonToKmaGrid']).toMatchObject({ by: 'graph', param: 'nx' });
    const at = (id: string): number => (written.tools.includes(id) ? written.tools.indexOf(id) : Infinity);
    expect(at('local.latLonToKmaGrid')).toBeLessThan(at('vworld.getCoord'));
  });

  it("keeps most of KOPA-Bench's reference tools within ten", () => {
    const tasks = loadSuite('kopa', engine.resourcesDir, engine.catalog()).tasks;
    const covered = tasks.filter((t) => {
      const pick = pickToolsFor(engine, t.query_ko, { limit: 10 }).tools;
      return t.plan.steps.every((s) => s.tool === 'local.queryRows' || pick.includes(s.tool));
    });
    expect(covered.length / tasks.length).toBeGreaterThanOrEqual(0.9);
  });

  it('offers a chat question its pick, says so, and keeps it with the question', async () => {
    const events: string[][] = [];
    const model = `scripted:${path.join(tempDir(), 'answer.jsonl')}`;
    writeFileSync(model.slice('scripted:'.length), `${JSON.stringify({ text: '2025년 5월 공휴일은 5일입니다.' })}\n`);
    const episode = await engine.call(
      'agent.run',
      { question: '2025년 5월 공휴일은 며칠이에요?', model },
      { onProgress: (p) => p.agentEvent?.kind === 'tools_offered' && events.push(p.agentEvent.tools) },
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toContain('kasi.getRestDeInfo');
    expect(events[0]).toContain('local.queryRows');
    const question = new ChatRepository(engine.store.db).messages(episode.chatId).find((m) => m.role === 'user');
    expect(question?.meta).toMatchObject({ offered: { tools: events[0], picked: true } });
  });
});
