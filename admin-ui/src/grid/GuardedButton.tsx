import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Button, IconButton, type ButtonProps, type IconButtonProps } from '@mui/material';
import { CLICK_GUARD_MS, createClickGuard } from './clickGuard';

type ClickHandler = (event: MouseEvent<HTMLButtonElement>) => void;

/** Click handler with double-click protection; `marked` is true for the guard time after an accepted click. */
export function useClickGuard(onClick: ClickHandler | undefined, ms = CLICK_GUARD_MS): [ClickHandler, boolean] {
  const guard = useRef<(() => boolean) | null>(null);
  if (!guard.current) guard.current = createClickGuard(ms);
  const [marked, setMarked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const handle: ClickHandler = (event) => {
    if (!guard.current!()) {
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

type TestIdProps = { 'data-testid'?: string };

/** An MUI Button whose clicks are throttled; carries data-click-guard="on" while marked. */
export function GuardedButton({ onClick, guardMs = CLICK_GUARD_MS, ...props }: ButtonProps & TestIdProps & { guardMs?: number }) {
  const [handle, marked] = useClickGuard(onClick, guardMs);
  return <Button {...props} onClick={handle} data-click-guard={marked ? 'on' : undefined} />;
}

export function GuardedIconButton({ onClick, guardMs = CLICK_GUARD_MS, ...props }: IconButtonProps & TestIdProps & { guardMs?: number }) {
  const [handle, marked] = useClickGuard(onClick, guardMs);
  return <IconButton {...props} onClick={handle} data-click-guard={marked ? 'on' : undefined} />;
}
