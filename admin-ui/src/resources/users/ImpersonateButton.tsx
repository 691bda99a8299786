import { useRecordContext } from 'react-admin';
import { ActionButton } from '../../ui';
import { notify } from '../../shared/events';
import { useUserContext } from '../../shell/UserContextProvider';
import { IMPERSONATE_USERS, useImpersonation } from '../../shell/ImpersonationSession';
import { START_FAILED, confirmLabel, confirmTitle, impersonationMessage, useSiteCodes } from '../../shell/ImpersonateDialog';
import type { UserRecord } from './index';

/** The user search's row action for support staff: act as this user, after saying what that means. */
export function ImpersonateButton() {
  const record = useRecordContext<UserRecord>();
  const { context } = useUserContext();
  const codeOf = useSiteCodes();
  const { canImpersonate, start } = useImpersonation();
  if (!record || !canImpersonate || record.id === context?.currentUser?.asp_users_id || !record.is_active) return null;
  return (
    // The row opens the user on click; neither the button nor its dialog (a portal, but a child here) may.
    <span onClick={(event) => event.stopPropagation()}>
      <ActionButton
        permission={IMPERSONATE_USERS}
        size="small"
        perform={() => start(record)}
        confirm={{ title: confirmTitle(record), message: impersonationMessage(record, codeOf), confirmLabel: confirmLabel(record) }}
        onRefused={(_error, message) => notify(message ?? START_FAILED, 'error')}
        testId={`impersonate-${record.user_id}`}
      >
        Impersonate
      </ActionButton>
    </span>
  );
}
