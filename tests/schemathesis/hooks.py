"""Schemathesis hooks for ASP (loaded through SCHEMATHESIS_HOOKS by tests/schemathesis/run.sh).

Two things the command line cannot say:

1. Authentication. Every request carries the bearer token of the pass's user (ASP_ST_TOKEN, which run.sh got from
   POST /api/auth/login before any pass ran, so the fuzzed sign-in's throttling cannot refuse it), renewed through
   POST /api/auth/refresh (same session) before the 15-minute access token runs out. A 401 is never retried with a new token: an operation that answers 401
   to a signed-in caller is a finding, not something to paper over.

2. The run's own lifeline. The administrator pass may call every console operation with any id it likes, except
   the few writes that would take away the rights the rest of the pass runs on: changing or deactivating the
   caller's own user, the roles the caller holds, or the sites the caller has access to (deactivating the current
   site ends every later call with 403). Those targets are listed in ASP_ST_PROTECTED (JSON
   {"users": [..], "roles": [..], "sites": [..]}, computed by run.sh from the database); any other id, including
   the other seeded users, roles and the records the stateful phase creates, stays in play. Whole operations
   that end the run (sign-out, switching the API off) are excluded on run.sh's command line instead.
"""

from __future__ import annotations

import json
import os
import threading

import requests
import schemathesis

BASE = os.environ["ASP_ST_BASE"].rstrip("/")
FIRST_TOKEN = os.environ["ASP_ST_TOKEN"]
PROTECTED = json.loads(os.environ.get("ASP_ST_PROTECTED") or "{}")
# The run's device token (run.sh): sent as the header Token on the device report, never revoked by a pass.
DEVICE_TOKEN = os.environ.get("ASP_ST_DEVICE_TOKEN") or ""
DEVICE_TOKEN_ID = os.environ.get("ASP_ST_DEVICE_TOKEN_ID") or ""
DEVICE_REPORT = "/V1/Device/Transactions"

# Path template (as in the document, below the /api server prefix) -> which protected list its {id} must avoid.
# Only writes: reading one's own user, role or site cannot end the run.
LIFELINE_WRITES = {
    ("PUT", "/admin/users/{id}"): "users",
    ("DELETE", "/admin/users/{id}"): "users",
    ("PUT", "/admin/roles/{id}"): "roles",
    ("DELETE", "/admin/roles/{id}"): "roles",
    ("PUT", "/admin/sites/{id}"): "sites",
    ("DELETE", "/admin/sites/{id}"): "sites",
}


def _as_int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@schemathesis.hook
def filter_case(context, case):
    """Drops the cases that would remove the caller's own rights (see the module's doc)."""
    if case.method.upper() == "DELETE" and case.operation.path == "/V1/Device/Token/{id}" and DEVICE_TOKEN_ID:
        return str((case.path_parameters or {}).get("id")) != DEVICE_TOKEN_ID
    kind = LIFELINE_WRITES.get((case.method.upper(), case.operation.path))
    if kind is None:
        return True
    target = _as_int((case.path_parameters or {}).get("id"))
    return target is None or target not in set(PROTECTED.get(kind, []))


@schemathesis.auth(refresh_interval=600, retry_on=[])
class AspBearer:
    """The pass user's token: the one run.sh signed in with, then renewed on the same session (never a second
    sign-in, which the fuzzed POST /api/auth/login may by then have throttled for this address)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._token = None

    def get(self, case, context):
        with self._lock:
            if self._token is None:
                self._token = FIRST_TOKEN
            else:
                answer = requests.post(f"{BASE}/api/auth/refresh", headers={"Authorization": f"Bearer {self._token}"}, timeout=30)
                answer.raise_for_status()
                self._token = answer.json()["access_token"]
            return self._token

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"
        if DEVICE_TOKEN and case.operation.path == DEVICE_REPORT:
            case.headers["Token"] = DEVICE_TOKEN
