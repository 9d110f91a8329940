// A scripted model (scripted:FILE) with one planted outcome per KOPA-Bench task: two pass, each of the others fails
// in one kind of the failure taxonomy (benchCommands.test.ts holds the kind each one must get). Each answer commits
// its claim, through the answer tool or on a "정답:" line, so the failure is the planted one and not the protocol's.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileTempDir } from './tempDir.ts';

/** Twelve tasks, each with one planted outcome. */
export const PLANTED = ['cal-01', 'air-11', 'adr-02', 're-01', 'dc-03', 'wx-10', 'biz-01', 'cal-04', 'st-01', 'tour-04', 're-09', 'air-14'] as const;

export type PlantedTask = (typeof PLANTED)[number];

/** Ten of them whose planted answers need no expected value: what a test without a validation run can script. */
export const PLANTED_FAILURES = PLANTED.filter((task) => task !== 'cal-01' && task !== 'air-11');

/** A scripted model's turns for these tasks (scripted:FILE); `expected` holds the answers the passing ones give. */
export function plantedScript(expected: Map<string, unknown>, tasks: readonly PlantedTask[] = PLANTED): string {
  const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
  const say = (text: string) => ({ text });
  const commit = (answer: Record<string, unknown>, message: string) => ({ toolCalls: [{ name: 'final_answer', arguments: { answer, message } }] });
  const lines: Record<PlantedTask, object[]> = {
    'cal-01': [
      call('kasi_getRestDeInfo', { solYear: '2025', solMonth: '05' }),
      commit({ kind: 'number', value: expected.get('cal-01'), unit: '일' }, `공휴일은 ${String(expected.get('cal-01'))}일입니다.`),
    ],
    'air-11': [
      call('airkorea_getCtprvnRltmMesureDnsty', { sidoName: '광주' }),
      call('airkorea_getCtprvnRltmMesureDnsty', { sidoName: '광주' }),
      say(`${String(expected.get('air-11'))}곳입니다.\n정답: ${String(expected.get('air-11'))}곳`),
    ],
    'adr-02': [call('juso_addrLinkApi', { keyword: '세종대로 110' }), say('우편번호는 99999입니다.\n정답: 99999')],
    're-01': [call('mois_getStanReginCdList', { locatadd_nm: '서울특별시 강남구' }), say('대략 1건입니다.\n정답: 1건')],
    'dc-03': [call('nts_businessStatus', { b_no: ['1048605183'] }), commit({ kind: 'name', value: '김민준' }, '대표자는 김민준입니다.')],
    'wx-10': [
      call('vworld_getCoord', { address: '대전광역시 유성구 봉명동', type: 'parcel' }),
      call('local_latLonToKmaGrid', { lat: 36.35, lon: 127.34 }),
      call('kma_getUltraSrtNcst', { base_date: '20250603', base_time: '1600', nx: 67, ny: 101 }),
      commit({ kind: 'decline', reason: '기상청 서버 오류' }, '기상청 서버 오류로 지금 기온을 알 수 없습니다.'),
    ],
    'biz-01': [call('nts_businessStatus', { b_no: ['6350414823'] }), say('휴업자입니다.\n정답: 휴업자')],
    'cal-04': [call('kasi_getHoliDeInfo', { solYear: '2025', solMonth: '06' }), commit({ kind: 'yesno', value: false }, '아니요, 공휴일이 아닙니다.')],
    'st-01': [say('약 1000만 명입니다.\n정답: 1000만 명')],
    'tour-04': [
      call('mois_getStanReginCdList', { locatadd_nm: '서울특별시 종로구' }),
      call('mois_getStanReginCdList', { locatadd_nm: '서울특별시 종로구' }),
      call('mois_getStanReginCdList', { locatadd_nm: '서울특별시 종로구' }),
      say('잘 모르겠어요.\n정답: 확인 불가'),
    ],
    're-09': [call('molit_getRTMSDataSvcOffiTrade', { LAWD_CD: '강남구', DEAL_YMD: '202503' }), say('7건입니다.\n정답: 7건')],
    'air-14': [say('{"name": "airkorea_getCtprvnRltmMesureDnsty", "arguments": {"sidoName": "경기"}}')],
  };
  const file = path.join(fileTempDir(), 'planted.jsonl');
  writeFileSync(file, tasks.map((task) => JSON.stringify({ task, turns: lines[task] })).join('\n'));
  return file;
}
