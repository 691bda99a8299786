#!/usr/bin/env bash
# A local S3-compatible server for the file storage tests (api/tests/it/files.rs, docs/files.md): moto in server
# mode, installed from the pinned tests/s3/requirements.txt into tests/s3/.venv (git-ignored; rebuilt when
# requirements.txt changes), listening on 127.0.0.1 only.
#   tests/s3/run-moto.sh install   installs (or checks) the venv and exits (scripts/test.sh runs this first)
#   tests/s3/run-moto.sh PORT      installs if needed, then runs the server in the foreground on 127.0.0.1:PORT
# Several test processes may start it at once: the install runs under a lock.
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
  echo "moto needs Python 3.9 or newer" >&2
  return 1
}

ensure_venv() {
  local want have=""
  want="$(sha256sum "$HERE/requirements.txt" | cut -d' ' -f1)"
  exec 9>"$HERE/.install.lock"
  flock 9
  [[ -f "$VENV/.requirements.sha256" ]] && have="$(cat "$VENV/.requirements.sha256")"
  if [[ "$want" != "$have" || ! -x "$VENV/bin/moto_server" ]]; then
    log "installing moto into $VENV"
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
    echo "usage: $0 install | PORT" >&2
    exit 2
    ;;
  *)
    ensure_venv
    exec "$VENV/bin/moto_server" -H 127.0.0.1 -p "$1"
    ;;
esac
