import { useState, type InputHTMLAttributes } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useParams } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { formatDateTime } from '../../ui';
import { GuardedButton } from '../../grid/GuardedButton';
import { SelectField } from '../../grid/SelectField';
import { PageTitle, RouteLink } from '../../ui';
import { useUserContext } from '../../shell/UserContextProvider';
import { hasPermission } from '../../lib/userContext';
import { ITEM_MASTER_MAINTENANCE, ITEM_MASTER_SEARCH_ROUTE, ITEM_SEARCH_ROUTE, statusName, yesNo } from '../common';
import { InfoRow, LoadState, Section, fieldErrorsOf, nameWithCode, uomKind, useLoad } from '../../ui';
import { RefName } from '../itemPage/refs';
import {
  MAINTENANCE_FLAGS,
  MAINTENANCE_NUMBER_FIELDS,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TEXT_FIELDS,
  maintenanceChanges,
  maintenanceForm,
  type ItemMaster,
  type MaintenanceForm,
} from './itemMaster';

/** Maintenance sets Active, Obsolete or DeActivated; an inactive item is made active only by Reactivate. */
function statusOptions(current: number) {
  const options = MAINTENANCE_STATUSES.filter((s) => s.value !== 1 || current === 1);
  return options.some((o) => o.value === current) ? options : [{ value: current, label: statusName(current) }, ...options];
}

const inputProps = (testId: string) => ({ 'data-testid': testId }) as InputHTMLAttributes<HTMLInputElement>;

