import { useEffect, useState } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useRefresh } from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import { callApi } from '../../shared/api';
import { notify } from '../../shared/events';
import { ConfirmDialog } from '../../ui';
import { useUserContext } from '../../shell/UserContextProvider';
import { ITEM_SEARCH_ROUTE } from '../common';
import { fieldErrorsOf, statusOf, useLoad } from '../../ui';
import { GUARD_MESSAGES, decideItemRoute, parseItemAddress } from './guard';
import { ItemDetail } from './ItemDetail';

/**
 * `/item/{cid_no}/{cip_no}` behind the route guard of spec 1 section 5: the CIP is looked up first; a bad address,
 * a missing CID/CIP combination or an InConversionProcess CIP is said in a toast and the user goes back to the item
 * search; a CIP of another of the user's sites asks to change site first.
 */
export function ItemPage() {
  const params = useParams();
  const address = parseItemAddress(params.cid_no, params.cip_no);
  const { context, changeSite } = useUserContext();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [declined, setDeclined] = useState(false);
  const lookup = useLoad(
    (signal) => callApi('get', '/V1/Item/CIP/{id}', { path: { id: address?.cipNo ?? 0 }, signal, quiet: true }),
    [address?.cipNo],
    Boolean(address),
  );
  const failed = Boolean(lookup.error) && statusOf(lookup.error) !== 404;
  const refusal = statusOf(lookup.error) === 409 ? fieldErrorsOf(lookup.error).form : null;
  const ready = !address || (!lookup.loading && (lookup.data !== undefined || Boolean(lookup.error)));
  const decision = ready
    ? decideItemRoute({
        address,
        cip: lookup.data ?? null,
        failed,
        refusal,
        currentSiteId: context?.currentSite?.site_id,
        availableSites: context?.availableSites,
      })
    : null;

  useEffect(() => {
    if (decision?.kind !== 'refuse') return;
    notify(decision.message, 'error');
    navigate(ITEM_SEARCH_ROUTE, { replace: true });
  }, [decision?.kind, decision?.kind === 'refuse' ? decision.message : null, navigate]);
  useEffect(() => setDeclined(false), [params.cid_no, params.cip_no]);

  if (!decision) {
    return (
      <Box sx={{ p: 4 }} data-testid="item-page-loading">
        <CircularProgress />
      </Box>
    );
  }
  if (decision.kind === 'changeSite') {
    return (
      <ConfirmDialog
        open={!declined}
        title="Change Site"
        message={decision.message}
        onCancel={() => {
          setDeclined(true);
          navigate(ITEM_SEARCH_ROUTE, { replace: true });
        }}
        onConfirm={async () => {
          try {
            const next = await changeSite(decision.site.siteCode);
            notify(GUARD_MESSAGES.siteChanged(next?.currentSite?.siteCode || decision.site.siteCode), 'success');
            // Cached lists belong to the previous site.
            refresh();
          } catch {
            // toasted by the http client
          }
        }}
      />
    );
  }
  if (decision.kind === 'refuse' || !address || !lookup.data) return null;
  // One item page per CIP: nothing of the previous item (tabs, forms) carries over.
  return <ItemDetail key={address.cipNo} cidNo={address.cidNo} cipNo={address.cipNo} onChanged={lookup.reload} />;
}
