import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import PasswordIcon from '@mui/icons-material/Password';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { useLocation, useNavigate } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { HistoryPanel, LoadState, PageTitle, Section, nameWithCode, namedBy, trackingCodeKind, useHasPermission, useLoad, type HistoryField } from '../../ui';
import { useTrackingLevels } from '../../trackingCodes/useLevels';
import { EMPLOYEE_SEARCH_ROUTE, EMP_EDIT, EMP_PIN, INVALID_ROUTE_GUARD, employeeGuardMessage, employeeRoute, fullName, routeId } from './employees';
import { EmployeeNumberLink } from './EmployeePopup';
import { EmployeeDetail } from './employee/EmployeeDetail';
import { EmployeeForm } from './employee/EmployeeForm';
import { ItemLimits } from './employee/ItemLimits';
import { PinDialog, SupervisorDialog } from './employee/dialogs';

/**
 * The employee page (`/employee?id=`): its route guard (a missing id: 'Invalid route guard'; ids below 1: a new
 * employee; a refused lookup: the guard's message, then the search), the record, the employees it supervises, item
 * limits, history; Edit, PIN and Supervisor for their permission holders.
 */
export function EmployeePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const route = routeId(location.search);
  const canEdit = useHasPermission(EMP_EDIT);
  const canPin = useHasPermission(EMP_PIN);
  const id = route.kind === 'id' ? route.id : 0;
  const { levels } = useTrackingLevels();
  const detail = useLoad((signal) => callApi('get', '/V1/Employee/Common/{id}', { path: { id }, signal, quiet: true }), [id], route.kind === 'id');
  const history = useLoad((signal) => callApi('get', '/V1/Employee/Audit/Detail/{id}', { path: { id }, signal, quiet: true }), [id, detail.data], route.kind === 'id' && Boolean(detail.data));
  // The trail keeps the default tracking codes as ids (track1-4): the history names the level and the code.
  const historyFields = useMemo(
    () =>
      Object.fromEntries(
        (levels ?? []).map((l): [string, HistoryField] => [
          `track${l.trackingLevelID}`,
          { label: `Default ${l.description}`, name: namedBy(trackingCodeKind(l.trackingLevelID, l.description)) },
        ]),
      ),
    [levels],
  );
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'pin' | 'supervisor' | null>(null);

  useEffect(() => {
    if (route.kind === 'missing') {
      notify(INVALID_ROUTE_GUARD, 'error');
      navigate(EMPLOYEE_SEARCH_ROUTE, { replace: true });
    } else if (detail.error) {
      notify(employeeGuardMessage(detail.error), 'error');
      navigate(EMPLOYEE_SEARCH_ROUTE, { replace: true });
    }
  }, [route.kind, detail.error, navigate]);

  if (route.kind === 'new') {
    return (
      <Box sx={{ p: 2 }} data-testid="employee-page">
        <PageTitle title="New Employee" backTo={EMPLOYEE_SEARCH_ROUTE} />
        {canEdit ? (
          <EmployeeForm employee={null} levels={levels} onSaved={(e) => navigate(employeeRoute(e.employeeID), { replace: true })} onCancel={() => navigate(EMPLOYEE_SEARCH_ROUTE)} />
        ) : (
          <Alert severity="warning">You may not add employees.</Alert>
        )}
      </Box>
    );
  }
  const e = detail.data?.employee;
  const reload = () => {
    setDialog(null);
    detail.reload();
  };
  return (
    <Box sx={{ p: 2 }} data-testid="employee-page">
      <PageTitle title={e ? `Employee ${nameWithCode(fullName(e), e.employeeNumber)}` : 'Employee'} backTo={EMPLOYEE_SEARCH_ROUTE}>
        {e && canEdit && !editing && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="employee-edit">
            Edit
          </Button>
        )}
        {e && canPin && (
          <Button variant="outlined" startIcon={<PasswordIcon />} onClick={() => setDialog('pin')} data-testid="employee-pin">
            {e.hasPin ? 'Change PIN' : 'Set PIN'}
          </Button>
        )}
        {e && canEdit && (
          <Button variant="outlined" startIcon={<SupervisorAccountIcon />} onClick={() => setDialog('supervisor')} data-testid="employee-supervisor">
            Supervisor
          </Button>
        )}
      </PageTitle>
      <LoadState loading={detail.loading} error={null} what="employee">
        {e && detail.data && (
          <Stack spacing={2}>
            {editing ? (
              <EmployeeForm employee={e} levels={levels} onSaved={() => { setEditing(false); detail.reload(); }} onCancel={() => setEditing(false)} />
            ) : (
              <EmployeeDetail key={e.employeeID} employee={e} factorDescription={detail.data.factorDescription} />
            )}
            <Section title="Supervises" testId="employee-supervises">
              {detail.data.supervises.length ? (
                <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
                  {detail.data.supervises.map((s) => (
                    <span key={s.employeeID}>
                      <EmployeeNumberLink employeeId={s.employeeID} number={s.employeeNumber} /> {s.lastName}, {s.firstName}
                    </span>
                  ))}
                </Stack>
              ) : (
                'Nobody.'
              )}
            </Section>
            <ItemLimits employeeId={e.employeeID} limits={detail.data.itemLimits} canEdit={canEdit} onChanged={detail.reload} />
            <Section title="History" testId="employee-history">
              <HistoryPanel rows={history.data} loading={history.loading} error={history.error} subject="employee" testId="employee-history-list" fields={historyFields} />
            </Section>
          </Stack>
        )}
      </LoadState>
      {e && dialog === 'pin' && <PinDialog employee={e} onClose={() => setDialog(null)} onSaved={reload} />}
      {e && dialog === 'supervisor' && <SupervisorDialog employee={e} onClose={() => setDialog(null)} onSaved={reload} />}
    </Box>
  );
}
