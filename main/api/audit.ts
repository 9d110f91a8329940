// The audit log of every request the gateway made or refused: verifying its chain and reading it.
import { z } from 'zod';
import { callOrigins, type CallOrigin } from '../core/gateway/callOrigin.ts';
import { empty, type EmptyParams, type MethodSchemas } from './shared.ts';

/** `checkpoints`: how many checkpoints kept outside the database the log was checked against. */
export type AuditVerdict =
  | { ok: true; entries: number; head: string; checkpoints?: number }
  | { ok: false; entries: number; problems: { seq: number | null; message: string }[]; checkpoints?: number };

export interface AuditListParams {
  /** Part of a tool id. */
  tool?: string;
  outcome?: 'ok' | 'error';
  /** What asked for the calls: a chat, a single call, a kind of job. */
  origin?: CallOrigin;
  /** ISO times: from (inclusive) and to (exclusive). */
  from?: string;
  to?: string;
  /** Continue below this entry (the last of the previous page). */
  beforeSeq?: number;
  /** Entries per page. Defaults to 200. */
  limit?: number;
}

/** One request the gateway made (or refused), as the audit log holds it: never arguments or keys, only their hash. */
export interface AuditListEntry {
  seq: number;
  at: string;
  toolId: string;
  method: string;
  host: string;
  path: string;
  argsHash: string;
  resultCode: string | null;
  errorKind: string | null;
  bytes: number;
  latencyMs: number;
  mode: string;
  /** What asked for the call; null for entries written before the log kept it. */
  origin: CallOrigin | null;
  hash: string;
}

/** Parameters and result of each method. */
export interface AuditMethods {
  'audit.verify': { params: EmptyParams; result: AuditVerdict };
  /** Audit entries matching a filter, newest first, a page at a time. */
  'audit.list': { params: AuditListParams; result: { total: number; entries: AuditListEntry[] } };
}

export const auditSchemas: MethodSchemas<AuditMethods> = {
  'audit.verify': empty,
  'audit.list': z
    .object({
      tool: z.string().max(200).optional(),
      outcome: z.enum(['ok', 'error']).optional(),
      origin: z.enum(callOrigins).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      beforeSeq: z.number().int().min(1).optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    })
    .strict(),
};
