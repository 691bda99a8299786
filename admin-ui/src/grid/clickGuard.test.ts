import { describe, expect, it } from 'vitest';
import { CLICK_GUARD_MS, createClickGuard } from './clickGuard';

describe('double-click protection', () => {
  it('ignores clicks within 1000 ms of an accepted click', () => {
    let t = 0;
    const allow = createClickGuard(CLICK_GUARD_MS, () => t);
    expect(allow()).toBe(true);
    t = 999;
    expect(allow()).toBe(false);
    t = 1000;
    expect(allow()).toBe(true);
    t = 1500;
    expect(allow()).toBe(false);
  });
});
