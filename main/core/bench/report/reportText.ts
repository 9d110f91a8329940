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
  /** The committed answer, the only thing judged. */
  claim: string;
  noClaim: string;
  grounded: (grounded: boolean) => string;
  inconsistent: string;
  /** How the run's answers were judged: the committed claim, or (older runs) free text. */
  protocol: (claims: boolean) => string;
  backendErrors: (n: number) => string;
  expected: string;
  injected: (fault: string) => string;
  status: Record<'running' | 'done' | 'failed' | 'aborted', string>;
  temperatureSeed: (temperature: number, seed: number) => string;
  /** The Markdown report's own lines. */
  md: {
    title: (run: string) => string;
    suite: string;
    resultView: (tokens: number, queryTool: boolean, named: boolean) => string;
    toolsOffered: (pick: boolean) => string;
    model: string;
    sampling: (samples: number, temperature: number, seed: number, turns: number) => string;
    backend: string;
    emulatorSeed: (seed: number) => string;
    snapshot: string;
    app: (version: string, status: string, attempts: number, passed: number) => string;
    audit: (entries: number, head: string | null) => string;
    curves: string;
    failures: string;
    kind: string;
    attempts: string;
    toolSelection: (p: string, r: string, f1: string) => string;
    argumentAccuracy: (a: string) => string;
    provenance: (user: number, tool: number, invented: number) => string;
    steps: (used: number, needed: number) => string;
    faults: (met: number, recovered: number) => string;
    expectedColumn: string;
    failedAttempts: string;
    attemptHeading: (task: string, sample: number, outcome: string) => string;
    why: string;
  };
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
  answer: '메시지',
  noAnswer: '(없음)',
  claim: '결론(판정 대상)',
  noClaim: '(확정한 답 없음)',
  grounded: (grounded) => (grounded ? '근거 있음: 이 시도의 호출 결과가 뒷받침함' : '근거 없음'),
  inconsistent: '메시지가 결론과 다른 값을 말함 (판정과 무관한 경고)',
  protocol: (claims) =>
    claims
      ? '판정: 확정한 답(결론)을 기대한 값과 정규화 후 정확히 비교 (KOPA-Bench v3)'
      : '옛 판정: 자유 텍스트를 단어 목록으로 읽음 (KOPA-Bench v3 이전; v3 실행과 비교할 수 없음)',
  backendErrors: (n) => `모델 백엔드가 실행하지 못한 시도 ${n}번: 실패로 셉니다 (다시 실행하면 그 시도만 다시 합니다)`,
  expected: '기대한 답',
  injected: (fault) => `주입된 장애 ${fault}`,
  status: { running: '진행 중', done: '완료', failed: '실패', aborted: '중단됨' },
  temperatureSeed: (temperature, seed) => `온도 ${temperature}, 시드 ${seed}`,
  md: {
    title: (run) => `KOPA-Bench 실행 ${run}`,
    suite: '스위트',
    resultView: (tokens, queryTool, named) =>
      `결과 보기: 결과당 ${tokens}토큰${named ? ', 행마다 필드 이름과 값' : ''}, 조회 도구 ${queryTool ? '있음' : '없음'}`,
    toolsOffered: (pick) => `내놓은 도구: ${pick ? '채팅처럼 질문에 맞춰 고른 도구와 find_tools' : '과제마다 정해진 도구'}`,
    model: '모델',
    sampling: (samples, temperature, seed, turns) => `샘플링: 과제당 시도 ${samples}번, 온도 ${temperature}, 시드 ${seed}, 최대 ${turns}턴`,
    backend: '백엔드',
    emulatorSeed: (seed) => ` (에뮬레이터 시드 ${seed})`,
    snapshot: '스냅숏',
    app: (version, status, attempts, passed) => `KOPA Studio ${version}, ${status}, 시도 ${attempts}번 중 ${passed}번 통과`,
    audit: (entries, head) => `실행 시작 때 감사 로그: ${entries}건${head ? `, head ${head}` : ''}`,
    curves: 'pass@k와 pass^k (과제 단위 윌슨 95% 구간)',
    failures: '실패 유형',
    kind: '유형',
    attempts: '시도',
    toolSelection: (p, r, f1) => `도구 선택: 정밀도 ${p}, 재현율 ${r}, F1 ${f1}`,
    argumentAccuracy: (a) => `인자 정확도: ${a}`,
    provenance: (user, tool, invented) => `인자 출처: 질문 ${user}, 앞선 결과 ${tool}, 지어냄 ${invented}`,
    steps: (used, needed) => `시도당 쓴 단계 ${used}, 필요한 단계 ${needed}`,
    faults: (met, recovered) => `주입된 장애: ${met}번 만나 ${recovered}번 회복`,
    expectedColumn: '기대한 답',
    failedAttempts: '실패한 시도: 경로와 정답 계획',
    attemptHeading: (task, sample, outcome) => `${task} (시도 ${sample}: ${outcome})`,
    why: '판정 이유',
  },
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
  stepColumns: [
    'tool precision',
    'tool recall',
    'tool F1',
    'argument accuracy',
    'from user / tool / invented',
    'steps used / needed',
    'faults met / recovered',
  ],
  by: { level: 'By level', ability: 'By ability', agency: 'By agency' },
  groupColumns: ['tasks', 'attempts', 'passed', 'pass@1 [95% CI]'],
  taskList: 'Tasks',
  taskColumns: ['task', 'level', 'passed', 'failures', 'request'],
  trajectory: (sample) => `trajectory vs reference (attempt ${sample})`,
  reference: 'Reference',
  agent: 'Agent',
  noCalls: 'no calls',
  answer: 'Message',
  noAnswer: '(none)',
  claim: 'Committed answer (judged)',
  noClaim: '(no committed answer)',
  grounded: (grounded) => (grounded ? "grounded: the attempt's own results support it" : 'not grounded'),
  inconsistent: 'the message states another value than the committed answer (a warning, not a verdict)',
  protocol: (claims) =>
    claims
      ? 'Judged: the committed answer (claim) against the expected value, exactly after normalisation (KOPA-Bench v3)'
      : 'Old judging: free text read against word lists (before KOPA-Bench v3; not comparable with v3 runs)',
  backendErrors: (n) => `${n} ${n === 1 ? 'attempt' : 'attempts'} the model's backend could not run: counted as failures (running again retries only those)`,
  expected: 'Expected',
  injected: (fault) => `injected ${fault}`,
  status: { running: 'running', done: 'done', failed: 'failed', aborted: 'stopped' },
  temperatureSeed: (temperature, seed) => `temperature ${temperature}, seed ${seed}`,
  md: {
    title: (run) => `KOPA-Bench run ${run}`,
    suite: 'Suite',
    resultView: (tokens, queryTool, named) =>
      `Result view: ${tokens} tokens per result${named ? ', each value beside its field name' : ''}${queryTool ? ', query tool offered' : ', no query tool'}`,
    toolsOffered: (pick) => `Tools offered: ${pick ? 'what the chat picks for each question, with find_tools' : "each task's own"}`,
    model: 'Model',
    sampling: (samples, temperature, seed, turns) => `Sampling: ${samples} per task, temperature ${temperature}, seed ${seed}, max ${turns} turns`,
    backend: 'Backend',
    emulatorSeed: (seed) => ` (emulator seed ${seed})`,
    snapshot: 'snapshot',
    app: (version, status, attempts, passed) =>
      `KOPA Studio ${version}, status ${status}, ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}, ${passed} passed`,
    audit: (entries, head) => `Audit log when the run started: ${entries} ${entries === 1 ? 'entry' : 'entries'}${head ? `, head ${head}` : ''}`,
    curves: 'pass@k and pass^k (95 % Wilson intervals over tasks)',
    failures: 'Failures',
    kind: 'kind',
    attempts: 'attempts',
    toolSelection: (p, r, f1) => `Tool selection: precision ${p}, recall ${r}, F1 ${f1}`,
    argumentAccuracy: (a) => `Argument accuracy: ${a}`,
    provenance: (user, tool, invented) => `Argument provenance: ${user} from the user, ${tool} from earlier outputs, ${invented} invented`,
    steps: (used, needed) => `Steps used ${used} per attempt, needed ${needed}`,
    faults: (met, recovered) => `Injected faults met ${met}, recovered ${recovered}`,
    expectedColumn: 'expected',
    failedAttempts: 'Failed attempts: trajectory versus reference',
    attemptHeading: (task, sample, outcome) => `${task} (attempt ${sample}: ${outcome})`,
    why: 'Why',
  },
};

export function reportText(lang: ReportLang): ReportText {
  return lang === 'ko' ? ko : en;
}
