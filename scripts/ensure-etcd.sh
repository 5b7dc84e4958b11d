#!/usr/bin/env bash
# Makes sure etcd and etcdctl (3.4 or later) are on this machine for the etcd tests, installing
# Debian's etcd-server and etcd-client when it can (as root), and prints etcd's version. When it
# cannot, it says what to install and exits 1; the suite goes on, and every etcd test fails with
# the same words (etcd/local-cluster.ts), so a missing etcd is never a silent skip.
set -uo pipefail

etcd_bin=${ETCD_BIN:-etcd}
etcdctl_bin=${ETCDCTL_BIN:-etcdctl}
have() { command -v "$etcd_bin" >/dev/null 2>&1 && command -v "$etcdctl_bin" >/dev/null 2>&1; }

if ! have && command -v apt-get >/dev/null 2>&1 && [[ $(id -u) -eq 0 ]]; then
	echo "Installing Debian's etcd-server and etcd-client for the etcd tests (apt-get install etcd-server etcd-client)..." >&2
	apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq etcd-server etcd-client >&2
	# The package enables a system service on port 2379; the tests start their own members on free ports, so it is not left running.
	if command -v systemctl >/dev/null 2>&1 && systemctl is-enabled etcd >/dev/null 2>&1; then
		systemctl disable --now etcd >&2 2>/dev/null && echo "(the etcd system service the package enabled is disabled and stopped again)" >&2
	elif [[ -x /etc/init.d/etcd ]] && ! command -v systemctl >/dev/null 2>&1; then
		# Without systemd the package's init script may have started it (unless policy-rc.d forbade it, as in most containers).
		/etc/init.d/etcd stop >/dev/null 2>&1 && echo "(the etcd service the package's init script started is stopped again)" >&2
	fi
fi

if have; then
	"$etcd_bin" --version | head -n 1
	exit 0
fi
cat >&2 <<'MSG'
No etcd for the etcd tests (they start their own members on loopback ports). Install one of:
  - Debian/Ubuntu: sudo apt-get install etcd-server etcd-client      (etcd 3.4)
  - or put etcd and etcdctl 3.4 or later on the PATH (or set ETCD_BIN and ETCDCTL_BIN).
The etcd tests fail until then.
MSG
exit 1
