// What the engine's capabilities use of the engine: its data, catalog, gateway, models, jobs, keys and clock. Each
// capability's API methods (main/engine/<capability>/methods.ts) take this rather than the Engine class, which composes
// their handler tables, so the two do not import each other.
import type { CallOptions, EngineStatus } from '../api/contract.ts';
import type { Catalog } from '../core/catalog/Catalog.ts';
import type { KeyId } from '../core/catalog/types.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import type { LlamaRuntime } from '../../native/llama/index.ts';
import type { ApprovalBroker } from './agent/approvals.ts';
import type { AuditCheckpoints } from './audit/auditCheckpoints.ts';
import type { LoadedCatalog } from './catalog/loadCatalog.ts';
import type { EmulatorServer } from './emulator/EmulatorServer.ts';
import type { Gateway } from './gateway/Gateway.ts';
import type { JobRunner } from './jobs/JobRunner.ts';
import type { ModelHost } from './models/ModelHost.ts';
import type { ModelRegistry } from './models/ModelRegistry.ts';
import type { KeySources } from './keys/keySources.ts';
import type { Store } from './store/Store.ts';

export interface EngineServices {
  readonly dataDir: string;
  readonly store: Store;
  readonly resourcesDir: string;
  /** Tool calls waiting for the user's answer (chat approval). */
  readonly approvals: ApprovalBroker;
  /** Long work that outlives the client that started it. */
  readonly jobs: JobRunner;
  /** The API keys: the vault's and the environment's. */
  readonly keys: KeySources;
  /** The audit chain's head, kept beside the database. */
  readonly auditCheckpoints: AuditCheckpoints;
  status(): EngineStatus;
  catalogInfo(): LoadedCatalog;
  catalog(): Catalog;
  /** "Now" for work on this backend: the emulator's clock in emulator mode, else the machine's. */
  clock(mode: GatewayMode): Date;
  emulator(): Promise<EmulatorServer>;
  gateway(): Gateway;
  models(): ModelRegistry;
  modelHost(): ModelHost;
  llama(): Promise<LlamaRuntime>;
  apiKey(keyId: KeyId): string | undefined;
}

/** One handler per method of a capability's slice of the API (main/api/<capability>.ts). */
export type MethodHandlers<Methods extends { [M in keyof Methods]: { params: unknown; result: unknown } }> = {
  [M in keyof Methods]: (params: Methods[M]['params'], options: CallOptions) => Promise<Methods[M]['result']>;
};
