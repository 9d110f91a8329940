import { sqlMigration } from './migration.ts';

/** How long each registered inference server may send nothing before a turn is given up (null: the default). */
export const serverIdleTimeout = sqlMigration(14, 'inference server idle timeout', 'ALTER TABLE inference_servers ADD COLUMN idle_timeout_ms INTEGER;');
