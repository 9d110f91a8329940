// The answer tool: how a model commits its answer in native and grammar mode. Its arguments are the claim (one value
// of one kind, claim.ts) and the message for the person. Calling it ends the episode. Its schema is one object shape
// per kind, so a grammar (llama.cpp) holds a model to exactly one value of one kind, and a date or a time to the one
// form the description gives; the judge still reads any usual form, for servers that do not hold the schema.
import type { ModelTool } from '../agent/types.ts';
import type { FunctionSchema } from '../catalog/functionSchema.ts';
import { checkClaim, type Claim } from './claim.ts';

export const ANSWER_TOOL = 'final_answer';

const MAX_MESSAGE = 1000;
const MAX_NAME = 100;

const text = (maxLength: number, description?: string): Record<string, unknown> => ({ type: 'string', maxLength, ...(description ? { description } : {}) });
const shape = (kind: string, properties: Record<string, unknown>): Record<string, unknown> => ({
  type: 'object',
  properties: { kind: { const: kind }, ...properties },
  required: ['kind', ...Object.keys(properties)],
  additionalProperties: false,
});

/** The claim's schema: one shape per kind, in the order the description names them. */
const CLAIM_SCHEMA = {
  description: '값 하나와 그 종류(kind)',
  oneOf: [
    shape('number', { value: { type: 'number' }, unit: text(10, '단위: 건, 곳, ℃, %, ㎍/㎥, 만원 … (없으면 "")') }),
    shape('date', { value: { type: 'string', minLength: 10, maxLength: 10, description: 'YYYY-MM-DD' } }),
    shape('time', { value: { type: 'string', minLength: 5, maxLength: 5, description: 'HH:MM (24시간)' } }),
    shape('name', { value: text(MAX_NAME) }),
    shape('list', { values: { type: 'array', items: { oneOf: [text(MAX_NAME), { type: 'number' }] } } }),
    shape('yesno', { value: { type: 'boolean' } }),
    shape('decline', { reason: text(200) }),
  ],
};

const DESCRIPTION =
  '답을 확정하고 끝냅니다. answer는 값 하나: number(단위는 unit), date(YYYY-MM-DD), time(HH:MM), name, list(값 여럿), yesno, 알 수 없으면 decline(이유만). message는 사용자에게 할 말.';

/** The answer tool as every model is offered it, beside the catalog's tools. */
export const answerTool: ModelTool = {
  name: ANSWER_TOOL,
  description: DESCRIPTION,
  parameters: {
    type: 'object',
    properties: { answer: CLAIM_SCHEMA, message: text(MAX_MESSAGE, '사용자에게 할 말') },
    required: ['answer', 'message'],
  },
  example: { answer: { kind: 'number', value: 49, unit: '건' }, message: '모두 49건입니다.' },
};

/** The answer tool as an OpenAI function schema: training exports and kits offer it beside the catalog's tools. */
export const answerFunction: FunctionSchema = {
  type: 'function',
  function: { name: answerTool.name, description: answerTool.description, parameters: answerTool.parameters },
};

export const isAnswerCall = (name: string): boolean => name === ANSWER_TOOL;

export type AnswerArguments = { ok: true; claim: Claim; message: string } | { ok: false; problem: string };

/** The answer tool's arguments, checked: the claim and the message (a missing message is an empty one). */
export function readAnswerArguments(args: Record<string, unknown>): AnswerArguments {
  const checked = checkClaim(args.answer);
  if (!checked.ok) return checked;
  const message = typeof args.message === 'string' ? args.message.slice(0, 4 * MAX_MESSAGE) : '';
  return { ok: true, claim: checked.claim, message };
}

/** The answer tool's arguments for a claim and a message (exports, the oracle, scripted answers). */
export function answerArguments(claim: Claim, message: string): Record<string, unknown> {
  return { answer: claim, message };
}
