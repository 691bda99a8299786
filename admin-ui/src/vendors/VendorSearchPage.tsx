// Vendor and manufacturer search (spec 4 section 2): `/vendors/vendorSearch` and `/manufacturers/manufacturerSearch`,
// with `?vend_code=` the detail behind the route guard.
import { useEffect, useState } from 'react';
import {
  Box, Button, Checkbox, Dialog, DialogActions, DialogContent, FormControlLabel, MenuItem, Paper, Table, TableBody, TableCell,
  TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { callApi } from '../shared/api';
import { HttpError } from '../shared/http';
import { PageTitle, Pager, useHasPermission } from '../ui';
import { LoadState, useApi } from '../ui';
import { VendorDetail } from './VendorDetail';
import { NewVendorDialog } from './NewVendorDialog';
import { VendorHoverCard } from './VendorHoverCard';
import { addressLine, detailRoute, guardDecision, searchRoute, UPDATE_VENDOR, type VendorCodeAnswer, type VendorModel } from './vendors';

export function VendorSearchPage({ model }: { model: VendorModel }) {
  const [params] = useSearchParams();
  const code = params.get('vend_code');
  if (code === null || code.trim() === '') return <SearchScreen model={model} />;
  return <GuardedDetail key={`${model}:${code}`} model={model} code={code} />;
}

/** The route guard: the server's look-up decides; a vendor the site does not see gets the dialog without cancel. */
function GuardedDetail({ model, code }: { model: VendorModel; code: string }) {
  const navigate = useNavigate();
  const [found, setFound] = useState<VendorCodeAnswer | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    callApi('get', '/V1/Vendor/VendorCode/{code}', { path: { code }, quiet: true })
      .then((answer) => {
        if (!live) return;
        const outcome = guardDecision(model, code, answer);
        if (outcome.kind === 'detail') setFound(answer);
        else if (outcome.kind === 'redirect') setMessage(outcome.message);
      })
      .catch((error: unknown) => {
        if (!live) return;
        const status = error instanceof HttpError ? error.status : 0;
        const outcome = guardDecision(model, code, null);
        setMessage(status === 404 || status === 400 ? (outcome.kind === 'redirect' ? outcome.message : null) : 'An error occurred fetching this vendor.');
      });
    return () => {
      live = false;
    };
  }, [model, code]);
  if (message) {
    return (
      <Dialog open disableEscapeKeyDown data-testid="vendor-redirect-dialog">
        <DialogContent>
          <Typography data-testid="vendor-redirect-message">{message}</Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => navigate(searchRoute(model), { replace: true })} data-testid="vendor-redirect-ok">
            OK
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  if (!found) return <Box sx={{ p: 2 }} data-testid="vendor-guard-wait" />;
  return <VendorDetail model={model} code={found.vend_code} />;
}

interface Filters {
  criteria: string;
  show_hidden: boolean;
  vmi: string;
  mfg: string;
  exclude_cod_vendors: boolean;
  remit_to_only: boolean;
}

const EMPTY: Filters = { criteria: '', show_hidden: false, vmi: '', mfg: '', exclude_cod_vendors: false, remit_to_only: false };
const tri = (v: string) => (v === '' ? null : v === 'true');

