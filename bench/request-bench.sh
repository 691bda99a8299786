#!/usr/bin/env bash
# The request-path benchmark (bench/README.md): release build, fresh demo database with 5,000 extra sent alerts,
# `asp serve` as the application role, pgbench's own table set, then `request-bench` runs both sides in one go.
# Environment: BENCH_PORT (18480), ASP_BENCH_CONNECTIONS (16), ASP_BENCH_SECONDS (10).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

port="${BENCH_PORT:-18480}"
owner_url="postgres://localhost/asp_bench"
bash scripts/ensure-services.sh --no-browser >/dev/null
cargo build --release -q -p api --bin asp -p bench --bin request-bench --bin floor-bench

recreate_database "$owner_url"
ASP_DATABASE_URL="postgres://asp_app@localhost/asp_bench" ASP_MIGRATION_DATABASE_URL="$owner_url" target/release/asp migrate >/dev/null
ASP_DATABASE_URL="postgres://asp_app@localhost/asp_bench" ASP_MIGRATION_DATABASE_URL="$owner_url" target/release/asp seed --demo >/dev/null
# Enough sent alerts at ACME-NORTH for a 50-row page.
psql "$owner_url" -Xqc "insert into client_acme.notification (site_id, type_notification_id, notification_name, subject, created_timestamp)
  select s.site_id, 1, 'Bench alert ' || g, 'Bench subject ' || g, now() - (g || ' minutes')::interval
  from asp.site s cross join generate_series(1, 5000) g where s.site_code = 'ACME-NORTH'" >/dev/null
cip="$(psql "$owner_url" -XAtqc "select c.cip_no from client_acme.cip c join asp.site s using (site_id) where s.site_code = 'ACME-NORTH' order by 1 limit 1")"

recreate_database postgres://localhost/asp_pgbench
pgbench -q -i -s 10 postgres://localhost/asp_pgbench >/dev/null 2>&1

log "asp serve on 127.0.0.1:$port (release, as asp_app; logs at warn)"
ASP_DATABASE_URL="postgres://asp_app@localhost/asp_bench" ASP_HTTP_ADDR="127.0.0.1:$port" ASP_DB_MAX_CONNECTIONS=20 \
  ASP_JOBS_ENABLED=false RUST_LOG=warn ASP_LOG=warn target/release/asp serve >/tmp/asp-bench-server.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null && break
  sleep 0.5
done
ASP_BENCH_BASE="http://127.0.0.1:$port" ASP_BENCH_CIP="$cip" target/release/request-bench
# The floor under the ratio (bench/README.md): a bare server doing each part of a scoped read alone. Skip with
# ASP_BENCH_FLOOR=0.
if [ "${ASP_BENCH_FLOOR:-1}" != 0 ]; then
  kill $pid 2>/dev/null || true
  target/release/floor-bench
fi
