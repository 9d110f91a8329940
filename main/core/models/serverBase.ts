// An inference server's base URL, checked and written one way. A model server is the agency's own machine, named
// by whatever address the user gives (a host name, an IP literal, loopback, a private range), so none of the
// gateway's host rules apply to it: they are for government API hosts. It must still be a plain http(s) base that
// cannot carry a secret or a second meaning.

/** How long a server may send nothing (before its reply begins, between two chunks) where nobody set it. */
export const DEFAULT_SERVER_IDLE_MS = 60_000;

export type ServerBaseVerdict = { ok: true; base: string } | { ok: false; reason: ServerBaseProblem };

/** Why a base cannot be registered; each has its sentence in both languages (`serverBase.<problem>`). */
export type ServerBaseProblem = 'notUrl' | 'scheme' | 'userInfo' | 'queryOrFragment' | 'whitespace';

// Control characters are what this must find.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\x00-\x20\x7f]/;

/**
 * The base as it is stored and compared: the URL parser's own spelling (lower-case host, IPv6 in brackets, the
 * scheme's default port dropped) without trailing slashes, so that one server written two ways is one server.
 */
export function checkServerBase(raw: string): ServerBaseVerdict {
  if (CONTROL_OR_SPACE.test(raw)) return { ok: false, reason: 'whitespace' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'notUrl' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  // A password in the address would be written wherever the address is (lists, transcripts, the audit log).
  if (url.username || url.password || /^[a-z]+:\/\/[^/?#]*@/i.test(raw)) return { ok: false, reason: 'userInfo' };
  if (url.search || url.hash || /[?#]/.test(raw)) return { ok: false, reason: 'queryOrFragment' };
  return { ok: true, base: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** The chat completions endpoint of a checked base. */
export function chatEndpoint(base: string): string {
  return `${base}/chat/completions`;
}
