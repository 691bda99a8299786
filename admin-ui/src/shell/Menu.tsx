import { Menu } from 'react-admin';

// The devops resources are reached through the top menu (Controls > DevOps, Help), which the server's UserContext
// drives; the sidebar lists only the administration resources, as before they became resources.
export const SIDEBAR_RESOURCES = ['users', 'roles', 'permissions', 'sites'] as const;

export function AspMenu() {
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Homepage" />
      {SIDEBAR_RESOURCES.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </Menu>
  );
}
