import type { ReactNode } from 'react';
import { hasPermission } from '../lib/userContext';
import { useUserContext } from '../shell/UserContextProvider';
import { Unauthorized } from '../shell/StaticPages';

export const FSS_CONNECT_ADMIN = 'FSSConnectAdmin';
export const FSS_CONNECT_ADMIN_ID = 3000;
export const BASIC_ACCESS = 'BasicAccess';
// Training link category of the devops pages (GET /api/V1/Presentation/TrainingLinks?category=devops).
export const DEVOPS_TRAINING = 'devops';

/** Shows the page only to holders of the permission (by name or id), otherwise the unauthorized page. */
export function RequirePermission({ permission, children }: { permission: string | number; children: ReactNode }) {
  const { context } = useUserContext();
  if (!context) return null;
  if (!hasPermission(context, permission)) return <Unauthorized />;
  return <>{children}</>;
}

export function useHasPermission(permission: string | number): boolean {
  const { context } = useUserContext();
  return hasPermission(context, permission);
}
