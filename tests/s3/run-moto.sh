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

# shellcheck source=tests/lib/venv.sh
source "$HERE/../lib/venv.sh"

case "${1:-}" in
  install)
    ensure_venv "$HERE" bin/moto_server moto
    ;;
  '' | *[!0-9]*)
    echo "usage: $0 install | PORT" >&2
    exit 2
    ;;
  *)
    ensure_venv "$HERE" bin/moto_server moto
    exec "$VENV/bin/moto_server" -H 127.0.0.1 -p "$1"
    ;;
esac
