import { useEffect, useRef, useState } from 'react';
import { Button, IconButton } from '@mui/material';
import { CLICK_GUARD_MS, createClickGuard } from './clickGuard';

/** Click handler with double-click protection; `marked` is true for the guard time after an accepted click. */
export function useClickGuard(onClick, ms = CLICK_GUARD_MS) {
  const guard = useRef(null);
  if (!guard.current) guard.current = createClickGuard(ms);
  const [marked, setMarked] = useState(false);
  const timer = useRef(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const handle = (event) => {
    if (!guard.current()) {
      event?.preventDefault?.();
      return;
    }
    setMarked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMarked(false), ms);
    onClick?.(event);
  };
  return [handle, marked];
}

/** An MUI Button whose clicks are throttled; carries data-click-guard="on" while marked. */
export function GuardedButton({ onClick, guardMs = CLICK_GUARD_MS, ...props }) {
  const [handle, marked] = useClickGuard(onClick, guardMs);
  return <Button {...props} onClick={handle} data-click-guard={marked ? 'on' : undefined} />;
}

export function GuardedIconButton({ onClick, guardMs = CLICK_GUARD_MS, ...props }) {
  const [handle, marked] = useClickGuard(onClick, guardMs);
  return <IconButton {...props} onClick={handle} data-click-guard={marked ? 'on' : undefined} />;
}
