import NewReleasesIcon from '@mui/icons-material/NewReleases';
import { ReleaseCreate } from './ReleaseCreate';
import { ReleaseList } from './ReleaseList';
import { ReleaseShow } from './ReleaseShow';
import type { ReleaseRecord } from './releases';

// Addresses: /devops/aspReleases, /devops/aspReleaseDetail/:id, /devops/aspReleaseAdd (devops/routes.tsx).
export default {
  list: ReleaseList,
  show: ReleaseShow,
  create: ReleaseCreate,
  icon: NewReleasesIcon,
  recordRepresentation: (record: ReleaseRecord) => record.release_number,
};
