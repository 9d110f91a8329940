// Where the built parts of the app sit in a checkout: dist/renderer (the UI) and dist/desktop (Electron bundles).
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('../../', import.meta.url));

export const projectPaths = {
  root,
  rendererDist: path.join(root, 'dist', 'renderer'),
  desktopMain: path.join(root, 'dist', 'desktop', 'main.mjs'),
} as const;
