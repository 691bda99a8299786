import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import { StationList } from './StationList';
import { StationShow } from './StationShow';
import type { StationRecord } from './stations';

// Addresses: /item/stations and /item/stations/:id.
export default {
  list: StationList,
  show: StationShow,
  icon: PrecisionManufacturingIcon,
  recordRepresentation: (record: StationRecord) => record.station_code,
};
