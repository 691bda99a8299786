// The console's formats come from shared/format.ts (dates, cells) and shared/numbers.ts (money, unit costs,
// quantities, percentages, counts), which the portal uses too; a screen imports them from '../ui'.
export * from '../shared/format';
