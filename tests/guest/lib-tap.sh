# tests/guest/lib-tap.sh - TAP output for the guest's check scripts: the
# header, ok / not ok / skip lines with their numbers, "# " diagnostics,
# the counts and the count line that tests/guest/counts.sh reads, progress
# on stderr and in the kernel log, and the kernel log's judge
# (vm/kernel-log.sh).
#
# A script sets PROG (its name, for progress lines) and sources this file.
# A skip ("ok N - NAME # SKIP REASON") is counted apart, never as a pass.
# n_test is the number of the last result line: n_pass + n_fail + n_skip
# (tests/guest/counts.sh adds a check script's counts to all four).
# shellcheck shell=bash

n_test=0
n_pass=0
n_fail=0
n_skip=0

# shellcheck source=vm/kernel-log.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../vm/kernel-log.sh"

tap_begin() {
	echo "TAP version 13"
}

# progress MESSAGE: on stderr and in the kernel log (where a report that
# follows is then seen in its place).
progress() {
	echo "${PROG:-check}: $*" >&2
	echo "${PROG:-check}: $*" >/dev/kmsg 2>/dev/null || true
}

# diag LINE...: each line of each argument as a "# " comment, so that no
# line of a quoted log reads as a result or a count.
diag() {
	local line
	for line in "$@"; do
		printf '%s\n' "$line" | sed 's/^/# /'
	done
}

pass() {
	n_test=$((n_test + 1))
	n_pass=$((n_pass + 1))
	echo "ok $n_test - $1"
}

# fail NAME [DIAGNOSTIC...]
fail() {
	n_test=$((n_test + 1))
	n_fail=$((n_fail + 1))
	echo "not ok $n_test - $1"
	shift
	diag "$@"
}

# skip NAME REASON
skip() {
	n_test=$((n_test + 1))
	n_skip=$((n_skip + 1))
	echo "ok $n_test - $1 # SKIP $2"
}

# check_eq NAME EXPECTED GOT
check_eq() {
	if [ "$2" = "$3" ]; then
		pass "$1"
	else
		fail "$1" "expected: '$2'" "got:      '$3'"
	fi
}

# check NAME COMMAND...: pass if COMMAND succeeds, else fail with its
# output.
check() {
	local name=$1 out
	shift
	if out=$("$@" 2>&1); then
		pass "$name"
	else
		fail "$name" "failed: $*" "$out"
	fi
}

# tap_end: the count line; fails if a check failed or none ran.
tap_end() {
	echo "$n_pass passed, $n_fail failed, $n_skip skipped"
	[ "$n_fail" -eq 0 ] && [ $((n_pass + n_fail)) -gt 0 ]
}
