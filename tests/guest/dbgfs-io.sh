# dbgfs-io.sh - the dbgfs-io helper (tests/guest/dbgfs-io.c) as a
# coprocess, for the check scripts' value checks (sourced by
# check-functional and check-api).
#
# A check of a write makes one write, one read back and one sysfs read; as
# commands (`$("$io" write ...)`, `$(cat ...)`) each costs a fork and an
# exec, about 75 ms under TCG, and the write checks make over a thousand
# of them: 10-12 s per value type in a suite.  Here each costs a line to
# and from one `dbgfs-io serve`, and the sysfs read a `read` builtin.
# What the check sees is the same: IO_OUT is what `dbgfs-io OP ARG...`
# prints (its trailing newlines dropped, as $(...) drops them).
#
#   io_start            start the server ($io must name the built helper)
#   io_call OP ARG...   one operation; sets IO_OUT
#   io_read PATH        io_call read PATH
#   io_param NAME       a module parameter's value ($PARAMS/NAME, its first
#                       line); sets PARAM_OUT (cat's message on errors)
#   io_stop             end the server (also at exit: its stdin closes)
#   io_escaped_len DATA bytes in DATA once its escapes are decoded; sets
#                       LEN_OUT (printf %b, as escaped_len does)
# shellcheck shell=bash
# shellcheck disable=SC2034 # IO_OUT, PARAM_OUT, LEN_OUT: for the caller

IO_SRV=()
IO_OWNER=

io_start() {
	[ -x "${io:-}" ] || return 1
	coproc IO_SRV { exec "$io" serve; }
	IO_OWNER=$BASHPID
}

io_stop() {
	if [ -n "${IO_SRV[1]:-}" ]; then
		eval "exec ${IO_SRV[1]}>&-"
		wait "$IO_SRV_PID" 2>/dev/null || true
	fi
	IO_SRV=()
}

io_call() {
	local IFS=$'\t' a
	# A tab or newline cannot cross the line protocol: run the command.
	for a in "$@"; do
		case $a in
		*$'\t'* | *$'\n'*)
			IO_OUT=$("$io" "$@")
			return 0
			;;
		esac
	done
	# Subshells ($(...), pipelines) do not get the coprocess's pipes.
	if [ -z "${IO_SRV[1]:-}" ] || [ "$BASHPID" != "$IO_OWNER" ]; then
		IO_OUT=$("$io" "$@")
		return 0
	fi
	printf '%s\n' "$*" >&"${IO_SRV[1]}"
	if ! IFS= read -r IO_OUT <&"${IO_SRV[0]}"; then
		IO_OUT="(no reply from dbgfs-io serve to: $*)"
	fi
}

io_read() {
	io_call read "$1"
}

io_param() {
	PARAM_OUT=
	# The first line: a parameter's value is one.  Without a line (an
	# error, or no newline at the end), what cat says, as param() does.
	if ! { IFS= read -r PARAM_OUT <"$PARAMS/$1"; } 2>/dev/null; then
		PARAM_OUT=$(cat "$PARAMS/$1" 2>&1 || true)
	fi
}

io_escaped_len() {
	local LC_ALL=C s
	case $1 in
	*'\0'*)
		# A NUL byte does not fit in a shell variable.
		LEN_OUT=$(printf '%b' "$1" | wc -c)
		;;
	*)
		printf -v s '%b' "$1"
		LEN_OUT=${#s}
		;;
	esac
}
