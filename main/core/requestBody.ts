// A request body that must be a JSON object: what the service's endpoints take, refused in words the caller can act on.
import { KopaError } from './errors.ts';
import { jsonDeeperThan, MAX_JSON_DEPTH } from './jsonDepth.ts';

export function jsonObjectBody(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new KopaError('InvalidRequest', 'The request body is not JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new KopaError('InvalidRequest', 'The request body must be a JSON object.');
  if (jsonDeeperThan(body)) throw new KopaError('InvalidRequest', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  return body as Record<string, unknown>;
}
