#!/usr/bin/env bash
# The inbox badge count at volume (bench/README.md, issue 23 "Data and speed"): a fresh demo database, BENCH_USERS
# (1,000) generated users at ACME-NORTH and ACME-SOUTH and BENCH_RECIPIENTS (1,000,000) notification_recipient rows:
# a year of notifications, half at each site, each to 10 of the users (about 500 rows per user and site), the last
# two days unread, 1% of the older ones still unread, 5% removed, a third acknowledged. Then
#   - `GET /api/V1/Alerts/Inbox/count/{userId}` for 20 of the users at ACME-NORTH, each with their own token, over
#     1 and 8 keep-alive connections (bench/alerts/http-load.mjs); target p95 under 5 ms;
#   - the count's query alone (`EXPLAIN (ANALYZE, BUFFERS)` as the application role, under the request's settings),
#     the floor, for a typical user and for one user who receives every notification of the site (50,000 rows);
#   - the same for that one user over HTTP.
# Environment: BENCH_PORT (18420), BENCH_USERS (1000), BENCH_RECIPIENTS (1000000), BENCH_SECONDS (10), ASP_BIN,
# ASP_BENCH_KEEP=1 (keeps the database, and reuses it when it already holds the rows).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
# shellcheck source=bench/alerts/lib.sh
source bench/alerts/lib.sh

port="${BENCH_PORT:-18420}"
users="${BENCH_USERS:-1000}"
rows="${BENCH_RECIPIENTS:-1000000}"
seconds="${BENCH_SECONDS:-10}"
bash scripts/ensure-services.sh --no-browser >/dev/null
bench_binary
bench_node_modules

trap 'stop_servers; bench_drop_database' EXIT
OWNER_URL="postgres://localhost/asp_inbox_bench"
APP_URL="postgres://asp_app@localhost/asp_inbox_bench"
have=$(psql "$OWNER_URL" -XAtqc "select count(*) from client_acme.notification_recipient" 2>/dev/null || echo 0)
if [[ "${ASP_BENCH_KEEP:-}" == 1 && "$have" -ge "$rows" ]]; then
  log "keeping asp_inbox_bench ($have recipient rows)"
  export OWNER_URL APP_URL
else
bench_database asp_inbox_bench "$users"
log "filling client_acme.notification_recipient with $rows rows"
started=$(date +%s)
psql "$OWNER_URL" -Xq -v ON_ERROR_STOP=1 -v rows="$rows" <<'SQL'
\o /dev/null
select set_config('asp.site_ids', (select array_agg(site_id)::text from asp.site), false);
\o
-- A year of notifications, alternating between the two sites, newest last; ten recipients each.
create temp table bench_users as
  select array_agg(asp_users_id order by user_id) as ids from asp.asp_users where user_id like 'bench%';
create temp table bench_sites as
  select array_agg(site_id order by site_code) as ids from asp.site where site_code in ('ACME-NORTH', 'ACME-SOUTH');
insert into client_acme.notification (site_id, type_notification_id, notification_name, subject, notification_text, body_inbox,
                                      body_toastr, created_timestamp)
select s.ids[1 + g % 2], t.type_notification_id, t.notification_name, 'Bench notification ' || g, 'Bench message ' || g,
       'Bench message ' || g, 'Bench notification ' || g, now() - make_interval(secs => (:rows / 10 - g) * (365 * 86400.0 / (:rows / 10)))
from generate_series(1, :rows / 10) g, bench_sites s,
     lateral (select * from asp.type_notification where type_notification_id = (array[2, 3, 9, 10, 11, 12, 16])[1 + g % 7]) t;
insert into client_acme.notification_recipient (site_id, notification_id, asp_users_id, username, inbox_sent, toastr_sent,
    created_date, inbox_state, inbox_read_at, inbox_acknowledged_at, inbox_removed_at, toast_state, toast_sent_at)
select n.site_id, n.notification_id, u.asp_users_id, u.user_id, true, true, n.created_timestamp, 2,
       case when n.created_timestamp > now() - interval '2 days' or (n.notification_id * 7 + j) % 100 = 0 then null
            else n.created_timestamp + interval '2 hours' end,
       case when n.created_timestamp <= now() - interval '2 days' and (n.notification_id + j) % 3 = 0 then n.created_timestamp + interval '3 hours' end,
       case when n.created_timestamp <= now() - interval '2 days' and (n.notification_id * 3 + j) % 20 = 0 then n.created_timestamp + interval '4 hours' end,
       2, n.created_timestamp
from client_acme.notification n
cross join generate_series(0, 9) j
cross join bench_users b
join asp.asp_users u on u.asp_users_id = b.ids[1 + ((n.notification_id / 2) * 7 + j * 101) % array_length(b.ids, 1)]
where n.subject like 'Bench notification %';
-- One user who receives every notification of ACME-NORTH (an approver of everything): the long tail of the badge.
insert into client_acme.notification_recipient (site_id, notification_id, asp_users_id, username, inbox_sent, toastr_sent,
    created_date, inbox_state, inbox_read_at, toast_state, toast_sent_at)
select n.site_id, n.notification_id, u.asp_users_id, u.user_id, true, true, n.created_timestamp, 2,
       case when n.created_timestamp > now() - interval '2 days' then null else n.created_timestamp + interval '1 hour' end,
       2, n.created_timestamp
