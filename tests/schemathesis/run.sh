#!/usr/bin/env bash
# Schemathesis against a running `asp serve`: every operation of the served OpenAPI document, generated requests,
# as several users in turn (docs/testing.md, "Schemathesis"). Checks on every answer:
#   not_a_server_error            no 5xx
#   status_code_conformance       the status is one the operation documents
#   response_schema_conformance   the body matches the documented schema of that status
# It installs its own pinned Schemathesis (tests/schemathesis/requirements.txt) into tests/schemathesis/.venv.
#
# Environment:
#   ST_BASE_URL (required)     the server, e.g. http://127.0.0.1:18383 (the document is at /api/openapi.json)
#   ST_OWNER_DATABASE_URL      the server's database as its owner (psql), to find the records an administrator pass
#                              must not take away from itself (hooks.py); without it the admin pass protects nothing
#   ST_PASSES="buyer customer admin"  users, in order, all with the demo password. Every pass signs in before the first
#                              starts (the fuzzed sign-in may throttle this address later); an administrator pass goes
#                              last, since it may deactivate or re-password the other users
#   ST_ADMINS="admin"          which of those hold every permission: their pass also fails when an operation answers
#                              only 401/403 (the pass lost its rights, or an operation refuses an administrator)
#   ST_CHECKS                  the checks above (comma-separated); others are for exploring (docs/testing.md)
#   ST_MAX_EXAMPLES=10         generated cases per operation and phase
#   ST_PASS_TIMEOUT=600        seconds one pass may take before it is stopped and counted as failed
#   ST_SEED=20261122           random seed (fixed so a CI failure reproduces; ST_SEED=random explores)
#   ST_REPORT_DIR=test-artifacts/schemathesis   JUnit reports and the console output of every pass
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"

BASE="${ST_BASE_URL:?set ST_BASE_URL, e.g. http://127.0.0.1:18383}"
BASE="${BASE%/}"
PASSES="${ST_PASSES:-buyer customer admin}"
ADMINS=" ${ST_ADMINS:-admin} "
MAX_EXAMPLES="${ST_MAX_EXAMPLES:-10}"
CHECKS="${ST_CHECKS:-not_a_server_error,status_code_conformance,response_schema_conformance}"
PASS_TIMEOUT="${ST_PASS_TIMEOUT:-600}"
SEED="${ST_SEED:-20261122}"
REPORTS="${ST_REPORT_DIR:-$ROOT/test-artifacts/schemathesis}"
PASSWORD="Demo@pass1"
VENV="$HERE/.venv"

# Operations left out of every pass, because calling them ends the run for every later request:
#   authLogout                 revokes the session the pass's token belongs to
#   securityApiGetDisableAPI   switches the whole API off (503 for everything but the switch itself)
# Everything else is called, including password changes (POST /V1/User/Password/Update keeps the caller's own
# session; the self-service one needs the current password, which generated data does not know) and impersonation
# (it opens a separate session). The few writes that would take an administrator's own rights away are filtered
# per case in hooks.py instead of leaving their operations out.
EXCLUDED_OPERATIONS=(authLogout securityApiGetDisableAPI)

# shellcheck source=tests/lib/venv.sh
source "$HERE/../lib/venv.sh"

log() { printf '==> %s\n' "$*" >&2; }

access_token() {
  "$VENV/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["access_token"])'
}

login() {
  curl -fsS --max-time 30 -H 'content-type: application/json' -d "{\"username\":\"$1\",\"password\":\"$PASSWORD\"}" \
    "$BASE/api/auth/login" | access_token
}

# A fresh access token on the same session (never a second sign-in, which the fuzzed sign-in may have throttled for
# this address by then); falls back to signing in only if the session is gone.
renew() {
  curl -fsS --max-time 30 -X POST -H "authorization: Bearer ${TOKEN[$1]}" "$BASE/api/auth/refresh" | access_token \
    || login "$1"
}

# The records an administrator pass must not change or deactivate: its own user, the roles it holds, its sites.
protected_of() {
  [[ -n "${ST_OWNER_DATABASE_URL:-}" ]] || { printf '{}'; return 0; }
  psql "$ST_OWNER_DATABASE_URL" -XAtq -v login="$1" <<'SQL'
select json_build_object(
  'users', json_build_array(u.asp_users_id),
  'roles', coalesce((select json_agg(distinct r.security_role_id) from asp.user_site_role r where r.asp_users_id = u.asp_users_id), '[]'),
  'sites', coalesce((select json_agg(s.site_id) from asp.user_site s where s.asp_users_id = u.asp_users_id), '[]'))
from asp.asp_users u where u.user_id = :'login'
SQL
}

ensure_venv "$HERE" bin/schemathesis Schemathesis 10
mkdir -p "$REPORTS"
curl -fsS -o /dev/null --max-time 10 "$BASE/api/openapi.json" || { echo "no OpenAPI document at $BASE/api/openapi.json" >&2; exit 1; }

declare -A TOKEN
for user in $PASSES; do
  TOKEN[$user]="$(login "$user")" || { echo "cannot sign in as $user" >&2; exit 1; }
done

