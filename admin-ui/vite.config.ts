import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The API serves this build at `/` and answers under `/api` on the same origin.
export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Each worker imports react-admin and MUI once for all its files instead of once per file (the suite took 5.5
    // minutes on CI's 2 cores, most of it re-importing them); src/test/setup.ts puts back what a test changed.
    isolate: false,
  },
});
