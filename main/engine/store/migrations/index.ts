import { initialSchema } from './001_initial.ts';
import { recordingLatency } from './002_recording_latency.ts';
import { edgeBasis } from './003_edge_basis.ts';
import { inferenceServers } from './004_inference_servers.ts';
import { auditInflight } from './005_audit_inflight.ts';
import { auditInsertGuard } from './006_audit_insert_guard.ts';
import { auditLogNoHashIndex } from './007_audit_log_no_hash_index.ts';
import { rollouts } from './008_rollouts.ts';
import { chatSettings } from './009_chat_settings.ts';
import { jobs } from './010_jobs.ts';
import { bfclRuns } from './011_bfcl_runs.ts';
import { edgeTrialRows } from './012_edge_trial_rows.ts';
import { auditOrigin } from './013_audit_origin.ts';
import { serverIdleTimeout } from './014_server_idle_timeout.ts';
import type { Migration } from './migration.ts';

/** Every schema step, oldest first. Append; never edit or reorder a released one. */
export const storeMigrations: readonly Migration[] = [
  initialSchema,
  recordingLatency,
  edgeBasis,
  inferenceServers,
  auditInflight,
  auditInsertGuard,
  auditLogNoHashIndex,
  rollouts,
  chatSettings,
  jobs,
  bfclRuns,
  edgeTrialRows,
  auditOrigin,
  serverIdleTimeout,
];

export type { Migration } from './migration.ts';
