# tests/guest/lib-kmemleak.sh - the suite's kmemleak judge, sourced by
# tests/guest/suite and tests/guest/check-detectors (whose leak canary it
# must report).  The caller defines KMEMLEAK (kmemleak's file), RESULTS
# (where the lists go), BOOT, now, record_time STEP START END,
# and tests/guest/lib-tap.sh's progress, pass and fail.
# shellcheck shell=bash

# How many objects a kmemleak list (standard input) names.
kmemleak_objects() {
	grep -c '^unreferenced object' || true
}

# kmemleak (sanitizer lane): objects left from boot and package install are
# not ours to judge; a scan marks them, and clear forgets them.  Each scan
# that finds new objects logs "kmemleak: N new suspected memory leaks";
# the judge is kmemleak_check below, which reads kmemleak's list itself.
kmemleak_begin() {
	[ -w "$KMEMLEAK" ] || return 0
	local start
	start=$(now)
	echo scan > "$KMEMLEAK"
	# Kept for the record, not judged (the scan's count line in the
	# kernel log is allowed by tests/run-matrix for this reason).
	local baseline=kmemleak-baseline-boot$BOOT.log
	cat "$KMEMLEAK" > "$RESULTS/$baseline"
	if [ -s "$RESULTS/$baseline" ]; then
		echo "# kmemleak: $(kmemleak_objects < "$RESULTS/$baseline") object(s) from before the tests, not judged ($baseline)"
	fi
	echo clear > "$KMEMLEAK"
	record_time "kmemleak scan (start of the boot)" "$start" "$(now)"
}

# After the tests' modules are unloaded, anything unreferenced is a leak.
# kmemleak reports only objects older than 5 s, and only once a second
# scan confirms them.
kmemleak_check() {
	[ -w "$KMEMLEAK" ] || return 0
	local when=$1 report start
	progress "boot $BOOT: kmemleak scan $when"
	start=$(now)
	sleep 6
	echo scan > "$KMEMLEAK"
	echo scan > "$KMEMLEAK"
	report=$(cat "$KMEMLEAK")
	if [ -n "$report" ]; then
		# The file lists the objects the last scan found unreferenced: an
		# object whose only pointer was in flight (a register, a list
		# being spliced) is referenced again at the next scan, a leak
		# never is.  Keep the first report, judge the one after.
		echo "$report" > "$RESULTS/kmemleak-boot$BOOT-first.log"
		echo "# kmemleak: $(echo "$report" | kmemleak_objects) object(s) unreferenced at the first scans; scanning again"
		sleep 6
		echo scan > "$KMEMLEAK"
		report=$(cat "$KMEMLEAK")
	fi
	record_time "kmemleak scan" "$start" "$(now)"
	if [ -z "$report" ]; then
		pass "kmemleak: no leak $when"
	else
		echo "$report" > "$RESULTS/kmemleak-boot$BOOT.log"
		fail "kmemleak: no leak $when" "$(echo "$report" | head -n 40)"
	fi
}
