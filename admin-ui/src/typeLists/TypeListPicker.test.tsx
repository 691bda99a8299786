import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubTypeReads } from './testing';
import { TypeListPicker } from './TypeListPicker';
import { clearTypeListCache, stateOf, type TypeValue } from './lookups';

const v = (typeID: string, valueID: number, code: string, description: string, description2: string | null = null): TypeValue => ({
  typeID, valueID, code, description, description2, isActive: true,
});
const STATES = [v('State', 44, 'TX', 'Texas', 'US'), v('State', 70, 'ON', 'Ontario', 'CA')];

afterEach(() => {
  clearTypeListCache();
  vi.restoreAllMocks();
});

describe('TypeListPicker', () => {
  it('loads its list from the Type operation, shows the stored value by name and answers the chosen value id', async () => {
    const reads = stubTypeReads(STATES);
    const onChange = vi.fn();
    render(<TypeListPicker list="State" storedAs="id" value={44} onChange={onChange} label="State" testId="state" />);
    const input = screen.getByTestId('state') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('TX - Texas'));
    expect(reads.urls).toEqual(['/api/V1/Type/GetAllStates']);
    fireEvent.mouseDown(input);
    fireEvent.click(screen.getByTestId('state-option-70'));
    expect(onChange).toHaveBeenCalledWith(70);
  });

  it('offers only what `keep` accepts (the state picker: the chosen country`s states)', () => {
    render(<TypeListPicker list="State" storedAs="id" value={null} values={STATES} keep={stateOf('CA')} onChange={vi.fn()} label="State" testId="state" />);
    fireEvent.mouseDown(screen.getByTestId('state'));
    expect(screen.getByTestId('state-option-70')).toBeTruthy();
    expect(screen.queryByTestId('state-option-44')).toBeNull();
  });

  it('answers the code for a field that stores codes, and null when cleared', () => {
    const terms = [v('Terms', 1, 'NET30', 'Net 30 days'), v('Terms', 2, 'COD', 'Cash on delivery')];
    const onChange = vi.fn();
    render(<TypeListPicker list="Terms" storedAs="code" value="net30" values={terms} onChange={onChange} label="Terms" testId="terms" />);
    const input = screen.getByTestId('terms') as HTMLInputElement;
    expect(input.value).toBe('NET30 - Net 30 days');
    fireEvent.mouseDown(input);
    fireEvent.click(screen.getByTestId('terms-option-COD'));
    expect(onChange).toHaveBeenLastCalledWith('COD');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
