#!/usr/bin/env bash
# Compile-checked queries (sqlx::query!/query_as!): their offline data lives in .sqlx/ at the workspace root and is
# committed, so the workspace builds without a database. This script regenerates or checks that data against a real,
# freshly migrated and seeded database:
#   scripts/sqlx.sh prepare   rewrite .sqlx/ (run after adding or changing a compile-checked query or a migration)
#   scripts/sqlx.sh check     fail when .sqlx/ differs from what the queries need today (CI runs this)
# Tenant tables are unqualified in queries (the request's search_path names the client schema), so the checking
# connection's search_path is a demo client schema: both tiers are checked.
# Environment: ASP_SQLX_DATABASE_URL (default postgres://localhost/asp_sqlx, dropped and re-created), ASP_BIN (an
# `asp` binary to migrate with; default: build target/debug/asp offline first).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

mode="${1:-}"
[[ "$mode" == prepare || "$mode" == check ]] || die "usage: scripts/sqlx.sh prepare|check"

db_url="${ASP_SQLX_DATABASE_URL:-postgres://localhost/asp_sqlx}"
asp="${ASP_BIN:-}"
if [[ -z "$asp" ]]; then
  SQLX_OFFLINE=true cargo build -q -p api --bin asp
  asp=target/debug/asp
fi

log "fresh database $(db_name_of "$db_url") for the query check"
recreate_database "$db_url"
ASP_DATABASE_URL="$db_url" "$asp" migrate >/dev/null
ASP_DATABASE_URL="$db_url" "$asp" seed --demo >/dev/null

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# Every crate is rebuilt so every query macro runs again, online, and writes its data to $out.
find api -name lib.rs -path '*/src/*' -not -path '*/node_modules/*' -exec touch {} +
touch api/src/main.rs
SQLX_OFFLINE=false DATABASE_URL="${db_url}?options=-c%20search_path%3Dclient_acme%2Cext" SQLX_OFFLINE_DIR="$out" \
  cargo build -q --workspace --lib --bins

if [[ "$mode" == prepare ]]; then
  rm -rf .sqlx
  mkdir -p .sqlx
  if compgen -G "$out/query-*.json" >/dev/null; then cp "$out"/query-*.json .sqlx/; fi
  log "$(find .sqlx -name 'query-*.json' | wc -l) compile-checked queries in .sqlx/"
  exit 0
fi

stale=0
for f in "$out"/query-*.json; do
  [[ -e "$f" ]] || continue
  if ! cmp -s "$f" ".sqlx/$(basename "$f")"; then
    echo "missing or stale: .sqlx/$(basename "$f")" >&2
    stale=1
  fi
done
for f in .sqlx/query-*.json; do
  [[ -e "$f" ]] || continue
  if [[ ! -e "$out/$(basename "$f")" ]]; then
    echo "no longer used: $f" >&2
    stale=1
  fi
done
if ((stale)); then
  die ".sqlx/ is out of date: run scripts/sqlx.sh prepare and commit .sqlx/"
fi
log "$(find .sqlx -name 'query-*.json' | wc -l) compile-checked queries match the database"
