import { describe, expect, it } from 'vitest';
import {
  COMPARE_ONLY_TWO,
  compareDatabaseName,
  compareSelection,
  compareTargets,
  defaultDbSearch,
  environmentOfDatabase,
  historyRoute,
  notInEnvironment,
  viewRoute,
} from './dbtools';

describe('history compare selection', () => {
  const row = (id: number) => ({ objectAuditLog_ID: id, schema_name: 'asp', object_name: 'f' });
  it('needs exactly two rows', () => {
    expect(compareSelection([])).toEqual({ ok: false, message: COMPARE_ONLY_TWO });
    expect(compareSelection([row(1)])).toEqual({ ok: false, message: COMPARE_ONLY_TWO });
    expect(compareSelection([row(1), row(2), row(3)])).toEqual({ ok: false, message: COMPARE_ONLY_TWO });
    expect(COMPARE_ONLY_TWO).toBe('You can only compare two at a time.');
  });
  it('puts the older (lower audit id) on the left whatever the selection order', () => {
    const result = compareSelection([row(20), row(9)]);
    if (!result.ok) throw new Error('expected a valid selection');
    expect(result.left.objectAuditLog_ID).toBe(9);
    expect(result.right.objectAuditLog_ID).toBe(20);
  });
});

describe('environments', () => {
  it('hides the Compare To button of the environment the database name contains', () => {
    expect(compareTargets('asp_qa').map((t) => t.compare)).toEqual(['DEV', 'STAGE', 'PROD']);
    expect(compareTargets('ASP_PROD').map((t) => t.compare)).toEqual(['DEV', 'QA', 'STAGE']);
    expect(compareTargets('asp').map((t) => t.compare)).toEqual(['DEV', 'QA', 'STAGE', 'PROD']);
  });
  it('compares with the API database of the target, else prefix plus lower-cased environment', () => {
    const envs = [{ environment_name: 'PROD', database_name: 'asp_live' }];
    expect(compareDatabaseName('asp_qa', 'PROD', envs)).toBe('asp_live');
    expect(compareDatabaseName('asp_qa', 'STAGE', envs)).toBe('asp_stage');
    expect(compareDatabaseName('asp', 'DEV', [])).toBe('aspdev');
  });
  it('knows the environment only when the database name says it', () => {
    expect(environmentOfDatabase('asp_stage')).toBe('STAGE');
    expect(environmentOfDatabase('asp')).toBeNull();
  });
  it('searches 90 days back to tomorrow by default', () => {
    const form = defaultDbSearch(new Date(Date.UTC(2026, 2, 31)));
    expect(form).toMatchObject({ environment_name: 'QA', startDate: '2025-12-31', endDate: '2026-04-01' });
  });
  it('builds the routes and messages', () => {
    const obj = { schema_name: 'asp', object_name: 'my fn', database_name: 'asp_qa' };
    expect(viewRoute(obj, 2, 15)).toBe('/devops/dbtoolsView/asp/my%20fn/asp_qa/2/15');
    expect(historyRoute(obj)).toBe('/devops/dbtoolsHistory/asp/my%20fn/asp_qa');
    expect(notInEnvironment('PROD')).toBe('This object doesnt exist in PROD');
  });
});
