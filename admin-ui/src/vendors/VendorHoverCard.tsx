// The vendor and manufacturer pop-ups of spec 1 section 2: hovering a vendor code shows what a buyer wants at a
// glance (GET /V1/Vendor/Hover/Buyer/{id}).
import { useState, type ReactNode } from 'react';
import { Box, CircularProgress, Popover, Typography } from '@mui/material';
import { callApi, type Schema } from '../shared/api';
import { addressLine } from './vendors';

type Hover = Schema<'VendorHover'>;

export function VendorHoverCard({ vendId, children }: { vendId: number; children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [card, setCard] = useState<Hover | null>(null);
  const [failed, setFailed] = useState(false);
  const open = (target: HTMLElement) => {
    setAnchor(target);
    if (!card && !failed) {
      callApi('get', '/V1/Vendor/Hover/Buyer/{id}', { path: { id: vendId }, quiet: true }).then(setCard, () => setFailed(true));
    }
  };
  return (
    <>
      <Box component="span" onMouseEnter={(e) => open(e.currentTarget)} onMouseLeave={() => setAnchor(null)} data-testid={`vendor-hover-${vendId}`} sx={{ cursor: 'help' }}>
        {children}
      </Box>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} disableRestoreFocus sx={{ pointerEvents: 'none' }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Box sx={{ p: 1.5, maxWidth: 360 }} data-testid="vendor-hover-card">
          {!card && !failed && <CircularProgress size={20} />}
          {failed && <Typography variant="body2">The vendor could not be shown.</Typography>}
          {card && (
            <>
              <Typography variant="subtitle2">
                {card.vend_name} ({card.vend_code}){card.is_manufacturer ? ' · Manufacturer' : ''}{card.is_vmi ? ' · VMI' : ''}
              </Typography>
              <Typography variant="body2">{addressLine(card)}{card.country && card.country !== 'US' ? `, ${card.country}` : ''}</Typography>
              {card.phone && <Typography variant="body2">Phone: {card.phone}</Typography>}
              {card.contact_name && <Typography variant="body2">Contact: {card.contact_name}{card.email ? ` <${card.email}>` : ''}</Typography>}
              <Typography variant="body2">Terms: {card.terms_description ?? card.terms_code ?? '—'}</Typography>
              {card.hold_description && <Typography variant="body2" color="warning.main">Hold: {card.hold_description}</Typography>}
              {card.preferred && <Typography variant="body2">Preferred at this site</Typography>}
              {card.buyer_name && <Typography variant="body2">Buyer: {card.buyer_name}</Typography>}
            </>
          )}
        </Box>
      </Popover>
    </>
  );
}
