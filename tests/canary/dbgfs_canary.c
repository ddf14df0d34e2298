// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbgfs_canary - deliberate faults, one a load, to prove that each detector
 * of a lane's kernel reports its fault and that the harness fails the run
 * on the report (tests/check-detectors, tests/guest/check-detectors).
 *
 * insmod dbgfs_canary.ko mode=MODE, where MODE is one of:
 *   slub        one byte past a 32-byte object, into the red zone of
 *               slub_debug=Z; the free's check (F) reports "BUG kmalloc-32
 *               (...): Right Redzone overwritten" and restores it
 *   kasan-oob   one byte past a 37-byte object (within its slab slot):
 *               "BUG: KASAN: slab-out-of-bounds"
 *   kasan-uaf   a read of a freed object (held in KASAN's quarantine):
 *               "BUG: KASAN: slab-use-after-free" (6.1: "use-after-free")
 *   kfence      a read of a freed object that KFENCE sampled (allocations
 *               are retried until one is KFENCE's): "BUG: KFENCE:
 *               use-after-free read"
 *   lockdep     two mutexes taken in both orders, one after the other (no
 *               deadlock): "possible circular locking dependency detected"
 *   ubsan-index an index one past an array that is followed by a pad in
 *               its struct: "UBSAN: array-index-out-of-bounds"
 *   ubsan-shift 1 << 40 on an int: "UBSAN: shift-out-of-bounds"
 *   kmemleak    four 512-byte objects whose pointers are dropped: kmemleak
 *               lists them ("unreferenced object") from the second scan on
 *   hung        the loading task sleeps uninterruptibly for hang_secs
 *               seconds: with kernel.hung_task_timeout_secs below that,
 *               "INFO: task insmod:PID blocked for more than N seconds"
 *
 * Every mode but kmemleak leaves the kernel unharmed: the bad accesses stay
 * inside memory the module owns or the allocator keeps for it.  The module
 * stays loaded (init returns 0) until rmmod.
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>

/*
 * KFENCE came with 5.12: bullseye's 5.10 has no header for it (the
 * Makefile probes it), and tests/detectors.sh never asks a kernel without
 * CONFIG_KFENCE for the mode.
 */
#ifdef CANARY_HAVE_KFENCE
#include <linux/kfence.h>
#else
static inline bool is_kfence_address(const void *addr)
{
	return false;
}
#endif

static char *mode = "";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "the fault: slub, kasan-oob, kasan-uaf, kfence, lockdep, ubsan-index, ubsan-shift, kmemleak, hung");

static unsigned int hang_secs = 8;
module_param(hang_secs, uint, 0444);
MODULE_PARM_DESC(hang_secs, "hung: seconds in uninterruptible sleep (default 8)");

static int overflow_slab(size_t size)
{
	char *p = kmalloc(size, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	/* Launder the pointer: the compiler must not see the overflow. */
	OPTIMIZER_HIDE_VAR(p);
	p[size] = 0x5a;
	kfree(p);
	return 0;
}

static int read_after_free(void)
{
	char *p = kmalloc(64, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	OPTIMIZER_HIDE_VAR(p);
	kfree(p);
	pr_info("dbgfs_canary: read after free: %d\n", READ_ONCE(p[8]));
	return 0;
}

/* KFENCE samples one allocation each kfence.sample_interval ms. */
static int kfence_read_after_free(void)
{
	unsigned int i;
	char *p;

	for (i = 0; i < 3000; i++) {
		p = kmalloc(32, GFP_KERNEL);
		if (!p)
			return -ENOMEM;
		if (is_kfence_address(p))
			break;
		kfree(p);
		p = NULL;
		usleep_range(2000, 4000);
	}
	if (!p) {
		pr_err("dbgfs_canary: no KFENCE allocation in %u tries\n", i);
		return -ENODEV;
	}
	OPTIMIZER_HIDE_VAR(p);
	kfree(p);
	pr_info("dbgfs_canary: read after free: %d\n", READ_ONCE(p[0]));
	return 0;
}

static DEFINE_MUTEX(canary_a);
static DEFINE_MUTEX(canary_b);

static int invert_locks(void)
{
	mutex_lock(&canary_a);
	mutex_lock(&canary_b);
	mutex_unlock(&canary_b);
	mutex_unlock(&canary_a);

	mutex_lock(&canary_b);
	mutex_lock(&canary_a);
	mutex_unlock(&canary_a);
	mutex_unlock(&canary_b);
	return 0;
}

struct canary_array {
	int a[4];
	int pad;
};

static int index_past_array(void)
{
	struct canary_array s = { .a = { 1, 2, 3, 4 }, .pad = 5 };
	int i = ARRAY_SIZE(s.a);

	OPTIMIZER_HIDE_VAR(i);
	pr_info("dbgfs_canary: a[%d] = %d\n", i, s.a[i]);
	return 0;
}

static int shift_too_far(void)
{
	int one = 1, n = 40;

	OPTIMIZER_HIDE_VAR(n);
	pr_info("dbgfs_canary: 1 << %d = %d\n", n, one << n);
	return 0;
}

static int leak(void)
{
	unsigned int i;
	char *p;

	for (i = 0; i < 4; i++) {
		p = kmalloc(512, GFP_KERNEL);
		if (!p)
			return -ENOMEM;
		memset(p, 0, 512);
		OPTIMIZER_HIDE_VAR(p);
	}
	return 0;
}

static int sleep_uninterruptibly(void)
{
	msleep(hang_secs * 1000);
	return 0;
}

static int __init dbgfs_canary_init(void)
{
	pr_info("dbgfs_canary: mode %s\n", mode);
	if (!strcmp(mode, "slub"))
		return overflow_slab(32);
	if (!strcmp(mode, "kasan-oob"))
		return overflow_slab(37);
	if (!strcmp(mode, "kasan-uaf"))
		return read_after_free();
	if (!strcmp(mode, "kfence"))
		return kfence_read_after_free();
	if (!strcmp(mode, "lockdep"))
		return invert_locks();
	if (!strcmp(mode, "ubsan-index"))
		return index_past_array();
	if (!strcmp(mode, "ubsan-shift"))
		return shift_too_far();
	if (!strcmp(mode, "kmemleak"))
		return leak();
	if (!strcmp(mode, "hung"))
		return sleep_uninterruptibly();
	pr_err("dbgfs_canary: unknown mode '%s'\n", mode);
	return -EINVAL;
}

static void __exit dbgfs_canary_exit(void)
{
}

module_init(dbgfs_canary_init);
module_exit(dbgfs_canary_exit);

MODULE_DESCRIPTION("Deliberate faults, one a load, for each detector's report");
MODULE_LICENSE("GPL");
