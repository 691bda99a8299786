#!/usr/bin/env bash
# Records each new migration file's SHA-256 in migrations/checksums.txt, which a test compares with the files
# (api/tests/it/drift.rs): a migration that is on main never changes, and adding one is a deliberate step.
#   scripts/migration-checksums.sh   append a line for every migration file not listed yet
# It only appends: a listed file whose content differs is reported, never rewritten (write a new migration instead).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

list=migrations/checksums.txt
[[ -f "$list" ]] || die "$list is missing"

changed=0
for file in migrations/global/*.sql migrations/tenant/*.sql; do
  name="${file#migrations/}"
  sum="$(sha256sum "$file" | cut -d' ' -f1)"
  recorded="$(awk -v n="$name" '$1 == n { print $2 }' "$list")"
  if [[ -z "$recorded" ]]; then
    printf '%s %s\n' "$name" "$sum" >>"$list"
    log "recorded $name"
  elif [[ "$recorded" != "$sum" ]]; then
    warn "$name differs from its recorded checksum: applied migrations are never edited"
    changed=1
  fi
done
exit "$changed"
