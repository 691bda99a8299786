import { formatMoney } from '../../shared/numbers';

// A limit the code does not set reads as a dash.
export const money = (v: unknown) => formatMoney(v, { blank: '—' });
