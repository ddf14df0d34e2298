// SPDX-License-Identifier: GPL-2.0-only
/*
 * slub_canary - a deliberate slab overflow, to prove that the stock lanes'
 * SLUB debugging (slub_debug=FZP on the kernel command line) reports it
 * and that vm/run fails the run on the report.
 *
 * At load it allocates a 32-byte object, writes one byte past its end, into
 * the red zone that slub_debug=Z puts after each object, and frees it.  The
 * free's consistency check (F) reports "BUG kmalloc-32 (...): Right Redzone
 * overwritten" and restores the red zone, so the kernel goes on unharmed.
 *
 * Load it only where kmalloc-32 has a red zone (its red_zone file in
 * /sys/kernel/slab reads 1): without one the byte lands in the next object.
 * tests/guest/check-detectors checks that before it loads the module.
 */
#include <linux/module.h>
#include <linux/slab.h>

static int __init slub_canary_init(void)
{
	char *p;

	p = kmalloc(32, GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	/* Launder the pointer: the compiler must not see the overflow. */
	OPTIMIZER_HIDE_VAR(p);
	p[32] = 0x5a;
	kfree(p);
	return 0;
}

static void __exit slub_canary_exit(void)
{
}

module_init(slub_canary_init);
module_exit(slub_canary_exit);

MODULE_DESCRIPTION("A deliberate slab red zone overwrite, for SLUB debugging's report");
MODULE_LICENSE("GPL");
