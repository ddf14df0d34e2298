# vm/kernel-log-bad.re - the kernel log lines that fail a run: one extended
# regular expression (grep -E, case-sensitive) a line; "#" lines and empty
# lines are left out.  Read by vm/run (through vm/kernel-log.sh), by
# tests/check-detectors and by every guest check that judges the kernel
# log (tests/guest/lib-tap.sh, kernel_log_bad_re).  A line matches if any
# pattern does.
#
# Not matched on purpose: the detectors' boot banners ("kmemleak: Kernel
# memory leak detector initialized", "kasan: KernelAddressSanitizer
# initialized").
#
# Warnings, bugs, oopses and their traces, panics
WARNING:
BUG:
kernel BUG
Oops
general protection fault
Call Trace
Kernel panic
RIP: 00
stack-protector
kernel stack overflow
refcount_t:
list_(add|del) corruption
# SLUB's debug checks ("BUG kmalloc-64 (Not tainted): Poison overwritten"),
# page poisoning, KFENCE ("BUG: KFENCE: ...", above), KASAN, UBSAN
BUG [^ ]+ \((Not tainted|Tainted: [^)]*)\)
pagealloc: memory corruption
KASAN
UBSAN
# lockdep
possible circular locking
possible recursive locking
INFO: trying to register non-static key
turning off the locking correctness validator
DEBUG_LOCKS_WARN_ON
# kmemleak, DEBUG_OBJECTS
suspected memory leak
unreferenced object
ODEBUG:
# hung tasks, lockups, RCU stalls ("detected stalls", "detected expedited
# stalls", "self-detected stall")
blocked for more than
soft lockup
hard LOCKUP
detected (expedited )?stalls?
# the VFS: a superblock killed while in use
Busy inodes after unmount
still in use
