// Tracking codes of one level (`/trackingcode/trackingCodeSearch/{level}`): the search, and with `?id=` the code's
// detail behind the route guard (spec 4 section 2: the code's level must be the route's). Parts in page/.
import { Typography } from '@mui/material';
import { useParams, useSearchParams } from 'react-router';
import { parseLevel } from './trackingCodes';
import { GuardedDetail } from './page/TrackingCodeDetail';
import { TrackingCodeSearch } from './page/TrackingCodeSearch';

export function TrackingCodePage() {
  const { level: raw } = useParams();
  const [params] = useSearchParams();
  const id = params.get('id');
  const level = parseLevel(raw);
  if (id !== null) return <GuardedDetail level={level} id={id} />;
  if (level === null) return <Typography sx={{ p: 2 }}>Invalid route guard</Typography>;
  return <TrackingCodeSearch level={level} />;
}