from client_acme.notification n, asp.asp_users u, asp.site s
where u.user_id = 'buyer' and s.site_code = 'ACME-NORTH' and n.site_id = s.site_id and n.subject like 'Bench notification %';
vacuum analyze client_acme.notification;
vacuum analyze client_acme.notification_recipient;
SQL
psql "$OWNER_URL" -XAtc "select count(*) || ' recipient rows, ' || count(*) filter (where inbox_read_at is null and inbox_removed_at is null)
  || ' unread; per bench user and site: ' || round(count(*) filter (where username like 'bench%') / (2.0 * $users)) || ' rows; buyer at ACME-NORTH: '
  || count(*) filter (where username = 'buyer' and site_id = (select site_id from asp.site where site_code = 'ACME-NORTH'))
  || '; filled in $(($(date +%s) - started)) s' from client_acme.notification_recipient" >&2

fi
per_user=$(psql "$OWNER_URL" -XAtc "select round(count(*) / (2.0 * $users)) from client_acme.notification_recipient where username like 'bench%'")
start_server "$port"
requests=$(mktemp /tmp/asp-inbox-bench-requests.XXXXXX)
heavy=$(mktemp /tmp/asp-inbox-bench-heavy.XXXXXX)
psql "$OWNER_URL" -XAtc "select asp_users_id, user_id from asp.asp_users where user_id like 'bench%' order by user_id limit 20" |
  while IFS='|' read -r id login; do
    printf '{"path":"/api/V1/Alerts/Inbox/count/%s","token":"%s"}\n' "$id" "$(sign_in "$port" "$login" ACME-NORTH)"
  done | python3 -c 'import json,sys; print(json.dumps([json.loads(l) for l in sys.stdin]))' >"$requests"
buyer_id=$(psql "$OWNER_URL" -XAtc "select asp_users_id from asp.asp_users where user_id = 'buyer'")
printf '[{"path":"/api/V1/Alerts/Inbox/count/%s","token":"%s"}]' "$buyer_id" "$(sign_in "$port" buyer ACME-NORTH)" >"$heavy"
python3 - "$requests" "$port" <<'PY'
import json, sys, urllib.request
r = json.load(open(sys.argv[1]))[0]
req = urllib.request.Request(f'http://127.0.0.1:{sys.argv[2]}' + r['path'], headers={'Authorization': 'Bearer ' + r['token']})
print('a typical answer:', urllib.request.urlopen(req).read().decode(), file=sys.stderr)
PY

# The query alone, as the application role under the request's settings (schema, granted site), as the service runs it:
# a prepared statement, explained after six runs (when PostgreSQL may have switched it to a generic plan).
explain() {
  local user="$1" label="$2" north
  north=$(psql "$OWNER_URL" -XAtc "select site_id from asp.site where site_code = 'ACME-NORTH'")
  printf 'EXPLAIN ANALYZE, %s:\n' "$label"
  psql "$APP_URL" -XAt -v ON_ERROR_STOP=1 <<SQL | sed -n '/Execution Time\|Index\|Heap Fetches\|Buffers\|Aggregate\|Bitmap\|Scan/p' | head -12 | sed 's/^/  /'
begin;
select set_config('search_path', 'client_acme, ext', true), set_config('asp.site_ids', '{$north}', true) \\g /dev/null
prepare c(bigint, bigint) as select count(*) from notification_recipient
  where asp_users_id = \$1 and site_id = \$2 and inbox_state = 2 and inbox_removed_at is null and inbox_read_at is null;
execute c($user, $north) \\g /dev/null
execute c($user, $north) \\g /dev/null
execute c($user, $north) \\g /dev/null
execute c($user, $north) \\g /dev/null
execute c($user, $north) \\g /dev/null
execute c($user, $north) \\g /dev/null
explain (analyze, buffers) execute c($user, $north);
rollback;
SQL
}

measure() {
  local suffix="$1"
  machine_note
  node bench/alerts/http-load.mjs "http://127.0.0.1:$port" "$requests" 1 "$seconds" "GET Alerts/Inbox/count, 20 users (~$per_user rows each at the site)$suffix"
  node bench/alerts/http-load.mjs "http://127.0.0.1:$port" "$requests" 8 "$seconds" "GET Alerts/Inbox/count, 20 users (~$per_user rows each at the site)$suffix"
  node bench/alerts/http-load.mjs "http://127.0.0.1:$port" "$heavy" 1 "$seconds" "GET Alerts/Inbox/count, buyer (every notification of the site)$suffix"
  explain "$(psql "$OWNER_URL" -XAtc "select asp_users_id from asp.asp_users where user_id = 'bench00001'")" "a typical user (bench00001)$suffix"
  explain "$buyer_id" "buyer, every notification of the site$suffix"
}
measure ""
# The lever, if the target is missed: the partial index covers unread and read rows alike, so the count visits every
# row of the user's inbox at the site to test inbox_read_at in the table. An index of the unread rows alone answers
# from a handful of index entries. Tried here in the scratch database only (BENCH_UNREAD_INDEX=0 skips it).
if [[ "${BENCH_UNREAD_INDEX:-1}" == 1 ]]; then
  psql "$OWNER_URL" -Xq -c "create index if not exists notification_recipient_unread_idx on client_acme.notification_recipient (asp_users_id, site_id)
    where inbox_state = 2 and inbox_removed_at is null and inbox_read_at is null" -c "analyze client_acme.notification_recipient"
  measure " (with an unread-only index)"
  psql "$OWNER_URL" -Xqc "drop index client_acme.notification_recipient_unread_idx"
fi
rm -f "$requests" "$heavy"
