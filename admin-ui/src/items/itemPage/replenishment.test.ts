import { describe, expect, it } from 'vitest';
import { replenishmentBody, replenishmentForm } from './replenishment';

describe('replenishment form', () => {
  const saved = { repl_type: 2, min_qty: 4, max_qty: 20, lot_qty: 1, reorder_qty: null, num_lots: null, keep_full: false };
  it('shows the saved values as text, missing ones empty', () => {
    expect(replenishmentForm(saved)).toEqual({ repl_type: 2, min_qty: '4', max_qty: '20', lot_qty: '1', reorder_qty: '', num_lots: '', keep_full: false });
  });
  it('sends numbers, empty fields as null', () => {
    const form = { ...replenishmentForm(saved), min_qty: ' 6 ', max_qty: '30.5', keep_full: true };
    expect(replenishmentBody(9, form)).toEqual({
      body: { cip_no: 9, repl_type: 2, min_qty: 6, max_qty: 30.5, lot_qty: 1, reorder_qty: null, num_lots: null, keep_full: true },
      errors: {},
    });
  });
  it('names the fields whose text is not a quantity', () => {
    const form = { ...replenishmentForm(saved), min_qty: 'ten', max_qty: '-1', num_lots: '1.5' };
    expect(replenishmentBody(9, form).errors).toEqual({
      min_qty: 'Please enter a valid value for Min',
      max_qty: 'Please enter a valid value for Max',
      num_lots: 'Please enter a valid value for Number of Lots',
    });
  });
});
