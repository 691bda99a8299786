import { describe, expect, it } from 'vitest';
import { HttpError, IGNORED_403 } from '../../shared/http';
import { EMPLOYEE_NOT_FOUND, INACTIVE_SITE_EMPLOYEE, employeeBody, employeeCriteria, employeeGuardMessage, routeId, validPin } from './employees';

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
});
