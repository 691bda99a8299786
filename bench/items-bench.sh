#!/usr/bin/env bash
# The item look-ups at volume (bench/README.md): release build, a fresh database with the demo data plus
# ASP_BENCH_CIPS (1,000,000) generated CIPs at ACME-NORTH, `asp serve` as the application role, then `items-bench`
# (quick searches, free text, the CIP search page, the export) and the plans of the statements behind them.
# Environment: BENCH_PORT (18481), ASP_BENCH_CIPS (1000000), ASP_BENCH_KEEP=1 keeps an existing database (skips
# the fill when it already holds the CIPs).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

port="${BENCH_PORT:-18481}"
cips="${ASP_BENCH_CIPS:-1000000}"
owner_url="postgres://localhost/asp_items_bench"
app_url="postgres://asp_app@localhost/asp_items_bench"
bash scripts/ensure-services.sh --no-browser >/dev/null
cargo build --release -q -p api --bin asp -p bench --bin items-bench

if [[ "${ASP_BENCH_KEEP:-}" != 1 ]] || ! psql "$owner_url" -XAtqc "select 1" >/dev/null 2>&1; then
  recreate_database "$owner_url"
  ASP_DATABASE_URL="$app_url" ASP_MIGRATION_DATABASE_URL="$owner_url" target/release/asp migrate >/dev/null
  ASP_DATABASE_URL="$app_url" ASP_MIGRATION_DATABASE_URL="$owner_url" target/release/asp seed --demo >/dev/null
  log "filling ACME-NORTH with $cips CIPs"
  ASP_DATABASE_URL="$app_url" ASP_MIGRATION_DATABASE_URL="$owner_url" target/release/asp seed --volume "$cips" --client ACME --site ACME-NORTH
  psql "$owner_url" -Xqc "vacuum analyze" >/dev/null
fi

log "asp serve on 127.0.0.1:$port (release, as asp_app; logs at warn)"
ASP_DATABASE_URL="$app_url" ASP_HTTP_ADDR="127.0.0.1:$port" ASP_JOBS_ENABLED=false RUST_LOG=warn ASP_LOG=warn \
  target/release/asp serve >/tmp/asp-items-bench-server.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null && break
  sleep 0.5
done
ASP_BENCH_BASE="http://127.0.0.1:$port" ASP_BENCH_DATABASE_URL="$owner_url" target/release/items-bench
