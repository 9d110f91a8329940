// Per-call approval: an unanswered call is denied after the timeout with a reason the model reads, an answer to a
// call no longer waiting is refused, and "always" holds for that tool in that chat only.
import { describe, expect, it } from 'vitest';
import { ApprovalBroker } from '../../../main/engine/agent/approvals.ts';
import { refusalForModel, sayRefusal } from '../../../main/core/agent/callRefusal.ts';

const call = (chatId: string, tool = 'kasi.getRestDeInfo', onAsk: (id: string) => void = () => undefined) => ({
  chatId,
  tool,
  arguments: { solYear: '2025' },
  onAsk,
});

describe('approval broker', () => {
  it('denies a call nobody answers, saying so', async () => {
    const broker = new ApprovalBroker({ timeoutMs: 20 });
    let asked = '';
    const decision = await broker.ask(call('c1', undefined, (id) => (asked = id)));
    expect(decision).toEqual({ allow: false, refusal: { kind: 'unanswered', waitedMs: 20 } });
    if (decision.allow) return;
    expect(refusalForModel(decision.refusal)).toBe('사용자가 이 호출을 허락하지 않았습니다. (1초 동안 답이 없었습니다.)');
    expect(sayRefusal('en', decision.refusal)).toBe('The user did not allow this call (no answer in 1 s).');
    expect(() => broker.answer(asked, 'once')).toThrow(/No call is waiting/);
  });

  it('remembers "always" for the tool in that chat, not for other tools or chats', async () => {
    const broker = new ApprovalBroker();
    const first = broker.ask(call('c1', undefined, (id) => broker.answer(id, 'always')));
    expect(await first).toEqual({ allow: true });
    expect(broker.alwaysAllowed('c1', 'kasi.getRestDeInfo')).toBe(true);
    expect(broker.alwaysAllowed('c1', 'kma.getUltraSrtNcst')).toBe(false);
    expect(broker.alwaysAllowed('c2', 'kasi.getRestDeInfo')).toBe(false);
    broker.forget('c1');
    expect(broker.alwaysAllowed('c1', 'kasi.getRestDeInfo')).toBe(false);
  });
});
