import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SearchPicker, searchText } from './SearchPicker';

interface Vendor {
  id: number;
  name: string;
}
const VENDORS: Vendor[] = [
  { id: 3, name: 'SKF' },
  { id: 4, name: 'Grainger' },
];

function picker(value: number | null, onChange = vi.fn(), find?: (key: string | number) => Promise<Vendor>) {
  const search = vi.fn(async (typed: string) => VENDORS.filter((v) => v.name.toLowerCase().includes(typed.toLowerCase())));
  render(
    <SearchPicker<Vendor>
      value={value}
      onChange={onChange}
      search={search}
      find={find}
      keyOf={(v) => v.id}
      labelOf={(v) => v.name}
      testId="sv"
      label="Shared vendor"
    />,
  );
  return { search, onChange, input: screen.getByTestId('sv') as HTMLInputElement };
}

describe('SearchPicker', () => {
  it('searches what is typed once typing pauses and answers the chosen record`s key', async () => {
    const { search, onChange, input } = picker(null);
    fireEvent.focus(input);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'gra' } });
    fireEvent.click(await screen.findByTestId('sv-option-4'));
    expect(search).toHaveBeenLastCalledWith('gra', expect.any(AbortSignal));
    expect(search.mock.calls.every(([typed]) => typed === 'gra' || typed === ''), 'no search per keystroke of a word still typed').toBe(true);
    expect(onChange).toHaveBeenCalledWith(4, VENDORS[1]);
  });

  it('shows a value given by its key by the record`s name', async () => {
    const find = vi.fn(async () => VENDORS[0]);
    const { input } = picker(3, vi.fn(), find);
    await waitFor(() => expect(input.value).toBe('SKF'));
    expect(find).toHaveBeenCalledWith(3, expect.any(AbortSignal));
  });

  it('keeps what the user types when the name of the value given by key arrives later', async () => {
    let answer: (v: Vendor) => void = () => undefined;
    const find = vi.fn(() => new Promise<Vendor>((resolve) => (answer = resolve)));
    const { input, onChange } = picker(3, vi.fn(), find);
    fireEvent.focus(input);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'gra' } });
    answer(VENDORS[0]);
    await screen.findByTestId('sv-option-4');
    expect(input.value).toBe('gra');
    fireEvent.click(screen.getByTestId('sv-option-4'));
    expect(onChange).toHaveBeenCalledWith(4, VENDORS[1]);
  });

  it('shows the key itself when the record cannot be read', async () => {
    const { input } = picker(99, vi.fn(), () => Promise.reject(new Error('404')));
    await waitFor(() => expect(input.value).toBe('99'));
  });

  it('lists everything when opened on a chosen value instead of searching for its label', () => {
    expect(searchText('SKF', 'SKF')).toBe('');
    expect(searchText(' sk ', 'SKF')).toBe('sk');
    expect(searchText('SKF', null)).toBe('SKF');
  });
});