function SearchScreen({ model }: { model: VendorModel }) {
  const navigate = useNavigate();
  const canAdd = useHasPermission(UPDATE_VENDOR) && model === 'vendor';
  const [form, setForm] = useState<Filters>(EMPTY);
  const [query, setQuery] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [sort, setSort] = useState<{ field: string; desc: boolean }>({ field: 'vend_name', desc: false });
  const [adding, setAdding] = useState(false);
  const loaded = useApi('post', '/V1/Vendor/GetByQuickSearchCriteria', {
    body: {
      pageNumber: page - 1, pageSize: size, sortField: sort.field, sortDirection: sort.desc ? 'desc' : 'asc', vendor_model: model,
      criteria: query.criteria || null, show_hidden: query.show_hidden, vmi: tri(query.vmi), mfg: model === 'manufacturer' ? null : tri(query.mfg),
      exclude_cod_vendors: query.exclude_cod_vendors, remit_to_only: query.remit_to_only,
      // The document gives these defaults (false), so its type asks for them.
      filter_sxe_code: false, ignore_restrictions: false, no_site_filter: false,
    },
  });
  const title = model === 'manufacturer' ? 'Manufacturers' : 'Vendors';
  const header = (field: string, label: string) => (
    <TableCell onClick={() => setSort((s) => ({ field, desc: s.field === field ? !s.desc : false }))} sx={{ cursor: 'pointer', fontWeight: 600 }}>
      {label}
      {sort.field === field ? (sort.desc ? ' ▼' : ' ▲') : ''}
    </TableCell>
  );
  return (
    <Box sx={{ p: 2 }} data-testid={`${model}-search-page`}>
      <PageTitle title={title}>
        {canAdd && (
          <Button variant="contained" onClick={() => setAdding(true)} data-testid="vendor-add">
            New Vendor
          </Button>
        )}
      </PageTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box component="form" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
          onSubmit={(e) => { e.preventDefault(); setPage(1); setQuery(form); }}>
          <TextField size="small" label="Code, name or customer vendor number" value={form.criteria} sx={{ width: 340 }}
            onChange={(e) => setForm({ ...form, criteria: e.target.value })} inputProps={{ 'data-testid': 'vendor-search-text' }} />
          <TextField size="small" select label="VMI" value={form.vmi} onChange={(e) => setForm({ ...form, vmi: e.target.value })} sx={{ width: 130 }}>
            <MenuItem value="">Any</MenuItem>
            <MenuItem value="true">VMI</MenuItem>
            <MenuItem value="false">Not VMI</MenuItem>
          </TextField>
          {model === 'vendor' && (
            <TextField size="small" select label="Manufacturer" value={form.mfg} onChange={(e) => setForm({ ...form, mfg: e.target.value })} sx={{ width: 180 }}>
              <MenuItem value="">Any</MenuItem>
              <MenuItem value="true">Manufacturers</MenuItem>
              <MenuItem value="false">Not manufacturers</MenuItem>
            </TextField>
          )}
          <FormControlLabel control={<Checkbox checked={form.show_hidden} onChange={(e) => setForm({ ...form, show_hidden: e.target.checked })} inputProps={{ 'data-testid': 'vendor-search-hidden' } as object} />} label="Show hidden" />
          <FormControlLabel control={<Checkbox checked={form.exclude_cod_vendors} onChange={(e) => setForm({ ...form, exclude_cod_vendors: e.target.checked })} />} label="Exclude COD" />
          <FormControlLabel control={<Checkbox checked={form.remit_to_only} onChange={(e) => setForm({ ...form, remit_to_only: e.target.checked })} />} label="Remit-to only" />
          <Button type="submit" variant="contained" data-testid="vendor-search-button">
            Search
          </Button>
        </Box>
      </Paper>
      <LoadState loading={loaded.loading} error={loaded.error} what="vendor list">
        {loaded.data?.limitMessage && <Typography color="warning.main">{loaded.data.limitMessage}</Typography>}
        <Table size="small" data-testid="vendor-results">
          <TableHead>
            <TableRow>
              {header('vend_code', 'Code')}
              {header('vend_name', 'Name')}
              {header('city', 'Address')}
              <TableCell sx={{ fontWeight: 600 }}>Phone</TableCell>
              {header('terms_code', 'Terms')}
              <TableCell sx={{ fontWeight: 600 }}>Flags</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(loaded.data?.resultList ?? []).map((r) => (
              <TableRow key={r.vend_id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(detailRoute(model, r.vend_code))} data-testid={`vendor-row-${r.vend_code}`}>
                <TableCell>
                  <VendorHoverCard vendId={r.vend_id}>{r.vend_code}</VendorHoverCard>
                </TableCell>
                <TableCell>{r.vend_name}</TableCell>
                <TableCell>{addressLine(r)}</TableCell>
                <TableCell>{r.phone}</TableCell>
                <TableCell>{r.terms_code}</TableCell>
                <TableCell>
                  {[r.preferred && 'Preferred', r.vmi && 'VMI', r.is_manufacturer && 'Mfg', r.hold && 'Hold', r.is_hidden && 'Hidden'].filter(Boolean).join(', ')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Pager id="vendor" page={page} pageSize={size} total={loaded.data?.totalCount ?? 0} onPage={setPage} onPageSize={(n) => { setSize(n); setPage(1); }} />
      </LoadState>
      {adding && <NewVendorDialog onClose={() => setAdding(false)} onSaved={(code) => navigate(detailRoute('vendor', code))} />}
    </Box>
  );
}
