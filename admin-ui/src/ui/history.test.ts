import { describe, expect, it } from 'vitest';
import { actionWords, changeLines, fieldLabel, humanise, numberKindOf, recordLines, valueText, valuesOf, whoText } from './history';

describe('actionWords', () => {
  it('reads an action key as a sentence', () => {
    expect(actionWords('employee_group.update')).toBe('Updated the employee group');
    expect(actionWords('employee_group.create')).toBe('Created the employee group');
    expect(actionWords('employee_group.delivery_location.insert')).toBe('Added the delivery location');
    expect(actionWords('employee_group.asset.delete')).toBe('Deleted the asset');
    expect(actionWords('employee_group.assigned.insert')).toBe('Added employees');
    expect(actionWords('cip.kit.save')).toBe('Updated the kit');
    expect(actionWords('station.bin.create')).toBe('Created the bin');
  });
  it('names the panel record for a bare action', () => {
    expect(actionWords('update', 'employee')).toBe('Updated the employee');
    expect(actionWords('create', 'tracking code')).toBe('Created the tracking code');
    expect(actionWords('suspend', 'tracking code')).toBe('Suspended the tracking code');
    expect(actionWords('update')).toBe('Updated');
  });
  it('gives named actions their verbs', () => {
    expect(actionWords('cid.merge')).toBe('Merged the CID');
    expect(actionWords('expire', 'cost')).toBe('Expired the cost');
    expect(actionWords('lock', 'count')).toBe('Locked the count');
    expect(actionWords('device_token.revoke')).toBe('Revoked the device token');
    expect(actionWords('cid.merged')).toBe('Merged into another CID');
  });
  it('splits compound verbs and names sections', () => {
    expect(actionWords('update_limits', 'tracking code')).toBe('Updated the limits of the tracking code');
    expect(actionWords('item_master.ship_weight_update')).toBe('Updated the ship weight of the item master');
    expect(actionWords('cid.warranty')).toBe('Changed the warranty of the CID');
    expect(actionWords('shared_vendor.market_margin')).toBe('Changed the market margin of the shared vendor');
  });
  it('humanises what it does not know', () => {
    expect(actionWords('recount')).toBe('Recount');
    expect(actionWords('bulkRecount')).toBe('Bulk recount');
  });
});

describe('field labels', () => {
  it('humanises snake_case and camelCase with the known abbreviations', () => {
    expect(humanise('min_qty')).toBe('Min quantity');
    expect(humanise('uomCode')).toBe('UOM code');
    expect(humanise('cust_desc1')).toBe('Customer description 1');
    expect(humanise('employeeGroupID')).toBe('Employee group ID');
    expect(fieldLabel('default_cid_no')).toBe('Default CID no');
    expect(fieldLabel('cip_no')).toBe('CIP');
  });
  it('labels a name by what it names and keeps an id without a name', () => {
    const keys = ['supervisor', 'supervisor_id', 'supervisorName', 'site_id'];
    expect(fieldLabel('supervisorName', keys)).toBe('Supervisor');
    expect(fieldLabel('site_id', keys)).toBe('Site ID');
  });
});

describe('valueText', () => {
  it('says empty for nothing and words for flags', () => {
    expect(valueText('phone', null)).toBe('(empty)');
    expect(valueText('phone', '')).toBe('(empty)');
    expect(valueText('is_default', true)).toBe('Yes');
    expect(valueText('canAdjust', false)).toBe('No');
  });
  it('formats money, unit costs, quantities and dates through the shared formats', () => {
    expect(numberKindOf('limit_weekly')).toBe('money');
    expect(valueText('limit_weekly', 250)).toBe('250.00');
    expect(valueText('laborCost', 31.5)).toBe('31.50');
    expect(valueText('cost_1', 0.0125)).toBe('0.0125');
    expect(valueText('min_qty', 1234.5)).toBe('1,234.5');
    expect(valueText('budget_amount', '0.13')).toBe('0.13');
    expect(valueText('end_date', '2026-03-05')).toBe('03/05/2026');
    expect(valueText('suspension_date', '2026-03-05T14:07:09Z')).toBe('03/05/2026 14:07:09');
    expect(valueText('employee_group_id', 12345)).toBe('12345');
  });
  it('shows lists and nested records as words, never JSON', () => {
    expect(valueText('related_items', [3, 4])).toBe('3, 4');
    expect(valueText('removed', [])).toBe('(none)');
    expect(valueText('children', [[12, 2], [13, 1]])).toBe('12 x 2, 13 x 1');
    expect(valueText('vendor', { vend_name: 'Midwest Industrial Supply', vend_code: '10452', vend_id: 3 })).toBe('Midwest Industrial Supply (10452)');
    expect(valueText('bin', { bin_code: 'A-01', capacity: 4 })).toBe('A-01');
    expect(valueText('x', { a: 1, b: 'two' })).toBe('A 1, B two');
    expect(valueText('x', {})).toBe('(empty)');
  });
});

