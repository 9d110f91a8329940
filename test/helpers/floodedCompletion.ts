// A completion built to make reward scoring work hard: `n` calls of the sample's first tool, each answered with a
// result view of values of its own (so nothing repeats and every value is indexed), then the reference's messages.
import { functionName } from '../../main/core/catalog/functionSchema.ts';
import { referenceMessages } from '../../main/core/train/reward/referenceMessages.ts';
import { toTrainerMessages } from '../../main/core/train/reward/trainerMessages.ts';
import type { SynthSample } from '../../main/core/synth/types.ts';

/** In trainer format (tool_calls with JSON-text arguments), as a reward request carries it. */
export function floodedCompletion(sample: SynthSample, n: number): unknown[] {
  const first = sample.walk.trace.steps[0]!;
  const calls = Array.from({ length: n }, (_, i) => ({
    id: `flood${i}`,
    name: functionName(first.tool),
    arguments: { ...first.args, flood: `${i} 번 ${i}77777` },
  }));
  const results = calls.map((c, i) => ({
    role: 'tool' as const,
    toolCallId: c.id,
    name: c.name,
    content: JSON.stringify({
      result: `r${i + 100}`,
      totalCount: 2,
      fields: ['a', 'b'],
      data: [
        [`${i}123456`, `이름 ${i}`],
        [`x${i}`, i],
      ],
    }),
  }));
  return toTrainerMessages([
    { role: 'assistant', content: '', toolCalls: calls },
    ...results,
    ...referenceMessages(sample.walk.trace.steps, sample.answerText),
  ]);
}
