// The words of the run report in Korean and English (the report follows the language of whoever asks for it: the
// workbench's, or `kopa bench report --lang`). Counts are phrased so one reads right ("1 sample", "시도 1번").
export const reportLangs = ['ko', 'en'] as const;
export type ReportLang = (typeof reportLangs)[number];

export interface ReportText {
  suiteChanged: string;
  tasks: (n: number) => string;
  samples: (n: number) => string;
  summary: string;
  k: string;
  interval: string;
  curveTitle: (n: number) => string;
  levelTitle: string;
  levelLabel: (level: string) => string;
  failureTitle: (n: number) => string;
  steps: string;
  stepColumns: [string, string, string, string, string, string, string];
  by: Record<'level' | 'ability' | 'agency', string>;
  groupColumns: [string, string, string, string];
  taskList: string;
  taskColumns: [string, string, string, string, string];
  trajectory: (sample: number) => string;
  reference: string;
  agent: string;
  noCalls: string;
  answer: string;
  noAnswer: string;
  expected: string;
  injected: (fault: string) => string;
  status: Record<'running' | 'done' | 'failed' | 'aborted', string>;
}

const ko: ReportText = {
  suiteChanged: '이 실행 뒤 스위트가 바뀌었습니다. 요청문은 지금의 것입니다.',
  tasks: (n) => `과제 ${n}개`,
  samples: (n) => `과제당 시도 ${n}번`,
  summary: '요약',
  k: 'k',
  interval: '95% 구간',
  curveTitle: (n) => `k별 pass@k와 pass^k (95% 구간, 과제 n = ${n})`,
  levelTitle: '단계 수별 pass@1 (95% 구간)',
  levelLabel: (level) => `${level}단계`,
  failureTitle: (n) => `실패 유형 (실패한 시도 ${n}번)`,
  steps: '단계 지표',
  stepColumns: ['도구 정밀도', '도구 재현율', '도구 F1', '인자 정확도', '인자 출처: 질문 / 도구 결과 / 지어냄', '쓴 단계 / 필요한 단계', '장애 만남 / 회복'],
  by: { level: '단계 수별', ability: '능력별', agency: '기관별' },
  groupColumns: ['과제', '시도', '통과', 'pass@1 [95% 구간]'],
  taskList: '과제',
  taskColumns: ['과제', '단계', '통과', '실패 유형', '요청'],
  trajectory: (sample) => `경로와 정답 계획 (시도 ${sample})`,
  reference: '정답 계획',
  agent: '모델',
  noCalls: '호출 없음',
  answer: '답',
  noAnswer: '(없음)',
  expected: '기대한 답',
  injected: (fault) => `주입된 장애 ${fault}`,
  status: { running: '진행 중', done: '완료', failed: '실패', aborted: '중단됨' },
};

const en: ReportText = {
  suiteChanged: 'The suite changed since this run; the requests shown are the current ones.',
  tasks: (n) => `${n} ${n === 1 ? 'task' : 'tasks'}`,
  samples: (n) => `${n} ${n === 1 ? 'sample' : 'samples'} per task`,
  summary: 'Summary',
  k: 'k',
  interval: '95% CI',
  curveTitle: (n) => `pass@k and pass^k by k (95% intervals, tasks n = ${n})`,
  levelTitle: 'pass@1 by level (95% intervals)',
  levelLabel: (level) => `L${level}`,
  failureTitle: (n) => `Failure taxonomy (${n} failed ${n === 1 ? 'attempt' : 'attempts'})`,
  steps: 'Steps',
  stepColumns: ['tool precision', 'tool recall', 'tool F1', 'argument accuracy', 'from user / tool / invented', 'steps used / needed', 'faults met / recovered'],
  by: { level: 'By level', ability: 'By ability', agency: 'By agency' },
  groupColumns: ['tasks', 'attempts', 'passed', 'pass@1 [95% CI]'],
  taskList: 'Tasks',
  taskColumns: ['task', 'level', 'passed', 'failures', 'request'],
  trajectory: (sample) => `trajectory vs reference (attempt ${sample})`,
  reference: 'Reference',
  agent: 'Agent',
  noCalls: 'no calls',
  answer: 'Answer',
  noAnswer: '(none)',
  expected: 'Expected',
  injected: (fault) => `injected ${fault}`,
  status: { running: 'running', done: 'done', failed: 'failed', aborted: 'stopped' },
};

export function reportText(lang: ReportLang): ReportText {
  return lang === 'ko' ? ko : en;
}
