#!/usr/bin/env bash
# A real SMTP server for the mail tests (api/tests/it/mail.rs, docs/alerts-mail.md): aiosmtpd, installed from the
# pinned tests/smtp/requirements.txt into tests/smtp/.venv (git-ignored; rebuilt when requirements.txt changes),
# listening on 127.0.0.1 only, writing each message it receives to OUT_DIR as one .eml file (tests/smtp/sink.py).
#   tests/smtp/run-sink.sh install                 installs (or checks) the venv and exits (scripts/test.sh runs this)
#   tests/smtp/run-sink.sh PORT OUT_DIR [REPLY]    installs if needed, then runs the sink in the foreground; with
#                                                  REPLY (e.g. "451 4.3.0 Try again later") it refuses every message;
#                                                  SINK_DATA_DELAY=SECONDS answers each message that much later, and
#                                                  keeps it only if the sender is still connected then
# Local product run: tests/smtp/run-sink.sh 2525 data/mail, and serve with ASP_SMTP_HOST=127.0.0.1
# ASP_SMTP_PORT=2525 ASP_SMTP_TLS=none (README.md). Several test processes may start it at once: the install runs
# under a lock.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$HERE/.venv"

# shellcheck source=tests/lib/venv.sh
source "$HERE/../lib/venv.sh"

case "${1:-}" in
  install)
    ensure_venv "$HERE" bin/python aiosmtpd
    ;;
  '' | *[!0-9]*)
    echo "usage: $0 install | PORT OUT_DIR [REPLY]" >&2
    exit 2
    ;;
  *)
    [[ -n "${2:-}" ]] || { echo "usage: $0 PORT OUT_DIR [REPLY]" >&2; exit 2; }
    ensure_venv "$HERE" bin/python aiosmtpd
    exec "$VENV/bin/python" "$HERE/sink.py" --port "$1" --out "$2" --reply "${3:-}" --data-delay "${SINK_DATA_DELAY:-0}"
    ;;
esac
