import { describe, expect, it } from 'vitest';
import { costForQuantity, importPercent, type CostImport } from './costs';

const breaks = [
  { qty: 1, cost: 5 },
  { qty: 10, cost: 4.5 },
  { qty: 50, cost: 4 },
];

describe('the cost for a quantity', () => {
  it('is the largest break not above the quantity', () => {
    expect(costForQuantity(breaks, 12)).toEqual({ slot: 2, qty: 10, cost: 4.5 });
    expect(costForQuantity(breaks, 10)?.cost).toBe(4.5);
    expect(costForQuantity(breaks, 5000)?.slot).toBe(3);
  });
  it('is none below the first break or for a quantity that is not positive', () => {
    expect(costForQuantity([{ qty: 5, cost: 1 }], 4)).toBeNull();
    expect(costForQuantity(breaks, 0)).toBeNull();
    expect(costForQuantity(breaks, Number.NaN)).toBeNull();
    expect(costForQuantity([], 3)).toBeNull();
  });
});

describe('import progress', () => {
  const state = (over: Partial<CostImport>) => ({ status: 'running', phase: 'reading', total_rows: 100, processed_rows: 0, ...over }) as CostImport;
  it('fills the first half while reading and the second while applying', () => {
    expect(importPercent(state({ processed_rows: 50 }))).toBe(25);
    expect(importPercent(state({ phase: 'applying', processed_rows: 50 }))).toBe(75);
    expect(importPercent(state({ status: 'done' }))).toBe(100);
  });
});
