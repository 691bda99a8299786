-- The inbox badge counts a user's unread rows (GET Alerts/Inbox/count): an index of exactly those rows answers it
-- from the index alone, however many read messages the inbox keeps (bench/README.md "Alerts": 8.6 ms for a user with
-- 50,000 inbox rows through notification_recipient_inbox_idx, which also holds the read ones; 0.2 ms with this one).
create index notification_recipient_unread_idx on notification_recipient (asp_users_id, site_id)
    where inbox_state = 2 and inbox_removed_at is null and inbox_read_at is null;
