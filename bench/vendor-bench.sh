#!/usr/bin/env bash
# The vendor quick search at volume (bench/README.md, issue 10): a fresh database with the demo data plus
# ASP_BENCH_VENDORS (50,000) generated vendors in client ACME (all visible at ACME-NORTH, each with its vendor_site
# record), `asp serve` as the application role, then ASP_BENCH_REQUESTS (1,000) quick searches as the buyer at
# ACME-NORTH (`POST /api/V1/Vendor/GetByQuickSearchCriteria`, 20 rows, a different name or code fragment each time),
# one after another over keep-alive connections; prints p50, p95, p99 and max. Target: p95 10 ms or less.
# Environment: BENCH_PORT (18482), ASP_BENCH_VENDORS (50000), ASP_BENCH_REQUESTS (1000), ASP_BIN (default: a release
# build of asp; set it to a debug binary for a quick proof that the script works), ASP_BENCH_KEEP=1 keeps an
# existing database (skips the fill when it already holds the vendors).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

port="${BENCH_PORT:-18482}"
vendors="${ASP_BENCH_VENDORS:-50000}"
requests="${ASP_BENCH_REQUESTS:-1000}"
db="${ASP_BENCH_DB:-asp_vendor_bench}"
owner_url="postgres://localhost/$db"
app_url="postgres://asp_app@localhost/$db"
bash scripts/ensure-services.sh --no-browser >/dev/null
if [[ -z "${ASP_BIN:-}" ]]; then
  cargo build --release -q -p api --bin asp
  ASP_BIN="${CARGO_TARGET_DIR:-target}/release/asp"
fi

have=$(psql "$owner_url" -XAtqc "select count(*) from client_acme.vendor where vend_code like 'B%'" 2>/dev/null || echo 0)
if [[ "${ASP_BENCH_KEEP:-}" != 1 || "$have" -lt "$vendors" ]]; then
  recreate_database "$owner_url"
  ASP_DATABASE_URL="$app_url" ASP_MIGRATION_DATABASE_URL="$owner_url" "$ASP_BIN" migrate >/dev/null
  ASP_DATABASE_URL="$app_url" ASP_MIGRATION_DATABASE_URL="$owner_url" "$ASP_BIN" seed --demo >/dev/null
  log "filling client ACME with $vendors vendors"
  psql "$owner_url" -Xq -v ON_ERROR_STOP=1 -v n="$vendors" <<'SQL'
\o /dev/null
select set_config('asp.site_ids', (select array_agg(site_id)::text from asp.site), false);
\o
with words as (
  select array['Allied','Apex','Atlas','Beacon','Cardinal','Central','Summit','Delta','Eagle','Empire','Frontier','Granite',
               'Harbor','Keystone','Liberty','Meridian','Midwest','National','Northern','Pacific','Pioneer','Premier','Quality',
               'Regal','Reliable','Southern','Sterling','Superior','Titan','United','Valley','Western'] as a,
         array['Bearing','Fastener','Hydraulic','Electric','Safety','Abrasive','Industrial','Tool','Pump','Valve','Hose',
               'Motion','Welding','Packaging','Chemical','Filter','Belt','Power','Air','Fluid'] as b,
         array['Supply','Inc.','Co.','Corporation','Distributors','Group','LLC','Solutions','Products','Services'] as c
)
insert into client_acme.vendor (vend_code, vend_name, erp_type_id, erp_company, cust_vendor_number, address1, city, postal_code,
                                type_country_code_id, terms_code, is_manufacturer, is_hidden)
select 'B' || lpad(g::text, 6, '0'),
       a[1 + (g * 7) % 32] || ' ' || b[1 + (g * 13) % 20] || ' ' || c[1 + (g * 3) % 10] || ' ' || g,
       7, 'ACME', 'CV' || lpad((g * 37 % 1000000)::text, 6, '0'), (g % 900 + 100) || ' Commerce Dr', 'Springfield',
       lpad((10000 + g % 89999)::text, 5, '0'), 840, case when g % 10 = 0 then 'COD' else 'NET30' end, g % 50 = 0, g % 200 = 0
from words, generate_series(1, :n) g
on conflict do nothing;
insert into client_acme.vendor_site (site_id, vend_id)
select a.site_id, a.vend_id from client_acme.vendor_at_site a join asp.site s using (site_id) where s.site_code = 'ACME-NORTH'
on conflict do nothing;
vacuum analyze client_acme.vendor;
vacuum analyze client_acme.vendor_site;
SQL
fi

log "asp serve on 127.0.0.1:$port (as asp_app; logs at warn; binary $ASP_BIN)"
ASP_DATABASE_URL="$app_url" ASP_MIGRATION_DATABASE_URL="$owner_url" ASP_HTTP_ADDR="127.0.0.1:$port" ASP_JOBS_ENABLED=false RUST_LOG=warn ASP_LOG=warn \
  "$ASP_BIN" serve >/tmp/asp-vendor-bench-server.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null && break
  sleep 0.5
done
base="http://127.0.0.1:$port/api"
token=$(curl -fsS "$base/auth/login" -H 'Content-Type: application/json' -d '{"username":"buyer","password":"Demo@pass1"}' \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
curl -fsS -o /dev/null -X PUT "$base/V1/Site/CurrentSite" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{"site_code":"ACME-NORTH"}'

# The requests in one python process (keep-alive, timing each request only); fragments of names, codes and customer
# vendor numbers as a buyer types them.
python3 - "$base" "$token" "$requests" <<'PY'
import http.client, json, random, sys, time, urllib.parse
base, token, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
u = urllib.parse.urlparse(base)
conn = http.client.HTTPConnection(u.hostname, u.port)
words = ['apex', 'atlas', 'beacon', 'summit', 'granite', 'harbor', 'bearing', 'fasten', 'hydraul', 'safety', 'valve', 'pump',
         'motion', 'weld', 'filter', 'belt', 'grain', 'midwest', 'titan', 'pioneer']
random.seed(7)
times, errors = [], 0
for i in range(n):
    kind = i % 4
    if kind == 0:
        text = random.choice(words)
    elif kind == 1:
        text = 'B0' + str(random.randint(100, 499))
    elif kind == 2:
        text = 'CV' + str(random.randint(10, 99))
    else:
        text = random.choice(words)[:3] + ' ' + random.choice(['supply', 'inc', 'co'])
        text = text.split(' ')[0]
    body = json.dumps({'criteria': text, 'pageSize': 20, 'pageNumber': 0})
    start = time.perf_counter()
    conn.request('POST', u.path + '/V1/Vendor/GetByQuickSearchCriteria', body, {'Authorization': 'Bearer ' + token, 'Content-Type': 'application/json'})
    r = conn.getresponse()
    r.read()
    times.append((time.perf_counter() - start) * 1000)
    if r.status != 200:
        errors += 1
times.sort()
pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]
print(f'POST /api/V1/Vendor/GetByQuickSearchCriteria, 20 rows: {n} requests; p50 {pick(0.5):.2f} ms, p95 {pick(0.95):.2f} ms, '
      f'p99 {pick(0.99):.2f} ms, max {times[-1]:.2f} ms; errors {errors}')
PY
