// The real llama.cpp path end to end on CPU: the tiny GGUF the suite writes, in grammar mode, makes a call the
// grammar forces to be valid; the loop runs it against the emulator; at the step cap the grammar holds its last turn
// to the answer tool, so even random weights commit one value of one kind (their message is noise); and the whole
// transcript is in the database. The first question loads the model, with progress; the next finds it loaded.
import { describe, expect, it } from 'vitest';
import { ChatRepository } from '../../../main/engine/store/repositories/ChatRepository.ts';
import type { AgentEvent } from '../../../main/core/agent/types.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testEngine } from '../../helpers/engine.ts';
import { checkClaim } from '../../../main/core/answer/claim.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { LOADING_MODEL } from '../../../main/api/loading.ts';
import type { AgentRunParams } from '../../../main/api/contract.ts';

describe('agent on the tiny GGUF (llama backend, grammar mode)', () => {
  it('calls a tool under the grammar, has it checked and run, commits an answer the grammar holds to one value of one kind, and stores the episode', async () => {
    // Every byte is a token in its vocabulary: the tools' section (the answer tool's included) needs more than 2,048.
    const modelPath = await writeTinyLlama({ contextLength: 4096 });
    const engine = testEngine({ emulator: { now: () => TEST_NOW }, llama: { gpu: false, threads: 1 } });
    const events: AgentEvent[] = [];
    const stages: string[] = [];
    const params: AgentRunParams = {
      question: 'Seoul air?',
      model: modelPath,
      tools: ['airkorea.getCtprvnRltmMesureDnsty'],
      systemPrompt: 'Use tools.',
      firstToolChoice: 'required',
      maxSteps: 2,
      maxTokens: 200,
      resultTokens: 64,
      queryTool: false,
      contextSize: 4096,
    };
    const episode = await engine.call('agent.run', params, {
      onProgress: (p) => {
        stages.push(p.stage);
        if (p.agentEvent) events.push(p.agentEvent);
      },
    });
    // The first question loads the model, and says so before the episode starts; the next finds it loaded.
    expect(stages.indexOf(LOADING_MODEL)).toBeGreaterThanOrEqual(0);
    expect(stages.indexOf(LOADING_MODEL)).toBeLessThan(stages.indexOf('agent'));
    const again: string[] = [];
    await engine.call('agent.run', { ...params, maxSteps: 1 }, { onProgress: (p) => again.push(p.stage) });
    expect(again).not.toContain(LOADING_MODEL);
    expect(episode.backend).toMatch(/^llama:.*#grammar$/);
    expect(episode.calls).toHaveLength(1);
    expect(episode.calls[0]).toMatchObject({ tool: 'airkorea.getCtprvnRltmMesureDnsty' });
    // The grammar holds the required choice to its values; random weights fill the optional parameters (or leave them
    // null) at random, so the schema check runs the call or refuses it, in words the model reads.
    expect([
      '전국',
      '서울',
      '부산',
      '대구',
      '인천',
      '광주',
      '대전',
      '울산',
      '경기',
      '강원',
      '충북',
      '충남',
      '전북',
      '전남',
      '경북',
      '경남',
      '제주',
      '세종',
    ]).toContain(episode.calls[0]!.arguments.sidoName);
    expect(episode.stoppedBy).toBe('final');
    expect(episode.claim && checkClaim(episode.claim).ok).toBe(true);
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['tool_call', 'tool_result', 'final']));
    const stored = new ChatRepository(engine.store.db).messages(episode.chatId);
    expect(stored.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user', 'assistant']);
    expect(stored[5]).toMatchObject({ role: 'assistant', answer: episode.claim, content: episode.answer });
    expect(stored[2]).toMatchObject({ role: 'assistant', toolCalls: [{ name: 'airkorea_getCtprvnRltmMesureDnsty' }] });
    if (episode.calls[0]!.ok) expect(JSON.parse(stored[3]!.content)).toMatchObject({ result: 'r1', totalCount: expect.any(Number) });
    else
      expect(JSON.parse(stored[3]!.content)).toMatchObject({
        ok: false,
        error: 'Refused',
        message: expect.stringMatching(/^인자가 스키마에 맞지 않아 호출하지 않았습니다: /),
      });
  }, 120_000);
});
