/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * <linux/debugfs.h> for a module built with DBGFS_AS_DEBUGFS := 1.
 *
 * dbgfs.mk puts this directory first in the module's include path (in
 * NOSTDINC_FLAGS, which Kbuild places before the kernel's own include
 * directories, as backports does), so that the module's own
 * #include <linux/debugfs.h>, and that of any kernel header it includes,
 * reads this file at the place the kernel's header would have been read:
 * a pr_fmt the module defines before its includes still comes first.
 */
#include <dbgfs-debugfs-compat.h>
