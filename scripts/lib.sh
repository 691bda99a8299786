# shellcheck shell=bash
# Helpers shared by scripts/*.sh. Source it; it sets REPO_ROOT and cds there.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export REPO_ROOT
cd "$REPO_ROOT" || exit 1

# rustup's cargo may not be on PATH in a non-login shell.
if ! command -v cargo >/dev/null 2>&1 && [[ -x "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" ]]; then
  PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
  export PATH
fi

log() { printf '==> %s\n' "$*" >&2; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die() {
  printf 'ERROR: %s\n' "$*" >&2
  exit 1
}

# The database name of a postgres:// URL (path without query).
db_name_of() {
  local url="${1%%\?*}"
  printf '%s' "${url##*/}"
}

# The same server with the maintenance database `postgres` (keeps the query string).
db_admin_url_of() {
  local url="$1" query=""
  if [[ "$url" == *\?* ]]; then
    query="?${url#*\?}"
    url="${url%%\?*}"
  fi
  printf '%s/postgres%s' "${url%/*}" "$query"
}

# Creates the database of URL $1 if it does not exist.
ensure_database() {
  local url="$1" name admin
  name="$(db_name_of "$url")"
  admin="$(db_admin_url_of "$url")"
  [[ "$name" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "unsupported database name '$name' in $url"
  if [[ "$(psql "$admin" -XAtqc "select 1 from pg_database where datname = '$name'")" != 1 ]]; then
    log "creating database $name"
    psql "$admin" -Xqc "create database \"$name\"" >/dev/null
  fi
}

# Drops and re-creates the database of URL $1.
recreate_database() {
  local url="$1" name admin
  name="$(db_name_of "$url")"
  admin="$(db_admin_url_of "$url")"
  [[ "$name" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "unsupported database name '$name' in $url"
  PGOPTIONS="-c client_min_messages=warning" psql "$admin" -Xqc "drop database if exists \"$name\" with (force)" >/dev/null
  psql "$admin" -Xqc "create database \"$name\"" >/dev/null
}

# `npm ci` where a lockfile exists, else `npm install` (with a warning: commit the lockfile).
npm_install() {
  local dir="$1"
  [[ -f "$dir/package.json" ]] || die "$dir/package.json is missing"
  if [[ -f "$dir/package-lock.json" ]]; then
    (cd "$dir" && npm ci --no-audit --no-fund)
  else
    warn "$dir has no package-lock.json: running npm install (commit the lockfile so CI uses npm ci)"
    (cd "$dir" && npm install --no-audit --no-fund)
  fi
}
