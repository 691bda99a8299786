-- The console address a message is about (issue 23): kept as the console's route ("/cycleCount/approval"), made
-- absolute by the sender with the deployment's mail_link_base when it builds the message, so a message enqueued
-- before a change of address still carries the right one.
alter table asp.mail_outbox
    add column link text check (link is null or (link ~ '^/' and length(link) <= 2000));
