// The allowlist refuses every URL that is not exactly one the catalog lists, before any socket opens.
import { describe, expect, it } from 'vitest';
import { checkAllowed } from '../../../main/core/gateway/allowlist.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';

const allowlist = bundledCatalog().allowlist();
const KMA = '/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst';

const hostile: [string, string, string?][] = [
  ['userinfo before the host', `http://apis.data.go.kr@evil.example${KMA}`],
  ['userinfo with password', `http://user:pass@apis.data.go.kr${KMA}`],
  ['allowed host as userinfo of another', `http://apis.data.go.kr:80@evil.example${KMA}`],
  ['IPv4 literal', `http://127.0.0.1${KMA}`],
  ['IPv4 literal of a public address', `http://210.90.122.135${KMA}`],
  ['decimal IP', `http://2130706433${KMA}`],
  ['octal IP', `http://0177.0.0.1${KMA}`],
  ['hex IP', `http://0x7f000001${KMA}`],
  ['short IP', `http://127.1${KMA}`],
  ['IPv6 loopback', `http://[::1]${KMA}`],
  ['IPv4-mapped IPv6', `http://[::ffff:127.0.0.1]${KMA}`],
  ['IPv6 literal', `http://[2001:db8::1]${KMA}`],
  ['suffix look-alike', `http://apis.data.go.kr.evil.example${KMA}`],
  ['prefix look-alike', `http://evilapis.data.go.kr${KMA}`],
  ['hyphen look-alike', `http://apis-data.go.kr${KMA}`],
  ['subdomain of allowed host', `http://x.apis.data.go.kr${KMA}`],
  ['parent of allowed host', `http://data.go.kr${KMA}`],
  ['trailing dot', `http://apis.data.go.kr.${KMA}`],
  ['Cyrillic a (punycode)', `http://аpis.data.go.kr${KMA}`],
  ['explicit punycode', `http://xn--pis-5cd.data.go.kr${KMA}`],
  ['full-width letters', `http://ａｐｉｓ.data.go.kr${KMA}`],
  ['full-width dots', `http://apis。data。go。kr${KMA}`],
  ['unlisted port', `http://apis.data.go.kr:8080${KMA}`],
  ['https to an http-only endpoint', `https://apis.data.go.kr${KMA}`],
  ['http to an https-only endpoint', 'http://business.juso.go.kr/addrlink/addrLinkApi.do'],
  ['port 443 on http', `http://apis.data.go.kr:443${KMA}`],
  ['unlisted path on an allowed host', 'http://apis.data.go.kr/1360000/Admin/deleteEverything'],
  ['path prefix of an allowed path', 'http://apis.data.go.kr/1360000/VilageFcstInfoService_2.0'],
  ['path extended past an allowed path', `http://apis.data.go.kr${KMA}/extra`],
  ['dot-dot segment', `http://apis.data.go.kr/1360000/VilageFcstInfoService_2.0/../../admin${KMA}`],
  ['dot segment', `http://apis.data.go.kr/1360000/./VilageFcstInfoService_2.0/getUltraSrtNcst`],
  ['encoded dot-dot', `http://apis.data.go.kr/1360000/%2e%2e/admin${KMA}`],
  ['encoded slash', `http://apis.data.go.kr/1360000%2FVilageFcstInfoService_2.0%2FgetUltraSrtNcst`],
  ['backslash', `http://apis.data.go.kr\\1360000\\VilageFcstInfoService_2.0\\getUltraSrtNcst`],
  ['double slash', `http://apis.data.go.kr//1360000/VilageFcstInfoService_2.0/getUltraSrtNcst`],
  ['case-changed path', 'http://apis.data.go.kr/1360000/vilagefcstinfoservice_2.0/getultrasrtncst'],
  ['file scheme', 'file:///etc/passwd'],
  ['ftp scheme', `ftp://apis.data.go.kr${KMA}`],
  ['javascript scheme', 'javascript:alert(1)'],
  ['data scheme', 'data:text/plain,hello'],
  ['gopher scheme', `gopher://apis.data.go.kr:70${KMA}`],
  ['ws scheme', `ws://apis.data.go.kr${KMA}`],
  ['no scheme', `//apis.data.go.kr${KMA}`],
  ['relative path', KMA],
  ['space in host', `http://apis .data.go.kr${KMA}`],
  ['newline injection', `http://apis.data.go.kr${KMA}\r\nHost: evil.example`],
  ['tab in path', `http://apis.data.go.kr/1360000/\tVilageFcstInfoService_2.0/getUltraSrtNcst`],
  ['null byte', `http://apis.data.go.kr${KMA}%00`.replace('%00', '\u0000')],
  ['wrong method', `http://apis.data.go.kr${KMA}`, 'POST'],
  ['GET on a POST-only endpoint', 'https://api.odcloud.kr/api/nts-businessman/v1/status'],
  ['localhost', `http://localhost${KMA}`],
  ['metadata service', 'http://169.254.169.254/latest/meta-data/'],
  ['unknown host entirely', 'https://evil.example/collect'],
  ['allowed path on an unknown host', `http://apis.data.go.kr.attacker.net:80${KMA}`],
];

describe('allowlist', () => {
  it(`refuses all ${hostile.length} hostile URLs, each with a reason`, () => {
    expect(hostile.length).toBeGreaterThanOrEqual(50);
    const admitted = hostile.filter(([, url, method]) => checkAllowed(url, method ?? 'GET', allowlist).allowed);
    expect(admitted.map(([name]) => name)).toEqual([]);
    for (const [, url, method] of hostile) {
      const verdict = checkAllowed(url, method ?? 'GET', allowlist);
      if (!verdict.allowed) expect(verdict.reason.length).toBeGreaterThan(5);
    }
  });

  it('admits every catalog endpoint with its own method, whatever the query string', () => {
    for (const entry of allowlist) {
      const url = `${entry.scheme}://${entry.host}${entry.path}?serviceKey=abc%2B%3D&nx=60`;
      expect(checkAllowed(url, entry.method, allowlist)).toMatchObject({ allowed: true, entry: { toolId: entry.toolId } });
    }
  });

  it('admits an explicit default port and an upper-case host, which are the same place', () => {
    expect(checkAllowed(`http://apis.data.go.kr:80${KMA}`, 'GET', allowlist).allowed).toBe(true);
    expect(checkAllowed(`http://APIS.DATA.GO.KR${KMA}`, 'GET', allowlist).allowed).toBe(true);
  });
});
