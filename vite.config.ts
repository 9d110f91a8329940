// Builds the renderer (React UI) into dist/renderer; served by browser mode and loaded by the desktop window.
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      // "use client" marks React Server Components boundaries; a client-only bundle has none to keep.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
