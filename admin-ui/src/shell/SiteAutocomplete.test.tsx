import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SiteAutocomplete } from './SiteAutocomplete';

const sites = [
  { site_id: 1, siteCode: 'ACME-N', site_name: 'Acme North' },
  { site_id: 2, siteCode: 'ACME-S', site_name: 'Acme South' },
];

describe('SiteAutocomplete', () => {
  it('upper-cases what is typed', () => {
    render(<SiteAutocomplete sites={sites} testId="site-input" onSelect={() => {}} />);
    const input = screen.getByTestId('site-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'acme-s' } });
    expect(input.value).toBe('ACME-S');
  });

  it('selects a typed valid code on Enter', () => {
    const onSelect = vi.fn();
    render(<SiteAutocomplete sites={sites} testId="site-input" onSelect={onSelect} />);
    const input = screen.getByTestId('site-input') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'acme-s' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(sites[1]);
  });

  it('selects a site from the list', () => {
    const onSelect = vi.fn();
    render(<SiteAutocomplete sites={sites} testId="site-input" onSelect={onSelect} />);
    const input = screen.getByTestId('site-input') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'north' } });
    fireEvent.click(screen.getByTestId('site-option-ACME-N'));
    expect(onSelect).toHaveBeenCalledWith(sites[0]);
  });

  it('resets on an unknown code instead of selecting', () => {
    const onSelect = vi.fn();
    const onDismiss = vi.fn();
    render(<SiteAutocomplete sites={sites} testId="site-input" onSelect={onSelect} onDismiss={onDismiss} />);
    const input = screen.getByTestId('site-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).not.toHaveBeenCalled();
    expect(onDismiss).toHaveBeenCalled();
    expect(input.value).toBe('');
  });
});
