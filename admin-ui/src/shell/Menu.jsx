import { Menu } from 'react-admin';

export function AspMenu() {
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Homepage" />
      <Menu.ResourceItems />
    </Menu>
  );
}
