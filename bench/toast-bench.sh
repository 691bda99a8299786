#!/usr/bin/env bash
# Toast latency with two replicas (bench/README.md, issue 23 "Data and speed"): a fresh demo database, two
# `asp serve` processes on it and on one Redis (same redis_prefix), and BENCH_SITES (20) generated sites of client
# ACME, each with one listening user (bench00001.., Buyer there, its alert-hub socket on replica B) and one raising
# user (an Administrator there, who has switched the Site Broadcast type off for themself), so that each event has
# exactly one recipient. BENCH_RATE (200) events a second for BENCH_SECONDS (30), open loop, are raised through
# replica A's API (`POST /api/V1/Alerts/Inbox/UserNotification/Insert`, a message naming the listener, by site in turn;
# bench/alerts/toast.mjs).
# Prints the time from raising an event to its toast frame at the listener's socket on replica B: p50, p95, p99, max.
# Target: p99 under 250 ms.
# (BENCH_OPERATION=Notification/Insert raises Site Broadcasts instead: those go once to the site hub, which these
# alert-hub listeners do not watch, so no frame arrives.)
# BENCH_IDLE_SOCKETS (0) more sockets on replica B, of 50 other users who receive nothing, measure the same with that
# many other people online there.
# Environment: BENCH_PORT (18450; replica B on the next port), BENCH_SITES, BENCH_RATE, BENCH_SECONDS, BENCH_OPERATION,
# BENCH_IDLE_SOCKETS, ASP_BIN, ASP_BENCH_KEEP=1.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
# shellcheck source=bench/alerts/lib.sh
source bench/alerts/lib.sh

port_a="${BENCH_PORT:-18450}"
port_b=$((port_a + 1))
sites="${BENCH_SITES:-20}"
rate="${BENCH_RATE:-200}"
seconds="${BENCH_SECONDS:-30}"
operation="${BENCH_OPERATION:-Inbox/UserNotification/Insert}"
idle="${BENCH_IDLE_SOCKETS:-0}"
idle_users=50
bash scripts/ensure-services.sh --no-browser >/dev/null
bench_binary
bench_node_modules
raise_fd_limit $((sites * 4 + idle * 2 + 1000))

trap 'stop_servers; bench_drop_database' EXIT
bench_database asp_toast_bench $((sites + idle_users))
psql "$OWNER_URL" -Xq -v ON_ERROR_STOP=1 -v n="$sites" <<'SQL'
insert into asp.site (client_id, site_code, site_name, erp_type_id, erp_company, app_type, customer_portal_catalog)
select c.client_id, 'TOAST-' || lpad(g::text, 3, '0'), 'Toast bench site ' || g, 7, 'ACME', 0, false
from asp.client c, generate_series(1, :n) g where c.client_code = 'ACME';
insert into asp.asp_users (user_id, fname, lname, email, fss_employee, customer_portal_user, is_punchin_user,
                           supplier_portal_user, first_time_user, password_hash, password_expiration_date, bugtracker_username,
                           current_site_id)
select 'raiser' || lpad(g::text, 3, '0'), 'Raiser', 'User ' || g, 'raiser' || g || '@demo.example', false, false, false, false,
       false, b.password_hash, b.password_expiration_date, 'raiser' || g,
       (select site_id from asp.site where site_code = 'TOAST-' || lpad(g::text, 3, '0'))
from asp.asp_users b, generate_series(1, :n) g where b.user_id = 'buyer';
-- Site k: listener bench0000k (Buyer) and raiser k (Administrator).
create temp table pair as
  select s.site_id, l.asp_users_id as listener, r.asp_users_id as raiser
  from generate_series(1, :n) g
  join asp.site s on s.site_code = 'TOAST-' || lpad(g::text, 3, '0')
  join asp.asp_users l on l.user_id = 'bench' || lpad(g::text, 5, '0')
  join asp.asp_users r on r.user_id = 'raiser' || lpad(g::text, 3, '0');
insert into asp.user_site (asp_users_id, site_id)
select listener, site_id from pair union all select raiser, site_id from pair;
insert into asp.user_site_role (asp_users_id, site_id, security_role_id)
select p.listener, p.site_id, r.security_role_id from pair p, asp.security_role r where r.role_name = 'Buyer'
union all
select p.raiser, p.site_id, r.security_role_id from pair p, asp.security_role r where r.role_name = 'Administrator';
select set_config('asp.site_ids', (select array_agg(site_id)::text from asp.site), false) \g /dev/null
insert into client_acme.user_notification_setting (site_id, asp_users_id, type_notification_id, is_active)
select site_id, raiser, 16, false from pair;
SQL
# Both replicas alike; both run jobs (the scheduler's claim keeps a job on one of them), as a deployment would.
start_server "$port_a" ASP_JOBS_ENABLED=true
start_server "$port_b" ASP_JOBS_ENABLED=true

pairs=$(mktemp /tmp/asp-toast-bench-pairs.XXXXXX)
psql "$OWNER_URL" -XAtc "select l.asp_users_id, l.user_id, 'raiser' || substr(l.user_id, 8), 'TOAST-' || substr(l.user_id, 8)
                         from asp.asp_users l where l.user_id like 'bench%' order by l.user_id limit $sites" |
  while IFS='|' read -r id login raiser site; do
    printf '{"user_id":%s,"token":"%s","raiser_token":"%s"}\n' "$id" "$(sign_in "$port_b" "$login" "$site")" "$(sign_in "$port_a" "$raiser" "$site")"
  done | python3 -c 'import json,sys; print(json.dumps([json.loads(l) for l in sys.stdin]))' >"$pairs"
idlers=$(mktemp /tmp/asp-toast-bench-idle.XXXXXX)
if [[ "$idle" -gt 0 ]]; then
  psql "$OWNER_URL" -XAtc "select asp_users_id, user_id from asp.asp_users where user_id like 'bench%' order by user_id offset $sites" |
    while IFS='|' read -r id login; do
      printf '{"user_id":%s,"token":"%s"}\n' "$id" "$(sign_in "$port_b" "$login")"
    done | python3 -c 'import json,sys; print(json.dumps([json.loads(l) for l in sys.stdin]))' >"$idlers"
fi
log "$sites listeners signed in at replica B, $sites raisers at replica A; $rate events/s for $seconds s ($operation)"
machine_note
status=0
node bench/alerts/toast.mjs "http://127.0.0.1:$port_a" "ws://127.0.0.1:$port_b" "$pairs" "$rate" "$seconds" "$operation" "$idlers" "$idle" || status=$?
psql "$OWNER_URL" -XAtc "select 'toast states of the listeners'' rows: ' || string_agg('state ' || toast_state || ': ' || n, ', ' order by toast_state)
  from (select toast_state, count(*) n from client_acme.notification_recipient where username like 'bench%' group by 1) s"
rm -f "$pairs" "$idlers"
exit "$status"
