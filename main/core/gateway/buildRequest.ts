// The request exactly as the API expects it: parameter names and casing from the spec, the JSON switch, fixed
// parameters, a JSON body for POST APIs, and the key passed once-encoded. data.go.kr hands out keys in an
// "Encoding" (percent-encoded) form too; encoding that again is the classic double-encoding failure (code 30),
// so a key that arrives percent-encoded is decoded first and encoded exactly once here.
import type { RemoteToolSpec } from '../catalog/types.ts';

export interface BuiltRequest {
  method: 'GET' | 'POST';
  /** The URL with the key: used only to send the request, never logged or stored. */
  url: string;
  /** The same URL with the key replaced by ***: what audit, errors and the UI may show. */
  redactedUrl: string;
  headers: Record<string, string>;
  body?: string;
}

/** Turns an "Encoding" key back into the raw key; leaves a raw key alone. */
export function decodeKey(key: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(key)) return key;
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

function queryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const enc = (s: string): string => encodeURIComponent(s);

export function buildRequest(spec: RemoteToolSpec, args: Record<string, unknown>, key: string | undefined): BuiltRequest {
  const query: [string, string][] = [];
  const body: Record<string, unknown> = {};
  if (spec.auth.kind !== 'none' && key !== undefined) query.push([spec.auth.param, decodeKey(key)]);
  for (const [name, value] of Object.entries(spec.fixed ?? {})) query.push([name, value]);
  if (spec.format.param) {
    const value = spec.format[spec.format.request];
    if (value) query.push([spec.format.param, value]);
  }
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    if (spec.parameters.properties[name]?.['x-in'] === 'body') body[name] = value;
    else query.push([name, queryValue(value)]);
  }
  const { scheme, host, port, path } = spec.endpoint;
  const origin = `${scheme}://${host}${port ? `:${port}` : ''}`;
  const render = (redact: boolean): string => query.map(([k, v]) => `${enc(k)}=${redact && k === spec.auth.param ? '***' : enc(v)}`).join('&');
  const headers: Record<string, string> = {
    accept: spec.format.request === 'json' ? 'application/json, text/xml;q=0.5' : 'application/xml, text/xml, */*;q=0.5',
  };
  const hasBody = spec.endpoint.method === 'POST';
  if (hasBody) headers['content-type'] = 'application/json; charset=utf-8';
  return {
    method: spec.endpoint.method,
    url: `${origin}${path}?${render(false)}`,
    redactedUrl: `${origin}${path}?${render(true)}`,
    headers,
    ...(hasBody ? { body: JSON.stringify(body) } : {}),
  };
}
