import { useEffect, useState } from 'react';
import { Button, Chip, Grid, Link, Stack } from '@mui/material';
import { useNavigate } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { DraggableDialog } from '../../items/popups/DraggableDialog';
import { InfoRow, LoadState, useLoad } from '../../ui';
import { useHasPermission } from '../../ui';
import { EMP_VIEW, employeeGuardMessage, employeeRoute, fullName } from './employees';

/**
 * The employee pop-up (spec 1 section 2; EmpView): a small summary of one employee, opened from an employee number
 * in any screen, with a link to the employee's page. Refusals close it with the guard's message (an employee of a
 * site that is no longer active: 'This Employee exists in a site that is no longer active.').
 */
export function EmployeePopup({ employeeId, onClose }: { employeeId: number; onClose: () => void }) {
  const navigate = useNavigate();
  const loaded = useLoad((signal) => callApi('get', '/V1/Employee/Common/{id}', { path: { id: employeeId }, signal, quiet: true }), [employeeId]);
  useEffect(() => {
    if (loaded.error) {
      notify(employeeGuardMessage(loaded.error), 'error');
      onClose();
    }
  }, [loaded.error, onClose]);
  const e = loaded.data?.employee;
  return (
    <DraggableDialog
      title={e ? `Employee ${e.employeeNumber}: ${fullName(e)}` : 'Employee'}
      testId="employee-popup"
      onClose={onClose}
      maxWidth="sm"
      actions={
        <Button size="small" onClick={() => { onClose(); navigate(employeeRoute(employeeId)); }} data-testid="employee-popup-open">
          Open employee
        </Button>
      }
    >
      <LoadState loading={loaded.loading} error={null} what="employee">
        {e && loaded.data && (
          <Grid container spacing={1}>
            <Grid size={{ xs: 12 }}>
              <Stack direction="row" spacing={1}>
                <Chip size="small" color={e.isActive ? 'success' : 'default'} label={e.isActive ? 'Active' : 'Inactive'} />
                {e.isSuspended && <Chip size="small" color="warning" label={`Suspended${e.suspensionDate ? ` since ${e.suspensionDate}` : ''}`} />}
                {e.supervisor && <Chip size="small" label="Supervisor" />}
              </Stack>
            </Grid>
            <Grid size={{ xs: 6 }}><InfoRow label="Badge" value={e.badgeNumber ?? ''} testId="employee-popup-badge" /></Grid>
            <Grid size={{ xs: 6 }}><InfoRow label="Site" value={e.siteCode ?? ''} /></Grid>
            <Grid size={{ xs: 6 }}><InfoRow label="Supervisor" value={e.supervisorName ?? ''} /></Grid>
            <Grid size={{ xs: 6 }}><InfoRow label="Workflow factor" value={loaded.data.factorDescription ?? ''} /></Grid>
            <Grid size={{ xs: 6 }}><InfoRow label="Email" value={e.email ?? ''} /></Grid>
            <Grid size={{ xs: 6 }}><InfoRow label="Phone" value={e.phone ?? ''} /></Grid>
            <Grid size={{ xs: 6 }}><InfoRow label="Shift" value={e.beginTime && e.endTime ? `${e.beginTime.slice(0, 5)} - ${e.endTime.slice(0, 5)}` : ''} /></Grid>
            <Grid size={{ xs: 6 }}><InfoRow label="Item limits" value={String(loaded.data.itemLimits.length)} /></Grid>
          </Grid>
        )}
      </LoadState>
    </DraggableDialog>
  );
}

/** An employee number that opens the employee pop-up (for holders of EmpView; plain text for others). */
export function EmployeeNumberLink({ employeeId, number }: { employeeId: number; number: string }) {
  const [open, setOpen] = useState(false);
  const canView = useHasPermission(EMP_VIEW);
  if (!canView) return <>{number}</>;
  return (
    <>
      <Link component="button" type="button" onClick={() => setOpen(true)} data-testid={`employee-number-${number}`}>
        {number}
      </Link>
      {open && <EmployeePopup employeeId={employeeId} onClose={() => setOpen(false)} />}
    </>
  );
}
