#!/usr/bin/env bash
# A real SMTP server for the mail tests (api/tests/it/mail.rs, docs/alerts-mail.md): aiosmtpd, installed from the
# pinned tests/smtp/requirements.txt into tests/smtp/.venv (git-ignored; rebuilt when requirements.txt changes),
# listening on 127.0.0.1 only, writing each message it receives to OUT_DIR as one .eml file (tests/smtp/sink.py).
#   tests/smtp/run-sink.sh install                 installs (or checks) the venv and exits (scripts/test.sh runs this)
#   tests/smtp/run-sink.sh PORT OUT_DIR [REPLY]    installs if needed, then runs the sink in the foreground; with
#                                                  REPLY (e.g. "451 4.3.0 Try again later") it refuses every message
# Local product run: tests/smtp/run-sink.sh 2525 data/mail, and serve with ASP_SMTP_HOST=127.0.0.1
# ASP_SMTP_PORT=2525 ASP_SMTP_TLS=none (README.md). Several test processes may start it at once: the install runs
# under a lock.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$HERE/.venv"

log() { printf '==> %s\n' "$*" >&2; }

python_bin() {
  local p
  for p in python3.12 python3.11 python3.10 python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import sys; sys.exit(sys.version_info < (3, 9))' 2>/dev/null; then
      printf '%s' "$p"
      return 0
    fi
  done
  echo "the SMTP sink needs Python 3.9 or newer" >&2
  return 1
}

ensure_venv() {
  local want have=""
  want="$(sha256sum "$HERE/requirements.txt" | cut -d' ' -f1)"
  exec 9>"$HERE/.install.lock"
  flock 9
  [[ -f "$VENV/.requirements.sha256" ]] && have="$(cat "$VENV/.requirements.sha256")"
  if [[ "$want" != "$have" || ! -x "$VENV/bin/python" ]]; then
    log "installing aiosmtpd into $VENV"
    local start=$SECONDS
    rm -rf "$VENV"
    "$(python_bin)" -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check -r "$HERE/requirements.txt"
    printf '%s' "$want" >"$VENV/.requirements.sha256"
    log "installed in $((SECONDS - start)) s"
  fi
  flock -u 9
  exec 9>&-
}

case "${1:-}" in
  install)
    ensure_venv
    ;;
  '' | *[!0-9]*)
    echo "usage: $0 install | PORT OUT_DIR [REPLY]" >&2
    exit 2
    ;;
  *)
    [[ -n "${2:-}" ]] || { echo "usage: $0 PORT OUT_DIR [REPLY]" >&2; exit 2; }
    ensure_venv
    exec "$VENV/bin/python" "$HERE/sink.py" --port "$1" --out "$2" --reply "${3:-}"
    ;;
esac
