// Deny by default: a request may go only to a scheme + host + port + path + method that the catalog lists.
// The check runs on the URL as text, before any socket opens, and refuses the tricks that make a URL look like
// an allowed one: user info, IP literals in any notation, look-alike or non-ASCII hosts, other ports, encoded or
// dot-segment paths, control characters.
import type { AllowlistEntry } from '../catalog/Catalog.ts';
import { defaultPort } from '../catalog/Catalog.ts';

export type AllowVerdict = { allowed: true; entry: AllowlistEntry } | { allowed: false; reason: string };

// Control characters are exactly what this must find.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\x00-\x20\x7f]/;
const IPV4_ISH = /^(0x[0-9a-f]+|\d+)(\.(0x[0-9a-f]+|\d+)){0,3}$/i;

function hostProblem(raw: string, hostname: string): string | undefined {
  if (hostname.startsWith('[') || hostname.includes(':')) return 'IP address literals are not allowed';
  if (IPV4_ISH.test(hostname)) return 'IP address literals are not allowed';
  if (hostname.endsWith('.')) return 'a trailing dot in the host is not allowed';
  if (hostname.split('.').some((label) => label.startsWith('xn--'))) return 'internationalised (punycode) hosts are not allowed';
  // The URL parser maps full-width and other Unicode look-alikes to ASCII; refuse them on the raw text.
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(raw)?.[1] ?? '';
  if (/[^\x21-\x7e]/.test(authority)) return 'non-ASCII characters in the host are not allowed';
  return undefined;
}

function pathProblem(raw: string, pathname: string): string | undefined {
  const rawPath = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(raw)?.[1] ?? '';
  if (/%2e|%2f|%5c/i.test(rawPath)) return 'encoded dots or slashes in the path are not allowed';
  if (/(^|\/)\.\.?(\/|$)/.test(rawPath)) return 'dot segments in the path are not allowed';
  if (pathname.includes('//')) return 'empty path segments are not allowed';
  return undefined;
}

/**
 * Whether `rawUrl` with `method` is on the allowlist. The URL must be exactly one the catalog lists, apart
 * from its query string.
 */
export function checkAllowed(rawUrl: string, method: string, allowlist: readonly AllowlistEntry[]): AllowVerdict {
  if (CONTROL_OR_SPACE.test(rawUrl)) return { allowed: false, reason: 'whitespace or control characters in the URL' };
  // The URL parser reads a backslash as a slash in http URLs; nothing in the catalog has one.
  if (rawUrl.split(/[?#]/)[0]!.includes('\\')) return { allowed: false, reason: 'backslashes in the URL are not allowed' };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { allowed: false, reason: 'not a valid URL' };
  }
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== 'http' && scheme !== 'https') return { allowed: false, reason: `the ${scheme}: scheme is not allowed` };
  if (url.username || url.password || /^[a-z]+:\/\/[^/?#]*@/i.test(rawUrl)) return { allowed: false, reason: 'user info in the URL is not allowed' };
  const hostIssue = hostProblem(rawUrl, url.hostname);
  if (hostIssue) return { allowed: false, reason: hostIssue };
  const pathIssue = pathProblem(rawUrl, url.pathname);
  if (pathIssue) return { allowed: false, reason: pathIssue };
  const port = url.port ? Number(url.port) : defaultPort(scheme);
  const sameHost = allowlist.filter((e) => e.host === url.hostname);
  if (sameHost.length === 0) return { allowed: false, reason: `the host ${url.hostname} is not on the allowlist` };
  const sameOrigin = sameHost.filter((e) => e.scheme === scheme && e.port === port);
  if (sameOrigin.length === 0)
    return {
      allowed: false,
      reason: `${scheme}://${url.hostname}:${port} is not on the allowlist (only ${[...new Set(sameHost.map((e) => `${e.scheme}://${e.host}:${e.port}`))].join(', ')})`,
    };
  const samePath = sameOrigin.filter((e) => e.path === url.pathname);
  if (samePath.length === 0) return { allowed: false, reason: `the path ${url.pathname} is not on the allowlist for ${url.hostname}` };
  const entry = samePath.find((e) => e.method === method.toUpperCase());
  if (!entry) return { allowed: false, reason: `${method.toUpperCase()} is not allowed for ${url.hostname}${url.pathname}` };
  return { allowed: true, entry };
}
