import { describe, expect, it } from 'vitest';
import { buildRequest, decodeKey } from '../../../main/core/gateway/buildRequest.ts';
import { remoteSpec } from '../../helpers/catalog.ts';

const RAW_KEY = 'abc+def/ghi==';
const ENCODED_KEY = 'abc%2Bdef%2Fghi%3D%3D';

describe('building requests', () => {
  it('passes the key once-encoded, whichever form it was given in (no double encoding)', () => {
    for (const key of [RAW_KEY, ENCODED_KEY]) {
      const req = buildRequest(remoteSpec('kma.getUltraSrtNcst'), { base_date: '20250301', base_time: '1400', nx: 60, ny: 127 }, key);
      const url = new URL(req.url);
      expect(url.searchParams.get('serviceKey')).toBe(RAW_KEY);
      expect(req.url).toContain(`serviceKey=${ENCODED_KEY}`);
      expect(req.url).not.toContain('%252B');
    }
    expect(decodeKey(ENCODED_KEY)).toBe(RAW_KEY);
    expect(decodeKey(RAW_KEY)).toBe(RAW_KEY);
  });

  it("uses each API's own spelling of the key and the JSON switch", () => {
    const hira = new URL(buildRequest(remoteSpec('hira.getHospBasisList'), { emdongNm: '신내동' }, 'k').url);
    expect(hira.searchParams.get('ServiceKey')).toBe('k');
    expect(hira.searchParams.get('_type')).toBe('json');
    expect(new URL(buildRequest(remoteSpec('kma.getUltraSrtNcst'), {}, 'k').url).searchParams.get('dataType')).toBe('JSON');
    expect(new URL(buildRequest(remoteSpec('airkorea.getMsrstnList'), {}, 'k').url).searchParams.get('returnType')).toBe('json');
    expect(new URL(buildRequest(remoteSpec('juso.addrLinkApi'), { keyword: 'x' }, 'k').url).searchParams.get('confmKey')).toBe('k');
    expect(
      new URL(buildRequest(remoteSpec('molit.getRTMSDataSvcAptTradeDev'), { LAWD_CD: '11110', DEAL_YMD: '202401' }, 'k').url).searchParams.has('_type'),
    ).toBe(false);
  });

  it('encodes Korean values as UTF-8 and sends the fixed parameters', () => {
    const req = buildRequest(remoteSpec('tour.searchKeyword2'), { keyword: '경복궁' }, 'k');
    expect(req.url).toContain('keyword=%EA%B2%BD%EB%B3%B5%EA%B6%81');
    const url = new URL(req.url);
    expect(url.searchParams.get('MobileOS')).toBe('ETC');
    expect(url.searchParams.get('MobileApp')).toBe('KOPAStudio');
  });

  it('posts NTS arguments as a JSON body with the key in the query', () => {
    const req = buildRequest(remoteSpec('nts.businessStatus'), { b_no: ['1234567890', '2208162517'] }, RAW_KEY);
    expect(req.method).toBe('POST');
    expect(JSON.parse(req.body!)).toEqual({ b_no: ['1234567890', '2208162517'] });
    expect(req.headers['content-type']).toContain('application/json');
    expect(new URL(req.url).searchParams.get('serviceKey')).toBe(RAW_KEY);
    expect(new URL(req.url).searchParams.has('b_no')).toBe(false);
  });

  it('gives a redacted URL that holds no key', () => {
    const req = buildRequest(remoteSpec('kma.getUltraSrtNcst'), { nx: 60 }, RAW_KEY);
    expect(req.redactedUrl).toContain('serviceKey=***');
    expect(req.redactedUrl).not.toContain('abc');
  });
});
