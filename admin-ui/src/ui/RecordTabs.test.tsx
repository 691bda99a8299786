import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { RecordTabs, openTab } from './RecordTabs';
import { renderInApp } from './testing';

const TABS = [
  { key: 'general', label: 'General', content: <div>general body</div> },
  { key: 'history', label: 'History', content: <div>history body</div> },
  { key: 'secret', label: 'Secret', content: <div>secret body</div>, hidden: true },
];

function Where() {
  const { search } = useLocation();
  return <div data-testid="where">{search}</div>;
}

describe('RecordTabs', () => {
  it('opens the tab the address names and keeps the choice in it', () => {
    renderInApp(
      <>
        <RecordTabs id="vendor" tabs={TABS} />
        <Where />
      </>,
      '/vendors/1?tab=history',
    );
    expect(screen.getByTestId('vendor-panel-history').textContent).toBe('history body');
    fireEvent.click(screen.getByTestId('vendor-tab-general'));
    expect(screen.getByTestId('vendor-panel-general').textContent).toBe('general body');
    expect(screen.getByTestId('where').textContent).toBe('?tab=general');
  });

  it('never offers or opens a hidden tab', () => {
    renderInApp(<RecordTabs id="vendor" tabs={TABS} />, '/vendors/1?tab=secret');
    expect(screen.queryByTestId('vendor-tab-secret')).toBeNull();
    expect(screen.getByTestId('vendor-panel-general')).toBeTruthy();
    expect(openTab(TABS, 'nonsense')).toBe('general');
    expect(openTab([], 'general')).toBeUndefined();
  });

  it('keeps the tab to itself when told not to use the address', () => {
    renderInApp(
      <>
        <RecordTabs id="dlg" tabs={TABS} param={null} />
        <Where />
      </>,
      '/x',
    );
    fireEvent.click(screen.getByTestId('dlg-tab-history'));
    expect(screen.getByTestId('dlg-panel-history')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('');
  });
});