# POST /V1/Device/Transactions takes no user: its one credential is a device token in the header Token. An
# administrator of the passes issues one at ACME-NORTH for the run (hooks.py sends it on that operation in every pass
# and keeps the passes from revoking it), so the device reports are fuzzed signed in rather than refused with 401.
DEVICE_TOKEN=""
DEVICE_TOKEN_ID=""
for user in $PASSES; do
  [[ "$ADMINS" == *" $user "* ]] || continue
  curl -fsS -o /dev/null --max-time 30 -X PUT -H 'content-type: application/json' -H "authorization: Bearer ${TOKEN[$user]}" \
    -d '{"site_code":"ACME-NORTH"}' "$BASE/api/V1/Site/CurrentSite" || { echo "cannot move $user to ACME-NORTH" >&2; exit 1; }
  issued="$(curl -fsS --max-time 30 -H 'content-type: application/json' -H "authorization: Bearer ${TOKEN[$user]}" \
    -d '{"device_name":"Schemathesis device"}' "$BASE/api/V1/Device/Token")" || { echo "cannot issue a device token as $user" >&2; exit 1; }
  DEVICE_TOKEN="$(printf '%s' "$issued" | "$VENV/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["token"])')"
  DEVICE_TOKEN_ID="$(printf '%s' "$issued" | "$VENV/bin/python" -c 'import json, sys; print(json.load(sys.stdin)["device_token"]["device_token_id"])')"
  break
done

excluded=()
for op in "${EXCLUDED_OPERATIONS[@]}"; do excluded+=(--exclude-operation-id "$op"); done
seed=()
[[ "$SEED" == random ]] || seed=(--seed "$SEED")

rc=0
total_cases=0
total_failed=0
read -ra pass_list <<<"$PASSES"
done_passes=0
for user in $PASSES; do
  out="$REPORTS/$user.txt"
  config=()
  protected='{}'
  if [[ "$ADMINS" == *" $user "* ]]; then
    config=(--config-file "$HERE/admin.toml")
    protected="$(protected_of "$user")"
  fi
  log "schemathesis as $user (max $MAX_EXAMPLES examples per operation and phase, at most $PASS_TIMEOUT s; protected: $protected)"
  start=$SECONDS
  pass_rc=0
  ASP_ST_BASE="$BASE" ASP_ST_TOKEN="${TOKEN[$user]}" ASP_ST_PROTECTED="$protected" SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$HERE" \
    ASP_ST_DEVICE_TOKEN="$DEVICE_TOKEN" ASP_ST_DEVICE_TOKEN_ID="$DEVICE_TOKEN_ID" \
    timeout -k 15 "$PASS_TIMEOUT" "$VENV/bin/schemathesis" "${config[@]}" run "$BASE/api/openapi.json" \
    --checks "$CHECKS" \
    --max-examples "$MAX_EXAMPLES" "${seed[@]}" "${excluded[@]}" \
    --request-timeout 30 --generation-database none --no-color \
    --report junit --report-dir "$REPORTS" \
    --report-junit-path "$REPORTS/$user.junit.xml" \
    >"$out" 2>&1 || pass_rc=$?
  # The console output is long (warnings list operations); keep it in the report folder, show the end. Its
  # pytest-like "=== N warnings in T s ===" banner is left out: the closing line below is the run's count.
  tail -n 25 "$out" | grep -v '^====' || true
  if ((pass_rc != 0)); then
    # Each failure with its curl command to replay.
    sed -n '/= FAILURES =/,/= \(WARNINGS\|SUMMARY\) =/p' "$out" | head -n 400
  fi
  if ((pass_rc == 124 || pass_rc == 137)); then
    echo "schemathesis as $user did not finish within $PASS_TIMEOUT s (ST_PASS_TIMEOUT)" >&2
  fi
  cases="$(sed -n 's/^ *\([0-9][0-9]*\) generated.*/\1/p' "$out" | tail -n 1)"
  failed="$(sed -n 's/^ *[0-9][0-9]* generated, \([0-9][0-9]*\) found.*/\1/p' "$out" | tail -n 1)"
  total_cases=$((total_cases + ${cases:-0}))
  total_failed=$((total_failed + ${failed:-0}))
  log "schemathesis as $user: exit $pass_rc, ${cases:-?} cases in $((SECONDS - start)) s (output: $out)"
  ((pass_rc == 0)) || rc=1
  # Every token was issued before the first pass and lives 15 minutes; a later pass would otherwise start with a
  # token that runs out inside it (hooks.py renews it only every 10 minutes). Each pass is bounded by
  # ST_PASS_TIMEOUT, so renewing the waiting users' tokens after each pass keeps them alive. Only the waiting ones:
  # a finished user may since have been re-passworded or deactivated by an administrator pass.
  done_passes=$((done_passes + 1))
  for other in "${pass_list[@]:done_passes}"; do
    TOKEN[$other]="$(renew "$other")" || { echo "cannot renew the token of $other" >&2; exit 1; }
  done
done
if ((rc != 0 && total_failed == 0)); then total_failed=1; fi
echo "schemathesis: $((total_cases - total_failed)) passed, $total_failed failed"
exit "$rc"
