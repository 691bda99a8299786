import { describe, expect, it } from 'vitest';
import { sortRows } from './localSort';

describe('local sort', () => {
  const rows = [
    { job_id: 10, description: 'beta', last_run: null },
    { job_id: 2, description: 'Alpha', last_run: '2026-11-20T10:00:00' },
    { job_id: 33, description: 'gamma', last_run: '2026-11-21T10:00:00' },
  ];
  const ids = (list: typeof rows) => list.map((r) => r.job_id);

  it('keeps the API order without a sort', () => {
    expect(ids(sortRows(rows, null))).toEqual([10, 2, 33]);
  });
  it('sorts numbers by value and text without regard to case', () => {
    expect(ids(sortRows(rows, { field: 'job_id', direction: 'asc' }))).toEqual([2, 10, 33]);
    expect(ids(sortRows(rows, { field: 'job_id', direction: 'desc' }))).toEqual([33, 10, 2]);
    expect(ids(sortRows(rows, { field: 'description', direction: 'asc' }))).toEqual([2, 10, 33]);
  });
  it('puts blanks after values ascending and before them descending', () => {
    expect(ids(sortRows(rows, { field: 'last_run', direction: 'asc' }))).toEqual([2, 33, 10]);
    expect(ids(sortRows(rows, { field: 'last_run', direction: 'desc' }))).toEqual([10, 33, 2]);
  });
});
