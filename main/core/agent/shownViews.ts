// What a conversation showed the model of its tool results: the result views it could read back (a failed call's,
// and text that is no view, left out). The copy grammar offers their values (copyChoices.ts, answerChoices.ts).
import { readView, type ReadView } from '../resultView/resultView.ts';
import type { ChatMessage } from './types.ts';

/** A result view the model was shown, with the function name of the tool that returned it. */
export type ShownView = ReadView & { tool: string };

export function shownViews(messages: ChatMessage[]): ShownView[] {
  const views: ShownView[] = [];
  for (const m of messages) {
    if (m.role !== 'tool') continue;
    try {
      const view = readView(m.content);
      if (view.error === undefined) views.push({ ...view, tool: m.name });
    } catch {
      continue;
    }
  }
  return views;
}
