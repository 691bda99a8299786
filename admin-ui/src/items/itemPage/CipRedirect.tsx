import { useEffect } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../shared/events';
import { ITEM_SEARCH_ROUTE, itemRoute } from '../common';
import { fieldErrorsOf, statusOf, useApi } from '../../ui';
import { GUARD_MESSAGES } from './guard';

/** `/item/cip/{cip_no}`: a CIP known only by its number goes on to `/item/{cid_no}/{cip_no}` (and its guard). */
export function CipRedirect() {
  const { cip_no } = useParams();
  const cipNo = /^\d{1,15}$/.test(cip_no ?? '') ? Number(cip_no) : null;
  const navigate = useNavigate();
  const lookup = useApi('get', '/V1/Item/CIP/{id}', { path: { id: cipNo ?? 0 }, quiet: true }, { enabled: cipNo !== null });
  useEffect(() => {
    if (cipNo === null) {
      notify(GUARD_MESSAGES.invalid, 'error');
      navigate(ITEM_SEARCH_ROUTE, { replace: true });
    } else if (lookup.data) {
      navigate(itemRoute(lookup.data.cid_no, lookup.data.cip_no), { replace: true });
    } else if (lookup.error) {
      const status = statusOf(lookup.error);
      notify(status === 404 ? GUARD_MESSAGES.combination : (status === 409 && fieldErrorsOf(lookup.error).form) || GUARD_MESSAGES.error, 'error');
      navigate(ITEM_SEARCH_ROUTE, { replace: true });
    }
  }, [cipNo, lookup.data, lookup.error, navigate]);
  return (
    <Box sx={{ p: 4 }}>
      <CircularProgress />
    </Box>
  );
}
