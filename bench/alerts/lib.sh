# shellcheck shell=bash
# What the alert benchmarks (issue 23: bench/hub-sockets-bench.sh, toast-bench.sh, inbox-bench.sh, mail-bench.sh)
# share: the binary, a fresh demo database with generated users, `asp serve` replicas on it, sign-in. Source it after
# scripts/lib.sh. Environment: ASP_BIN (default: a release build of asp, copied to /tmp so another build cannot
# replace it mid-run), ASP_BENCH_KEEP=1 keeps the database afterwards.

ALERTS_BENCH_DIR="$REPO_ROOT/bench/alerts"
BENCH_PIDS=()

# The asp binary: ASP_BIN, or a release build copied to /tmp (others' builds replace target/release/asp).
bench_binary() {
  if [[ -z "${ASP_BIN:-}" ]]; then
    cargo build --release -q -p api --bin asp
    cp "${CARGO_TARGET_DIR:-target}/release/asp" /tmp/asp-alerts-bench
    ASP_BIN=/tmp/asp-alerts-bench
  fi
  export ASP_BIN
  log "binary $ASP_BIN"
}

# The ws client library of the load generators (bench/alerts/package.json).
bench_node_modules() {
  [[ -d "$ALERTS_BENCH_DIR/node_modules/ws" ]] || npm_install "$ALERTS_BENCH_DIR" >/dev/null
}

# Many sockets on both sides: raise this shell's open-file limit (inherited by the servers and the clients it starts)
# to the hard limit, and say so; a socket is one descriptor on each side.
raise_fd_limit() {
  local want="$1" hard
  hard=$(ulimit -Hn)
  if [[ "$hard" != unlimited && "$hard" -lt "$want" ]]; then
    die "ulimit -Hn is $hard; $want open files are needed (raise the hard limit, e.g. in /etc/security/limits.conf)"
  fi
  ulimit -n "$hard"
  log "open-file limit $(ulimit -n) (need about $want)"
}

# A fresh demo database $1 (URLs in OWNER_URL and APP_URL) plus $2 generated users bench00001.. (the demo password,
# Buyer at ACME-NORTH and ACME-SOUTH, current site ACME-NORTH).
bench_database() {
  local db="$1" users="$2"
  OWNER_URL="postgres://localhost/$db"
  APP_URL="postgres://asp_app@localhost/$db"
  export OWNER_URL APP_URL
  recreate_database "$OWNER_URL"
  ASP_DATABASE_URL="$APP_URL" ASP_MIGRATION_DATABASE_URL="$OWNER_URL" "$ASP_BIN" migrate >/dev/null
  ASP_DATABASE_URL="$APP_URL" ASP_MIGRATION_DATABASE_URL="$OWNER_URL" "$ASP_BIN" seed --demo >/dev/null
  psql "$OWNER_URL" -Xq -v ON_ERROR_STOP=1 -v n="$users" <<'SQL'
insert into asp.asp_users (user_id, fname, lname, email, fss_employee, customer_portal_user, is_punchin_user,
                           supplier_portal_user, first_time_user, password_hash, password_expiration_date, bugtracker_username,
                           current_site_id)
select 'bench' || lpad(g::text, 5, '0'), 'Bench', 'User ' || g, 'bench' || g || '@demo.example', false, false, false, false,
       false, b.password_hash, b.password_expiration_date, 'bench' || g, (select site_id from asp.site where site_code = 'ACME-NORTH')
from asp.asp_users b, generate_series(1, :n) g
where b.user_id = 'buyer';
insert into asp.user_site (asp_users_id, site_id)
select u.asp_users_id, s.site_id from asp.asp_users u, asp.site s
where u.user_id like 'bench%' and s.site_code in ('ACME-NORTH', 'ACME-SOUTH');
insert into asp.user_site_role (asp_users_id, site_id, security_role_id)
select u.asp_users_id, s.site_id, r.security_role_id from asp.asp_users u, asp.site s, asp.security_role r
where u.user_id like 'bench%' and s.site_code in ('ACME-NORTH', 'ACME-SOUTH') and r.role_name = 'Buyer';
SQL
  log "database $db: demo seed plus $users users bench00001..$(printf 'bench%05d' "$users")"
}

bench_drop_database() {
  if [[ "${ASP_BENCH_KEEP:-}" != 1 && -n "${OWNER_URL:-}" ]]; then
    PGOPTIONS="-c client_min_messages=warning" psql "$(db_admin_url_of "$OWNER_URL")" -Xqc \
      "drop database if exists \"$(db_name_of "$OWNER_URL")\" with (force)" >/dev/null || true
  fi
}

# Starts `asp serve` on 127.0.0.1:$1 as the application role (logs at warn), with any further VAR=value arguments
# as its environment; waits for /api/health. Its PID is appended to BENCH_PIDS and printed.
start_server() {
  local port="$1"
  shift
  env ASP_DATABASE_URL="$APP_URL" ASP_MIGRATION_DATABASE_URL="$OWNER_URL" ASP_HTTP_ADDR="127.0.0.1:$port" \
    ASP_REDIS_PREFIX="${BENCH_REDIS_PREFIX:-asp-alerts-bench}" ASP_JOBS_ENABLED=false RUST_LOG=warn ASP_LOG=warn "$@" \
    "$ASP_BIN" serve >"/tmp/asp-alerts-bench-$port.log" 2>&1 &
  local pid=$!
  BENCH_PIDS+=("$pid")
  for _ in $(seq 1 120); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || die "asp serve on $port stopped: $(tail -5 "/tmp/asp-alerts-bench-$port.log")"
    sleep 0.5
  done
  log "asp serve on 127.0.0.1:$port, pid $pid"
}

stop_servers() {
  local pid
  for pid in "${BENCH_PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${BENCH_PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  BENCH_PIDS=()
}

# An access token of user $2 at the server on port $1, moved to site $3 when given.
sign_in() {
  local port="$1" user="$2" site="${3:-}" token
  token=$(curl -fsS "http://127.0.0.1:$port/api/auth/login" -H 'Content-Type: application/json' \
    -d "{\"username\":\"$user\",\"password\":\"Demo@pass1\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
  if [[ -n "$site" ]]; then
    curl -fsS -o /dev/null -X PUT "http://127.0.0.1:$port/api/V1/Site/CurrentSite" -H "Authorization: Bearer $token" \
      -H 'Content-Type: application/json' -d "{\"site_code\":\"$site\"}"
  fi
  printf '%s' "$token"
}

# Resident memory of process $1 in KiB.
rss_kib() {
  awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"
}

# The machine's state for the figures' heading.
machine_note() {
  printf '%s, %s cores, load average %s, binary %s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')" "$(nproc)" \
    "$(cut -d' ' -f1-3 /proc/loadavg)" "$ASP_BIN"
}
