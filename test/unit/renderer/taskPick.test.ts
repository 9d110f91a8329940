// The run form's picker lists a suite's tasks by words of the id or the question in either language, an agency its
// plan calls and its level.
import { describe, expect, it } from 'vitest';
import { ANY_TASK, pickableTasks, pickFacets } from '../../../renderer/src/views/evaluation/taskPick.ts';

const rows = [
  { id: 'cal-01', question: '5월 공휴일은 며칠인가요?', questionEn: 'How many public holidays in May?', level: 1, agencies: ['KASI'], abilities: [] },
  { id: 'wx-13', question: '다음 공휴일 서울 최고기온은?', level: 5, agencies: ['KASI', 'KMA'], abilities: [] },
  { id: 'hp-05', question: '종로구 약국은 몇 곳?', level: 3, agencies: ['NMC'], abilities: [] },
];

describe('task picker', () => {
  it('finds tasks by words, agency and level together', () => {
    expect(pickableTasks(rows, { ...ANY_TASK, query: '공휴일' }).map((r) => r.id)).toEqual(['cal-01', 'wx-13']);
    expect(pickableTasks(rows, { ...ANY_TASK, query: 'holidays' }).map((r) => r.id)).toEqual(['cal-01']);
    expect(pickableTasks(rows, { query: '공휴일', agency: 'KMA', level: null }).map((r) => r.id)).toEqual(['wx-13']);
    expect(pickableTasks(rows, { query: '', agency: null, level: 3 }).map((r) => r.id)).toEqual(['hp-05']);
    expect(pickFacets(rows)).toEqual({ agencies: ['KASI', 'KMA', 'NMC'], levels: [1, 3, 5] });
  });
});
