import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// react-admin applies list changes on a timer and answers through react-query; on a busy CI machine that can take
// longer than testing-library's 1 s default before the screen shows the result.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
