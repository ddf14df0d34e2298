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

# kernel_log_not_ours: the kernel log lines of stdin without those that
# tell nothing of the code under test: TCG's slow hrtimer interrupts, and
# CONFIG_DEBUG_STACK_USAGE's record of the deepest stack so far ("kworker/
# dying (58) used greatest stack depth: 24304 bytes left"), printed by
# whichever task exits with a new record (the debug kernel has it).  For
# the checks that want a silent log, not for the judge above.
kernel_log_not_ours() {
	grep -v -e 'hrtimer: interrupt took' -e ' used greatest stack depth: ' || true
}
