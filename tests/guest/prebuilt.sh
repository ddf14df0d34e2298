# prebuilt.sh - the check scripts' builds, done here or once on the host
#
# Sourced by the check scripts of tests/guest.  The test modules and helper
# programs they build are a means to test, not something users do, and under
# TCG each build costs half a minute or more of guest time.  tests/prebuild
# makes them once per suite at native speed, in a chroot of that suite's own
# guest image (the same gcc, kernel headers and dbgfs.mk, against a DKMS
# build of the same package), by running each check script with
# --build-only; a check script in the guest then takes them from there.
# What users do (the DKMS build on install, the example client built with
# dbgfs.mk, the dkms autopkgtest) is never taken from here.
#
# Environment:
#   DBGFS_BUILD_ONLY  (tests/prebuild, in the chroot) record every build
#                     step in this directory: DIR/KEY/{out,log,status}
#   DBGFS_PREBUILT    (the guest) a directory of such records per kernel,
#                     DIR/KVER/KEY; a step whose record exists for the
#                     running kernel is taken from it instead of being run
#   KVER              (tests/prebuild) the kernel to build for, as
#                     dbgfs.mk's own variable; default: the running one

# The kernel the builds are for.
build_kver() {
	echo "${KVER:-$(uname -r)}"
}

# build_step KEY OUTPUT LOG COMMAND...: run COMMAND, its output to LOG;
# OUTPUT is the file or directory it makes.  Returns COMMAND's status, or
# the recorded one.  KEY names the step among all the check scripts'.
build_step() {
	local key=$1 output=$2 log=$3 status=0 record
	shift 3
	record=${DBGFS_PREBUILT:-}/$(uname -r)/$key
	if [ -z "${DBGFS_BUILD_ONLY:-}" ] && [ -n "${DBGFS_PREBUILT:-}" ] &&
		[ -f "$record/status" ]; then
		rm -rf -- "$output"
		if [ -e "$record/out" ]; then cp -a -- "$record/out" "$output"; fi
		cp -- "$record/log" "$log"
		echo "# $key: built by tests/prebuild in a chroot of this image" >&2
		return "$(cat "$record/status")"
	fi
	"$@" >"$log" 2>&1 || status=$?
	if [ -n "${DBGFS_BUILD_ONLY:-}" ]; then
		record=$DBGFS_BUILD_ONLY/$key
		rm -rf -- "$record" && mkdir -p -- "$record"
		if [ -e "$output" ]; then cp -a -- "$output" "$record/out"; fi
		cp -- "$log" "$record/log"
		echo "$status" >"$record/status"
	fi
	return "$status"
}

# True in tests/prebuild's run: build, record, check nothing else.
build_only() {
	[ -n "${DBGFS_BUILD_ONLY:-}" ]
}

# build_w1 SOURCE DIR LOG KVER: dbgfs (the DKMS source tree SOURCE, copied
# to DIR) built with W=1 for KVER, which shows what newer kernels' default
# warnings would say: tests/guest/suite counts its warnings.
build_w1() {
	local src=$1 dir=$2 log=$3 kver=$4
	rm -rf -- "$dir" && cp -r -- "$src" "$dir"
	build_step w1 "$dir/module/dbgfs.ko" "$log" \
		make -C "/lib/modules/$kver/build" M="$dir/module" W=1 modules
}
