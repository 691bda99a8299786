import { describe, expect, it } from 'vitest';
import { HttpError, IGNORED_403 } from '../../shared/http';
import { EMPLOYEE_NOT_FOUND, INACTIVE_SITE_EMPLOYEE, employeeBody, employeeCriteria, employeeGuardMessage, idOrNull, routeId, validPin, type Employee } from './employees';

describe('employees', () => {
  it('reads the route id: missing, new below 1, or a record', () => {
    expect(routeId('')).toEqual({ kind: 'missing' });
    expect(routeId('?id=abc')).toEqual({ kind: 'missing' });
    expect(routeId('?id=0')).toEqual({ kind: 'new' });
    expect(routeId('?id=-1')).toEqual({ kind: 'new' });
    expect(routeId('?id=42')).toEqual({ kind: 'id', id: 42 });
  });

  it("says an employee of an inactive site exists there for the 403 'Advanced validation failure!'", () => {
    const advanced = new HttpError(IGNORED_403, 403, {});
    expect(employeeGuardMessage(advanced)).toBe(INACTIVE_SITE_EMPLOYEE);
    expect(employeeGuardMessage(new HttpError('x', 404, {}))).toBe(EMPLOYEE_NOT_FOUND);
  });

  it('sends empty search inputs as null and choices as booleans', () => {
    expect(employeeCriteria({ employeeNumber: ' E1 ', lastName: '', isActive: 'true', supervisor: '' })).toMatchObject({
      employeeNumber: 'E1',
      lastName: null,
      isActive: true,
      supervisor: null,
    });
  });

  it('builds a whole record with canReturn on by default and checks PINs', () => {
    const body = employeeBody({ employeeNumber: 'E9', lastName: 'L', firstName: 'F' }, 9);
    expect(body.employeeID).toBe(9);
    expect(body.canReturn).toBe(true);
    expect(body.canAdjust).toBe(false);
    expect(validPin('1234')).toBe(true);
    expect(validPin('12a4')).toBe(false);
    expect(validPin('123456789')).toBe(false);
  });

  it('sends every reference as a whole number or null, never as the text an input holds', () => {
    // The defect: a default tracking code typed as '3' was sent as "3" and refused (integer_int64 expected).
    const typed = { track1: '3', track2: '', supervisor_id: ' 12 ', wfl_employee_workflow_factor_ID: 'x' } as unknown as Partial<Employee>;
    const body = employeeBody({ employeeNumber: 'E9', lastName: 'L', firstName: 'F', ...typed }, 9);
    expect([body.track1, body.track2, body.track3, body.supervisor_id, body.wfl_employee_workflow_factor_ID]).toEqual([3, null, null, 12, null]);
    expect([idOrNull(7), idOrNull(null), idOrNull('1.5')]).toEqual([7, null, null]);
  });
});
