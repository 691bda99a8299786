import { useEffect, useState } from 'react';

// Hash routes (/portal/#/customer-portal/quotes) work on a reload whatever the server does with unknown paths
// under /portal/, and need no router library.
export function currentPath(hash: string = window.location.hash): string {
  const path = hash.replace(/^#/, '').split('?')[0];
  if (!path || path === '/') return '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  const target = `#${path}`;
  if (window.location.hash === target) return;
  if (replace) window.history.replaceState(window.history.state, '', target);
  else window.history.pushState(window.history.state, '', target);
  // pushState does not fire hashchange; tell the listeners ourselves.
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export function usePath(): string {
  const [path, setPath] = useState(() => currentPath());
  useEffect(() => {
    const update = () => setPath(currentPath());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return path;
}
