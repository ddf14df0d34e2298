/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * compat.h - every kernel-version difference dbgfs meets, named once
 *
 * dbgfs builds from one source against Debian's kernels from 5.10 to 7.2.
 * Each wrapper below has one version test and cites the mainline release
 * whose change it follows; the rest of the module calls only these
 * dbgfs_-prefixed names and never tests a version itself.  No kernel-named
 * symbol is defined here: where Debian backported an API into an older
 * kernel, the wrapper uses the form that both the backport and the original
 * kernel have.
 */
#ifndef _DBGFS_COMPAT_H_
#define _DBGFS_COMPAT_H_

#include <linux/fs.h>
#include <linux/dcache.h>
#include <linux/namei.h>
#include <linux/string.h>

/*
 * DBGFS_LINUX is the version of the kernel being built against, as
 * major * 1000 + minor, passed by Kbuild from the kernel Makefile's own
 * VERSION and PATCHLEVEL.  Only major.minor is ever tested: Debian's stable
 * sublevels (5.10.2xx) do not fit LINUX_VERSION_CODE's byte.
 */
#define DBGFS_LINUX_AT_LEAST(major, minor) \
	((major) * 1000 + (minor) <= DBGFS_LINUX)

#if !DBGFS_LINUX_AT_LEAST(5, 10)
#error "dbgfs needs Linux 5.10 or newer"
#endif

/*
 * Inode operations take the mount's id-mapping first: a user namespace
 * since 5.12, a struct mnt_idmap since 6.3.  DBGFS_IDMAP_ARG opens the
 * parameter list of such an operation, DBGFS_IDMAP_PASS the arguments of
 * the libfs helper it calls on.
 */
#if DBGFS_LINUX_AT_LEAST(6, 3)
#define DBGFS_IDMAP_ARG struct mnt_idmap *idmap,
#define DBGFS_IDMAP_PASS idmap,
#elif DBGFS_LINUX_AT_LEAST(5, 12)
#define DBGFS_IDMAP_ARG struct user_namespace *mnt_userns,
#define DBGFS_IDMAP_PASS mnt_userns,
#else
#define DBGFS_IDMAP_ARG
#define DBGFS_IDMAP_PASS
#endif

/*
 * Timestamps of a new inode.  6.7 made atime and mtime private behind
 * accessors and added simple_inode_init_ts(); before it the fields are set
 * directly.  inode_set_ctime_current() is in 6.6, and Debian backported it
 * into 5.10 and 6.1, so the older branch can use it too.
 */
static inline void dbgfs_inode_init_ts(struct inode *inode)
{
#if DBGFS_LINUX_AT_LEAST(6, 7)
	simple_inode_init_ts(inode);
#else
	inode->i_atime = inode_set_ctime_current(inode);
	inode->i_mtime = inode->i_atime;
#endif
}

/*
 * Marking a directory changed: the inode_set_ctime_current() form, which
 * Debian's 5.10 and 6.1 have as a backport of 6.6, then the mtime accessor
 * that 6.7 brought.
 */
static inline void dbgfs_inode_touch(struct inode *dir)
{
#if DBGFS_LINUX_AT_LEAST(6, 7)
	inode_set_mtime_to_ts(dir, inode_set_ctime_current(dir));
#else
	dir->i_mtime = inode_set_ctime_current(dir);
#endif
}

/*
 * Looking up a child by name with the parent locked: lookup_one_len() until
 * 6.16 replaced it with lookup_noperm() (and 7.x stopped exporting the old
 * name).  The old one checks the caller's exec permission on the parent, as
 * mainline debugfs's lookups did then; the new one does not.
 */
static inline struct dentry *dbgfs_lookup_locked(const char *name,
						 struct dentry *parent)
{
#if DBGFS_LINUX_AT_LEAST(6, 16)
	return lookup_noperm(&QSTR(name), parent);
#else
	return lookup_one_len(name, parent, strlen(name));
#endif
}

/* The same without the parent locked; only positive dentries come back. */
static inline struct dentry *dbgfs_lookup_positive(const char *name,
						   struct dentry *parent)
{
#if DBGFS_LINUX_AT_LEAST(6, 16)
	return lookup_noperm_positive_unlocked(&QSTR(name), parent);
#else
	return lookup_positive_unlocked(name, parent, strlen(name));
#endif
}

/*
 * Keeping an entry alive until it is removed.  Until 6.19 a filesystem
 * instantiated the dentry and took an extra reference that
 * kill_litter_super() dropped; 6.19 added d_make_persistent() for this, and
 * kill_anon_super() now drops those references itself.
 */
static inline void dbgfs_make_persistent(struct dentry *dentry,
					 struct inode *inode)
{
#if DBGFS_LINUX_AT_LEAST(6, 19)
	d_make_persistent(dentry, inode);
#else
	d_instantiate(dentry, inode);
	dget(dentry);
#endif
}

static inline void dbgfs_kill_super(struct super_block *sb)
{
#if DBGFS_LINUX_AT_LEAST(6, 19)
	kill_anon_super(sb);
#else
	kill_litter_super(sb);
#endif
}

/*
 * Dropping an inode as soon as its last reference goes, rather than caching
 * it: generic_delete_inode() was renamed inode_just_drop() in 6.18.
 */
static inline int dbgfs_drop_inode(struct inode *inode)
{
#if DBGFS_LINUX_AT_LEAST(6, 18)
	return inode_just_drop(inode);
#else
	return generic_delete_inode(inode);
#endif
}

#endif /* _DBGFS_COMPAT_H_ */
