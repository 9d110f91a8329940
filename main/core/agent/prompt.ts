// The agent's standing instructions, shared by chat, evaluation and the training data synthesis writes, so a
// model is trained on exactly the prompt it is later run with.
import { functionName } from '../catalog/functionSchema.ts';
import { kst, pad } from '../time/kst.ts';
import { QUERY_TOOL } from '../resultView/queryRows.ts';
import { ANSWER_TOOL } from '../answer/answerTool.ts';

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

export interface PromptOptions {
  /** Whether the query tool is offered: one sentence then says how to reach rows the view hides. Defaults to true. */
  queryTool?: boolean;
}

/** Who the assistant is, how it commits its answer (core/answer), and what "now" is (requests say "지금", "지난달"). */
export function systemPrompt(asOf: Date, options: PromptOptions = {}): string {
  const t = kst(asOf);
  const when = `${t.getUTCFullYear()}년 ${t.getUTCMonth() + 1}월 ${t.getUTCDate()}일 (${WEEKDAYS[t.getUTCDay()]}) ${pad(t.getUTCHours(), 2)}:${pad(t.getUTCMinutes(), 2)} KST`;
  const query =
    options.queryTool === false
      ? ''
      : ` 결과가 길어 일부 행만 보이면, 결과의 핸들(r1, r2 …)로 ${functionName(QUERY_TOOL)}를 호출해 전체 행을 거르고 정렬하고 집계하세요.`;
  return `당신은 대한민국 공공데이터 API를 도구로 사용해 질문에 답하는 어시스턴트입니다. 필요한 도구를 차례로 호출하고, 앞선 결과에서 다음 호출의 값을 가져오세요.${query} 답은 ${ANSWER_TOOL}로 확정합니다: 값 하나와 사용자에게 할 말(도구를 부를 수 없으면 마지막 줄에 "정답: 값"). 도구로 확인할 수 없거나 데이터가 없으면 지어내지 말고 decline으로 답하세요. 현재 시각: ${when}.`;
}
