import { useRef, useState, type MouseEvent as ReactMouseEvent, type ReactNode } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Paper, type PaperProps } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';

/**
 * The information pop-ups of spec 1 section 2: draggable by the title bar, with a close button. The page behind
 * stays usable (no backdrop click closes it by accident: only the button or Escape).
 */
export function DraggableDialog({
  title,
  testId,
  onClose,
  children,
  maxWidth = 'md',
  actions,
}: {
  title: ReactNode;
  testId: string;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
  actions?: ReactNode;
}) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; from: { x: number; y: number } } | null>(null);
  const start = (event: ReactMouseEvent) => {
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { x: event.clientX, y: event.clientY, from: offset };
    const move = (e: MouseEvent) => {
      if (!drag.current) return;
      setOffset({ x: drag.current.from.x + e.clientX - drag.current.x, y: drag.current.from.y + e.clientY - drag.current.y });
    };
    const stop = () => {
      drag.current = null;
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', stop);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', stop);
  };
  const paper = (props: PaperProps) => <Paper {...props} style={{ ...props.style, transform: `translate(${offset.x}px, ${offset.y}px)` }} />;
  return (
    <Dialog
      open
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
      maxWidth={maxWidth}
      fullWidth
      PaperComponent={paper}
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <DialogTitle id={`${testId}-title`} onMouseDown={start} sx={{ cursor: 'move', display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box sx={{ flexGrow: 1 }}>{title}</Box>
        {actions}
        <IconButton onClick={onClose} aria-label="Close" data-testid={`${testId}-close`}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
    </Dialog>
  );
}
