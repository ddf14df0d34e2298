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
		fail "$name" "failed: $*" "${out:-(no output)}"
	fi
}

# run_tool ARGS...: python3 $TOOL ARGS (reltool.py, review.py: the script
# sets TOOL), its "ok" / "not ok" / "# " lines numbered here, a skip
# counted apart; a tool that fails without a not ok line is one.
run_tool() {
	local out status=0 line
	out=$(python3 "$TOOL" "$@" 2>&1) || status=$?
	while IFS= read -r line; do
		case $line in
		"ok "*" # SKIP"*)
			line=${line#ok }
			skip "${line%% # SKIP*}" "${line#* # SKIP }" ;;
		"ok "*) pass "${line#ok }" ;;
		"not ok "*) fail "${line#not ok }" ;;
		"# "*) echo "$line" ;;
		"") ;;
		*) echo "# $line" ;;
		esac
	done <<<"$out"
	if [ "$status" -ne 0 ] && ! grep -q '^not ok' <<<"$out"; then
		fail "${TOOL##*/} $1 ran to the end" "exit status $status"
	fi
}

# The kernel log since a mark (mark_kernel_log): without this script's
# progress lines and what kernel_log_not_ours drops.
log_mark=0
mark_kernel_log() {
	log_mark=$(dmesg | wc -l)
}

kernel_log_since_mark() {
	dmesg | tail -n +"$((log_mark + 1))" | grep -v -e "${PROG:-check}: " |
		kernel_log_not_ours
}

# check_kernel_log_clean [WHAT]: no line since the mark matches the judge's
# patterns (vm/kernel-log-bad.re: warnings, BUG, oops, lockdep, KASAN...).
check_kernel_log_clean() {
	local bad name="no kernel warning, BUG or oops in the kernel log${1:+ during $1}"
	bad=$(kernel_log_since_mark | grep -E -- "$(kernel_log_bad_re)" |
		head -n 20 || true)
	if [ -z "$bad" ]; then
		pass "$name"
	else
		fail "$name" "$bad"
	fi
}

# Counts carried across a reboot in FILE: "PASSED FAILED SKIPPED".
load_counts() { # FILE
	[ -f "$1" ] || return 0
	read -r n_pass n_fail n_skip <"$1"
	n_skip=${n_skip:-0}
	n_test=$((n_pass + n_fail + n_skip))
}

save_counts() { # FILE
	echo "$n_pass $n_fail $n_skip" >"$1"
}

# Results for tests/run-matrix in $RESULTS (unset or empty: none kept):
# the summary's KEY=VALUE lines, and the step times for tests/time-table,
# BOOT<TAB>STEP<TAB>START<TAB>END on the guest's clock (BOOT: $BOOT).
now() {
	date +%s.%N
}

record() { # KEY VALUE
	[ -n "${RESULTS:-}" ] || return 0
	mkdir -p "$RESULTS"
	echo "$1=$2" >>"$RESULTS/summary"
}

record_time() { # STEP START END
	[ -n "${RESULTS:-}" ] || return 0
	mkdir -p "$RESULTS"
	printf '%s\t%s\t%s\t%s\n' "${BOOT:-1}" "$1" "$2" "$3" >>"$RESULTS/times"
}

record_guest() {
	record kernel "$(uname -r)"
	record gcc "$(gcc -dumpfullversion 2>/dev/null || echo unknown)"
	record dkms "$(dkms --version 2>/dev/null | sed 's/^dkms[-:] *//')"
}

# write_summary: the whole summary of a lane that is this one script (the
# Secure Boot lanes): the guest, no count of build warnings, the counts.
write_summary() {
	[ -n "${RESULTS:-}" ] || return 0
	mkdir -p "$RESULTS"
	: >"$RESULTS/summary"
	record_guest
	record build_warnings -
	record passed "$n_pass"
	record failed "$n_fail"
	record skipped "$n_skip"
}

die() {
	echo "${PROG:-check}: $*" >&2
	exit 2
}

assert_root() {
	[ "$(id -u)" -eq 0 ] || die "must run as root (it loads kernel modules)"
}

# print_summary: the plan ("1..N") and the count line.
print_summary() {
	echo "1..$n_test"
	echo "$n_pass passed, $n_fail failed, $n_skip skipped"
}

# tap_end: print_summary; fails if a check failed or none ran.
tap_end() {
	print_summary
	[ "$n_fail" -eq 0 ] && [ $((n_pass + n_fail)) -gt 0 ]
}
