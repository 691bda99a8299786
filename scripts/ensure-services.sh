#!/usr/bin/env bash
# Makes sure the machine can build, run and test ASP; safe to run any number of times.
#  - installs (Debian apt, only what is missing) PostgreSQL, Redis, curl, Chromium (not with --no-browser)
#    and Node.js/npm (only if node is missing: an existing node 20 is kept);
#  - starts PostgreSQL and Redis if they do not answer, and waits until they do;
#  - makes sure the current OS user has a PostgreSQL role that can create databases and can connect over
#    TCP to localhost without a password (tests use postgres://localhost/...);
#  - checks that cargo (rustup) is there.
# Usage: scripts/ensure-services.sh [--no-browser]
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

WANT_BROWSER=1
for arg in "$@"; do
  case "$arg" in
    --no-browser) WANT_BROWSER=0 ;;
    -h | --help)
      sed -n '2,10p' "$0"
      exit 0
      ;;
    *) die "unknown argument: $arg" ;;
  esac
done

PG_PORT="${PGPORT:-5432}"
REDIS_PORT=6379
ME="${PGUSER:-$(id -un)}"   # the role libpq connects as
IS_ROOT=0
[[ "$(id -u)" == 0 ]] && IS_ROOT=1

# ---------------------------------------------------------------- packages
missing=()
have() { command -v "$1" >/dev/null 2>&1; }
{ have pg_ctlcluster && have pg_isready && have psql && ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; } ||
  missing+=(postgresql postgresql-client)
{ have redis-server && have redis-cli; } || missing+=(redis-server redis-tools)
have curl || missing+=(curl)
if [[ "$WANT_BROWSER" == 1 ]] && ! [[ -x /usr/bin/chromium ]]; then
  missing+=(chromium)
fi
if ! have node; then
  warn "node is missing: installing Debian's nodejs and npm (Debian 12 ships node 18; the UIs need node >= 20.19)"
  missing+=(nodejs npm)
fi

if ((${#missing[@]})); then
  [[ "$IS_ROOT" == 1 ]] || die "missing packages: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})"
  log "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

have npm || die "npm is missing (node $(node --version 2>/dev/null || echo '?') has no npm next to it)"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
((node_major >= 20)) || die "node $(node --version) is too old: the UIs and the test tools need node >= 20.19"

# ---------------------------------------------------------------- rust
have cargo || die "cargo not found: install the Rust toolchain with rustup (expected at ~/.cargo/bin/cargo)"
if ! cargo nextest --version >/dev/null 2>&1; then
  log "cargo-nextest not found: scripts/test.sh will use cargo test"
fi

# ---------------------------------------------------------------- PostgreSQL
pg_ready() { pg_isready -q -h 127.0.0.1 -p "$PG_PORT"; }

as_postgres() {
  if [[ "$IS_ROOT" == 1 ]]; then
    runuser -u postgres -- "$@"
  elif have sudo && sudo -n true 2>/dev/null; then
    sudo -n -u postgres -- "$@"
  else
    die "need to run '$*' as the postgres OS user: run this script as root once"
  fi
}

# psql as the postgres superuser over the socket (peer or trust auth).
pg_admin() { as_postgres psql -U postgres -p "$PG_PORT" -d postgres -XAtq "$@"; }

if ! pg_ready; then
  pg_ver="$(find /etc/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' 2>/dev/null | sort -V | tail -n1)"
  if [[ -z "$pg_ver" ]]; then
    pg_ver="$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n1)"
    log "creating PostgreSQL $pg_ver cluster main"
    pg_createcluster "$pg_ver" main >/dev/null
  fi
  log "starting PostgreSQL $pg_ver"
  # "already running" (but not yet answering) is fine; we wait below.
  pg_ctlcluster --skip-systemctl-redirect "$pg_ver" main start || true
fi
for _ in $(seq 1 60); do
  pg_ready && break
  sleep 0.5
done
pg_ready || die "PostgreSQL does not answer on 127.0.0.1:$PG_PORT (see /var/log/postgresql/)"

# The role of the current OS user: it must exist and be able to create databases.
role_ok="$(pg_admin -c \
  "select rolcreatedb or rolsuper from pg_roles where rolname = '$ME'" 2>/dev/null || true)"
if [[ "$role_ok" != t ]]; then
  if [[ -z "$role_ok" ]]; then
    log "creating PostgreSQL role $ME (superuser, as on the CI machines)"
    pg_admin -c "create role \"$ME\" login superuser createdb" >/dev/null
  else
    log "granting CREATEDB to PostgreSQL role $ME"
    pg_admin -c "alter role \"$ME\" createdb" >/dev/null
  fi
fi

# Password-less TCP on the loopback for the current user (Debian's default is scram for host lines).
tcp_ok() { PGCONNECT_TIMEOUT=5 psql -w "postgres://localhost:$PG_PORT/postgres" -XAtqc 'select 1' >/dev/null 2>&1; }
if ! tcp_ok; then
  hba="$(pg_admin -c 'show hba_file')"
  [[ "$IS_ROOT" == 1 ]] || die "cannot connect to postgres://localhost/postgres as $ME without a password; allow it in $hba"
  log "allowing password-less loopback connections in $hba (dev/CI machines only)"
  {
    echo "# added by ASP scripts/ensure-services.sh: trust on the loopback for dev/CI"
    echo "host all all 127.0.0.1/32 trust"
    echo "host all all ::1/128 trust"
    cat "$hba"
  } >"$hba.asp-new"
  cat "$hba.asp-new" >"$hba"
  rm -f "$hba.asp-new"
  pg_admin -c 'select pg_reload_conf()' >/dev/null
  sleep 1
  tcp_ok || die "still cannot connect to postgres://localhost:$PG_PORT/postgres as $ME"
fi

# The role asp serve connects as: neither superuser nor BYPASSRLS, so the site tier's row-level security holds
# (docs/security.md). Migrations run as the owner (the current user) and grant it the use of every schema's data.
APP_ROLE="${ASP_APP_DB_ROLE:-asp_app}"
[[ "$APP_ROLE" =~ ^[a-z_][a-z0-9_]*$ ]] || die "unsupported role name '$APP_ROLE'"
if [[ "$(pg_admin -c "select 1 from pg_roles where rolname = '$APP_ROLE'" 2>/dev/null || true)" != 1 ]]; then
  log "creating PostgreSQL role $APP_ROLE (the application's own role)"
  pg_admin -c "create role $APP_ROLE login nosuperuser nobypassrls nocreatedb nocreaterole" >/dev/null
fi

# ---------------------------------------------------------------- Redis
redis_ready() { [[ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" == PONG ]]; }
if ! redis_ready; then
  redis_dir=/var/lib/redis
  redis_log=/var/log/redis/ci.log
  if ! mkdir -p "$redis_dir" /var/log/redis 2>/dev/null || ! [[ -w "$redis_dir" && -w /var/log/redis ]]; then
    redis_dir="${TMPDIR:-/tmp}"
    redis_log="$redis_dir/asp-redis.log"
  fi
  log "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no \
    --dir "$redis_dir" --logfile "$redis_log"
fi
for _ in $(seq 1 60); do
  redis_ready && break
  sleep 0.5
done
redis_ready || die "Redis does not answer on 127.0.0.1:$REDIS_PORT"

log "services ready: PostgreSQL $(psql -w "postgres://localhost:$PG_PORT/postgres" -XAtqc 'show server_version'), Redis $(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" info server | sed -n 's/^redis_version:\([^[:space:]]*\).*/\1/p'), node $(node --version), $(cargo --version)"
