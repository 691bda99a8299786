#!/usr/bin/env bash
# Runs every test suite of ASP (what CI runs through .ci/run):
#   services -> UI unit tests -> UI builds -> test-tool installs -> OIDC provider self-test
#   -> the S3 (moto) and SMTP (aiosmtpd) test servers' venvs
#   -> Rust tests (nextest, else cargo test; among them the generated cross-tenant probes) -> sqlx offline-data check
#   -> debug build of `asp` -> browser e2e against a fresh database -> Schemathesis against another fresh database.
# A failing suite does not stop the others (unless a later one depends on it); the script exits 1 if any failed
# and lists them at the end.
# Environment (defaults):
#   ASP_TEST_DATABASE_URL=postgres://localhost/postgres   admin URL from which Rust tests create their databases
#   ASP_REDIS_URL=redis://127.0.0.1:6379
#   ASP_E2E_DATABASE_URL=postgres://localhost/asp_e2e      dropped and re-created for every run
#   E2E_PORT=18080                                        port of the e2e server (127.0.0.1)
#   ASP_SCHEMATHESIS_DATABASE_URL=postgres://localhost/asp_schemathesis   dropped and re-created for every run
#   SCHEMATHESIS_PORT=18383                               port of the Schemathesis server (127.0.0.1)
#   ST_*                                                  Schemathesis settings (tests/schemathesis/run.sh)
#   SKIP_UI=1 / SKIP_RUST=1 / SKIP_E2E=1 / SKIP_SCHEMATHESIS=1   leave a part out (local use; CI runs everything)
#   ASP_BIN=path                                          e2e and Schemathesis against this binary instead of building
#                                                         target/debug/asp
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [[ "${CI:-}" == true || "${CI:-}" == 1 ]]; then
  export CARGO_TERM_COLOR=never NO_COLOR=1
fi
export ASP_TEST_DATABASE_URL="${ASP_TEST_DATABASE_URL:-postgres://localhost/postgres}"
export ASP_REDIS_URL="${ASP_REDIS_URL:-redis://127.0.0.1:6379}"
E2E_DB_URL="${ASP_E2E_DATABASE_URL:-postgres://localhost/asp_e2e}"
E2E_PORT="${E2E_PORT:-18080}"
ST_DB_URL="${ASP_SCHEMATHESIS_DATABASE_URL:-postgres://localhost/asp_schemathesis}"
ST_PORT="${SCHEMATHESIS_PORT:-18383}"
ASP_BIN="${ASP_BIN:-}"
ARTIFACTS="$REPO_ROOT/test-artifacts"

PASSED=()
FAILED=()
SKIPPED=()

# step NAME COMMAND...: runs COMMAND in a subshell with errexit on, records the outcome; never exits.
step() {
  local name="$1" rc start="$SECONDS"
  shift
  printf '\n==> [%s] %s\n' "$(date +%H:%M:%S)" "$name" >&2
  set +e
  (
    set -euo pipefail
    "$@"
  )
  rc=$?
  set -e
  if ((rc == 0)); then
    PASSED+=("$name ($((SECONDS - start)) s)")
  else
    FAILED+=("$name (exit $rc, $((SECONDS - start)) s)")
    printf '==> FAILED: %s (exit %s)\n' "$name" "$rc" >&2
  fi
  return 0
}
ok() { [[ " ${PASSED[*]} " == *" $1 ("* ]]; }

ui_unit_tests() {
  npm_install "$1"
  (cd "$1" && CI=true npm test)
}

ui_build() {
  (cd "$1" && npm run build)
}

test_tools_install() {
  npm_install tests/oidc-provider
  npm_install tests/e2e
}

oidc_selftest() {
  (cd tests/oidc-provider && timeout 300 node --test selftest.mjs)
}

rust_tests() {
  local rc=0
  if cargo nextest --version >/dev/null 2>&1; then
    timeout 3600 cargo nextest run --workspace --no-fail-fast || rc=$?
  else
    timeout 3600 cargo test --workspace --no-fail-fast || rc=$?
  fi
  drop_test_databases
  return "$rc"
}

# Every Rust test copies the demo template into a database of its own (asp_t_<uuid>); they go when the run ends.
drop_test_databases() {
  local db
  for db in $(psql "$ASP_TEST_DATABASE_URL" -Atc "select datname from pg_database where datname like 'asp\_t\_%'"); do
    psql "$ASP_TEST_DATABASE_URL" -qc "drop database if exists \"$db\" with (force)" >/dev/null || true
  done
}

