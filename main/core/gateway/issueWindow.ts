// A scheduled API's "no data" said with the window it covers: KMA keeps only recent issue times, so a request for an
// older (or not yet published) one finds nothing, and the model and the analyst are told which issue they can ask for.
import { translate } from '../i18n/strings.ts';
import { latestIssue } from '../time/issueTimes.ts';
import type { CallResult } from './callResult.ts';

export function withIssueWindow(result: CallResult, asOf: Date): CallResult {
  const latest = result.error?.kind === 'NoData' ? latestIssue(result.tool, asOf) : undefined;
  if (!latest || !result.error) return result;
  const vars = {
    date: `${latest.date.slice(0, 4)}-${latest.date.slice(4, 6)}-${latest.date.slice(6)}`,
    time: `${latest.time.slice(0, 2)}:${latest.time.slice(2)}`,
  };
  const window = translate('en', 'catalog.recentIssuesOnly', vars);
  return { ...result, error: { ...result.error, message: `${result.error.message} ${window}`, said: { key: 'catalog.recentIssuesOnly', vars } } };
}
