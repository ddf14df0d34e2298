/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dbgfs-debugfs-compat.h - build an unchanged debugfs user against dbgfs
 *
 * Not included by hand: in a client module whose Kbuild file sets
 * DBGFS_AS_DEBUGFS := 1, dbgfs.mk puts include/as-debugfs first in the
 * include path, and its linux/debugfs.h includes this file.  It takes the
 * place of <linux/debugfs.h>: it defines that header's include guard,
 * pulls in the headers <linux/debugfs.h> pulls in, and maps each debugfs_
 * name to its dbgfs_ twin, the struct tags included (struct debugfs_reg32
 * is struct dbgfs_reg32, same layout).
 *
 * A name dbgfs has no twin for is mapped to one that does not exist and
 * ends in __not_in_dbgfs: using it is a compile error that names it,
 * never a silent difference.  Which ones, and why, is listed below.
 */
#ifndef _DBGFS_DEBUGFS_COMPAT_H_
#define _DBGFS_DEBUGFS_COMPAT_H_

#ifdef _DEBUGFS_H_
#error "the kernel's <linux/debugfs.h> was read: build with DBGFS_AS_DEBUGFS := 1 in dbgfs.mk"
#endif
/* The include guard of <linux/debugfs.h>, the same from 2.6 to 7.2. */
#define _DEBUGFS_H_

/* What <linux/debugfs.h> includes, which its users may rely on. */
#include <linux/compiler.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/types.h>
#include <dbgfs.h>

/* Types: the struct tags map, so struct debugfs_X is struct dbgfs_X. */
#define debugfs_blob_wrapper		dbgfs_blob_wrapper
#define debugfs_reg32			dbgfs_reg32
#define debugfs_regset32		dbgfs_regset32
#define debugfs_u32_array		dbgfs_u32_array
#define debugfs_cancellation		dbgfs_cancellation

/* Attribute fops. */
#define DEFINE_DEBUGFS_ATTRIBUTE_XSIGNED DEFINE_DBGFS_ATTRIBUTE_XSIGNED
#define DEFINE_DEBUGFS_ATTRIBUTE	DEFINE_DBGFS_ATTRIBUTE
#define DEFINE_DEBUGFS_ATTRIBUTE_SIGNED	DEFINE_DBGFS_ATTRIBUTE_SIGNED
#define debugfs_attr_read		dbgfs_attr_read
#define debugfs_attr_write		dbgfs_attr_write
#define debugfs_attr_write_signed	dbgfs_attr_write_signed

/* Files, directories, links. */
#define debugfs_create_dir		dbgfs_create_dir
#define debugfs_create_file		dbgfs_create_file
#define debugfs_create_file_unsafe	dbgfs_create_file_unsafe
#define debugfs_create_file_size	dbgfs_create_file_size
#define debugfs_create_file_aux		dbgfs_create_file_aux
#define debugfs_get_aux			dbgfs_get_aux
#define debugfs_create_file_aux_num(name, mode, parent, data, n, fops) \
	dbgfs_create_file_aux(name, mode, parent, data, (void *)(n), fops)
#define debugfs_get_aux_num(f)		((unsigned long)dbgfs_get_aux(f))
#define debugfs_create_symlink		dbgfs_create_symlink
#define debugfs_remove			dbgfs_remove
#define debugfs_remove_recursive	dbgfs_remove
#define debugfs_lookup			dbgfs_lookup
#define debugfs_lookup_and_remove	dbgfs_lookup_and_remove
#define debugfs_change_name		dbgfs_change_name
#define debugfs_initialized		dbgfs_initialized

/* Removal guards. */
#define debugfs_file_get		dbgfs_file_get
#define debugfs_file_put		dbgfs_file_put
#define debugfs_real_fops		dbgfs_real_fops
#define debugfs_enter_cancellation	dbgfs_enter_cancellation
#define debugfs_leave_cancellation	dbgfs_leave_cancellation

/* Value files. */
#define debugfs_create_u8		dbgfs_create_u8
#define debugfs_create_u16		dbgfs_create_u16
#define debugfs_create_u32		dbgfs_create_u32
#define debugfs_create_u64		dbgfs_create_u64
#define debugfs_create_ulong		dbgfs_create_ulong
#define debugfs_create_size_t		dbgfs_create_size_t
#define debugfs_create_x8		dbgfs_create_x8
#define debugfs_create_x16		dbgfs_create_x16
#define debugfs_create_x32		dbgfs_create_x32
#define debugfs_create_x64		dbgfs_create_x64
#define debugfs_create_xul		dbgfs_create_xul
#define debugfs_create_atomic_t		dbgfs_create_atomic_t
#define debugfs_create_bool		dbgfs_create_bool
#define debugfs_create_str		dbgfs_create_str
#define debugfs_create_blob		dbgfs_create_blob
#define debugfs_create_regset32		dbgfs_create_regset32
#define debugfs_print_regs32		dbgfs_print_regs32
#define debugfs_create_u32_array	dbgfs_create_u32_array
#define debugfs_create_devm_seqfile	dbgfs_create_devm_seqfile

/*
 * debugfs_rename() (before 6.14) within one directory is a rename
 * dbgfs_change_name() does; a move to another directory fails with
 * -EINVAL, as debugfs_change_name() refuses one.
 */
static inline struct dentry *__dbgfs_compat_rename(struct dentry *old_dir,
						   struct dentry *old_dentry,
						   struct dentry *new_dir,
						   const char *new_name)
{
	int err;

	if (IS_ERR(old_dentry))
		return old_dentry;
	if (old_dir != new_dir)
		return ERR_PTR(-EINVAL);
	err = dbgfs_change_name(old_dentry, "%s", new_name);
	return err ? ERR_PTR(err) : old_dentry;
}

#define debugfs_rename			__dbgfs_compat_rename

/*
 * No twin in dbgfs; a use fails to compile and names the debugfs name:
 * - struct debugfs_short_fops, debugfs_create_file_full/_short (6.13):
 *   dbgfs proxies whole file_operations only;
 * - debugfs_create_automount, debugfs_automount_t: no automount points;
 * - debugfs_read_file_bool, debugfs_write_file_bool,
 *   debugfs_read_file_str: debugfs's handlers for its own value files;
 * - arch_debugfs_dir: a directory in the kernel's debugfs, not in dbgfs.
 */
#define debugfs_short_fops		debugfs_short_fops__not_in_dbgfs
#define debugfs_create_file_full	debugfs_create_file_full__not_in_dbgfs
#define debugfs_create_file_short	debugfs_create_file_short__not_in_dbgfs
#define debugfs_create_automount	debugfs_create_automount__not_in_dbgfs
#define debugfs_automount_t		debugfs_automount_t__not_in_dbgfs
#define debugfs_read_file_bool		debugfs_read_file_bool__not_in_dbgfs
#define debugfs_write_file_bool		debugfs_write_file_bool__not_in_dbgfs
#define debugfs_read_file_str		debugfs_read_file_str__not_in_dbgfs
#define arch_debugfs_dir		arch_debugfs_dir__not_in_dbgfs

#endif /* _DBGFS_DEBUGFS_COMPAT_H_ */
