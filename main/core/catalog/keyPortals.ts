// Who issues each API key, so a user who lacks one knows where to apply. Several portals issue their own keys:
// a data.go.kr key does not open juso.go.kr, VWorld or KOSIS.
import type { LocalizedText } from './types.ts';
import type { KeyId } from './types.ts';

export interface KeyPortal {
  name: LocalizedText;
  /** Where the key is applied for; empty for the agency's own inference server. */
  url: string;
  /**
   * The only hosts the key is ever sent to: its issuer's. A catalog file cannot widen this (a spec that names
   * another host with this key is refused); the user can, one host at a time, in catalog/key-grants.json.
   */
  hosts: string[];
}

/** A user's explicit permission to send a key to one more host (catalog/key-grants.json). */
export interface KeyGrant {
  keyId: KeyId;
  host: string;
}

/** Whether a key may be sent to a host: one of its issuer's, or granted by the user. */
export function keyGoesTo(keyId: KeyId, host: string, grants: readonly KeyGrant[] = []): boolean {
  return keyPortals[keyId].hosts.includes(host) || grants.some((g) => g.keyId === keyId && g.host === host);
}

export const keyPortals: Record<KeyId, KeyPortal> = {
  // data.go.kr keys open the portal's gateway, the NTS status API (odcloud) and Seoul's bus API.
  'data.go.kr': {
    name: { ko: '공공데이터포털 일반 인증키', en: 'data.go.kr service key' },
    url: 'https://www.data.go.kr',
    hosts: ['apis.data.go.kr', 'api.odcloud.kr', 'ws.bus.go.kr'],
  },
  'juso.search': {
    name: { ko: '도로명주소 검색 API 승인키', en: 'juso.go.kr address search key' },
    url: 'https://business.juso.go.kr',
    hosts: ['business.juso.go.kr'],
  },
  'juso.coord': {
    name: { ko: '도로명주소 좌표제공 API 승인키', en: 'juso.go.kr coordinates key' },
    url: 'https://business.juso.go.kr',
    hosts: ['business.juso.go.kr'],
  },
  vworld: { name: { ko: '브이월드 인증키', en: 'VWorld API key' }, url: 'https://www.vworld.kr', hosts: ['api.vworld.kr'] },
  kosis: { name: { ko: 'KOSIS 공유서비스 인증키', en: 'KOSIS open API key' }, url: 'https://kosis.kr/openapi', hosts: ['kosis.kr'] },
  // Sent only to inference servers the user registered, never to a catalog host.
  inference: { name: { ko: '기관 추론 서버 API 키 (OpenAI 호환)', en: 'agency inference server key (OpenAI-compatible)' }, url: '', hosts: [] },
};
