import { useState } from 'react';
import { Button, Grid, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import type { Schema } from '../../../shared/api';
import { formatQuantity } from '../../../shared/numbers';
import { formatCurrency, formatDateTime } from '../../../ui';
import { RouteLink, nameWithCode, uomKind, useHasPermission, vendorKind } from '../../../ui';
import { cipRoute, ITEM_EDIT, replTypeName, statusName, yesNo } from '../../common';
import { itemMasterDetailRoute } from '../../itemMaster/ItemMasterList';
import { InfoRow, Section } from '../../../ui';
import { OtherSettingsDialog } from './OtherSettingsDialog';
import { abcClassName, RefName } from '../refs';

type CipCommon = Schema<'CipCommon'>;
type CipRef = Schema<'CipRef'>;

const RELATION: Record<number, string> = { 1: 'Substitute', 2: 'Accessory', 3: 'Spare Part' };

function CipLink({ cip }: { cip: CipRef | null | undefined }) {
  if (!cip) return null;
  // The reference does not name its CID (a buddy may be of another CID): the CIP's own page finds it.
  return (
    <RouteLink to={cipRoute(cip.cip_no)} data-testid={`item-ref-${cip.cip_no}`}>
      {cip.cip_code}
    </RouteLink>
  );
}

/**
 * General: the CIP, its CID and its item-master part; buddy, repaired-part CIP and related items. With ItemEdit the
 * CIP's other settings (vendor, consigned, buddy, custom 1-4) are edited here.
 */
export function GeneralTab({ common, onSaved }: { common: CipCommon; onSaved?: () => void }) {
  const { cip, cid, item } = common;
  const canEdit = useHasPermission(ITEM_EDIT);
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section
            title="CIP"
            testId="item-general-cip"
            actions={
              canEdit && (
                <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="item-other-edit">
                  Other settings
                </Button>
              )
            }
          >
            <InfoRow label="CIP Id" value={cip.cip_no} testId="item-cip-no" />
            <InfoRow label="CIP Code" value={cip.cip_code} testId="item-cip-code" />
            <InfoRow label="Location" value={cip.location} testId="item-location" />
            <InfoRow label="Segments" value={[cip.loc_seg1, cip.loc_seg2, cip.loc_seg3, cip.loc_seg4, cip.loc_seg5].filter(Boolean).join(' / ')} />
            <InfoRow label="Status" value={statusName(cip.status_id)} />
            <InfoRow label="Replenishment" value={replTypeName(cip.repl_type)} />
            <InfoRow label="Consigned" value={yesNo(cip.consigned)} />
            <InfoRow label="Dispensing" value={yesNo(cip.dispensing)} />
            <InfoRow label="Vendor">
              <RefName kind={vendorKind} value={cip.vend_code} testId="item-cip-vendor" />
            </InfoRow>
            {cip.cust_avg_cost !== null && cip.cust_avg_cost !== undefined && (
              <InfoRow label="Average Cost" value={formatCurrency(cip.cust_avg_cost)} testId="item-avg-cost" />
            )}
            <InfoRow label="Buddy CIP">
              <CipLink cip={common.buddy} />
            </InfoRow>
            <InfoRow label="Repaired-part CIP">
              <CipLink cip={common.repair} />
            </InfoRow>
            <InfoRow label="Updated" value={formatDateTime(cip.updated_at)} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section title="CID" testId="item-general-cid">
            {cid ? (
              <>
                <InfoRow label="CID No" value={cid.cid_no} testId="item-cid-no" />
                <InfoRow label="Customer Part" value={cid.cust_item_code} testId="item-cust-item-code" />
                <InfoRow label="Description" value={[cid.cust_desc1, cid.cust_desc2].filter(Boolean).join(' ')} />
                <InfoRow label="Status" value={statusName(cid.cid_status)} />
                <InfoRow label="Vendor">
                  <RefName kind={vendorKind} value={cid.vend_code} testId="item-cid-vendor" />
                </InfoRow>
                <InfoRow label="Average Lead Time" value={cid.avg_lead_time === null || cid.avg_lead_time === undefined ? '' : `${cid.avg_lead_time} days`} />
                <InfoRow label="ABC Class" value={abcClassName(cid.curr_abc_class_type_id)} />
                <InfoRow
                  label="Flags"
                  value={[
                    cid.stock_item && 'Stock item',
                    cid.crit_part && 'Critical',
                    cid.serialized && 'Serialized',
                    cid.lot_control && 'Lot control',
                    cid.repairable && 'Repairable',
                    cid.repaired_part && 'Repaired part',
                    cid.kit && 'Kit',
                    cid.taxable && 'Taxable',
                  ]
                    .filter(Boolean)
                    .join(', ')}
                />
              </>
            ) : (
              'No CID.'
            )}
          </Section>
          <Section title="Item master" testId="item-general-master">
            {item ? (
              <>
                <InfoRow label="Part">
                  <RouteLink to={itemMasterDetailRoute(item.item_id)} data-testid="item-master-link">
                    {[item.mfg_code, item.mfg_part_no].filter(Boolean).join(' ') || [item.desc1, item.desc2].filter(Boolean).join(' ') || 'Item master part'}
                  </RouteLink>
                </InfoRow>
                <InfoRow label="Manufacturer" value={nameWithCode(item.mfg_name, item.mfg_code)} />
                <InfoRow label="Manufacturer Part" value={item.mfg_part_no} testId="item-mfg-part" />
                <InfoRow label="Description" value={[item.desc1, item.desc2].filter(Boolean).join(' ')} />
                <InfoRow label="UPC" value={item.asp_upc} />
                <InfoRow label="ERP Item Code" value={item.erp_vmi_item_code} />
                <InfoRow label="UOM">
                  <RefName kind={uomKind} value={item.uom_code} testId="item-uom" />
                </InfoRow>
                <InfoRow label="Commodity" value={item.commodity_code} />
              </>
            ) : (
              'No item-master part.'
            )}
          </Section>
        </Grid>
      </Grid>
      {editing && (
        <OtherSettingsDialog
          cip={cip}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onSaved?.();
          }}
        />
      )}
      <Section title="Related items" testId="item-related">
        {common.related_items.length === 0 ? (
          'None.'
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Relation</TableCell>
                <TableCell>CIP</TableCell>
                <TableCell>Customer Part</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Location</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">On Hand</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {common.related_items.map((r) => (
                <TableRow key={r.related_cip_no} data-testid="item-related-row">
                  <TableCell>{RELATION[r.relation] ?? r.relation}</TableCell>
                  <TableCell>
                    <RouteLink to={cipRoute(r.related_cip_no)}>{r.cip_code}</RouteLink>
                  </TableCell>
                  <TableCell>{r.cust_item_code}</TableCell>
                  <TableCell>{r.cust_desc1}</TableCell>
                  <TableCell>{r.location}</TableCell>
                  <TableCell>{statusName(r.status_id)}</TableCell>
                  <TableCell align="right">{formatQuantity(r.qty_on_hand)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </>
  );
}
