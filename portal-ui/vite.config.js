import { fileURLToPath } from 'node:url';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The /api client, token store and event bus are shared with the staff console: `@asp/client/api` etc. are the
// plain-JS modules of admin-ui/src/shared/ (no npm imports there, so this build needs only portal-ui/node_modules).
const sharedClient = fileURLToPath(new URL('../admin-ui/src/shared', import.meta.url));

// The API serves this build under /portal/ and answers under /api on the same origin.
export default defineConfig({
  base: '/portal/',
  plugins: [react()],
  resolve: {
    alias: { '@asp/client': sharedClient },
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
    include: ['src/**/*.test.{js,jsx}'],
    setupFiles: ['src/test/setup.js'],
  },
});
