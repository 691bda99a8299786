-- Texts reach a user at their mobile number through their carrier's e-mail-to-text gateway (issue 23,
-- docs/alerts-mail.md "Texts"): the number as the user typed it (kernel::mail::text_address reads its digits when a
-- text is sent) and the carrier of asp.mobile_carrier (the ASPMobileCarriers list). Both or neither: a number without
-- a carrier has no gateway to go to.
alter table asp.asp_users
    add column mobile_phone text check (mobile_phone ~ '^[0-9 +().\-/]{7,30}$'),
    add column mobile_carrier_id int references asp.mobile_carrier (mobile_carrier_id),
    add constraint asp_users_mobile_both check ((mobile_phone is null) = (mobile_carrier_id is null));
