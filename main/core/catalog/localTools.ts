// Pure functions the catalog exposes as tools: conversions real API chains need between two calls.
import { latLonToKmaGrid } from '../geo/kmaGrid.ts';
import { fromTransverseMercator, UTMK } from '../geo/transverseMercator.ts';

type LocalTool = (args: Record<string, unknown>) => Record<string, unknown>;

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

export const localTools = {
  latLonToKmaGrid: (args) => latLonToKmaGrid({ lat: Number(args.lat), lon: Number(args.lon) }) as unknown as Record<string, unknown>,
  utmkToWgs84: (args) => {
    const { lat, lon } = fromTransverseMercator({ x: Number(args.x), y: Number(args.y) }, UTMK);
    return { lat: round(lat, 7), lon: round(lon, 7) };
  },
} satisfies Record<string, LocalTool>;

export type LocalToolName = keyof typeof localTools;

export function isLocalToolName(name: string): name is LocalToolName {
  return Object.hasOwn(localTools, name);
}