# The committed offline data of the compile-checked queries (.sqlx/) matches a freshly migrated database.
sqlx_offline_data() {
  ASP_BIN="$(pwd)/target/debug/asp" bash scripts/sqlx.sh check
}

# The same units as the sqlx check's build just before (same packages, so the same feature set): a no-op after it.
build_debug_asp() {
  cargo build --workspace --lib --bins
  [[ -x target/debug/asp ]]
}

# serve_fresh DB_URL PORT LOG: migrates and seeds a fresh database as the owner, then serves it as the application
# role (as in production) on 127.0.0.1:PORT until the calling step's subshell exits. Fails when the server does not
# answer /api/health within two minutes.
serve_fresh() {
  local db_url="$1" port="$2" server_log="$3" base pid
  base="http://127.0.0.1:$port"
  mkdir -p "$ARTIFACTS"
  if curl -fsS -o /dev/null --max-time 2 "$base/api/health" 2>/dev/null; then
    echo "something already answers on $base: stop it first (or choose another port)" >&2
    return 1
  fi
  export ASP_MIGRATION_DATABASE_URL="$db_url"
  export ASP_DATABASE_URL="postgres://asp_app@localhost/$(db_name_of "$db_url")"
  export ASP_HTTP_ADDR="127.0.0.1:$port"
  log "fresh database $(db_name_of "$db_url")"
  recreate_database "$db_url"
  "$ASP_BIN" migrate
  "$ASP_BIN" seed --demo

  log "starting $ASP_BIN serve on $ASP_HTTP_ADDR (log: ${server_log#"$REPO_ROOT"/})"
  "$ASP_BIN" serve >"$server_log" 2>&1 &
  pid=$!
  # shellcheck disable=SC2064  # expand $pid now
  trap "kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true" EXIT
  local up=0
  for _ in $(seq 1 120); do
    if curl -fsS -o /dev/null --max-time 2 "$base/api/health" 2>/dev/null; then
      up=1
      break
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      break
    fi
    sleep 1
  done
  if ((!up)); then
    echo "the server did not answer $base/api/health; last lines of its log:" >&2
    tail -n 50 "$server_log" >&2 || true
    return 1
  fi
}

e2e() {
  local base="http://127.0.0.1:$E2E_PORT" server_log="$ARTIFACTS/e2e-server.log"
  # A real SMTP server for the alert e-mails the browser tests read back (tests/e2e/alert-delivery.mjs): the e2e
  # server sends to it (the mail job runs every 10 s); each message lands as one .eml file in $E2E_MAIL_DIR.
  local mail_port=$((E2E_PORT + 25)) sink_pid
  export E2E_MAIL_DIR="$ARTIFACTS/e2e-mail"
  rm -rf "$E2E_MAIL_DIR" && mkdir -p "$E2E_MAIL_DIR"
  export ASP_SMTP_HOST=127.0.0.1 ASP_SMTP_PORT="$mail_port" ASP_SMTP_TLS=none ASP_MAIL_LINK_BASE="$base"
  serve_fresh "$E2E_DB_URL" "$E2E_PORT" "$server_log"
  bash tests/smtp/run-sink.sh "$mail_port" "$E2E_MAIL_DIR" >"$ARTIFACTS/e2e-smtp.log" 2>&1 &
  sink_pid=$!

  local rc=0
  local spec
  for spec in tests/e2e/run.mjs tests/e2e/devops.mjs tests/e2e/items.mjs tests/e2e/tracking-codes.mjs tests/e2e/employees.mjs tests/e2e/transactions.mjs tests/e2e/cycle-counts.mjs tests/e2e/employee-groups.mjs tests/e2e/crib-counter.mjs tests/e2e/profile.mjs tests/e2e/custom-field-import.mjs tests/e2e/shared-vendors.mjs tests/e2e/vendors.mjs tests/e2e/vendor-sites.mjs tests/e2e/cost-catalogue.mjs tests/e2e/type-lists.mjs tests/e2e/impersonation.mjs tests/e2e/alerts.mjs tests/e2e/alert-delivery.mjs tests/e2e/alert-settings.mjs tests/e2e/menu-walk.mjs; do
    [[ -f "$spec" ]] || continue
    BASE_URL="$base" timeout 900 node "$spec" || rc=$?
  done
  kill "$sink_pid" 2>/dev/null || true
  if ((rc != 0)); then
    echo "e2e failed (exit $rc); screenshots in test-artifacts/, last lines of the server log:" >&2
    tail -n 30 "$server_log" >&2 || true
  fi
  return "$rc"
}

