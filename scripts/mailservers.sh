#!/usr/bin/env bash
# Real mail servers for pbem's tests: Dovecot (IMAP, LMTP) and Postfix (SMTP),
# listening on 127.0.0.1 only, configured and kept entirely under a state
# directory. The system's own Dovecot and Postfix configuration is never
# read or changed; the packages are installed if they are missing.
#
#   scripts/mailservers.sh start    install if needed, configure, start, wait
#   scripts/mailservers.sh stop     stop both (mail is kept until next start)
#   scripts/mailservers.sh status   say what runs; exit 0 only if both answer
#   scripts/mailservers.sh env      print the export lines the tests read
#   scripts/mailservers.sh restart-postfix
#                                   stop Postfix and start it again (a test
#                                   of mail handed over while it is down)
#
# State directory: $PBEM_MAILSERVERS_DIR, default /tmp/pbem-mailservers.
# Ports: $PBEM_MAILSERVERS_IMAP_PORT (11143), $PBEM_MAILSERVERS_LMTP_PORT
# (11024) and $PBEM_MAILSERVERS_SMTP_PORT (11025).
# See docs/mailservers.md.
set -euo pipefail

export PATH="/usr/sbin:/usr/bin:/sbin:/bin${PATH:+:$PATH}"

STATE=${PBEM_MAILSERVERS_DIR:-/tmp/pbem-mailservers}
case $STATE in
/*) ;;
*) STATE="$PWD/$STATE" ;;
esac
STATE=${STATE%/}

HOST=127.0.0.1
# The ports, which another program on the machine may already hold:
# PBEM_MAILSERVERS_IMAP_PORT and the others move them. The tests read
# them from the env file.
IMAP_PORT=${PBEM_MAILSERVERS_IMAP_PORT:-11143}
LMTP_PORT=${PBEM_MAILSERVERS_LMTP_PORT:-11024}
SMTP_PORT=${PBEM_MAILSERVERS_SMTP_PORT:-11025}
for port in "$IMAP_PORT" "$LMTP_PORT" "$SMTP_PORT"; do
	[[ $port =~ ^[0-9]+$ ]] && ((port > 0 && port < 65536)) || {
		printf '%s\n' "mailservers: port $port is no port number (PBEM_MAILSERVERS_*_PORT)" >&2
		exit 2
	}
done
DOMAIN=pbem.test
PASSWORD=secret
USERS=(games ana bea cai dov)
# The players of the load test: pairs p0a/p0b to p23a/p23b.
for ((i = 0; i < 24; i++)); do USERS+=("p${i}a" "p${i}b"); done
PACKAGES=(dovecot-imapd dovecot-lmtpd postfix)

# Mail is stored as this unprivileged system user, which exists everywhere.
MAIL_USER=nobody

DOVECOT_DIR="$STATE/dovecot"
DOVECOT_CONF="$DOVECOT_DIR/dovecot.conf"
POSTFIX_DIR="$STATE/postfix"
MAIL_DIR="$STATE/mail"
ENV_FILE="$STATE/env"
UNAVAILABLE_FILE="$STATE/unavailable"
INSTALL_LOG="$STATE/install.log"

say() { printf '%s\n' "mailservers: $*" >&2; }
die() {
	say "$*"
	exit 1
}

# unavailable records why the servers cannot be had here and exits 0, so that
# a CI step calling "start" carries on and the tests skip with this reason.
unavailable() {
	local why="$*"
	rm -f "$ENV_FILE" 2>/dev/null || true
	if mkdir -p "$STATE" 2>/dev/null; then
		printf '%s\n' "$why" >"$UNAVAILABLE_FILE" 2>/dev/null || true
	fi
	printf '%s\n' "mail servers unavailable: $why"
	exit 0
}

# answers tells whether something accepts TCP connections on HOST:$1.
answers() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$HOST" "$1" 2>/dev/null
}

installed() {
	local p
	for p in "${PACKAGES[@]}"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || return 1
	done
	command -v dovecot >/dev/null && command -v postfix >/dev/null
}

POLICY=/usr/sbin/policy-rc.d

install_packages() {
	command -v apt-get >/dev/null || unavailable "Dovecot and Postfix are not installed and there is no apt-get to install them"
	say "installing ${PACKAGES[*]} (log: $INSTALL_LOG)"

	# Keep the packages from starting the system's own instances (they would
	# listen on the standard ports): the usual Debian policy-rc.d mechanism,
	# in place only while installing and only when none exists already.
	local own_policy=''
	if [[ ! -e $POLICY ]]; then
		trap 'rm -f "$POLICY"' EXIT
		printf '#!/bin/sh\n# temporary, while pbem installs its test mail servers\nexit 101\n' >"$POLICY"
		chmod 755 "$POLICY"
		own_policy=1
	fi

	local ok=1
	{
		echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections &&
			DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -q &&
			DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends \
				-o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
				"${PACKAGES[@]}"
	} >"$INSTALL_LOG" 2>&1 || ok=

	if [[ -n $own_policy ]]; then
		rm -f "$POLICY"
		trap - EXIT
	fi
	if [[ -z $ok ]]; then
		unavailable "installing ${PACKAGES[*]} failed: $(grep -E '^(E|W):' "$INSTALL_LOG" | tail -1 || true) (see $INSTALL_LOG)"
	fi
	installed || unavailable "installing ${PACKAGES[*]} did not leave them installed (see $INSTALL_LOG)"
}

mail_group() { id -gn "$MAIL_USER"; }

write_dovecot_conf() {
	local out=$1
	cat >"$out" <<EOF
# pbem's test IMAP server. Written by scripts/mailservers.sh on every start:
# edit the script, not this file.
instance_name = pbem-mailservers
hostname = mail.$DOMAIN
base_dir = $DOVECOT_DIR/run
state_dir = $DOVECOT_DIR/lib
log_path = $DOVECOT_DIR/dovecot.log
protocols = imap lmtp
listen = $HOST
shutdown_clients = yes

ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# "games" logs in as games@$DOMAIN.
auth_default_realm = $DOMAIN

default_internal_user = dovecot
default_internal_group = dovecot
default_login_user = dovenull

mail_uid = $MAIL_USER
mail_gid = $(mail_group)
first_valid_uid = 1
first_valid_gid = 1
mail_home = $MAIL_DIR/%d/%n
mail_location = maildir:~/Maildir

namespace inbox {
  inbox = yes
  separator = /
  prefix =
}

passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $DOVECOT_DIR/users
}
userdb {
  driver = passwd-file
  args = username_format=%u $DOVECOT_DIR/users
}

# games+k7q2mx.1.abcdefghij@$DOMAIN is delivered to games' INBOX, and the
# Delivered-To header keeps the whole address.
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
lmtp_hdr_delivery_address = final

service imap-login {
  inet_listener imap {
    address = $HOST
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = $HOST
    port = $LMTP_PORT
  }
}
EOF
}

write_dovecot_users() {
	local out=$1 u
	: >"$out"
	for u in "${USERS[@]}"; do
		printf '%s@%s:{PLAIN}%s::::::\n' "$u" "$DOMAIN" "$PASSWORD" >>"$out"
	done
}

write_postfix_main() {
	local out=$1
	cat >"$out" <<EOF
# pbem's test SMTP server. Written by scripts/mailservers.sh on every start:
# edit the script, not this file.
compatibility_level = 3.6
queue_directory = $POSTFIX_DIR/queue
data_directory = $POSTFIX_DIR/data
maillog_file = $POSTFIX_DIR/maillog
maillog_file_prefixes = $POSTFIX_DIR
mail_owner = postfix
setgid_group = postdrop

myhostname = mail.$DOMAIN
mydomain = $DOMAIN
myorigin = $DOMAIN
mydestination =
append_dot_mydomain = no
biff = no

# Loopback only, and no DNS: there is no network.
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtp_dns_support_level = disabled
lmtp_dns_support_level = disabled
smtp_host_lookup = native
lmtp_host_lookup = native
smtpd_peername_lookup = no

# Mail for $DOMAIN goes to Dovecot over LMTP; nothing is relayed elsewhere.
virtual_mailbox_domains = $DOMAIN
virtual_mailbox_maps = texthash:$POSTFIX_DIR/conf/recipients
virtual_alias_maps =
virtual_transport = lmtp:inet:$HOST:$LMTP_PORT
recipient_delimiter = +
relay_domains =
relayhost =
alias_maps =
alias_database =
local_recipient_maps =
local_transport = error:local delivery is disabled
default_transport = error:pbem's test mail servers deliver only to $DOMAIN
smtpd_relay_restrictions = reject_unauth_destination
smtpd_recipient_restrictions = reject_unlisted_recipient
smtpd_banner = mail.$DOMAIN ESMTP (pbem test)

# Quick retries and short lifetimes: a test waits seconds, not days.
queue_run_delay = 5s
minimal_backoff_time = 5s
maximal_backoff_time = 30s
maximal_queue_lifetime = 10m
bounce_queue_lifetime = 10m
delay_warning_time = 0
in_flow_delay = 0
EOF
}

write_postfix_master() {
	local out=$1
	cat >"$out" <<EOF
# pbem's test SMTP server. Written by scripts/mailservers.sh on every start.
# service          type  private unpriv chroot wakeup maxproc command
$HOST:$SMTP_PORT inet  n       -      n      -      -       smtpd
pickup             unix  n       -      n      60     1       pickup
cleanup            unix  n       -      n      -      0       cleanup
qmgr               unix  n       -      n      300    1       qmgr
rewrite            unix  -       -      n      -      -       trivial-rewrite
bounce             unix  -       -      n      -      0       bounce
defer              unix  -       -      n      -      0       bounce
trace              unix  -       -      n      -      0       bounce
verify             unix  -       -      n      -      1       verify
flush              unix  n       -      n      1000?  0       flush
proxymap           unix  -       -      n      -      -       proxymap
showq              unix  n       -      n      -      -       showq
error              unix  -       -      n      -      -       error
retry              unix  -       -      n      -      -       error
discard            unix  -       -      n      -      -       discard
smtp               unix  -       -      n      -      -       smtp
lmtp               unix  -       -      n      -      -       lmtp
anvil              unix  -       -      n      -      1       anvil
scache             unix  -       -      n      -      1       scache
postlog            unix-dgram n  -      n      -      1       postlogd
EOF
}

write_postfix_recipients() {
	local out=$1 u
	: >"$out"
	for u in "${USERS[@]}"; do
		printf '%s@%s OK\n' "$u" "$DOMAIN" >>"$out"
	done
}

# install_file moves a freshly written $1 over $2 and tells (exit 0) whether
# that changed anything.
install_file() {
	if [[ -f $2 ]] && cmp -s "$1" "$2"; then
		rm -f "$1"
		return 1
	fi
	mv -f "$1" "$2"
}

# alive tells whether process $1 exists and is not a zombie (a container's
# first process may never reap a killed daemon).
alive() {
	local stat
	stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	stat=${stat##*) }
	[[ ${stat%% *} != [ZX] ]]
}

dovecot_pid() {
	local pid
	pid=$(cat "$DOVECOT_DIR/run/master.pid" 2>/dev/null) || return 1
	[[ $pid =~ ^[0-9]+$ ]] || return 1
	[[ $(cat "/proc/$pid/comm" 2>/dev/null) == dovecot ]] || return 1
	alive "$pid" || return 1
	printf '%s\n' "$pid"
}

dovecot_running() { dovecot_pid >/dev/null; }

postfix_running() {
	[[ -f $POSTFIX_DIR/conf/main.cf ]] && postfix -c "$POSTFIX_DIR/conf" status >/dev/null 2>&1
}

wait_port() {
	local port=$1 i
	for ((i = 0; i < 150; i++)); do
		if answers "$port"; then return 0; fi
		sleep 0.2
	done
	return 1
}

show_logs() {
	local f
	for f in "$DOVECOT_DIR/dovecot.log" "$POSTFIX_DIR/maillog"; do
		if [[ -s $f ]]; then
			say "last lines of $f:"
			tail -n 15 "$f" >&2
		fi
	done
}

write_env() {
	local tmp="$ENV_FILE.tmp"
	cat >"$tmp" <<EOF
export PBEM_TEST_IMAP=$HOST:$IMAP_PORT
export PBEM_TEST_SMTP=$HOST:$SMTP_PORT
export PBEM_TEST_DOMAIN=$DOMAIN
export PBEM_TEST_PASSWORD=$PASSWORD
EOF
	chmod 644 "$tmp"
	mv -f "$tmp" "$ENV_FILE"
}

cmd_start() {
	if [[ $EUID -ne 0 ]]; then
		if [[ -f $ENV_FILE ]] && answers "$IMAP_PORT" && answers "$SMTP_PORT"; then
			say "already running: IMAP $HOST:$IMAP_PORT, SMTP $HOST:$SMTP_PORT (env: $ENV_FILE)"
			return 0
		fi
		if installed; then
			unavailable "starting Postfix needs root (run: sudo bash scripts/mailservers.sh start)"
		fi
		unavailable "Dovecot and Postfix are not installed and installing them needs root (run: sudo bash scripts/mailservers.sh start)"
	fi

	mkdir -p "$STATE"
	chmod 755 "$STATE"
	# One start or stop at a time, installing included. The daemons must not
	# inherit this descriptor (9>&- below), or they would hold the lock.
	exec 9>"$STATE/lock"
	flock -w 600 9 || die "another start or stop has held $STATE/lock for 10 minutes"
	rm -f "$UNAVAILABLE_FILE"
	if ! installed; then install_packages; fi

	local group
	group=$(mail_group)
	mkdir -p "$DOVECOT_DIR/run" "$DOVECOT_DIR/lib" "$POSTFIX_DIR/conf" "$POSTFIX_DIR/data" "$POSTFIX_DIR/queue"
	chmod 755 "$DOVECOT_DIR" "$POSTFIX_DIR" "$POSTFIX_DIR/conf"

	local dovecot_up='' postfix_up=''
	if dovecot_running; then dovecot_up=1; fi
	if postfix_running; then postfix_up=1; fi

	# A stopped server starts afresh: empty mailboxes, empty queue.
	if [[ -z $dovecot_up || -z $postfix_up ]]; then rm -f "$ENV_FILE"; fi
	if [[ -z $dovecot_up ]]; then
		rm -rf "$MAIL_DIR" "$DOVECOT_DIR/run/master.pid"
		if answers "$IMAP_PORT" || answers "$LMTP_PORT"; then
			die "port $IMAP_PORT or $LMTP_PORT on $HOST is taken by another program"
		fi
	fi
	if [[ -z $postfix_up ]]; then
		rm -rf "$POSTFIX_DIR/queue"
		mkdir -p "$POSTFIX_DIR/queue"
		if answers "$SMTP_PORT"; then
			die "port $SMTP_PORT on $HOST is taken by another program"
		fi
	fi
	chown postfix "$POSTFIX_DIR/data"
	mkdir -p "$MAIL_DIR"
	chown "$MAIL_USER:$group" "$MAIL_DIR"
	chmod 700 "$MAIL_DIR"

	local changed=''
	write_dovecot_conf "$DOVECOT_CONF.new"
	install_file "$DOVECOT_CONF.new" "$DOVECOT_CONF" && changed=1
	write_dovecot_users "$DOVECOT_DIR/users.new"
	install_file "$DOVECOT_DIR/users.new" "$DOVECOT_DIR/users" && changed=1
	chmod 644 "$DOVECOT_CONF" "$DOVECOT_DIR/users"
	if [[ -n $dovecot_up ]]; then
		if [[ -n $changed ]]; then
			say "reloading Dovecot (configuration changed)"
			dovecot -c "$DOVECOT_CONF" reload </dev/null 9>&-
		fi
	else
		: >"$DOVECOT_DIR/dovecot.log"
		# Daemons must not keep the caller's output or the lock open.
		dovecot -c "$DOVECOT_CONF" </dev/null >"$DOVECOT_DIR/start.log" 2>&1 9>&- || {
			cat "$DOVECOT_DIR/start.log" >&2
			show_logs
			die "Dovecot did not start"
		}
	fi

	changed=
	write_postfix_main "$POSTFIX_DIR/conf/main.cf.new"
	install_file "$POSTFIX_DIR/conf/main.cf.new" "$POSTFIX_DIR/conf/main.cf" && changed=1
	write_postfix_master "$POSTFIX_DIR/conf/master.cf.new"
	install_file "$POSTFIX_DIR/conf/master.cf.new" "$POSTFIX_DIR/conf/master.cf" && changed=1
	write_postfix_recipients "$POSTFIX_DIR/conf/recipients.new"
	install_file "$POSTFIX_DIR/conf/recipients.new" "$POSTFIX_DIR/conf/recipients" && changed=1
	chmod 644 "$POSTFIX_DIR"/conf/*
	if [[ -n $postfix_up ]]; then
		if [[ -n $changed ]]; then
			say "reloading Postfix (configuration changed)"
			postfix -c "$POSTFIX_DIR/conf" reload </dev/null >/dev/null 2>&1 9>&-
		fi
	else
		: >"$POSTFIX_DIR/maillog"
		postfix -c "$POSTFIX_DIR/conf" start </dev/null >"$POSTFIX_DIR/start.log" 2>&1 9>&- || {
			cat "$POSTFIX_DIR/start.log" >&2
			show_logs
			die "Postfix did not start"
		}
	fi

	local port
	for port in "$IMAP_PORT" "$LMTP_PORT" "$SMTP_PORT"; do
		wait_port "$port" || {
			show_logs
			die "nothing answers on $HOST:$port after 30s"
		}
	done
	write_env
	if [[ -n $dovecot_up && -n $postfix_up ]]; then
		say "already running: IMAP $HOST:$IMAP_PORT, SMTP $HOST:$SMTP_PORT (env: $ENV_FILE)"
	else
		say "running: IMAP $HOST:$IMAP_PORT, SMTP $HOST:$SMTP_PORT, domain $DOMAIN (env: $ENV_FILE)"
	fi
}

cmd_stop() {
	[[ -d $STATE ]] || return 0
	exec 9>"$STATE/lock"
	flock -w 120 9 || die "another start or stop holds $STATE/lock"
	rm -f "$ENV_FILE"
	if postfix_running; then
		postfix -c "$POSTFIX_DIR/conf" stop >/dev/null 2>&1 || say "postfix stop failed"
	fi
	local pid i
	if pid=$(dovecot_pid); then
		dovecot -c "$DOVECOT_CONF" stop 2>/dev/null || kill "$pid" 2>/dev/null || true
		for ((i = 0; i < 100; i++)); do
			alive "$pid" || break
			sleep 0.1
		done
	fi
	for ((i = 0; i < 100; i++)); do
		postfix_running || break
		sleep 0.1
	done
	if dovecot_running || postfix_running; then die "could not stop everything (see: bash scripts/mailservers.sh status)"; fi
	say "stopped (mail kept in $MAIL_DIR until the next start)"
}

cmd_status() {
	local ok=0 pid
	if pid=$(dovecot_pid); then
		echo "dovecot: running (pid $pid), IMAP $HOST:$IMAP_PORT $(answers "$IMAP_PORT" && echo answers || echo 'does NOT answer'), LMTP $HOST:$LMTP_PORT"
		answers "$IMAP_PORT" || ok=1
	else
		echo "dovecot: stopped"
		ok=1
	fi
	if postfix_running; then
		echo "postfix: running, SMTP $HOST:$SMTP_PORT $(answers "$SMTP_PORT" && echo answers || echo 'does NOT answer')"
		answers "$SMTP_PORT" || ok=1
	else
		echo "postfix: stopped"
		ok=1
	fi
	if [[ -f $UNAVAILABLE_FILE ]]; then
		echo "unavailable: $(cat "$UNAVAILABLE_FILE")"
	fi
	echo "state: $STATE"
	return "$ok"
}

cmd_env() {
	if [[ -f $ENV_FILE ]] && answers "$IMAP_PORT" && answers "$SMTP_PORT"; then
		cat "$ENV_FILE"
		return 0
	fi
	if [[ -f $UNAVAILABLE_FILE ]]; then
		say "mail servers unavailable: $(cat "$UNAVAILABLE_FILE")"
	else
		say "mail servers not running: run scripts/mailservers.sh start"
	fi
	return 1
}

# cmd_restart_postfix stops Postfix and starts it again, as an operator's
# restart does: connections are refused meanwhile, and the queue is kept.
cmd_restart_postfix() {
	[[ -f $POSTFIX_DIR/conf/main.cf ]] || die "not started: run scripts/mailservers.sh start"
	exec 9>"$STATE/lock"
	flock -w 120 9 || die "another start or stop holds $STATE/lock"
	if postfix_running; then
		postfix -c "$POSTFIX_DIR/conf" stop >/dev/null 2>&1 || die "postfix stop failed"
	fi
	postfix -c "$POSTFIX_DIR/conf" start </dev/null >"$POSTFIX_DIR/start.log" 2>&1 9>&- || {
		cat "$POSTFIX_DIR/start.log" >&2
		show_logs
		die "Postfix did not start again"
	}
	wait_port "$SMTP_PORT" || die "nothing answers on $HOST:$SMTP_PORT after 30s"
	say "Postfix restarted"
}

case ${1:-} in
start) cmd_start ;;
stop) cmd_stop ;;
status) cmd_status ;;
env) cmd_env ;;
restart-postfix) cmd_restart_postfix ;;
*)
	echo "usage: $0 start|stop|status|env|restart-postfix" >&2
	exit 2
	;;
esac
