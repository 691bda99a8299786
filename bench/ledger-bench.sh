#!/usr/bin/env bash
# The stock ledger at volume (bench/README.md "Stock ledger"): release build, a fresh database with the demo data,
# ASP_BENCH_CIPS (100000) generated CIPs and ASP_BENCH_TRANSACTIONS (10000000) ledger rows at ACME-NORTH, pgbench's
# single-row INSERT tps on this machine (the baseline), `asp serve` as the application role, then `ledger-bench`
# (issues per second on one CIP and on many, the invariant, the search page) and the search's plans.
# Environment: BENCH_PORT (18491), ASP_BENCH_CIPS, ASP_BENCH_TRANSACTIONS, ASP_BENCH_CLIENTS (32),
# ASP_BENCH_KEEP=1 keeps an existing database.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

port="${BENCH_PORT:-18491}"
cips="${ASP_BENCH_CIPS:-100000}"
transactions="${ASP_BENCH_TRANSACTIONS:-10000000}"
clients="${ASP_BENCH_CLIENTS:-32}"
owner_url="postgres://localhost/asp_ledger_bench"
app_url="postgres://asp_app@localhost/asp_ledger_bench"
bash scripts/ensure-services.sh --no-browser >/dev/null
cargo build --release -q -p api --bin asp -p bench --bin ledger-bench

if [[ "${ASP_BENCH_KEEP:-}" != 1 ]] || ! psql "$owner_url" -XAtqc "select 1" >/dev/null 2>&1; then
  recreate_database "$owner_url"
  export ASP_DATABASE_URL="$app_url" ASP_MIGRATION_DATABASE_URL="$owner_url"
  target/release/asp migrate >/dev/null
  target/release/asp seed --demo >/dev/null
  log "filling ACME-NORTH with $cips CIPs and $transactions transactions"
  target/release/asp seed --volume "$cips" --client ACME --site ACME-NORTH >/dev/null
  time target/release/asp seed --transactions "$transactions" --client ACME --site ACME-NORTH
  psql "$owner_url" -Xqc "vacuum analyze" >/dev/null
fi

# The baseline: single-row INSERT transactions per second, same machine, same run, as many clients as the bench.
psql "$owner_url" -Xqc "drop table if exists bench_insert; create table bench_insert (id bigint generated always as identity primary key, cip_no bigint, qty numeric(18,3), at timestamptz default now())"
printf 'insert into bench_insert (cip_no, qty) values (:client_id, 1);\n' >/tmp/ledger-bench-insert.sql
tps="$(pgbench -n -c "$clients" -j 2 -T 15 -f /tmp/ledger-bench-insert.sql "$owner_url" 2>/dev/null | awk '/^tps/ {print int($3); exit}')"
log "pgbench single-row INSERT: $tps tps ($clients clients)"

log "asp serve on 127.0.0.1:$port (release, as asp_app; logs at warn)"
ASP_DATABASE_URL="$app_url" ASP_HTTP_ADDR="127.0.0.1:$port" ASP_JOBS_ENABLED=false RUST_LOG=warn ASP_LOG=warn \
  target/release/asp serve >/tmp/asp-ledger-bench-server.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null && break
  sleep 0.5
done
ASP_BENCH_BASE="http://127.0.0.1:$port" ASP_BENCH_DATABASE_URL="$owner_url" ASP_BENCH_INSERT_TPS="$tps" ASP_BENCH_CLIENTS="$clients" \
  target/release/ledger-bench

site_id="$(psql "$owner_url" -XAtc "select site_id from asp.site where site_code = 'ACME-NORTH'")"
log "plan: the search page (newest 50 of the site)"
psql "$owner_url" -Xc "set search_path = client_acme, ext; select set_config('asp.site_ids', '{$site_id}', false);
  explain (analyze, buffers, costs off) with found as (select * from stock_transaction where site_id = $site_id and trans_date >= now() - interval '31 days'
  order by trans_date desc, tran_id desc limit 5000) select * from found order by trans_date desc limit 50"
