#!/usr/bin/env bash
# A development database for compile-checked queries: migrated to the latest migrations, with the demo clients'
# schemas, without building `asp` (whose queries need this database first). Re-creates it when an applied migration
# was edited (checksum mismatch). Prints the exports that make cargo check queries online against it and record
# their offline data in .sqlx/:
#   eval "$(bash scripts/dev-db.sh)"     # then cargo build / cargo nextest as usual
# Environment: ASP_DEV_DATABASE_URL (default postgres://localhost/asp_dev_sqlx).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
url="${ASP_DEV_DATABASE_URL:-postgres://localhost/asp_dev_sqlx}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
psql "$(db_admin_url_of "$url")" -XAtqc "select 1 from pg_database where datname = '$(db_name_of "$url")'" | grep -q 1 || recreate_database "$url"
if ! cargo run -q -p tenancy --example dev_db -- "$url" >&2 2>/tmp/dev-db.err; then
  cat /tmp/dev-db.err >&2
  echo "re-creating $(db_name_of "$url")" >&2
  recreate_database "$url"
  cargo run -q -p tenancy --example dev_db -- "$url" >&2
fi
echo "export SQLX_OFFLINE=false SQLX_OFFLINE_DIR='$root/.sqlx' DATABASE_URL='${url}?options=-c%20search_path%3Dclient_acme%2Cext'"
