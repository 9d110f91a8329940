// What the engine's API methods (methods/) use of the engine: its data, catalog, gateway, models and clock. They take
// this rather than the Engine class, which builds its method table from them, so the two do not import each other.
import type { Catalog } from '../core/catalog/Catalog.ts';
import type { KeyId } from '../core/catalog/types.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import type { ApprovalBroker } from './agent/approvals.ts';
import type { LoadedCatalog } from './catalog/loadCatalog.ts';
import type { EmulatorServer } from './emulator/EmulatorServer.ts';
import type { Gateway } from './gateway/Gateway.ts';
import type { ModelHost } from './models/ModelHost.ts';
import type { ModelRegistry } from './models/ModelRegistry.ts';
import type { Store } from './store/Store.ts';

export interface EngineServices {
  readonly dataDir: string;
  readonly store: Store;
  readonly resourcesDir: string;
  /** Tool calls waiting for the user's answer (chat approval). */
  readonly approvals: ApprovalBroker;
  catalogInfo(): LoadedCatalog;
  catalog(): Catalog;
  /** "Now" for work on this backend: the emulator's clock in emulator mode, else the machine's. */
  clock(mode: GatewayMode): Date;
  emulator(): Promise<EmulatorServer>;
  gateway(): Gateway;
  models(): ModelRegistry;
  modelHost(): ModelHost;
  apiKey(keyId: KeyId): string | undefined;
}
