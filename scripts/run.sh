#!/usr/bin/env bash
# Builds and runs ASP locally: http://localhost:8080 (console at /, portal at /portal/, API at /api).
#   scripts/run.sh            services, UI builds, release build, migrate, seed --demo, serve
# Environment (defaults):
#   ASP_MIGRATION_DATABASE_URL=postgres://localhost/asp   the owner: migrate, seed (the database is created if missing)
#   ASP_DATABASE_URL=postgres://asp_app@localhost/asp     what asp serve connects as (row-level security holds)
#   ASP_REDIS_URL=redis://127.0.0.1:6379
#   ASP_HTTP_ADDR, ASP_JWT_SECRET, ...         (unset: config/default.toml and the built-in development secret)
#   SKIP_UI_BUILD=1                             reuse admin-ui/dist and portal-ui/dist as they are
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

export ASP_MIGRATION_DATABASE_URL="${ASP_MIGRATION_DATABASE_URL:-postgres://localhost/asp}"
export ASP_DATABASE_URL="${ASP_DATABASE_URL:-postgres://asp_app@localhost/$(db_name_of "$ASP_MIGRATION_DATABASE_URL")}"
export ASP_REDIS_URL="${ASP_REDIS_URL:-redis://127.0.0.1:6379}"

bash scripts/ensure-services.sh --no-browser

# The UIs first: the API serves (and in release builds may embed) their dist/ folders.
if [[ "${SKIP_UI_BUILD:-0}" != 1 ]]; then
  for ui in admin-ui portal-ui; do
    log "building $ui"
    npm_install "$ui"
    (cd "$ui" && npm run build)
  done
fi

log "cargo build --release -p api"
cargo build --release -p api

ensure_database "$ASP_MIGRATION_DATABASE_URL"

ASP=target/release/asp
log "$ASP migrate"
"$ASP" migrate
log "$ASP seed --demo"
"$ASP" seed --demo
log "$ASP serve (console http://localhost:8080/, portal /portal/, API /api; Ctrl-C stops it)"
exec "$ASP" serve
