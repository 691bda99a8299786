import PinIcon from '@mui/icons-material/PinOutlined';
import { TrackingCodePage } from './TrackingCodePage';
import { LevelsPage } from './LevelsPage';

/** Tracking codes: the level's search (list) and, with ?id=, the code's detail (show). */
export default {
  list: TrackingCodePage,
  show: TrackingCodePage,
  edit: TrackingCodePage,
  create: TrackingCodePage,
  levels: LevelsPage,
  icon: PinIcon,
  recordRepresentation: 'trackingNumber',
};
