// The first schema: one table (or a parent and its children) per concept of docs/ARCHITECTURE.md §4.
// Times are ISO-8601 UTC text; structured payloads are JSON text checked with json_valid.
import { sqlMigration } from './migration.ts';

export const initialSchema = sqlMigration(
  1,
  'initial schema',
  /* sql */ `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- Catalog: tool specs as loaded or imported, one row per tool id.
CREATE TABLE tools (
  id           TEXT PRIMARY KEY,                 -- agency.operation
  agency       TEXT NOT NULL,
  spec_version TEXT NOT NULL,                    -- hash of the canonical spec
  spec_json    TEXT NOT NULL CHECK (json_valid(spec_json)),
  origin       TEXT NOT NULL CHECK (origin IN ('bundled', 'imported')),
  enabled      INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  updated_at   TEXT NOT NULL
) STRICT;

-- Recordings: responses keyed by hash(tool id, canonical args without secrets, spec version), grouped in snapshots.
CREATE TABLE snapshots (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL UNIQUE,
  description   TEXT,
  created_at    TEXT NOT NULL,
  imported_from TEXT                               -- bundle file name and manifest hash, when imported
) STRICT;

CREATE TABLE recordings (
  id           INTEGER PRIMARY KEY,
  snapshot_id  INTEGER NOT NULL REFERENCES snapshots(id) ON DELETE CASCADE,
  request_hash TEXT NOT NULL,
  tool_id      TEXT NOT NULL,
  spec_version TEXT NOT NULL,
  args_json    TEXT NOT NULL CHECK (json_valid(args_json)),
  http_status  INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  body         BLOB NOT NULL,
  recorded_at  TEXT NOT NULL,
  UNIQUE (snapshot_id, request_hash)
) STRICT;
CREATE INDEX recordings_by_hash ON recordings(request_hash);

-- Audit: one entry per outbound call, hash-chained; the triggers make it append-only.
CREATE TABLE audit_log (
  seq         INTEGER PRIMARY KEY,
  at          TEXT NOT NULL,
  tool_id     TEXT NOT NULL,
  method      TEXT NOT NULL,
  host        TEXT NOT NULL,
  path        TEXT NOT NULL,
  args_hash   TEXT NOT NULL,
  result_code TEXT,
  error_kind  TEXT,
  bytes       INTEGER NOT NULL,
  latency_ms  REAL NOT NULL,
  mode        TEXT NOT NULL,
  prev_hash   TEXT NOT NULL,
  hash        TEXT NOT NULL UNIQUE
) STRICT;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;

-- Quota counters per API and window, so limits survive a restart.
CREATE TABLE quota_usage (
  api_id      TEXT NOT NULL,
  window_key  TEXT NOT NULL,                        -- e.g. a day 2026-11-29 or a minute 2026-11-29T08:41
  used        INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (api_id, window_key)
) STRICT;

-- EDGE: links between an output field and an input parameter, with every trial kept as evidence.
CREATE TABLE graph_versions (
  version    INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL,
  reason     TEXT NOT NULL
) STRICT;

CREATE TABLE edges (
  id             TEXT PRIMARY KEY,
  from_tool      TEXT NOT NULL,
  from_field     TEXT NOT NULL,
  to_tool        TEXT NOT NULL,
  to_param       TEXT NOT NULL,
  transform_json TEXT NOT NULL CHECK (json_valid(transform_json)),
  status         TEXT NOT NULL CHECK (status IN ('candidate', 'verified', 'rejected', 'stale')),
  score          REAL NOT NULL DEFAULT 0,
  reason         TEXT,
  trials_ok      INTEGER NOT NULL DEFAULT 0,
  trials_total   INTEGER NOT NULL DEFAULT 0,
  graph_version  INTEGER REFERENCES graph_versions(version),
  checked_at     TEXT,
  created_at     TEXT NOT NULL,
  UNIQUE (from_tool, from_field, to_tool, to_param, transform_json)
) STRICT;
CREATE INDEX edges_by_status ON edges(status);

CREATE TABLE edge_trials (
  id                 INTEGER PRIMARY KEY,
  edge_id            TEXT NOT NULL REFERENCES edges(id) ON DELETE CASCADE,
  at                 TEXT NOT NULL,
  backend            TEXT NOT NULL,
  graph_version      INTEGER,
  inputs_hash        TEXT NOT NULL,
  from_code          TEXT,
  to_code            TEXT,
  ok                 INTEGER NOT NULL CHECK (ok IN (0, 1)),
  sample_values_json TEXT NOT NULL CHECK (json_valid(sample_values_json)),
  latency_ms         REAL NOT NULL
) STRICT;
CREATE INDEX edge_trials_by_edge ON edge_trials(edge_id);

-- Plans (shared by synthesis, benchmark tasks and rewards), synthesis datasets and their samples.
CREATE TABLE plans (
  id         TEXT PRIMARY KEY,                        -- hash of the canonical plan
  signature  TEXT NOT NULL,                           -- tool sequence and shape, for deduplication
  plan_json  TEXT NOT NULL CHECK (json_valid(plan_json)),
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX plans_by_signature ON plans(signature);

CREATE TABLE datasets (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  params_json   TEXT NOT NULL CHECK (json_valid(params_json)),
  graph_version INTEGER,
  seed          TEXT NOT NULL,
  backend       TEXT NOT NULL,
  summary_json  TEXT CHECK (summary_json IS NULL OR json_valid(summary_json)),
  created_at    TEXT NOT NULL,
  finished_at   TEXT
) STRICT;

CREATE TABLE samples (
  id                INTEGER PRIMARY KEY,
  dataset_id        INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  plan_id           TEXT NOT NULL REFERENCES plans(id),
  ordinal           INTEGER NOT NULL,
  query_ko          TEXT NOT NULL,
  answer_json       TEXT NOT NULL CHECK (json_valid(answer_json)),
  trace_json        TEXT NOT NULL CHECK (json_valid(trace_json)),
  alternatives_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(alternatives_json)),
  provenance_json   TEXT NOT NULL CHECK (json_valid(provenance_json)),
  created_at        TEXT NOT NULL,
  UNIQUE (dataset_id, ordinal)
) STRICT;

-- Benchmark tasks, runs and one row per (task, attempt).
CREATE TABLE tasks (
  suite      TEXT NOT NULL,
  id         TEXT NOT NULL,
  suite_hash TEXT NOT NULL,
  task_json  TEXT NOT NULL CHECK (json_valid(task_json)),
  PRIMARY KEY (suite, id)
) STRICT;

CREATE TABLE runs (
  id            TEXT PRIMARY KEY,
  suite         TEXT NOT NULL,
  status        TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'aborted')),
  manifest_json TEXT NOT NULL CHECK (json_valid(manifest_json)),
  summary_json  TEXT CHECK (summary_json IS NULL OR json_valid(summary_json)),
  created_at    TEXT NOT NULL,
  finished_at   TEXT
) STRICT;

CREATE TABLE attempts (
  run_id          TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  task_id         TEXT NOT NULL,
  attempt         INTEGER NOT NULL,
  transcript_json TEXT NOT NULL CHECK (json_valid(transcript_json)),
  calls_json      TEXT NOT NULL CHECK (json_valid(calls_json)),
  answer          TEXT,
  verdict         TEXT NOT NULL CHECK (verdict IN ('pass', 'fail', 'error')),
  failure         TEXT,
  metrics_json    TEXT NOT NULL CHECK (json_valid(metrics_json)),
  tokens_in       INTEGER NOT NULL DEFAULT 0,
  tokens_out      INTEGER NOT NULL DEFAULT 0,
  duration_ms     REAL NOT NULL,
  finished_at     TEXT NOT NULL,
  PRIMARY KEY (run_id, task_id, attempt)
) STRICT;

-- Chats with the agent; tool calls and results are messages too.
CREATE TABLE chats (
  id         TEXT PRIMARY KEY,
  title      TEXT NOT NULL,
  model_id   TEXT,
  mode       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE messages (
  id              INTEGER PRIMARY KEY,
  chat_id         TEXT NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  seq             INTEGER NOT NULL,
  role            TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
  content         TEXT NOT NULL,
  tool_calls_json TEXT CHECK (tool_calls_json IS NULL OR json_valid(tool_calls_json)),
  tool_call_id    TEXT,
  meta_json       TEXT CHECK (meta_json IS NULL OR json_valid(meta_json)),
  created_at      TEXT NOT NULL,
  UNIQUE (chat_id, seq)
) STRICT;

-- Local models (GGUF) and LoRA adapters the user registered.
CREATE TABLE models (
  id              TEXT PRIMARY KEY,
  path            TEXT NOT NULL UNIQUE,
  kind            TEXT NOT NULL CHECK (kind IN ('model', 'lora')),
  size_bytes      INTEGER NOT NULL,
  mtime_ms        INTEGER NOT NULL,
  sha256          TEXT,
  architecture    TEXT,
  parameter_count INTEGER,
  quantization    TEXT,
  context_length  INTEGER,
  chat_template   TEXT,
  metadata_json   TEXT CHECK (metadata_json IS NULL OR json_valid(metadata_json)),
  copied          INTEGER NOT NULL DEFAULT 0 CHECK (copied IN (0, 1)),
  added_at        TEXT NOT NULL
) STRICT;
`,
);
