-- A message an administrator sends to named people (POST Alerts/Inbox/UserNotification/Insert, issue 23) is its own
-- alert type, not a site broadcast: a broadcast goes once to the site's hub for everyone there, a message only to the
-- people it names (their inbox and a toast). Anyone at the site may receive it; people can turn its toast off.
insert into asp.type_notification
    (type_notification_id, description, notification_category_id, notification_name, description2, security_permission_id, is_internal)
values
    (20, 'Message', 5, 'Message', 'A message an administrator sent to you.', null, false);
