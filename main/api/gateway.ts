// The gateway: one call to a public API, quotas, parsing a body, and record/replay snapshots and their bundles.
import type { CallResult, GatewayMode, ParsedOutcome } from '../core/gateway/callResult.ts';
import { z } from 'zod';
import { empty, text, mode, type EmptyParams, type MethodSchemas } from './shared.ts';

export interface SnapshotInfo {
  id: number;
  name: string;
  description: string | null;
  createdAt: string;
  importedFrom: string | null;
  recordings: number;
}

export interface BundleSummary {
  file: string;
  snapshot: string;
  entries: number;
  payloadSha256: string;
}

export interface GatewayCallParams {
  tool: string;
  args: Record<string, unknown>;
  /** Defaults to emulator. */
  mode?: GatewayMode;
  /** Snapshot to record into or replay from. */
  snapshot?: string;
  /** Also return the response body as the service sent it (keys scrubbed), for people to read. Defaults to false. */
  raw?: boolean;
}

/** A daily or per-second limit shared by the tools of one group, and the calls it counted today (KST). */
export interface QuotaUsage {
  group: string;
  perDay: number | null;
  perSecond: number | null;
  usedToday: number;
  tools: string[];
}

/** Parameters and result of each method. */
export interface GatewayMethods {
  'gateway.call': { params: GatewayCallParams; result: CallResult };
  'gateway.quota': { params: { tool?: string }; result: QuotaUsage[] };
  /** `body` as text, or `bodyBase64` as the bytes (decoded by the declared charset, EUC-KR included). */
  'gateway.parse': { params: { tool: string; body?: string; bodyBase64?: string; status?: number; contentType?: string }; result: ParsedOutcome };
  'snapshots.list': { params: EmptyParams; result: SnapshotInfo[] };
  'bundle.export': { params: { snapshot: string; file: string }; result: BundleSummary };
  'bundle.import': { params: { file: string; as?: string }; result: BundleSummary };
}

export const gatewaySchemas: MethodSchemas<GatewayMethods> = {
  'gateway.call': z
    .object({ tool: text, args: z.record(z.string(), z.unknown()), mode: mode.optional(), snapshot: text.optional(), raw: z.boolean().optional() })
    .strict(),
  'gateway.quota': z.object({ tool: text.optional() }).strict(),
  'gateway.parse': z
    .object({
      tool: text,
      body: z
        .string()
        .max(64 * 1024 * 1024)
        .optional(),
      bodyBase64: z
        .string()
        .max(96 * 1024 * 1024)
        .optional(),
      status: z.number().int().min(100).max(599).optional(),
      contentType: z.string().max(200).optional(),
    })
    .strict()
    .refine((p) => (p.body === undefined) !== (p.bodyBase64 === undefined), { message: 'give body (text) or bodyBase64 (the bytes), one of them' }),
  'snapshots.list': empty,
  'bundle.export': z.object({ snapshot: text, file: text }).strict(),
  'bundle.import': z.object({ file: text, as: text.optional() }).strict(),
};
