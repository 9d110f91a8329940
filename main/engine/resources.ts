// Where the app's data files (catalog, regions, calendar, strings) are: resources/ in a checkout or beside the
// engine bundle; in the packaged app, Electron's resources folder, passed in KOPA_RESOURCES_DIR.
import { fileURLToPath } from 'node:url';

export function defaultResourcesDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.KOPA_RESOURCES_DIR ?? fileURLToPath(new URL('../../resources/', import.meta.url));
}
