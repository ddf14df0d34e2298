// SPDX-License-Identifier: GPL-2.0-only
/*
 * debug-mount.c - /sys/kernel/debug for dbgfs where the kernel's debugfs
 * is off or not built (the opt-in mount_debug module parameter)
 *
 * Tools and the kernel's own selftests look for debug files under
 * /sys/kernel/debug.  With mount_debug=1, and only if no debugfs is
 * registered (debugfs=off or CONFIG_DEBUG_FS unset), dbgfs makes that
 * mount point, as debugfs would; userspace (dbgfs-load, run by
 * dbgfs.service) then mounts dbgfs there.  A registered debugfs, even one
 * booted with debugfs=no-mount, keeps /sys/kernel/debug: nothing is
 * hidden or replaced.  Lockdown applies to dbgfs wherever it is mounted.
 */
#include <linux/fs.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sysfs.h>

#include "internal.h"

static bool dbgfs_mount_debug;
module_param_named(mount_debug, dbgfs_mount_debug, bool, 0444);
MODULE_PARM_DESC(mount_debug,
		 "make /sys/kernel/debug for dbgfs if no debugfs is registered (default: N)");

static bool dbgfs_debug_mount_point;

/* Whether the kernel has a debugfs filesystem type registered. */
static bool dbgfs_debugfs_registered(void)
{
	struct file_system_type *type = get_fs_type("debugfs");

	if (!type)
		return false;
	module_put(type->owner);	/* put_filesystem() is not exported */
	return true;
}

/**
 * dbgfs_debug_mount_init() - make /sys/kernel/debug if asked and free
 *
 * Called by dbgfs_init() once dbgfs is registered.  A failure only
 * leaves /sys/kernel/debug alone: dbgfs itself works on.
 */
void dbgfs_debug_mount_init(void)
{
	int err;

	if (!dbgfs_mount_debug)
		return;
	if (dbgfs_debugfs_registered()) {
		pr_info("mount_debug: debugfs is registered, /sys/kernel/debug stays its\n");
		return;
	}
	err = sysfs_create_mount_point(kernel_kobj, "debug");
	if (err) {
		pr_info("mount_debug: cannot make /sys/kernel/debug (%d)\n", err);
		return;
	}
	dbgfs_debug_mount_point = true;
	pr_info("mount_debug: made /sys/kernel/debug for dbgfs\n");
}

/**
 * dbgfs_debug_mount_exit() - remove the /sys/kernel/debug dbgfs made
 */
void dbgfs_debug_mount_exit(void)
{
	if (dbgfs_debug_mount_point)
		sysfs_remove_mount_point(kernel_kobj, "debug");
	dbgfs_debug_mount_point = false;
}
