import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// react-admin applies list changes on a timer and answers through react-query; on a busy CI machine that can take
// longer than testing-library's 1 s default before the screen shows the result.
configure({ asyncUtilTimeout: 5000 });

// Test files share their worker's modules (vite.config.ts `isolate: false`): whatever a test changes of the page,
// the globals, the timers or the storage is put back here, so the next test (of this file or the next) starts clean.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
