# shellcheck shell=bash
# The pinned Python tool of a test server (moto for S3, aiosmtpd for SMTP): a venv in DIR/.venv built from
# DIR/requirements.txt, rebuilt when that file changes, under a lock so several test processes may start it at once.
#   ensure_venv DIR CHECK NAME [MINOR]   CHECK: a file of the venv that must exist (bin/moto_server); NAME: for the
#                                        messages; MINOR: the oldest Python 3 minor version the tool runs on (9)

venv_log() { printf '==> %s\n' "$*" >&2; }

venv_python() {
  local p minor="${2:-9}"
  for p in python3.12 python3.11 python3.10 python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c "import sys; sys.exit(sys.version_info < (3, $minor))" 2>/dev/null; then
      printf '%s' "$p"
      return 0
    fi
  done
  echo "$1 needs Python 3.$minor or newer" >&2
  return 1
}

ensure_venv() {
  local dir="$1" check="$2" name="$3" minor="${4:-9}" venv="$1/.venv" want have=""
  want="$(sha256sum "$dir/requirements.txt" | cut -d' ' -f1)"
  exec 9>"$dir/.install.lock"
  flock 9
  [[ -f "$venv/.requirements.sha256" ]] && have="$(cat "$venv/.requirements.sha256")"
  if [[ "$want" != "$have" || ! -x "$venv/$check" ]]; then
    venv_log "installing $name into $venv"
    local start=$SECONDS
    rm -rf "$venv"
    "$(venv_python "$name" "$minor")" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$dir/requirements.txt"
    printf '%s' "$want" >"$venv/.requirements.sha256"
    venv_log "installed in $((SECONDS - start)) s"
  fi
  flock -u 9
  exec 9>&-
}
