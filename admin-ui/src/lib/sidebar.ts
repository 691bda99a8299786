// Whether the side bar is open, remembered per user in this browser (react-admin's own flag is one for everybody).
const key = (userId: number | string) => `asp.sidebar.open.${userId}`;

/** The user's choice, or null when they never toggled it. */
export function readSidebarOpen(userId: number | string): boolean | null {
  const value = localStorage.getItem(key(userId));
  return value === null ? null : value === 'true';
}

export function writeSidebarOpen(userId: number | string, open: boolean): void {
  localStorage.setItem(key(userId), String(open));
}
