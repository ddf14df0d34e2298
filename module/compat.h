/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * compat.h - every kernel-version difference dbgfs meets, named once
 *
 * dbgfs builds from one source against Debian's kernels from 5.10 to 7.3.
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
#include <linux/fsnotify.h>
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
 * ->create lost its last parameter, bool excl, in 7.3 (Debian
 * experimental's 7.3~rc7).  DBGFS_CREATE_MODE_ARGS ends the parameter list
 * of a ->create: the mode, and before 7.3 excl.
 */
#if DBGFS_LINUX_AT_LEAST(7, 3)
#define DBGFS_CREATE_MODE_ARGS umode_t mode
#else
#define DBGFS_CREATE_MODE_ARGS umode_t mode, bool excl
#endif

/*
 * Timestamps.  6.6 put ctime behind accessors (inode_set_ctime_current());
 * 6.7 did the same for atime and mtime and added simple_inode_init_ts().
 * Debian backported the ctime accessors into later point releases of its
 * 5.10 and 6.1 kernels (with the field still named i_ctime), which no
 * version test can tell: Kbuild's header probe defines
 * DBGFS_HAVE_INODE_SET_CTIME_CURRENT where the kernel has them.  Older
 * point releases set the field directly, as mainline did before 6.6.
 */
static inline void dbgfs_inode_init_ts(struct inode *inode)
{
#if DBGFS_LINUX_AT_LEAST(6, 7)
	simple_inode_init_ts(inode);
#elif defined(DBGFS_HAVE_INODE_SET_CTIME_CURRENT)
	inode->i_atime = inode_set_ctime_current(inode);
	inode->i_mtime = inode->i_atime;
#else
	inode->i_ctime = current_time(inode);
	inode->i_atime = inode->i_ctime;
	inode->i_mtime = inode->i_ctime;
#endif
}

/* Marking a directory changed: ctime and mtime, as above. */
static inline void dbgfs_inode_touch(struct inode *dir)
{
#if DBGFS_LINUX_AT_LEAST(6, 7)
	inode_set_mtime_to_ts(dir, inode_set_ctime_current(dir));
#elif defined(DBGFS_HAVE_INODE_SET_CTIME_CURRENT)
	dir->i_mtime = inode_set_ctime_current(dir);
#else
	dir->i_ctime = current_time(dir);
	dir->i_mtime = dir->i_ctime;
#endif
}

/*
 * All three times of an inode, atime, mtime and ctime in that order: what
 * a lazy entry keeps of its inode while it has none.  ctime went behind
 * accessors in 6.6 (Debian's backports into 5.10 and 6.1 kept the field
 * named i_ctime, so the field works on every kernel before 6.6), atime
 * and mtime in 6.7.
 */
static inline void dbgfs_inode_get_times(struct inode *inode,
					 struct timespec64 t[3])
{
#if DBGFS_LINUX_AT_LEAST(6, 7)
	t[0] = inode_get_atime(inode);
	t[1] = inode_get_mtime(inode);
#else
	t[0] = inode->i_atime;
	t[1] = inode->i_mtime;
#endif
#if DBGFS_LINUX_AT_LEAST(6, 6)
	t[2] = inode_get_ctime(inode);
#else
	t[2] = inode->i_ctime;
#endif
}

static inline void dbgfs_inode_set_times(struct inode *inode,
					 const struct timespec64 t[3])
{
#if DBGFS_LINUX_AT_LEAST(6, 7)
	inode_set_atime_to_ts(inode, t[0]);
	inode_set_mtime_to_ts(inode, t[1]);
#else
	inode->i_atime = t[0];
	inode->i_mtime = t[1];
#endif
#if DBGFS_LINUX_AT_LEAST(6, 6)
	inode_set_ctime_to_ts(inode, t[2]);
#else
	inode->i_ctime = t[2];
#endif
}

/*
 * A directory event about a child that has no dentry (a lazy entry
 * created or removed): fsnotify() with the child's inode as the event's
 * object, as fsnotify_create() and fsnotify_delete() give for an eager
 * one; its arguments are those of 5.9 and have not changed since.
 */
static inline void dbgfs_fsnotify_name(struct inode *dir, __u32 mask,
				       const struct qstr *name,
				       struct inode *child)
{
	fsnotify(mask, child, FSNOTIFY_EVENT_INODE, dir, name, NULL, 0);
}

/*
 * Whether a mark could see an event about a child of @dir: one on @dir or
 * on its filesystem (a mount mark sees no event without a path).  Since
 * 6.10 the superblock's marks are in its fsnotify_sb_info.
 */
static inline bool dbgfs_fsnotify_watched(struct inode *dir)
{
	if (rcu_access_pointer(dir->i_fsnotify_marks))
		return true;
#if DBGFS_LINUX_AT_LEAST(6, 10)
	return fsnotify_sb_has_watchers(dir->i_sb);
#else
	return rcu_access_pointer(dir->i_sb->s_fsnotify_marks);
#endif
}

/*
 * d_alloc_parallel() takes no waitqueue_head in Linux 7.2 (porting.rst,
 * without a release number); 6.12 and older take the caller's.  The test
 * is set at 7.1, between the kernels dbgfs is built for.  DECLARE_WAIT_
 * QUEUE_HEAD_ONSTACK() in the caller stays: unused where none is taken.
 */
static inline struct dentry *dbgfs_d_alloc_parallel(struct dentry *parent,
						    const struct qstr *name,
						    wait_queue_head_t *wq)
{
#if DBGFS_LINUX_AT_LEAST(7, 1)
	return d_alloc_parallel(parent, name);
#else
	return d_alloc_parallel(parent, name, wq);
#endif
}

/*
 * A child as the dentry cache has it, without a permission check and
 * without calling ->lookup: d_hash_and_lookup() until 6.16 added
 * try_lookup_noperm() (7.x no longer exports the old one).  Either returns
 * the dentry with a reference, %NULL, or (only the new one, for a name
 * with '/' or "." or "..", which dbgfs refuses earlier) an ERR_PTR().
 */
static inline struct dentry *dbgfs_try_lookup(struct qstr *name,
					      struct dentry *parent)
{
#if DBGFS_LINUX_AT_LEAST(6, 16)
	return try_lookup_noperm(name, parent);
#else
	return d_hash_and_lookup(parent, name);
#endif
}

/*
 * A superblock's default dentry operations: the s_d_op field until 6.17
 * added set_default_d_op() and later kernels hid the field.
 */
static inline void dbgfs_set_default_d_op(struct super_block *sb,
					  const struct dentry_operations *ops)
{
#if DBGFS_LINUX_AT_LEAST(6, 17)
	set_default_d_op(sb, ops);
#else
	sb->s_d_op = ops;
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
