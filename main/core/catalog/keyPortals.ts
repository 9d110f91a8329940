// Who issues each API key, so a user who lacks one knows where to apply. Several portals issue their own keys:
// a data.go.kr key does not open juso.go.kr, VWorld or KOSIS.
import type { LocalizedText } from './types.ts';
import type { KeyId } from './types.ts';

export interface KeyPortal {
  name: LocalizedText;
  /** Where the key is applied for; empty for the agency's own inference server. */
  url: string;
}

export const keyPortals: Record<KeyId, KeyPortal> = {
  'data.go.kr': { name: { ko: '공공데이터포털 일반 인증키', en: 'data.go.kr service key' }, url: 'https://www.data.go.kr' },
  'juso.search': { name: { ko: '도로명주소 검색 API 승인키', en: 'juso.go.kr address search key' }, url: 'https://business.juso.go.kr' },
  'juso.coord': { name: { ko: '도로명주소 좌표제공 API 승인키', en: 'juso.go.kr coordinates key' }, url: 'https://business.juso.go.kr' },
  vworld: { name: { ko: '브이월드 인증키', en: 'VWorld API key' }, url: 'https://www.vworld.kr' },
  kosis: { name: { ko: 'KOSIS 공유서비스 인증키', en: 'KOSIS open API key' }, url: 'https://kosis.kr/openapi' },
  inference: { name: { ko: '기관 추론 서버 API 키 (OpenAI 호환)', en: 'agency inference server key (OpenAI-compatible)' }, url: '' },
};
