-- Site settings of the draw rules (issue 20, docs/stock-ledger.md "Limits" and docs/devices.md).
--
-- return_beyond_issued: what happens to a return of more than the employee (or the tracking code) was issued of that
-- item in a limit's period: 'refuse' (the default: 409, nothing posted) or 'supervisor' (posted when the return names
-- a supervisor of the employee).
alter table asp.site add column return_beyond_issued text not null default 'refuse'
    check (return_beyond_issued in ('refuse', 'supervisor'));

-- How late (days) and how early (minutes, the device's clock running ahead) a device may report a line; lines outside
-- are refused one by one with the reason.
alter table asp.site add column device_report_max_days_back integer not null default 3
    check (device_report_max_days_back between 0 and 366);
alter table asp.site add column device_report_max_minutes_ahead integer not null default 5
    check (device_report_max_minutes_ahead between 0 and 1440);
