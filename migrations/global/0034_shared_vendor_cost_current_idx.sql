-- The shared vendor summary counts each shared vendor's current costs (active, not ended before today): with the
-- shared vendor and end date in a partial index of the active costs, that count is an index-only range scan per
-- shared vendor instead of a read of every cost row of its catalogue (a catalogue may hold hundreds of thousands).
create index shared_vendor_cost_current_idx on asp.shared_vendor_cost (shared_vendor_id, end_date) where is_active;
