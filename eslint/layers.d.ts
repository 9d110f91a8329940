// The types of layers.js's export, for TypeScript readers of the map (test/unit/lint/architectureMap.test.ts).
export interface Layer {
  values: string[];
  types?: string[];
  packages: string[] | 'any';
  nodeBuiltins?: boolean;
}

export declare const layers: Record<string, Layer>;
