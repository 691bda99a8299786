// Type Lists (docs/type-lists.md): the administrator picks a reference list, pages and filters its values, adds one,
// edits one and deactivates or reactivates it (values are never deleted: records store their ids). Lists the product
// depends on (ERP types) are shown read-only.
import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { callApi, type Schema } from '../shared/api';
import { notify } from '../shared/events';
import { LoadState, PageTitle, Pager, Section, fieldErrorsOf, notifyRefusal, useApi } from '../ui';
import { clearTypeListCache } from './lookups';
import { activeFilterValue, emptyForm, formOf, insertBody, mayChange, updateBody, PROVIDER_ADMIN_PERMISSIONS, type ActiveFilter, type ValueForm } from './form';
import { hasPermission } from '../lib/userContext';
import { useUserContext } from '../shell/UserContextProvider';

type TypeValueRecord = Schema<'TypeValueRecord'>;

const PAGE_SIZES = [10, 20, 50, 100];
const NO_ERRORS = { fields: {} as Record<string, string>, form: null as string | null };

export function TypeListsPage() {
  const lists = useApi('get', '/V1/Type/Lists');
  const [typeCode, setTypeCode] = useState('Terms');
  const [q, setQ] = useState('');
  const [active, setActive] = useState<ActiveFilter>('all');
  // The page shown, from 1 (the wire's pageNumber counts from 0).
  const [page, setPage] = useState(1);
  const setPageNumber = (zeroBased: number) => setPage(zeroBased + 1);
  const [pageSize, setPageSize] = useState(20);
  const values = useApi('post', '/V1/Type/Lists/{typeCode}/Values/Search', {
    path: { typeCode },
    body: { pageNumber: page - 1, pageSize, q: q.trim() || null, isActive: activeFilterValue(active) },
  });
  const list = lists.data?.find((l) => l.typeCode === typeCode);
  const editable = list?.editable ?? false;
  const { context } = useUserContext();
  const providerAdmin = PROVIDER_ADMIN_PERMISSIONS.some((p) => hasPermission(context, p));
  // Anyone else adds values limited to the current site (the only kind they may add).
  const newValueSite = providerAdmin ? null : (context?.currentSite?.site_id ?? null);

  const [editing, setEditing] = useState<TypeValueRecord | 'new' | null>(null);
  const [form, setForm] = useState<ValueForm>(emptyForm());
  const [errors, setErrors] = useState(NO_ERRORS);

  const open = (record: TypeValueRecord | 'new') => {
    setEditing(record);
    setForm(record === 'new' ? emptyForm() : formOf(record));
    setErrors(NO_ERRORS);
  };

  const save = async () => {
    try {
      if (editing === 'new') {
        const saved = await callApi('post', '/V1/Type/Lists/{typeCode}/Values/Insert', { path: { typeCode }, body: insertBody(form, newValueSite) });
        notify(`${saved.description} added to ${typeCode} (value ${saved.valueID}).`, 'success');
      } else if (editing) {
        await callApi('post', '/V1/Type/Lists/{typeCode}/Values/Update', { path: { typeCode }, body: updateBody(editing.typeValueId, form) });
        notify('Value saved.', 'success');
      }
      setEditing(null);
      // The console's pickers read the lists once: the next form reads the changed one again.
      clearTypeListCache();
      values.reload();
      lists.reload();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };

  const setActiveState = async (record: TypeValueRecord, isActive: boolean) => {
    try {
      await callApi('post', '/V1/Type/Lists/{typeCode}/Values/Update', { path: { typeCode }, body: { typeValueId: record.typeValueId, isActive } });
      notify(`${record.description} ${isActive ? 'reactivated' : 'deactivated'}.`, 'success');
      clearTypeListCache();
      values.reload();
      lists.reload();
    } catch (error) {
      notifyRefusal(error);
    }
  };

  const field = (key: keyof ValueForm, label: string, extra: { disabled?: boolean; helperText?: string; numeric?: boolean } = {}) => (
    <TextField
      label={label}
      value={form[key]}
      disabled={extra.disabled}
      onChange={(e) => setForm({ ...form, [key]: extra.numeric ? e.target.value.replace(/[^0-9-]/g, '') : e.target.value })}
      error={Boolean(errors.fields[key])}
      helperText={errors.fields[key] ?? extra.helperText}
      inputProps={{ 'data-testid': `type-value-${key}` }}
    />
  );

  return (
    <>
      <PageTitle title="Type Lists" />
      <Section
        title="Reference lists"
        testId="type-lists"
        actions={
          <Button startIcon={<AddIcon />} variant="contained" disabled={!editable} onClick={() => open('new')} data-testid="type-value-add">
            Add value
          </Button>
        }
      >
        <Stack direction="row" spacing={2} sx={{ mb: 2 }} alignItems="center">
          <FormControl size="small" sx={{ minWidth: 280 }}>
            <InputLabel id="type-list-label">List</InputLabel>
            <Select
              labelId="type-list-label"
              label="List"
              value={lists.data ? typeCode : ''}
              onChange={(e) => {
                setTypeCode(String(e.target.value));
                setPageNumber(0);
              }}
              data-testid="type-list-select"
            >
              {(lists.data ?? []).map((l) => (
                <MenuItem key={l.typeCode} value={l.typeCode} data-testid={`type-list-option-${l.typeCode}`}>
                  {l.typeCode} ({l.activeCount}/{l.valueCount})
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <TextField
            size="small"
            label="Filter"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPageNumber(0);
            }}
            inputProps={{ 'data-testid': 'type-value-filter' }}
          />
          <FormControl size="small" sx={{ minWidth: 140 }}>
            <InputLabel id="type-active-label">Show</InputLabel>
            <Select
              labelId="type-active-label"
              label="Show"
              value={active}
              onChange={(e) => {
                setActive(e.target.value as ActiveFilter);
                setPageNumber(0);
              }}
              data-testid="type-value-active-filter"
            >
              <MenuItem value="all">All</MenuItem>
              <MenuItem value="active">Active</MenuItem>
              <MenuItem value="inactive">Inactive</MenuItem>
            </Select>
          </FormControl>
          {list && <span>{list.description}</span>}
          {list && !editable && <Chip label="Read only: the product depends on these values" size="small" />}
        </Stack>
        <LoadState loading={values.loading && !values.data} error={values.error} what="list values">
          <Table size="small" data-testid="type-values">
            <TableHead>
              <TableRow>
                <TableCell>Value id</TableCell>
                <TableCell>Code</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Description 2</TableCell>
                <TableCell>Sort</TableCell>
                <TableCell>Limited to</TableCell>
                <TableCell>Status</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(values.data?.itemList ?? []).map((v) => (
                <TableRow key={v.typeValueId} data-testid={`type-value-row-${v.code ?? v.valueID}`}>
                  <TableCell>{v.valueID}</TableCell>
                  <TableCell>{v.code}</TableCell>
                  <TableCell>{v.description}</TableCell>
                  <TableCell>{v.description2}</TableCell>
                  <TableCell>{v.sortOrder}</TableCell>
                  <TableCell>
                    {[v.siteCode && `site ${v.siteCode}`, v.erpTypeId != null && `ERP type ${v.erpTypeId}`, v.ecsId != null && `ecs ${v.ecsId}`]
                      .filter(Boolean)
                      .join(', ')}
                  </TableCell>
                  <TableCell data-testid="type-value-status">{v.isActive ? 'Active' : 'Inactive'}</TableCell>
                  <TableCell align="right">
                    {editable && mayChange(v, providerAdmin) && (
                      <>
                        <Button size="small" onClick={() => open(v)} data-testid="type-value-edit">
                          Edit
                        </Button>
                        <Button
                          size="small"
                          color={v.isActive ? 'error' : 'primary'}
                          onClick={() => void setActiveState(v, !v.isActive)}
                          data-testid={v.isActive ? 'type-value-deactivate' : 'type-value-activate'}
                        >
                          {v.isActive ? 'Deactivate' : 'Activate'}
                        </Button>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {values.data?.itemList.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>No values match.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          <Pager
            id="type-values"
            page={page}
            pageSize={pageSize}
            total={values.data?.totalCount ?? 0}
            pageSizes={PAGE_SIZES}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </LoadState>
      </Section>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="sm">
        <DialogTitle>{editing === 'new' ? `Add a value to ${typeCode}` : `Edit a value of ${typeCode}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }} data-testid="type-value-form">
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
            {editing === 'new' && newValueSite != null && (
              <Alert severity="info" data-testid="type-value-site-scope">
                The new value is limited to {context?.currentSite?.siteCode}: values every client shares are changed by the provider.
              </Alert>
            )}
            {field('valueID', 'Value id', {
              disabled: editing !== 'new',
              numeric: true,
              helperText: editing === 'new' ? 'Empty: the next free id. Records store it; it never changes.' : 'Records store it; it never changes.',
            })}
            {field('code', 'Code')}
            {field('description', 'Description')}
            {field('description2', 'Description 2')}
            {field('sortOrder', 'Sort order', { numeric: true, helperText: editing === 'new' ? 'Empty: after the last value.' : undefined })}
            {editing === 'new' && field('erpTypeId', 'Only for ERP type (optional)', { numeric: true })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => void save()} data-testid="type-value-save">
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
