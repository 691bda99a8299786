#!/usr/bin/env bash
# 5,000 alert-hub WebSockets on one `asp serve` (bench/README.md, issue 23 "Data and speed"): a fresh demo database
# with BENCH_USERS (50) generated users, one server, each user signed in once and their token used for
# BENCH_SOCKETS / BENCH_USERS sockets to /api/alert?access_token=... (bench/alerts/sockets.mjs): all opened and held
# at once, the server's resident memory before and after (printed per connection), a message published to a tenth
# of the users reaching every socket they hold and no other, all still open after one session check (30 s).
# Environment: BENCH_PORT (18410), BENCH_SOCKETS (5000), BENCH_USERS (50), ASP_BIN, ASP_BENCH_KEEP=1.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
# shellcheck source=bench/alerts/lib.sh
source bench/alerts/lib.sh

port="${BENCH_PORT:-18410}"
sockets="${BENCH_SOCKETS:-5000}"
users="${BENCH_USERS:-50}"
prefix="asp-hub-bench"
bash scripts/ensure-services.sh --no-browser >/dev/null
bench_binary
bench_node_modules
# The server holds one descriptor per socket (plus its pools), the client one per socket too; both are started from
# this shell and inherit its limit.
raise_fd_limit $((sockets + 1000))

trap 'stop_servers; bench_drop_database' EXIT
bench_database asp_hub_bench "$users"
BENCH_REDIS_PREFIX="$prefix" start_server "$port"
server_pid="${BENCH_PIDS[0]}"

tokens=$(mktemp /tmp/asp-hub-bench-tokens.XXXXXX)
psql "$OWNER_URL" -XAtc "select asp_users_id, user_id from asp.asp_users where user_id like 'bench%' order by user_id" |
  while IFS='|' read -r id login; do
    printf '{"user_id":%s,"token":"%s"}\n' "$id" "$(sign_in "$port" "$login")"
  done | python3 -c 'import json,sys; print(json.dumps([json.loads(l) for l in sys.stdin]))' >"$tokens"
log "$users users signed in; opening $sockets sockets"
machine_note
node bench/alerts/sockets.mjs "ws://127.0.0.1:$port" "$tokens" "$sockets" "$server_pid" "$prefix" "${BENCH_HOLD_SECONDS:-35}"
rm -f "$tokens"
