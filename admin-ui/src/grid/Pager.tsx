// Moved to ui/Pager.tsx (the console's one pager); import it from '../ui'. This re-export goes once no screen imports
// it; the conventions test (ui/conventions.test.ts) lists the screens that still do.
export { Pager, type PagerProps } from '../ui/Pager';
