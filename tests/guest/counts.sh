# counts.sh - the counts of a check script, judged by the script that ran it
# (sourced by tests/guest/suite and tests/guest/check-upgrade; tested on
# the host by tests/harness-selftest)
#
# A check script ends with its count line, alone on its line:
# "N passed, N failed, N skipped" (", N skipped" is left out by scripts
# that never skip).  A skip ("ok N - ... # SKIP reason") is no pass.
# The caller has sourced tests/guest/lib-tap.sh: its counters (n_test,
# n_pass, n_fail, n_skip) and fail NAME [DIAGNOSTIC...].
# shellcheck shell=bash

COUNT_LINE_RE='^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$'

# count_line LOG: "PASSED FAILED SKIPPED" from the last count line of LOG;
# fails if LOG has none.
count_line() {
	local line
	line=$(tr -d '\r' <"$1" 2>/dev/null | grep -E "$COUNT_LINE_RE" | tail -n 1 || true)
	[ -n "$line" ] || return 1
	# "P passed, F failed, S skipped": words 1, 3 and 5.
	# shellcheck disable=SC2086 # split into words on purpose
	set -- $line
	echo "$1 $3 ${5:-0}"
}

# add_counts_from NAME LOG [STATUS [STDERR-LOG]]: add the counts of the
# check script NAME, whose output is LOG (and its exit status STATUS,
# when the caller knows it), to lib-tap.sh's counters.  A script
# that exited non-zero, printed no count line, or ran no check (0 passed,
# 0 failed) adds a not ok line with the reasons and the last lines of
# its logs: a script that stopped early cannot pass.
add_counts_from() {
	local name=$1 log=$2 status=${3:-} errlog=${4:-} counts p f s reasons=()
	if counts=$(count_line "$log"); then
		read -r p f s <<<"$counts"
		n_pass=$((n_pass + p))
		n_fail=$((n_fail + f))
		n_skip=$((n_skip + s))
		n_test=$((n_test + p + f + s))
		if [ $((p + f)) -eq 0 ]; then
			reasons+=("its count line says no check ran: $p passed, $f failed, $s skipped")
		fi
	else
		reasons+=("no 'N passed, N failed' count line in ${log##*/}")
	fi
	if [ -n "$status" ] && [ "$status" != 0 ]; then
		reasons+=("exit status $status")
	fi
	[ ${#reasons[@]} -gt 0 ] || return 0
	if [ -s "$log" ]; then
		reasons+=("last 20 lines of ${log##*/}:")
		reasons+=("$(tail -n 20 "$log" 2>&1 | tr -d '\r')")
	else
		reasons+=("last 20 lines of ${log##*/}: (none: it is empty or missing)")
	fi
	if [ -n "$errlog" ] && [ -s "$errlog" ]; then
		reasons+=("last 20 lines of ${errlog##*/}:")
		reasons+=("$(tail -n 20 "$errlog" 2>&1 | tr -d '\r')")
	fi
	fail "$name ran to its end and counted its checks" "${reasons[@]}"
}
