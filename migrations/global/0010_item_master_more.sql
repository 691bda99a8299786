-- Indexes for the item master searches (docs/item-master.md, "Search"). The database collation is not C, so a
-- btree serves a prefix `like` only with text_pattern_ops.

-- Manufacturer part numbers are typed with or without their punctuation ("62042RS" finds "6204-2RS"): the search
-- compares the letters and digits only, upper case, as a prefix.
create index item_master_part_key_prefix_idx on asp.item_master
    (upper(regexp_replace(mfg_part_no, '[^[:alnum:]]', '', 'g')) text_pattern_ops);

-- ERP / VMI item codes are looked up by prefix.
create index item_master_erp_code_prefix_idx on asp.item_master (upper(erp_vmi_item_code) text_pattern_ops)
    where erp_vmi_item_code is not null;
