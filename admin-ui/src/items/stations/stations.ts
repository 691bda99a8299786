import type { Schema } from '../../shared/api';
import type { WithId } from '../../dataProvider/search';

export type Station = Schema<'Station'>;
export type StationRecord = WithId<Station>;
export type StationBin = Schema<'StationBin'>;
export type StationType = Schema<'StationType'>;

export const STATION_LIST_ROUTE = '/item/stations';
export const stationRoute = (id: number | string) => `/item/stations/${id}`;

export interface StationFilter {
  station_type?: number | string | null;
  is_active?: boolean | string | null;
  text?: string | null;
}

/** The Station/Search body besides paging: empty inputs as null, the active choice as a boolean. */
export function stationCriteria(filter: StationFilter) {
  const type = filter.station_type === '' || filter.station_type === null || filter.station_type === undefined ? null : Number(filter.station_type);
  const active = filter.is_active === true || filter.is_active === 'true' ? true : filter.is_active === false || filter.is_active === 'false' ? false : null;
  const text = typeof filter.text === 'string' && filter.text.trim() ? filter.text.trim() : null;
  return { station_type: Number.isInteger(type) ? type : null, is_active: active, text };
}

export interface StationForm {
  station_code: string;
  description: string;
  station_type: number;
  location: string;
  serial_no: string;
  is_active: boolean;
}

export const emptyStationForm = (): StationForm => ({ station_code: '', description: '', station_type: 1, location: '', serial_no: '', is_active: true });

export const stationForm = (s: Station): StationForm => ({
  station_code: s.station_code,
  description: s.description ?? '',
  station_type: s.station_type,
  location: s.location ?? '',
  serial_no: s.serial_no ?? '',
  is_active: s.is_active,
});

export function stationBody(form: StationForm, stationId?: number): Schema<'StationInput'> {
  const blank = (v: string) => (v.trim() ? v.trim() : null);
  return {
    station_id: stationId ?? null,
    station_code: form.station_code.trim().toUpperCase(),
    description: blank(form.description),
    station_type: Number(form.station_type),
    location: blank(form.location)?.toUpperCase() ?? null,
    serial_no: blank(form.serial_no),
    is_active: form.is_active,
  };
}
