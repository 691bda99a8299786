#!/usr/bin/env bash
# Refreshes the API's OpenAPI document in the UI tree and the TypeScript types generated from it, after a change to
# the API:
#   admin-ui/src/shared/api/openapi.json   exactly what `asp openapi` prints (a Rust test compares them)
#   admin-ui/src/shared/api/schema.d.ts    `npm run gen:api` in admin-ui (its `npm test` fails when this is stale)
# Commit both. Environment: ASP_BIN=path uses that `asp` binary; without it `cargo run` builds the current one.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

DOC=admin-ui/src/shared/api/openapi.json
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT

# Into a temporary file first, so a failed build or run leaves the committed document as it was.
if [[ -n "${ASP_BIN:-}" ]]; then
  log "$ASP_BIN openapi > $DOC"
  "$ASP_BIN" openapi >"$tmp"
else
  log "cargo run -q -p api --bin asp -- openapi > $DOC"
  cargo run -q -p api --bin asp -- openapi >"$tmp"
fi
[[ -s "$tmp" ]] || die "asp openapi printed nothing"
cp "$tmp" "$DOC"

if [[ ! -d admin-ui/node_modules ]]; then
  npm_install admin-ui
fi
(cd admin-ui && npm run --silent gen:api)
log "updated $DOC and admin-ui/src/shared/api/schema.d.ts"
