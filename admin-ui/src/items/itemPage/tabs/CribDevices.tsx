import { Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatQuantity } from '../../../shared/numbers';
import { formatDateTime } from '../../../ui';
import { RouteLink } from '../../../ui';
import { cipRoute, yesNo } from '../../common';
import { stationRoute } from '../../stations/stations';
import { InfoRow, LoadState, Section, useApi } from '../../../ui';

/** The crib devices holding the CIP (crib master): dispenser bins, kanban bins, kit children and kits it belongs to. */
export function CribDevices({ cipNo }: { cipNo: number }) {
  const master = useApi('get', '/V1/Item/CIP/CribMaster/{cip_no}', { path: { cip_no: cipNo }, quiet: true });
  const m = master.data;
  return (
    <Section title="Crib devices" testId="item-crib-devices">
      <LoadState loading={master.loading} error={master.error} what="crib devices">
        {m && (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <InfoRow label="Dispensing" value={yesNo(m.dispensing)} testId="item-dispensing" />
              <InfoRow label="Kit" value={yesNo(m.is_kit)} />
              <Typography variant="subtitle2" sx={{ mt: 1 }}>
                Station bins
              </Typography>
              {m.bins.length === 0 ? (
                <Typography variant="body2">None.</Typography>
              ) : (
                <Table size="small">
                  <TableBody>
                    {m.bins.map((b) => (
                      <TableRow key={b.station_bin_id}>
                        <TableCell>
                          <RouteLink to={stationRoute(b.station_id)}>{b.station_code}</RouteLink>
                        </TableCell>
                        <TableCell>{b.bin_code}</TableCell>
                        <TableCell align="right">{formatQuantity(b.capacity)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <Typography variant="subtitle2" sx={{ mt: 1 }}>
                Kanban bins
              </Typography>
              {m.kanban_bins.length === 0 ? (
                <Typography variant="body2">None.</Typography>
              ) : (
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>Card</TableCell>
                      <TableCell>Station</TableCell>
                      <TableCell align="right">Qty</TableCell>
                      <TableCell>Last scan</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {m.kanban_bins.map((k) => (
                      <TableRow key={k.kanban_bin_id}>
                        <TableCell>{k.tool_code}</TableCell>
                        <TableCell>{k.station_code}</TableCell>
                        <TableCell align="right">{formatQuantity(k.bin_qty)}</TableCell>
                        <TableCell>{formatDateTime(k.last_scan_at)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Typography variant="subtitle2">Kit children</Typography>
              {m.kit_children.length === 0 ? (
                <Typography variant="body2">None.</Typography>
              ) : (
                <Table size="small">
                  <TableBody>
                    {m.kit_children.map((c) => (
                      <TableRow key={c.child_cip_no}>
                        <TableCell>
                          <RouteLink to={cipRoute(c.child_cip_no)}>{c.cip_code}</RouteLink>
                        </TableCell>
                        <TableCell>{c.cust_desc1}</TableCell>
                        <TableCell align="right">x {formatQuantity(c.qty)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <Typography variant="subtitle2" sx={{ mt: 1 }}>
                In kits
              </Typography>
              {m.kits.length === 0 ? (
                <Typography variant="body2">None.</Typography>
              ) : (
                m.kits.map((k) => (
                  <InfoRow key={k.parent_cip_no} label={`x ${formatQuantity(k.qty)}`}>
                    <RouteLink to={cipRoute(k.parent_cip_no)}>{k.parent_cip_code}</RouteLink> {k.cust_desc1}
                  </InfoRow>
                ))
              )}
            </Grid>
          </Grid>
        )}
      </LoadState>
    </Section>
  );
}
