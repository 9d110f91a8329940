// A request body that must be a JSON object: what the service's endpoints take, refused in words the caller can act on.
import { saidError } from './i18n/saidError.ts';
import { jsonDeeperThan, MAX_JSON_DEPTH } from './jsonDepth.ts';

export function jsonObjectBody(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw saidError('InvalidRequest', { message: 'error.body.notJson' });
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw saidError('InvalidRequest', { message: 'error.body.notObject' });
  if (jsonDeeperThan(body)) throw saidError('InvalidRequest', { message: 'error.body.tooDeep', vars: { depth: MAX_JSON_DEPTH } });
  return body as Record<string, unknown>;
}
