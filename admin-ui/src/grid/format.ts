// Moved to shared/format.ts (the console's and the portal's one date and number format); import from '../ui' (or
// '../shared/format' outside the console). This re-export goes once no screen imports it; the conventions test
// (ui/conventions.test.ts) lists the screens that still do.
export * from '../shared/format';
