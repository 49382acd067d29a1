#!/usr/bin/env bash
# Check the systemd units of deploy/ with systemd's own verifier, against
# a pbem built from this checkout (the verifier wants ExecStart's binary
# to exist). Any warning about a unit (an unknown key, a bad value) fails.
# Where systemd-analyze is missing it says so and exits 0: the Go test
# TestSystemdUnit checks the unit's keys everywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v systemd-analyze >/dev/null 2>&1; then
	echo "check-unit: no systemd-analyze here; not verified by systemd" >&2
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/pbem" ./cmd/pbem
units=()
for unit in deploy/*.service deploy/*.timer; do
	sed "s#/usr/local/bin/pbem#$tmp/pbem#g" "$unit" >"$tmp/$(basename "$unit")"
	units+=("$tmp/$(basename "$unit")")
done
if ! out=$(systemd-analyze verify "${units[@]}" 2>&1); then
	printf '%s\n' "$out" >&2
	echo "check-unit: the units of deploy/ fail systemd-analyze verify" >&2
	exit 1
fi
if grep -E "pbem(-backup)?\.(service|timer)" <<<"$out" >&2; then
	echo "check-unit: systemd-analyze verify warns about the units of deploy/" >&2
	exit 1
fi
echo "check-unit: ${units[*]##*/} verified by $(systemd-analyze --version | head -1)"
