// Seeded fault injection, so that recovery can be tested and measured reproducibly: extra latency, server
// errors, timeouts, quota exhaustion, intermittent NODATA, malformed bodies and schema drift (renamed fields).
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { saidError } from '../../core/i18n/saidError.ts';

const faultProfileSchema = z
  .object({
    name: z.string(),
    latencyMs: z.tuple([z.number().min(0), z.number().min(0)]).optional(),
    serverErrorRate: z.number().min(0).max(1).optional(),
    timeoutRate: z.number().min(0).max(1).optional(),
    quotaPerTool: z.number().int().min(0).optional(),
    noDataRate: z.number().min(0).max(1).optional(),
    malformedRate: z.number().min(0).max(1).optional(),
    drift: z.array(z.object({ tool: z.string(), from: z.string(), to: z.string() })).optional(),
  })
  .strict();

export type FaultProfile = z.infer<typeof faultProfileSchema>;

const DRIFT = [
  { tool: 'airkorea.getMsrstnAcctoRltmMesureDnsty', from: 'pm10Value', to: 'pm10Val' },
  { tool: 'kma.getUltraSrtNcst', from: 'obsrValue', to: 'obsrVal' },
  { tool: 'airkorea.getNearbyMsrstnList', from: 'stationName', to: 'stnName' },
];

export const FAULT_PRESETS: Record<string, FaultProfile> = {
  none: { name: 'none' },
  latency: { name: 'latency', latencyMs: [50, 400] },
  flaky: { name: 'flaky', latencyMs: [5, 80], serverErrorRate: 0.08, timeoutRate: 0.03 },
  quota: { name: 'quota', quotaPerTool: 20 },
  nodata: { name: 'nodata', noDataRate: 0.25 },
  malformed: { name: 'malformed', malformedRate: 0.15 },
  drift: { name: 'drift', drift: DRIFT },
  chaos: {
    name: 'chaos',
    latencyMs: [5, 120],
    serverErrorRate: 0.05,
    timeoutRate: 0.02,
    noDataRate: 0.1,
    malformedRate: 0.05,
    quotaPerTool: 200,
    drift: DRIFT,
  },
};

/** A preset name, a JSON file, or inline JSON. */
export function parseFaultProfile(spec: string): FaultProfile {
  const preset = FAULT_PRESETS[spec];
  if (preset) return preset;
  const text = existsSync(spec) ? readFileSync(spec, 'utf8') : spec.trim().startsWith('{') ? spec : undefined;
  if (text === undefined) {
    throw saidError('Usage', {
      message: 'error.unknownFaults',
      hint: 'error.unknownFaults.hint',
      vars: { spec, names: Object.keys(FAULT_PRESETS).join(', ') },
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw saidError('Usage', { message: 'error.faultsNotJson' });
  }
  const parsed = faultProfileSchema.safeParse(json);
  if (!parsed.success)
    throw saidError('Usage', {
      message: 'error.faultsInvalid',
      vars: { problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') },
    });
  return parsed.data;
}

export type FaultDecision = { kind: 'timeout' } | { kind: 'serverError'; status: number } | { kind: 'noData' } | { kind: 'malformed' } | { kind: 'none' };