describe('changeLines', () => {
  it('writes each changed field as Label: from -> to', () => {
    expect(changeLines({ phone: { from: null, to: '555-0142' }, limit_weekly: { from: 200, to: 250.5 } })).toEqual([
      'Phone: (empty) -> 555-0142',
      'Weekly limit: 200.00 -> 250.50',
    ]);
  });
  it('shows the name for an id that has one and leaves bookkeeping out', () => {
    const lines = changeLines({
      supervisor_id: { from: 4, to: 9 },
      supervisorName: { from: 'Lopez, Maria', to: 'Chen, Wei' },
      updated_at: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
    });
    expect(lines).toEqual(['Supervisor: Lopez, Maria -> Chen, Wei']);
  });
  it('puts the fields that say which record first, then the changes', () => {
    expect(changeLines({ item_group: 'PPE', period: 2, limit_amount: { from: 75, to: 90 } })).toEqual(['Item group: PPE', 'Period: 2', 'Limit amount: 75.00 -> 90.00']);
    expect(changeLines({ block: 'Terms', changes: { terms_code: { from: 'N30', to: 'N45' } } })).toEqual(['Block: Terms', 'Terms code: N30 -> N45']);
  });
  it('summarises a created or deleted record by its filled-in fields', () => {
    expect(changeLines({ description: 'Night shift', limit_daily: 50, approver_group_id: null, updated_at: '2026-01-01T00:00:00Z' })).toEqual([
      'Description: Night shift',
      'Daily limit: 50.00',
    ]);
    expect(changeLines({ before: { contact_name: 'Ingrid Berg', email: 'i@skf.example' } })).toEqual(['Contact name: Ingrid Berg', 'Email: i@skf.example']);
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`field_${i + 1}`, 'x']));
    expect(recordLines(many)).toHaveLength(9);
    expect(recordLines(many)[8]).toBe('and 3 more fields');
  });
  it('lists who was added and removed', () => {
    expect(changeLines({ added: ['E1001'], removed: [] })).toEqual(['Added: E1001']);
    expect(changeLines({ added: [], removed: ['E1002', 'E1003'] })).toEqual(['Removed: E1002, E1003']);
  });
  it('copes with a change of one value, a change with only its new value, and no details', () => {
    expect(changeLines({ from: 1, to: 2 })).toEqual(['1 -> 2']);
    expect(changeLines({ vend_code: { to: '10452' } })).toEqual(['Vendor: (empty) -> 10452']);
    expect(changeLines(null)).toEqual([]);
    expect(changeLines('merged')).toEqual(['merged']);
  });
});

describe('whoText', () => {
  it('says who and as whom', () => {
    expect(whoText({ changed_by: 'support', acting_as: 'buyer' })).toBe('support as buyer');
    expect(whoText({ changed_by: 'warehouse', acting_as: null })).toBe('warehouse');
    expect(whoText({ changed_by: null })).toBe('System');
  });
});

describe('field words', () => {
  it('finds the values of reference fields in changes, whole records and nested change sets', () => {
    const found = valuesOf([{ track1: { from: 3, to: 5 } }, { track1: 7, track2: null }, { changes: { track2: { from: null, to: '11' } } }], ['track1', 'track2']);
    expect([...(found.get('track1') ?? [])].sort()).toEqual(['3', '5', '7']);
    expect([...(found.get('track2') ?? [])]).toEqual(['11']);
  });
  it('uses the screen\'s label and value names, and the value itself where it has no name', () => {
    const words = { labels: { track1: 'Default Department' }, names: { track1: new Map([['3', 'Assembly (D-100)']]) } };
    expect(changeLines({ track1: { from: 3, to: 4 } }, words)).toEqual(['Default Department: Assembly (D-100) -> 4']);
    expect(changeLines({ track1: 3, first_name: 'Ann' }, words)).toEqual(['Default Department: Assembly (D-100)', 'First name: Ann']);
  });
});
