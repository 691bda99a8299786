import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { BackToSearch, PageTitle, clearance } from './PageTitle';
import { renderInApp } from './testing';

describe('clearance', () => {
  it('moves a title under a 61px bar that react-admin left 48px for, and not one already clear of it', () => {
    // Vendor Cost Review: no page padding, the title at 48px under a bar that wrapped to 61px.
    expect(clearance(61, 48)).toBe(29);
    // A page padded 16px under a 48px bar is already 16px clear.
    expect(clearance(48, 64)).toBe(0);
    expect(clearance(48, 600)).toBe(0);
  });
});

describe('PageTitle', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('sits below a fixed top bar taller than the room left for it', () => {
    const bar = document.createElement('header');
    bar.className = 'MuiAppBar-root MuiAppBar-positionFixed';
    Object.defineProperty(bar, 'offsetHeight', { value: 61 });
    document.body.appendChild(bar);
    // jsdom lays nothing out: every element is at the top, where an unpadded page's title starts under the bar.
    renderInApp(<PageTitle title="Vendor Cost Review" />);
    expect(screen.getByTestId('page-title').textContent).toBe('Vendor Cost Review');
    expect(screen.getByTestId('page-title-bar').style.marginTop).toBe('77px');
    expect(document.title).toBe('Vendor Cost Review - ASP');
  });

  it('shows Back to search, which opens the search, and the actions', () => {
    renderInApp(
      <Routes>
        <Route path="/vendors/:code" element={<PageTitle title="Vendor 10452" backTo="/vendors" actions={<button data-testid="hide">Hide</button>} />} />
        <Route path="/vendors" element={<div data-testid="search" />} />
      </Routes>,
      '/vendors/10452',
    );
    expect(screen.getByTestId('hide')).toBeTruthy();
    fireEvent.click(screen.getByTestId('back-to-search'));
    expect(screen.getByTestId('search')).toBeTruthy();
  });

  it('BackToSearch without a target goes back in the history', () => {
    renderInApp(
      <Routes>
        <Route path="/a" element={<div data-testid="a" />} />
        <Route path="/b" element={<BackToSearch />} />
      </Routes>,
      '/b',
    );
    expect(screen.getByTestId('back-to-search').textContent).toBe('Back to search');
  });
});
