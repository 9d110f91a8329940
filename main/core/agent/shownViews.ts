// What a conversation showed the model of its tool results: the result views it could read back (a failed call's,
// and text that is no view, left out). The copy grammar offers their values (copyChoices.ts, answerChoices.ts).
import { readView, type ReadView } from '../resultView/resultView.ts';
import type { ChatMessage } from './types.ts';

export function shownViews(messages: ChatMessage[]): ReadView[] {
  const views: ReadView[] = [];
  for (const m of messages) {
    if (m.role !== 'tool') continue;
    try {
      const view = readView(m.content);
      if (view.error === undefined) views.push(view);
    } catch {
      continue;
    }
  }
  return views;
}
