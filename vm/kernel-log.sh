# vm/kernel-log.sh - the one judge of a kernel log, sourced by vm/run and
# tests/check-detectors: the patterns of vm/kernel-log-bad.re, and the lines
# of a log that match them.
# shellcheck shell=bash

KERNEL_LOG_BAD_FILE=${KERNEL_LOG_BAD_FILE:-$(dirname "${BASH_SOURCE[0]}")/kernel-log-bad.re}

# kernel_log_bad_re: the patterns of $KERNEL_LOG_BAD_FILE (default
# vm/kernel-log-bad.re) as one extended regex, "A|B|...".
kernel_log_bad_re() {
	grep -v -e '^#' -e '^$' "$KERNEL_LOG_BAD_FILE" | paste -s -d '|'
}

# kernel_log_hits [--allow REGEX] FILE...: the lines of FILEs that match a
# bad pattern and not REGEX, as "FILE:LINE:text" (carriage returns
# dropped); succeeds if there is at least one.
kernel_log_hits() {
	local allow='' re hits
	if [ "${1:-}" = --allow ]; then allow=$2; shift 2; fi
	re=$(kernel_log_bad_re) || return 2
	[ -n "$re" ] || { echo "kernel_log_hits: no pattern in $KERNEL_LOG_BAD_FILE" >&2; return 2; }
	hits=$(grep -H -n -E -- "$re" "$@" | tr -d '\r' \
		| { if [ -n "$allow" ]; then grep -v -E -- "$allow" || true; else cat; fi; } || true)
	[ -n "$hits" ] || return 1
	printf '%s\n' "$hits"
}
