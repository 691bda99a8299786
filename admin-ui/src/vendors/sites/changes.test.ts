import { describe, expect, it } from 'vitest';
import { changedFields } from './changes';

describe('changedFields', () => {
  it('keeps only the fields the user changed, including a text cleared to empty and a flag turned off', () => {
    const original = { preferred: true, contact_name: 'Dana', po_comments: 'Dock 4', notes: 'x' };
    const form = { preferred: false, contact_name: 'Dana', po_comments: 'Dock 4', notes: '' };
    expect(changedFields(original, form)).toEqual({ preferred: false, notes: '' });
  });

  it('is empty when nothing changed', () => {
    const same = { preferred: false, contact_name: '' };
    expect(changedFields(same, { ...same })).toEqual({});
  });
});
