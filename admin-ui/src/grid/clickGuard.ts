// Double-click protection (spec 2 section 5): a click marks the button for 1000 ms; clicks meanwhile are ignored.
export const CLICK_GUARD_MS = 1000;

export function createClickGuard(ms = CLICK_GUARD_MS, now: () => number = () => Date.now()): () => boolean {
  let last = -Infinity;
  return function allow() {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}
