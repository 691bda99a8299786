import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, Grid, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useLocation, useNavigate } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { formatFactor } from '../../shared/numbers';
import { GuardedButton } from '../../grid/GuardedButton';
import { PageBanner, RouteLink, useHasPermission } from '../../ui';
import { useUserContext } from '../../shell/UserContextProvider';
import { InfoRow, LoadState, Section, fieldErrorsOf, notifyRefusal, useLoad } from '../../ui';
import { EMP_FACTOR_EDIT, FACTOR_SEARCH_ROUTE, INVALID_ROUTE_GUARD, employeeRoute, factorGuardMessage, factorRoute, routeId, type WorkflowFactor } from './employees';

const testInput = (testId: string) => ({ 'data-testid': testId }) as InputHTMLAttributes<HTMLInputElement>;

/** Employee Workflow Factors (`/workflow/employee/search`): the current site's factors. */
export function WorkflowFactorList() {
  const { context } = useUserContext();
  const siteId = context?.currentSite?.site_id ?? 0;
  const canEdit = useHasPermission(EMP_FACTOR_EDIT);
  const navigate = useNavigate();
  const factors = useLoad((signal) => callApi('get', '/V1/Workflow/Employee/Site/{site_id}', { path: { site_id: siteId }, signal, quiet: true }), [siteId], siteId > 0);
  return (
    <Box sx={{ p: 2 }} data-testid="factors-page">
      <PageBanner title="Employee Workflow Factors">
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(factorRoute(0))} data-testid="factor-add">
            Add Factor
          </Button>
        )}
      </PageBanner>
      <LoadState loading={factors.loading} error={factors.error} what="workflow factors">
        <Table size="small">
          <TableHead>
            <TableRow><TableCell>Description</TableCell><TableCell align="right">Value</TableCell><TableCell>Active</TableCell><TableCell align="right">Employees</TableCell></TableRow>
          </TableHead>
          <TableBody>
            {(factors.data ?? []).map((f) => (
              <TableRow key={f.wfl_employee_workflow_factor_ID}>
                <TableCell>
                  <RouteLink to={factorRoute(f.wfl_employee_workflow_factor_ID)} data-testid={`factor-link-${f.wfl_employee_workflow_factor_ID}`}>
                    {f.factor_description}
                  </RouteLink>
                </TableCell>
                <TableCell align="right">{formatFactor(f.factor_value)}</TableCell>
                <TableCell>{f.is_active ? 'Yes' : 'No'}</TableCell>
                <TableCell align="right">{f.assignedCount}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </LoadState>
    </Box>
  );
}

function FactorForm({ factor, onSaved }: { factor: WorkflowFactor | null; onSaved: (f: WorkflowFactor) => void }) {
  const [description, setDescription] = useState(factor?.factor_description ?? '');
  const [value, setValue] = useState(factor ? String(factor.factor_value) : '');
  const [active, setActive] = useState(factor?.is_active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    const body = { wfl_employee_workflow_factor_ID: factor?.wfl_employee_workflow_factor_ID ?? null, factor_description: description, factor_value: value.trim() === '' ? null : Number(value), is_active: active };
    try {
      const saved = factor ? await callApi('put', '/V1/Workflow/Employee', { body, local400: true }) : await callApi('post', '/V1/Workflow/Employee', { body, local400: true });
      notify(saved.message, 'success');
      setErrors({});
      onSaved(saved.factor);
    } catch (e) {
      setErrors(fieldErrorsOf(e).fields);
      notifyRefusal(e);
    }
  };
  return (
    <Stack direction="row" spacing={2} alignItems="flex-start">
      <TextField size="small" label="Description" value={description} onChange={(e) => setDescription(e.target.value)} error={Boolean(errors.factor_description)} helperText={errors.factor_description} slotProps={{ htmlInput: testInput('factor-description') }} />
      <TextField size="small" label="Value" value={value} onChange={(e) => setValue(e.target.value)} error={Boolean(errors.factor_value)} helperText={errors.factor_value} slotProps={{ htmlInput: testInput('factor-value') }} />
      <FormControlLabel label="Active" control={<Checkbox checked={active} onChange={(e) => setActive(e.target.checked)} />} />
      <GuardedButton variant="contained" onClick={save} data-testid="factor-save">
        Save
      </GuardedButton>
    </Stack>
  );
}

/** The employees of the factor's site with a box each: ticked ones have the factor (Assigned/Search, Assigned/Update). */
function Assignments({ factor, canEdit }: { factor: WorkflowFactor; canEdit: boolean }) {
  const id = factor.wfl_employee_workflow_factor_ID;
  const rows = useLoad(
    (signal) => callApi('post', '/V1/Workflow/Employee/Assigned/Search', { body: { wfl_employee_workflow_factor_ID: id, isActive: true, pageSize: 200, sortField: 'lastName' }, signal, quiet: true }),
    [id],
  );
  const toggle = async (employeeId: number, assign: boolean) => {
    try {
      await callApi('post', '/V1/Workflow/Employee/Assigned/Update', { body: { wfl_employee_workflow_factor_ID: id, insert: assign ? [employeeId] : [], remove: assign ? [] : [employeeId] }, local400: true });
      rows.reload();
    } catch (e) {
      notifyRefusal(e);
    }
  };
  return (
    <Section title="Assigned employees" testId="factor-assignments">
      <LoadState loading={rows.loading} error={rows.error} what="employees">
        <Table size="small">
          <TableHead>
            <TableRow><TableCell>Assigned</TableCell><TableCell>Employee #</TableCell><TableCell>Name</TableCell><TableCell>Current factor</TableCell></TableRow>
          </TableHead>
          <TableBody>
            {(rows.data?.resultList ?? []).map((r) => (
              <TableRow key={r.employeeID}>
                <TableCell>
                  <Checkbox size="small" checked={r.assigned} disabled={!canEdit} onChange={(e) => toggle(r.employeeID, e.target.checked)} slotProps={{ input: testInput(`factor-assign-${r.employeeNumber}`) }} />
                </TableCell>
                <TableCell><RouteLink to={employeeRoute(r.employeeID)}>{r.employeeNumber}</RouteLink></TableCell>
                <TableCell>{r.lastName}, {r.firstName}</TableCell>
                <TableCell>{r.factor_description ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </LoadState>
    </Section>
  );
}

/** A workflow factor (`/workflow/employee?id=`; ids below 1: a new factor) with its assigned employees. */
export function WorkflowFactorPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const route = routeId(location.search);
  const canEdit = useHasPermission(EMP_FACTOR_EDIT);
  const id = route.kind === 'id' ? route.id : 0;
  const detail = useLoad((signal) => callApi('get', '/V1/Workflow/Employee/{id}', { path: { id }, signal, quiet: true }), [id], route.kind === 'id');
  useEffect(() => {
    if (route.kind === 'missing') {
      notify(INVALID_ROUTE_GUARD, 'error');
      navigate(FACTOR_SEARCH_ROUTE, { replace: true });
    } else if (detail.error) {
      notify(factorGuardMessage(detail.error), 'error');
      navigate(FACTOR_SEARCH_ROUTE, { replace: true });
    }
  }, [route.kind, detail.error, navigate]);
  const f = detail.data;
  return (
    <Box sx={{ p: 2 }} data-testid="factor-page">
      <PageBanner title={f ? `Workflow Factor: ${f.factor_description}` : 'New Workflow Factor'} />
      {route.kind === 'new' ? (
        canEdit ? <FactorForm factor={null} onSaved={(saved) => navigate(factorRoute(saved.wfl_employee_workflow_factor_ID), { replace: true })} /> : <Alert severity="warning">You may not add workflow factors.</Alert>
      ) : (
        <LoadState loading={detail.loading} error={null} what="workflow factor">
          {f && (
            <Stack spacing={2}>
              <Section title="Factor" testId="factor-detail">
                {canEdit ? (
                  <FactorForm factor={f} onSaved={() => detail.reload()} />
                ) : (
                  <Grid container spacing={1}>
                    <Grid size={{ xs: 4 }}><InfoRow label="Description" value={f.factor_description} /></Grid>
                    <Grid size={{ xs: 4 }}><InfoRow label="Value" value={formatFactor(f.factor_value)} /></Grid>
                    <Grid size={{ xs: 4 }}><InfoRow label="Active" value={f.is_active ? 'Yes' : 'No'} /></Grid>
                  </Grid>
                )}
              </Section>
              <Assignments factor={f} canEdit={canEdit} />
              <RouteLink to={FACTOR_SEARCH_ROUTE}>Back to the workflow factors</RouteLink>
            </Stack>
          )}
        </LoadState>
      )}
    </Box>
  );
}
