#!/usr/bin/env bash
# A real browser for pbem's tests of the games' web pages: Debian's
# chromium, installed if it is missing (as root, with apt-get), then
# started once headless to see that it runs here.
#
#   scripts/browser.sh start    install if needed, check that it starts
#   scripts/browser.sh status   say which browser the tests use; exit 0 only if it starts
#   scripts/browser.sh env      print the export line the tests read
#
# State directory: $PBEM_BROWSER_DIR, default /tmp/pbem-browser. Where no
# browser can be had, "start" records why in STATE/unavailable and exits
# 0, and the browser tests skip with that reason (or fail, with
# PBEM_TEST_BROWSER_REQUIRED=1, as CI sets it where the browser started).
set -euo pipefail

export PATH="/usr/sbin:/usr/bin:/sbin:/bin${PATH:+:$PATH}"

STATE=${PBEM_BROWSER_DIR:-/tmp/pbem-browser}
case $STATE in
/*) ;;
*) STATE="$PWD/$STATE" ;;
esac
STATE=${STATE%/}
ENV_FILE="$STATE/env"
UNAVAILABLE_FILE="$STATE/unavailable"
INSTALL_LOG="$STATE/install.log"
PACKAGES=(chromium)

say() { printf '%s\n' "browser: $*" >&2; }

# unavailable records why there is no browser and exits 0, so that a CI
# step calling "start" carries on and the tests skip with this reason.
unavailable() {
	local why="$*"
	rm -f "$ENV_FILE" 2>/dev/null || true
	if mkdir -p "$STATE" 2>/dev/null; then
		printf '%s\n' "$why" >"$UNAVAILABLE_FILE" 2>/dev/null || true
	fi
	printf '%s\n' "browser unavailable: $why"
	exit 0
}

find_browser() {
	local b
	for b in chromium chromium-browser google-chrome; do
		if command -v "$b" >/dev/null; then
			command -v "$b"
			return 0
		fi
	done
	return 1
}

install_packages() {
	command -v apt-get >/dev/null || unavailable "chromium is not installed and there is no apt-get to install it"
	[[ $(id -u) == 0 ]] || unavailable "chromium is not installed, and installing it needs root (sudo bash scripts/browser.sh start)"
	mkdir -p "$STATE"
	say "installing ${PACKAGES[*]} (log: $INSTALL_LOG)"
	{
		DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -q &&
			DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends \
				"${PACKAGES[@]}"
	} >"$INSTALL_LOG" 2>&1 ||
		unavailable "installing ${PACKAGES[*]} failed: $(grep -E '^(E|W):' "$INSTALL_LOG" | tail -1 || true) (see $INSTALL_LOG)"
}

# starts runs the browser headless on an empty page and says whether it
# printed the page.
starts() {
	local flags=(--headless --disable-gpu --dump-dom)
	[[ $(id -u) == 0 ]] && flags+=(--no-sandbox) # the sandbox cannot run as root
	local out
	out=$(timeout 60 "$1" "${flags[@]}" about:blank 2>"$STATE/start.log") || return 1
	[[ $out == *"<html"* ]]
}

start() {
	mkdir -p "$STATE" || unavailable "cannot make $STATE"
	local b
	if ! b=$(find_browser); then
		install_packages
		b=$(find_browser) || unavailable "installing ${PACKAGES[*]} left no chromium on the PATH (see $INSTALL_LOG)"
	fi
	starts "$b" || unavailable "$b does not start headless: $(tail -1 "$STATE/start.log" 2>/dev/null || true)"
	printf 'export PBEM_TEST_CHROMIUM=%q\n' "$b" >"$ENV_FILE"
	rm -f "$UNAVAILABLE_FILE"
	say "$b starts headless ($("$b" --version 2>/dev/null | head -1 || true))"
}

case ${1:-} in
start) start ;;
status)
	b=$(find_browser) || {
		echo "no browser"
		exit 1
	}
	mkdir -p "$STATE"
	starts "$b" && echo "$b starts headless" || {
		echo "$b does not start headless"
		exit 1
	}
	;;
env) cat "$ENV_FILE" ;;
*)
	echo "usage: $0 start|status|env" >&2
	exit 2
	;;
esac
