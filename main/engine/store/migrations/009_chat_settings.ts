import { sqlMigration } from './migration.ts';

/** What a chat was started with (model, adapters, tools, mode, approval), so the workbench continues it the same way. */
export const chatSettings = sqlMigration(
  9,
  'chat settings',
  `ALTER TABLE chats ADD COLUMN settings_json TEXT CHECK (settings_json IS NULL OR json_valid(settings_json));`,
);