# Schemathesis: every operation of the served document, generated requests, as the buyer, the customer and the
# administrator; no 5xx, documented statuses, answers matching their schemas (docs/testing.md). Its own fresh
# database, since the e2e run and the fuzzing both change data.
schemathesis() {
  local server_log="$ARTIFACTS/schemathesis-server.log" rc=0
  serve_fresh "$ST_DB_URL" "$ST_PORT" "$server_log"
  ST_BASE_URL="http://127.0.0.1:$ST_PORT" ST_OWNER_DATABASE_URL="$ST_DB_URL" ST_REPORT_DIR="$ARTIFACTS/schemathesis" \
    bash tests/schemathesis/run.sh || rc=$?
  if ((rc != 0)); then
    echo "schemathesis failed (exit $rc); reports in test-artifacts/schemathesis/, last lines of the server log:" >&2
    tail -n 30 "$server_log" >&2 || true
  fi
  return "$rc"
}

# ------------------------------------------------------------------------------------------------ run
bash scripts/ensure-services.sh || die "services are not ready (see above); nothing was tested"

if [[ "${SKIP_UI:-0}" != 1 ]]; then
  for ui in admin-ui portal-ui; do
    step "$ui unit tests" ui_unit_tests "$ui"
    # Build even if a unit test failed: the API and the e2e run need dist/.
    if [[ -d "$ui/node_modules" ]]; then
      step "$ui build" ui_build "$ui"
    else
      FAILED+=("$ui build (not run: no $ui/node_modules, npm ci failed)")
    fi
  done
fi

step "test tools npm ci (tests/oidc-provider, tests/e2e)" test_tools_install
if ok "test tools npm ci"; then
  step "oidc-provider self-test" oidc_selftest
else
  FAILED+=("oidc-provider self-test (not run: npm ci failed)")
fi

if [[ "${SKIP_RUST:-0}" != 1 ]]; then
  # The S3-compatible server the file storage tests start (they fail, not skip, without it).
  step "moto install (tests/s3, for the S3 file storage tests)" bash tests/s3/run-moto.sh install
  # The SMTP server the mail tests start (api/tests/it/mail.rs; they fail, not skip, without it).
  step "aiosmtpd install (tests/smtp, for the mail tests)" bash tests/smtp/run-sink.sh install
  step "rust tests" rust_tests
  if [[ -x target/debug/asp ]]; then
    step "sqlx offline data (.sqlx) matches the database" sqlx_offline_data
  else
    FAILED+=("sqlx offline data (not run: no target/debug/asp after the rust tests)")
  fi
fi

bin_why=""
if [[ "${SKIP_E2E:-0}" != 1 || "${SKIP_SCHEMATHESIS:-0}" != 1 ]] && [[ -z "$ASP_BIN" ]]; then
  step "debug build of asp" build_debug_asp
  ASP_BIN=target/debug/asp
  ok "debug build of asp" || bin_why="no target/debug/asp"
fi

if [[ "${SKIP_E2E:-0}" != 1 ]]; then
  why="$bin_why"
  if [[ "${SKIP_UI:-0}" != 1 ]]; then
    { ok "admin-ui build" && ok "portal-ui build"; } || why="${why:+$why, }a UI build failed"
  fi
  ok "test tools npm ci" || why="${why:+$why, }tests/e2e npm ci failed"
  if [[ -z "$why" ]]; then
    step "e2e (browser)" e2e
  else
    FAILED+=("e2e (not run: $why)")
  fi
else
  SKIPPED+=("e2e (SKIP_E2E=1)")
fi

if [[ "${SKIP_SCHEMATHESIS:-0}" != 1 ]]; then
  if [[ -z "$bin_why" ]]; then
    step "schemathesis (every operation, generated requests)" schemathesis
  else
    FAILED+=("schemathesis (not run: $bin_why)")
  fi
else
  SKIPPED+=("schemathesis (SKIP_SCHEMATHESIS=1)")
fi

printf '\n==> test.sh summary\n'
for s in "${PASSED[@]}"; do printf '  ok      %s\n' "$s"; done
for s in "${SKIPPED[@]}"; do printf '  skipped %s\n' "$s"; done
for s in "${FAILED[@]}"; do printf '  FAILED  %s\n' "$s"; done
if ((${#FAILED[@]})); then
  printf '==> %d suite(s) failed\n' "${#FAILED[@]}"
  exit 1
fi
printf '==> all suites passed\n'
