# tests/guest/lib-dbgfs.sh - what the guest's check scripts do with dbgfs
# itself: its mount (MNT), the test modules' parameters (PARAMS), files
# read through dbgfs-io ($io, tests/guest/dbgfs-io.c).  Sourced after
# tests/guest/lib-tap.sh; the script sets MNT, PARAMS and io as it uses them.
# shellcheck shell=bash disable=SC2154 # MNT, PARAMS, io: the script's

is_mounted() {
	grep -q " $MNT dbgfs " /proc/mounts
}

# Take the mount from systemd's hands.  dbgfs.service stays active (a
# oneshot that only ran modprobe): the mount unit BindsTo it, and with it
# stopped systemd would unmount our own mounts at once.
release_from_systemd() {
	systemctl stop sys-kernel-dbgfs.mount 2>/dev/null || true
	systemctl start dbgfs.service 2>/dev/null || true
	if is_mounted; then umount "$MNT"; fi
}

mount_dbgfs() {
	is_mounted || mount -t dbgfs -o nosuid,nodev,noexec dbgfs "$MNT"
	sleep 0.2
	is_mounted || die "dbgfs was unmounted behind our back"
}

# A file's contents, escaped by dbgfs-io ("42\n" for 42): in one read, or
# a byte at a time.
read_escaped() {
	"$io" read "$1"
}

read_escaped_bytewise() {
	dd if="$1" bs=1 status=none 2>&1 | "$io" escape
}

# The length in bytes of an escaped string.
escaped_len() {
	printf '%b' "$1" | wc -c
}

# A test module's parameter, read or written through /sys/module.
param() {
	cat "$PARAMS/$1" 2>&1 || true
}

set_param() {
	printf '%s' "$2" 2>/dev/null >"$PARAMS/$1" || true
}

# "present" or "ENOENT": whether PATH (a symlink, even dangling) exists.
exists() {
	if [ -e "$1" ] || [ -L "$1" ]; then echo present; else echo ENOENT; fi
}

# The names in a directory, sorted, on one line.
list_dir() {
	if [ -d "$1" ]; then
		find "$1" -mindepth 1 -maxdepth 1 -printf '%f\n' | sort |
			paste -sd ' ' -
	else
		echo "(no directory $1)"
	fi
}

# FILE and /sys/module's PARAM show one variable of a test module.  A
# write of INPUT to FILE that must store VALUE: the write takes every byte,
# FILE reads back READ (escaped) and PARAM reads VALUE.
check_write_stores() { # DESC FILE PARAM INPUT READ VALUE
	local len out got
	io_escaped_len "$4"
	len=$LEN_OUT
	io_call write "$2" "$4"
	out=$IO_OUT
	io_read "$2"
	got=$IO_OUT
	io_param "$3"
	if [ "$out" = "OK $len" ] && [ "$got" = "$5" ] && [ "$PARAM_OUT" = "$6" ]; then
		pass "$1"
	else
		fail "$1" "expected: write OK $len, dbgfs $5, sysfs $6" \
			"got:      write $out, dbgfs $got, sysfs $PARAM_OUT"
	fi
}

# A write of INPUT to FILE that must fail with one of ERRNOS (names, space
# separated) and leave the variable at KEEP (set through PARAM first):
# FILE still reads READ and PARAM still reads KEEP.
check_write_kept() { # DESC FILE PARAM INPUT ERRNOS READ KEEP
	local out got
	set_param "$3" "$7"
	io_param "$3"
	if [ "$PARAM_OUT" != "$7" ]; then
		fail "$1" "setup: cannot set sysfs $3 to $7"
		return
	fi
	io_call write "$2" "$4"
	out=$IO_OUT
	io_read "$2"
	got=$IO_OUT
	io_param "$3"
	if [[ " $5 " == *" $out "* ]] && [ "$got" = "$6" ] && [ "$PARAM_OUT" = "$7" ]; then
		pass "$1"
	else
		fail "$1" "expected: write ${5// /|}, dbgfs $6, sysfs $7" \
			"got:      write $out, dbgfs $got, sysfs $PARAM_OUT"
	fi
}
