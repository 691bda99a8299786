import { describe, expect, it } from 'vitest';
import type { CounterEmployee, CounterItem } from './counter';
import { counterReducer, counts, initialCounter, type CounterAction, type CounterState } from './counterState';
import { trackingFields } from './counter/WhoSection';

const item = (cip_no: number): CounterItem => ({ cip_no, cip_code: `C${cip_no}`, qty_on_hand: 10 });
const employee: CounterEmployee = {
  pin_required: false,
  can_return: true,
  employee_id: 7,
  employee_number: 'E1002',
  name: 'Lee, Pat',
  default_tracking: [{ level: 2, tracking_code_id: 22, tracking_number: 'WO-7' }],
};
const run = (actions: CounterAction[], from: CounterState = initialCounter) => actions.reduce(counterReducer, from);

describe('crib counter state', () => {
  it('prefills the tracking texts from the employee found and forgets the employee when the badge changes', () => {
    const found = run([{ type: 'badge', value: 'E1002' }, { type: 'lookup' }, { type: 'employeeFound', employee }]);
    expect(found.employee?.name).toBe('Lee, Pat');
    expect(found.tracking).toEqual(['', 'WO-7', '', '']);
    const changed = counterReducer(found, { type: 'badge', value: 'E1003' });
    expect(changed.employee).toBeNull();
    expect(changed.badge).toBe('E1003');
  });

  it('keeps the refusal of a lookup and clears it on the next lookup', () => {
    const refused = run([{ type: 'badge', value: 'X' }, { type: 'employeeRefused', message: 'Employee X does not exist.' }]);
    expect(refused.employeeError).toBe('Employee X does not exist.');
    expect(counterReducer(refused, { type: 'lookup' }).employeeError).toBeNull();
  });

  it('numbers lines with new keys, adds to a repeated scan and empties the scan field', () => {
    const s = run([
      { type: 'employeeFound', employee },
      { type: 'scan', value: 'C1' },
      { type: 'itemFound', item: item(1) },
      { type: 'itemFound', item: item(2) },
      { type: 'itemFound', item: item(1) },
    ]);
    expect(s.scan).toBe('');
    expect(s.lines.map((l) => [l.key, l.item.cip_no, l.qty])).toEqual([
      [1, 1, 2],
      [2, 2, 1],
    ]);
    expect(counterReducer(s, { type: 'itemRefused', message: 'No item C9.' }).scanError).toBe('No item C9.');
  });

  it('records each line posted or refused, and a changed quantity makes a refused line pending again', () => {
    const s = run([
      { type: 'itemFound', item: item(1) },
      { type: 'itemFound', item: item(2) },
      { type: 'postStart' },
      { type: 'linePosting', key: 1 },
      { type: 'linePosted', key: 1, message: 'Issued.', onHandAfter: 9, tranId: 500 },
      { type: 'lineRefused', key: 2, message: 'The daily limit is reached.' },
      { type: 'postEnd' },
    ]);
    expect(s.busy).toBe(false);
    expect(s.lines.map((l) => l.state)).toEqual(['posted', 'refused']);
    expect(s.lines[0]).toMatchObject({ onHandAfter: 9, tranId: 500 });
    expect(counts(s.lines)).toEqual({ posted: 1, refused: 1 });
    const fixed = counterReducer(s, { type: 'qty', key: 2, qty: 3 });
    expect(fixed.lines[1]).toMatchObject({ qty: 3, state: 'pending', message: undefined });
    expect(counterReducer(fixed, { type: 'qty', key: 1, qty: 5 }).lines[0].state).toBe('posted');
  });

  it('starts over on reset but keeps issue or return', () => {
    const s = run([{ type: 'mode', mode: 'return' }, { type: 'badge', value: 'E1' }, { type: 'employeeFound', employee }, { type: 'itemFound', item: item(1) }, { type: 'reset' }]);
    expect(s).toEqual({ ...initialCounter, mode: 'return' });
  });

  it("names the tracking fields by the site's active levels", () => {
    expect(trackingFields(undefined).map((f) => f.label)).toEqual(['Tracking 1', 'Tracking 2', 'Tracking 3', 'Tracking 4']);
    const levels = [
      { trackingLevelID: 2, description: 'Job', isActive: true },
      { trackingLevelID: 1, description: 'Cost Centre', isActive: true },
      { trackingLevelID: 3, description: 'Level 3', isActive: false },
    ];
    expect(trackingFields(levels)).toEqual([
      { index: 0, label: 'Cost Centre' },
      { index: 1, label: 'Job' },
    ]);
  });
});
