# tests/detectors.sh - the detectors of each lane's kernel, sourced by
# tests/run-matrix (the kernel command line of the lanes) and
# tests/check-detectors (which canaries of tests/canary/modes a lane runs).
# shellcheck shell=bash

# The cheap detectors of the stock kernels, which need no rebuild, for
# every stock lane's kernel command line: SLUB's consistency checks, red
# zones and poisoning (slub_debug=FZP), page poisoning (page_poison=1), and
# on trixie and later, whose kernels have KFENCE (Debian builds it off:
# sample interval 0), KFENCE sampling every 100 ms.  vm/run fails a run on
# their reports; tests/check-detectors proves it with a canary each.
# Their measured cost: doc/testing.md, "Cheap detectors on the stock lanes".
cheap_detectors() { # SUITE
	case $1 in
	bullseye|bookworm) echo "slub_debug=FZP page_poison=1" ;;
	*) echo "slub_debug=FZP page_poison=1 kfence.sample_interval=100" ;;
	esac
}

# The kernel command line of a lane of SUITE (without Secure Boot):
# the sanitizer kernel's no5lvl (see tests/run-matrix), or the cheap
# detectors.
lane_append() { # SUITE
	case $1 in
	*-sanitizers) echo no5lvl ;;
	*) cheap_detectors "$1" ;;
	esac
}

# The kernel config of SUITE's guest kernel on the host: the /boot of the
# chroot of the suite's image (vm/build-image), else, for the debug kernel,
# vm/sanitizers.config (the options it adds), else the image's own
# /boot/config (a cold machine: no chroot before make check's prebuild).
kernel_config() { # SUITE CACHE TOP
	local kver f img=$2/images/$1
	kver=$(cat "$img/kernel-version" 2>/dev/null) || kver='*'
	for f in "$2"/chroots/"$1".*/boot/config-"$kver"; do
		[ -f "$f" ] && { echo "$f"; return 0; }
	done
	case $1 in *-sanitizers) echo "$3/vm/sanitizers.config"; return 0 ;; esac
	# No chroot of the image yet (tests/prebuild makes them, in make
	# check): the config from the image itself, read with e2fsprogs'
	# debugfs and kept beside it.
	f=$img/config-$kver
	if [ "$kver" != '*' ] && [ ! -s "$f" ] && [ -f "$img/root.img" ]; then
		debugfs -R "cat /boot/config-$kver" "$img/root.img" >"$f.tmp" 2>/dev/null &&
			grep -q '^CONFIG_' "$f.tmp" && mv "$f.tmp" "$f"
		rm -f "$f.tmp"
	fi
	[ -s "$f" ] && { echo "$f"; return 0; }
	return 1
}

# canary_modes CONFIG APPEND MODES-FILE: the canaries (tests/canary/modes)
# whose kernel options are all =y in the file CONFIG and whose boot word,
# if any, starts an argument of APPEND; one a line, in the file's order.
canary_modes() {
	local config=$1 append=$2 mode options boot opt ok
	while IFS=$'\t' read -r mode options boot _; do
		case $mode in ''|'#'*) continue ;; esac
		ok=true
		for opt in ${options//,/ }; do
			grep -qx "$opt=y" "$config" || ok=false
		done
		if [ "$boot" != - ] && [[ " $append" != *" $boot"* ]]; then ok=false; fi
		! $ok || echo "$mode"
	done <"$3"
}

# canary_reason MODE MODES-FILE: the REASON regex of MODE.
canary_reason() {
	awk -F '\t' -v m="$1" '$1 == m { print $4; found = 1 } END { exit !found }' "$2"
}

# The kernel log lines a lane allows (vm/run --allow-log): on the sanitizer
# lane, kmemleak's count line, which follows every scan that finds objects,
# also the suite's first scan, which marks what boot and install left; the
# suite judges kmemleak's list itself (tests/guest/lib-kmemleak.sh).
lane_allow_log() { # SUITE
	case $1 in
	*-sanitizers) echo 'kmemleak: [0-9]+ new suspected memory leaks' ;;
	esac
}
