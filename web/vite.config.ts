/**
 * The web pages the service serves (operator console, public tracking page, returns portal): one
 * Vite build, one HTML entry per page, built into dist/web and served under /web/ by
 * src/http/routes/web.ts. No inline scripts or styles, so the pages run under a strict CSP.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: '/web/',
  // JSX through Preact's automatic runtime (see web/tsconfig.json).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: resolve(root, '../dist/web'),
    emptyOutDir: true,
    // Everything is a file: CSP forbids inline data for scripts and styles.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        console: resolve(root, 'console/index.html'),
        tracking: resolve(root, 'tracking/index.html'),
        portal: resolve(root, 'portal/index.html'),
      },
    },
  },
});
