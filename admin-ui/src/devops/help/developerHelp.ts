// Field-level developer help (spec 2): Ctrl+Alt+click on an element carrying data-help-id, for FSSConnectAdmin.

/** Help ids of the fields that carry one (rows of asp.developer_help). */
export const HELP_IDS = {
  siteCode: 1,
  userId: 2,
  releaseNumber: 3,
  poNumber: 4,
  alertType: 5,
  glossaryLabel: 6,
};

/** The help id a click asks for, or null: needs Ctrl and Alt held and an element with data-help-id. */
export function helpIdOfClick(event: Pick<MouseEvent, 'ctrlKey' | 'altKey' | 'target'> | null | undefined): string | null {
  if (!event?.ctrlKey || !event?.altKey) return null;
  const target = event.target;
  const element = target instanceof Element ? target.closest('[data-help-id]') : null;
  const id = element?.getAttribute('data-help-id');
  return id ? id : null;
}
