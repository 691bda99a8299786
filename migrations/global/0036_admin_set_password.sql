-- An administrator-set password is a one-time credential (docs/security.md, "Administrator-set passwords"): it opens
-- only the forced change, and a user administrator's can be completed only with the owner's security answers.
-- `password_proof_failures` counts wrong answers since it was set; enough of them end the attempt until a provider
-- administrator sets the password again.
alter table asp.asp_users
    add column password_set_by_admin boolean not null default false,
    add column password_proof_failures int not null default 0;
