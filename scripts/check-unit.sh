#!/usr/bin/env bash
# Check deploy/pbem.service with systemd's own verifier, against a pbem
# built from this checkout (the verifier wants ExecStart's binary to
# exist). Any warning about the unit (an unknown key, a bad value) fails.
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
sed "s#/usr/local/bin/pbem#$tmp/pbem#g" deploy/pbem.service >"$tmp/pbem.service"
if ! out=$(systemd-analyze verify "$tmp/pbem.service" 2>&1); then
	printf '%s\n' "$out" >&2
	echo "check-unit: deploy/pbem.service fails systemd-analyze verify" >&2
	exit 1
fi
if grep -F "pbem.service" <<<"$out" >&2; then
	echo "check-unit: systemd-analyze verify warns about deploy/pbem.service" >&2
	exit 1
fi
echo "check-unit: deploy/pbem.service verified by $(systemd-analyze --version | head -1)"
