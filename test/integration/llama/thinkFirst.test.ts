// A thinking model under a grammar thinks first, freely, and the grammar holds the rest of its turn: the free step
// stops as soon as the thought closes or the model writes anything else, a thought the budget cut is closed for it,
// and the caller's abort still stops it. The generator here streams chunks as node-llama-cpp's LlamaChat does and
// stops at the abort it is given.
import { describe, expect, it } from 'vitest';
import { afterThought, thinkFirst, type ThoughtRequest } from '../../../native/llama/thinkFirst.ts';
import { LocalModel } from '../../../native/llama/LocalModel/LocalModel.ts';
import { writeFamilyModel } from '../../fixtures/gguf/familyModel.ts';
import { testLlama } from '../../helpers/llama.ts';

type Piece = { thought: string; last?: boolean } | { text: string };
type Chunk = Parameters<ThoughtRequest['onResponseChunk']>[0];

const PREFIX = { type: 'specialTokensText' as const, value: '<think>' };
const SUFFIX = { type: 'specialTokensText' as const, value: '</think>' };

/** A model that would write these pieces, one chunk each, unless stopped; what it wrote and what it was asked. */
function scripted(pieces: Piece[]) {
  const seen = { written: 0, request: undefined as ThoughtRequest | undefined };
  const generate = async (_history: unknown, request: ThoughtRequest) => {
    seen.request = request;
    let thought = '';
    let ended = false;
    let text = '';
    for (const piece of pieces) {
      if (request.signal.aborted) break;
      seen.written++;
      await Promise.resolve();
      if ('thought' in piece) {
        thought += piece.thought;
        ended ||= piece.last === true;
      } else text += piece.text;
      const chunk: Chunk =
        'thought' in piece
          ? { type: 'segment', segmentType: 'thought', text: piece.thought, tokens: [], ...(piece.last ? { segmentEndTime: new Date() } : {}) }
          : { type: undefined, segmentType: undefined, text: piece.text, tokens: [] };
      request.onResponseChunk(chunk);
    }
    const raw = [PREFIX, thought, ...(ended ? [SUFFIX] : [])];
    const segment = thought ? [{ type: 'segment' as const, segmentType: 'thought' as const, text: thought, ended, raw }] : [];
    return { fullResponse: [...segment, ...(text ? [text] : [])] };
  };
  return { generate, seen };
}

describe('thinking first under a grammar', () => {
  it('stops the free step where the thought closes, before the model writes its call without the grammar', async () => {
    const model = scripted([{ thought: '\n격자 좌표가 ' }, { thought: '먼저 필요하다.\n', last: true }, { text: '\n\n{"tool": "kma' }, { text: '_x"}' }]);
    const thought = await thinkFirst(model.generate, [], { thoughtTokens: 256, suffix: [SUFFIX] });
    expect(thought).toMatchObject({ segmentType: 'thought', text: '\n격자 좌표가 먼저 필요하다.\n', ended: true });
    expect(thought?.raw).toEqual([PREFIX, '\n격자 좌표가 먼저 필요하다.\n', SUFFIX]);
    // Nothing after the thought was written without the grammar.
    expect(model.seen.written).toBe(2);
    expect(model.seen.request).toMatchObject({ maxTokens: 256, budgets: { thoughtTokens: 256 }, stopOnAbortSignal: true });
    // The constrained step continues that turn after the thought.
    expect(afterThought([{ type: 'user', text: '내일 서울 날씨' }], thought!)).toEqual([
      { type: 'user', text: '내일 서울 날씨' },
      { type: 'model', response: [thought] },
    ]);
  });

  it('lets a model that does not think go straight to the grammar', async () => {
    const model = scripted([{ text: '{"final_answer"' }, { text: ': "맑음"}' }]);
    expect(await thinkFirst(model.generate, [], { thoughtTokens: 256, suffix: [SUFFIX] })).toBeUndefined();
    expect(model.seen.written).toBe(1);
    // Nor one that starts with blank lines (a random-weight model writes them for as long as it is let).
    const blank = scripted([{ text: '\n' }, { text: '\n' }, { thought: '생각', last: true }]);
    expect(await thinkFirst(blank.generate, [], { thoughtTokens: 256, suffix: [SUFFIX] })).toBeUndefined();
    expect(blank.seen.written).toBe(1);
  });

  it('closes a thought the budget cut, in the family’s own words, so the grammar starts after it', async () => {
    const model = scripted([{ thought: '아직 ' }, { thought: '생각 중' }]);
    const thought = await thinkFirst(model.generate, [], { thoughtTokens: 2, suffix: [SUFFIX] });
    expect(thought?.ended).toBe(true);
    expect(thought?.raw).toEqual([PREFIX, '아직 생각 중', SUFFIX]);
  });

  it('stops when the caller aborts, whatever the model was doing', async () => {
    const stop = new AbortController();
    stop.abort();
    const model = scripted([{ thought: '생각' }, { thought: '더', last: true }]);
    expect(await thinkFirst(model.generate, [], { thoughtTokens: 256, suffix: [SUFFIX], signal: stop.signal })).toBeUndefined();
    expect(model.seen.written).toBe(0);
  });

  it('on a thinking family’s real file (Qwen3), a required call comes at once from a model that does not open a thought', async () => {
    const model = await LocalModel.load(await testLlama(), { modelPath: await writeFamilyModel('qwen3') });
    try {
      expect(model.chatFormat().wrapper.settings.segments?.thought).toBeDefined();
      const tool = {
        name: 'lookup',
        description: '코드 조회',
        parameters: { type: 'object' as const, properties: { q: { type: 'string', maxLength: 6 } }, required: ['q'] },
      };
      const turn = await model.chat([{ role: 'user', content: '코드 11680?' }], { tools: [tool], toolChoice: 'required', maxTokens: 60, temperature: 0 });
      expect(turn.toolCalls.map((c) => c.name)).toEqual(['lookup']);
      expect(turn.thinking).toBeUndefined();
      // Random weights write blank lines, not a thought: the free step gave way at its first token, not after 1,024.
      expect(turn.usage.outputTokens).toBeLessThanOrEqual(60 + 1);
    } finally {
      await model.dispose();
    }
  });
});