/** The maintenance form (Maintenance/Update, Export/Update, ShipWeight/Update), the API's field errors on the fields. */
function MaintenanceDialog({ item, open, onClose, onSaved }: { item: ItemMaster; open: boolean; onClose: () => void; onSaved: (item: ItemMaster) => void }) {
  const [form, setForm] = useState<MaintenanceForm>(() => maintenanceForm(item));
  const [exportForm, setExportForm] = useState(() => ({
    export_classification: item.export_classification ?? '',
    export_agency: item.export_agency ?? '',
    export_list: item.export_list ?? '',
    export_country_code: item.export_country_code ?? '',
    ship_weight: item.ship_weight === null || item.ship_weight === undefined ? '' : String(item.ship_weight),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: string, value: string | boolean | number) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const setExport = (field: keyof typeof exportForm, value: string) => {
    setExportForm((f) => ({ ...f, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const save = async () => {
    const { body, errors: local } = maintenanceChanges(item, form);
    const weightText = exportForm.ship_weight.trim();
    const weight = weightText === '' ? null : Number(weightText);
    if (weightText !== '' && !Number.isFinite(weight)) local.ship_weight = 'Please enter a valid value for Ship Weight';
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      let saved = item;
      if (Object.keys(body).length > 1) saved = await callApi('put', '/V1/ItemMaster/Maintenance/Update', { body, local400: true });
      const exportChanged = (['export_classification', 'export_agency', 'export_list', 'export_country_code'] as const).some(
        (k) => exportForm[k].trim() !== (item[k] ?? ''),
      );
      if (exportChanged) {
        const blank = (v: string) => (v.trim() === '' ? null : v.trim());
        saved = await callApi('put', '/V1/ItemMaster/Export/Update', {
          local400: true,
          body: {
            item_id: item.item_id,
            export_classification: blank(exportForm.export_classification),
            export_agency: blank(exportForm.export_agency),
            export_list: blank(exportForm.export_list),
            export_country_code: blank(exportForm.export_country_code)?.toUpperCase() ?? null,
          },
        });
      }
      if (weight !== (item.ship_weight ?? null)) {
        saved = await callApi('put', '/V1/ItemMaster/ShipWeight/Update', { local400: true, body: { item_id: item.item_id, ship_weight: weight } });
      }
      notify('Item master saved.', 'success');
      onSaved(saved);
    } catch (error) {
      const { fields, form: message } = fieldErrorsOf(error);
      setErrors(fields);
      setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  const text = (field: string, label: string, required = false) => (
    <TextField
      size="small"
      fullWidth
      label={label}
      required={required}
      value={String(form[field] ?? '')}
      onChange={(e) => set(field, e.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      slotProps={{ htmlInput: inputProps(`item-master-edit-${field}`) }}
    />
  );
  const exportText = (field: keyof typeof exportForm, label: string) => (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={exportForm[field]}
      onChange={(e) => setExport(field, e.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      slotProps={{ htmlInput: inputProps(`item-master-edit-${field}`) }}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth data-testid="item-master-edit-dialog">
      <DialogTitle>Item Master Maintenance: {item.item_id}</DialogTitle>
      <DialogContent dividers>
        {formError && (
          <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="item-master-edit-error">
            {formError}
          </Alert>
        )}
        <Grid container spacing={2}>
          {MAINTENANCE_TEXT_FIELDS.map(({ field, label, ...rest }) => (
            <Grid key={field} size={{ xs: 12, sm: 6 }}>
              {text(field, label, 'required' in rest && rest.required)}
            </Grid>
          ))}
          {MAINTENANCE_NUMBER_FIELDS.map(({ field, label }) => (
            <Grid key={field} size={{ xs: 12, sm: 4 }}>
              {text(field, label)}
            </Grid>
          ))}
          <Grid size={{ xs: 12, sm: 4 }}>
            <SelectField
              testId="item-master-edit-item_status"
              label="Status"
              value={Number(form.item_status)}
              // An inactive item stays inactive here: Reactivate makes it active again.
              options={statusOptions(item.item_status)}
              onChange={(v) => set('item_status', v)}
              error={Boolean(errors.item_status)}
              helperText={errors.item_status}
              fullWidth
            />
          </Grid>
          <Grid size={12}>
            <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
              {MAINTENANCE_FLAGS.map(({ field, label }) => (
                <FormControlLabel
                  key={field}
                  label={label}
                  control={<Checkbox checked={Boolean(form[field])} onChange={(e) => set(field, e.target.checked)} slotProps={{ input: inputProps(`item-master-edit-${field}`) }} />}
                />
              ))}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{exportText('ship_weight', 'Ship Weight (lb)')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{exportText('export_classification', 'Export Classification')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{exportText('export_agency', 'Export Agency')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{exportText('export_list', 'Export List')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{exportText('export_country_code', 'Export Country')}</Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="item-master-edit-cancel">
          Cancel
        </Button>
        <GuardedButton variant="contained" onClick={save} disabled={busy} data-testid="item-master-edit-save">
          Save
        </GuardedButton>
      </DialogActions>
    </Dialog>
  );
}

function SiteCids({ itemId, siteId }: { itemId: number; siteId: number | undefined }) {
  const { data, loading, error } = useLoad(
    (signal) => callApi('get', '/V1/ItemMaster/Common/{id}/{siteId}', { path: { id: itemId, siteId: siteId ?? 0 }, signal, quiet: true }),
    [itemId, siteId],
    siteId !== undefined,
  );
  return (
    <Section title="CIDs at this site" testId="item-master-site-cids">
      <LoadState loading={loading} error={error} what="item">
        {data && data.cids.length === 0 && <Box data-testid="item-master-no-cids">The site has no CID for this item.</Box>}
        {data && data.cids.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>CID</TableCell>
                <TableCell>Customer Part</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>CIPs</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.cids.map((cid) => (
                <TableRow key={cid.cid_no} data-testid="item-master-cid-row">
                  <TableCell>
                    <RouteLink to={`${ITEM_SEARCH_ROUTE}?cid_no=${cid.cid_no}`} data-testid={`item-master-cid-${cid.cid_no}`}>
                      {cid.cid_no}
                    </RouteLink>
                  </TableCell>
                  <TableCell>{cid.cust_item_code}</TableCell>
                  <TableCell>{[cid.cust_desc1, cid.cust_desc2].filter(Boolean).join(' ')}</TableCell>
                  <TableCell>{statusName(cid.cid_status)}</TableCell>
                  <TableCell>{cid.cip_count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </LoadState>
    </Section>
  );
}

/** Item master detail (`/item/itemMaster/search/:item_id`); maintenance for provider staff holding ItemMasterMaintenance. */
export function ItemMasterShow() {
  // `/item/itemMaster/search/:item_id`, or react-admin's `/itemMaster/:id/show`.
  const { item_id, id } = useParams();
  const itemId = Number(item_id ?? id);
  const { context } = useUserContext();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<ItemMaster | null>(null);
  const loaded = useLoad(
    (signal) => callApi('get', '/V1/ItemMaster/Common/{id}', { path: { id: itemId }, signal, quiet: true }),
    [itemId],
    Number.isSafeInteger(itemId) && itemId > 0,
  );
  const item = saved && saved.item_id === itemId ? saved : loaded.data;
  // The catalogue is every client's: the API lets only provider staff change it.
  const canMaintain = hasPermission(context, ITEM_MASTER_MAINTENANCE) && Boolean(context?.currentUser?.fss_employee);
  const canReactivate = canMaintain && (item?.item_status === 2 || item?.item_status === 3);

  const reactivate = async () => {
    try {
      const answer = await callApi('get', '/V1/ItemMaster/Reactivate/{id}', { path: { id: itemId } });
      setSaved(answer);
      notify('Item reactivated.', 'success');
    } catch {
      // toasted by the http client
    }
  };

  return (
    <Box sx={{ p: 2 }} data-testid="item-master-detail">
      <PageTitle title="Item Master Detail" backTo={ITEM_MASTER_SEARCH_ROUTE}>
        {canReactivate && (
          <GuardedButton variant="outlined" onClick={reactivate} data-testid="item-master-reactivate">
            Reactivate
          </GuardedButton>
        )}
        {canMaintain && item && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="item-master-edit">
            Edit
          </Button>
        )}
      </PageTitle>
      <LoadState loading={loaded.loading} error={loaded.error || (!Number.isSafeInteger(itemId) ? new Error('invalid') : null)} what="item master record">
        {item && (
          <>
            <Section title="General" testId="item-master-general">
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 6 }}>
                  <InfoRow label="Item Id" value={item.item_id} testId="item-master-detail-item_id" />
                  <InfoRow label="Description 1" value={item.desc1} testId="item-master-detail-desc1" />
                  <InfoRow label="Description 2" value={item.desc2} testId="item-master-detail-desc2" />
                  <InfoRow label="Manufacturer" value={nameWithCode(item.mfg_name, item.mfg_code)} testId="item-master-detail-mfg" />
                  <InfoRow label="Manufacturer Part" value={item.mfg_part_no} testId="item-master-detail-mfg_part_no" />
                  <InfoRow label="Brand" value={item.brand_name} testId="item-master-detail-brand" />
                  <InfoRow label="Status" value={statusName(item.item_status)} testId="item-master-detail-status" />
                  <InfoRow label="Unit of Measure">
                    <RefName kind={uomKind} value={item.uom_code} testId="item-master-detail-uom" />
                  </InfoRow>
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <InfoRow label="ERP / VMI Item Code" value={item.erp_vmi_item_code} />
                  <InfoRow label="UPC" value={item.asp_upc} />
                  <InfoRow label="Commodity" value={nameWithCode(item.commodity_description, item.commodity_code)} />
                  <InfoRow label="Hazardous" value={nameWithCode(item.haz_description, item.haz_code)} />
                  <InfoRow label="Shelf Life (days)" value={item.shelf_life} />
                  <InfoRow label="Ship Weight (lb)" value={item.ship_weight} testId="item-master-detail-ship_weight" />
                  <InfoRow label="SAT Code" value={item.sat_code} />
                  <InfoRow label="Updated" value={formatDateTime(item.updated_at)} />
                </Grid>
              </Grid>
            </Section>
            <Section title="Flags and export">
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 6 }}>
                  <InfoRow label="Lot Control" value={yesNo(item.lot_control)} />
                  <InfoRow label="Serialized" value={yesNo(item.serialized)} />
                  <InfoRow label="Kit" value={yesNo(item.kit)} />
                  <InfoRow label="Repairable" value={yesNo(item.repairable)} />
                  <InfoRow label="MSDS Required" value={yesNo(item.msds_req)} />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <InfoRow label="Export Classification" value={item.export_classification} />
                  <InfoRow label="Export Agency" value={item.export_agency} />
                  <InfoRow label="Export List" value={item.export_list} />
                  <InfoRow label="Export Country" value={item.export_country_code} />
                  <InfoRow label="Foreign Descriptions" value={[item.foreign_lang_desc1, item.foreign_lang_desc2].filter(Boolean).join(' / ')} />
                </Grid>
              </Grid>
            </Section>
            <SiteCids itemId={item.item_id} siteId={context?.currentSite?.site_id} />
            {editing && (
              <MaintenanceDialog
                item={item}
                open={editing}
                onClose={() => setEditing(false)}
                onSaved={(next) => {
                  setSaved(next);
                  setEditing(false);
                }}
              />
            )}
          </>
        )}
      </LoadState>
    </Box>
  );
}
