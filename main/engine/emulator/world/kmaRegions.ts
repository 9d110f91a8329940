// KMA's mid-term forecast regions: ids for land forecasts (wide areas) and temperature forecasts (cities).
// These are the ids of KMA's fixed table as commonly published; each carries a representative position.
import type { LatLon } from '../../../core/geo/transverseMercator.ts';

export const MID_LAND_REGIONS: Record<string, { name: string; point: LatLon }> = {
  '11B00000': { name: '서울, 인천, 경기도', point: { lat: 37.4, lon: 127.0 } },
  '11D10000': { name: '강원도영서', point: { lat: 37.7, lon: 127.9 } },
  '11D20000': { name: '강원도영동', point: { lat: 37.7, lon: 128.9 } },
  '11C20000': { name: '대전, 세종, 충청남도', point: { lat: 36.5, lon: 126.9 } },
  '11C10000': { name: '충청북도', point: { lat: 36.8, lon: 127.7 } },
  '11F20000': { name: '광주, 전라남도', point: { lat: 34.9, lon: 126.9 } },
  '11F10000': { name: '전북자치도', point: { lat: 35.7, lon: 127.1 } },
  '11H10000': { name: '대구, 경상북도', point: { lat: 36.2, lon: 128.7 } },
  '11H20000': { name: '부산, 울산, 경상남도', point: { lat: 35.3, lon: 128.7 } },
  '11G00000': { name: '제주도', point: { lat: 33.4, lon: 126.5 } },
};

export const MID_TA_CITIES: Record<string, { name: string; point: LatLon }> = {
  '11B10101': { name: '서울', point: { lat: 37.57, lon: 126.98 } },
  '11B20201': { name: '인천', point: { lat: 37.46, lon: 126.71 } },
  '11B20601': { name: '수원', point: { lat: 37.26, lon: 127.03 } },
  '11B20305': { name: '파주', point: { lat: 37.76, lon: 126.78 } },
  '11D10301': { name: '춘천', point: { lat: 37.88, lon: 127.73 } },
  '11D10401': { name: '원주', point: { lat: 37.34, lon: 127.92 } },
  '11D20501': { name: '강릉', point: { lat: 37.75, lon: 128.88 } },
  '11C20401': { name: '대전', point: { lat: 36.35, lon: 127.38 } },
  '11C20404': { name: '세종', point: { lat: 36.48, lon: 127.29 } },
  '11C20101': { name: '서산', point: { lat: 36.78, lon: 126.45 } },
  '11C10301': { name: '청주', point: { lat: 36.64, lon: 127.49 } },
  '11F20501': { name: '광주', point: { lat: 35.16, lon: 126.85 } },
  '21F20801': { name: '목포', point: { lat: 34.81, lon: 126.39 } },
  '11F20401': { name: '여수', point: { lat: 34.76, lon: 127.66 } },
  '11F10201': { name: '전주', point: { lat: 35.82, lon: 127.15 } },
  '21F10501': { name: '군산', point: { lat: 35.97, lon: 126.74 } },
  '11H10701': { name: '대구', point: { lat: 35.87, lon: 128.6 } },
  '11H10501': { name: '안동', point: { lat: 36.57, lon: 128.73 } },
  '11H10201': { name: '포항', point: { lat: 36.02, lon: 129.34 } },
  '11H20201': { name: '부산', point: { lat: 35.18, lon: 129.08 } },
  '11H20101': { name: '울산', point: { lat: 35.54, lon: 129.31 } },
  '11H20301': { name: '창원', point: { lat: 35.23, lon: 128.68 } },
  '11G00201': { name: '제주', point: { lat: 33.5, lon: 126.53 } },
  '11G00401': { name: '서귀포', point: { lat: 33.25, lon: 126.56 } },
};
