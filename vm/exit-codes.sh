# vm/exit-codes.sh - vm/run's own exit codes, named once; sourced by vm/run,
# tests/run-matrix and tests/check-detectors.  Any other status is the guest
# command's own.
# shellcheck shell=bash
# shellcheck disable=SC2034 # used by the scripts that source this

EXIT_USAGE=2
EXIT_KERNEL_LOG=3
EXIT_TIMEOUT=4
EXIT_CRASH=5
EXIT_INSTALL=6
EXIT_SETUP=9
EXIT_MOK=10

# exit_code_reason STATUS: what a harness status of vm/run means, in a few
# words; fails (and prints nothing) for the command's own statuses.
exit_code_reason() {
	case $1 in
	"$EXIT_USAGE") echo "vm/run: bad arguments" ;;
	"$EXIT_KERNEL_LOG") echo "vm/run: kernel log warnings" ;;
	"$EXIT_TIMEOUT") echo "vm/run: timeout" ;;
	"$EXIT_CRASH") echo "vm/run: the guest crashed or gave no status" ;;
	"$EXIT_INSTALL") echo "vm/run: installing the package failed" ;;
	"$EXIT_SETUP") echo "vm/run: setup failed (image, QEMU)" ;;
	"$EXIT_MOK") echo "vm/run: no MOK enrolment request, or enrolling it failed" ;;
	*) return 1 ;;
	esac
}
