import { fileURLToPath } from 'node:url';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SHARED_PACKAGES } from './shared-packages.ts';

// The /api client, token store, event bus, sign-in form and offline dialog are shared with the staff console:
// `@asp/client/...` are the modules of admin-ui/src/shared/.
const sharedClient = fileURLToPath(new URL('../admin-ui/src/shared', import.meta.url));

// The API serves this build under /portal/ and answers under /api on the same origin.
export default defineConfig({
  base: '/portal/',
  plugins: [react()],
  resolve: {
    alias: { '@asp/client': sharedClient },
    // A bare import in a shared module would be resolved from admin-ui/node_modules: a second React (hooks then
    // fail), a second emotion cache and MUI theme. These packages always come from this project's node_modules,
    // so the build and the tests need only the portal installed.
    dedupe: SHARED_PACKAGES,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
    // The dev server serves files outside portal-ui/ only when allowed (setting `allow` replaces the default).
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), sharedClient] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
