import { describe, expect, it } from 'vitest';
import { auditLines } from './audit';

describe('audit lines', () => {
  it('shows an update as from → to per field', () => {
    expect(auditLines({ min_qty: { from: 4, to: 6 }, location: { from: null, to: 'A-01' } })).toEqual(['min_qty: 4 → 6', 'location: (empty) → A-01']);
  });
  it('lists a created record field by field', () => {
    expect(auditLines({ cip_code: 'C10', keep_full: false })).toEqual(['cip_code: C10', 'keep_full: false']);
  });
  it('copes with no changes or a plain value', () => {
    expect(auditLines(null)).toEqual([]);
    expect(auditLines('merged')).toEqual(['merged']);
  });
});
