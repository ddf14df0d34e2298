// SPDX-License-Identifier: GPL-2.0-only
/*
 * inode.c - the dbgfs tree: superblock, mount options, creation and removal
 *
 * dbgfs is debugfs as a loadable module.  Like debugfs it has one
 * superblock, which lives while any entry exists (each entry pins the
 * internal mount) or while userspace has it mounted, and it is built from
 * libfs helpers: the kernel API creates entries, userspace only reads and
 * writes them.
 *
 * Pins of the internal mount (simple_pin_fs):
 * - every entry holds one from its creation until its dentry is freed,
 *   not merely until its removal: a client may still hold a dentry of a
 *   removed entry (dbgfs_lookup() then dbgfs_remove() then dput()), and
 *   the superblock must outlive it.  dbgfs_d_release() counts the freed
 *   entries' pins; dbgfs_remove() gives back those its walk freed before
 *   it returns, a work item those freed later by someone's dput().
 * - the API holds one of its own across each call that walks the tree.
 * - dbgfs_pin_mutex serializes taking and giving back pins, so that the
 *   one giving back the last pin knows it: before the superblock goes
 *   with it, that one waits until no dput() that freed an entry is still
 *   walking up to the root (dbgfs_unpin()).
 * Locks: the parent directory's inode lock around every change of its
 * children (creation, removal by simple_recursive_removal(), renaming);
 * a directory marked dead (S_DEAD) by a removal takes no new child and no
 * renaming.  The creators that return void make lazy entries (lazy.c,
 * which states its own rules), unless the module parameter lazy=0.
 */

#define pr_fmt(fmt) "dbgfs: " fmt

#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/fs_parser.h>
#include <linux/fsnotify.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/workqueue.h>

#include <dbgfs.h>

#include "compat.h"
#include "internal.h"

#define DBGFS_MAGIC		0x64626766	/* "dbgf" */
#define DBGFS_DEFAULT_MODE	0700

static struct file_system_type dbgfs_fs_type;
static struct kmem_cache *dbgfs_inode_cachep __ro_after_init;
static struct vfsmount *dbgfs_mount;
static int dbgfs_mount_count;
static bool dbgfs_registered;

/*
 * What the kernel's debugfs= boot option does for debugfs, as a module
 * parameter: "on" (the default), "no-mount" (the API works, userspace cannot
 * mount) or "off" (creates fail with EPERM and nothing can be mounted).
 */
enum dbgfs_access {
	DBGFS_ACCESS_OFF,
	DBGFS_ACCESS_NO_MOUNT,
	DBGFS_ACCESS_ON,
};

static const char * const dbgfs_access_names[] = {
	[DBGFS_ACCESS_OFF] = "off",
	[DBGFS_ACCESS_NO_MOUNT] = "no-mount",
	[DBGFS_ACCESS_ON] = "on",
};

/* Read-only once loaded: switching at run time would strand entries. */
static enum dbgfs_access dbgfs_access = DBGFS_ACCESS_ON;

static int dbgfs_access_set(const char *val, const struct kernel_param *kp)
{
	int i = sysfs_match_string(dbgfs_access_names, val);

	if (i < 0)
		return -EINVAL;
	dbgfs_access = i;
	return 0;
}

static int dbgfs_access_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%s\n", dbgfs_access_names[dbgfs_access]);
}

static const struct kernel_param_ops dbgfs_access_ops = {
	.set = dbgfs_access_set,
	.get = dbgfs_access_get,
};
module_param_cb(access, &dbgfs_access_ops, NULL, 0444);
MODULE_PARM_DESC(access,
		 "on, no-mount or off, as the kernel's debugfs= boot option");

bool dbgfs_enabled(void)
{
	return dbgfs_access != DBGFS_ACCESS_OFF;
}

/* Mount options; they apply to the root directory only. */
struct dbgfs_mount_opts {
	kuid_t uid;
	kgid_t gid;
	umode_t mode;
};

/* Which options a mount or remount named: only those change. */
enum {
	DBGFS_OPT_UID	= BIT(0),
	DBGFS_OPT_GID	= BIT(1),
	DBGFS_OPT_MODE	= BIT(2),
};

struct dbgfs_fs_context {
	struct dbgfs_mount_opts opts;
	unsigned int given;
};

enum { DBGFS_PARAM_UID, DBGFS_PARAM_GID, DBGFS_PARAM_MODE };

static const struct fs_parameter_spec dbgfs_param_specs[] = {
	fsparam_u32("uid", DBGFS_PARAM_UID),
	fsparam_u32("gid", DBGFS_PARAM_GID),
	fsparam_u32oct("mode", DBGFS_PARAM_MODE),
	{}
};

static int dbgfs_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	struct dbgfs_fs_context *ctx = fc->fs_private;
	struct fs_parse_result result;
	int opt;

	opt = fs_parse(fc, dbgfs_param_specs, param, &result);
	if (opt < 0)
		return opt;	/* unknown options are refused, not ignored */

	switch (opt) {
	case DBGFS_PARAM_UID:
		ctx->opts.uid = make_kuid(fc->user_ns, result.uint_32);
		if (!uid_valid(ctx->opts.uid))
			return invalf(fc, "dbgfs: invalid uid %u", result.uint_32);
		ctx->given |= DBGFS_OPT_UID;
		break;
	case DBGFS_PARAM_GID:
		ctx->opts.gid = make_kgid(fc->user_ns, result.uint_32);
		if (!gid_valid(ctx->opts.gid))
			return invalf(fc, "dbgfs: invalid gid %u", result.uint_32);
		ctx->given |= DBGFS_OPT_GID;
		break;
	case DBGFS_PARAM_MODE:
		if (result.uint_32 & ~S_IALLUGO)
			return invalf(fc, "dbgfs: invalid mode %o", result.uint_32);
		ctx->opts.mode = result.uint_32;
		ctx->given |= DBGFS_OPT_MODE;
		break;
	}
	return 0;
}

/* Copy the options this context names into @sb and onto the root inode. */
static void dbgfs_apply_options(struct super_block *sb,
				const struct dbgfs_fs_context *ctx)
{
	struct dbgfs_mount_opts *opts = sb->s_fs_info;
	struct inode *root = d_inode(sb->s_root);

	if (ctx->given & DBGFS_OPT_UID)
		opts->uid = ctx->opts.uid;
	if (ctx->given & DBGFS_OPT_GID)
		opts->gid = ctx->opts.gid;
	if (ctx->given & DBGFS_OPT_MODE)
		opts->mode = ctx->opts.mode;

	inode_lock(root);
	root->i_mode = (root->i_mode & ~S_IALLUGO) | opts->mode;
	root->i_uid = opts->uid;
	root->i_gid = opts->gid;
	inode_unlock(root);
}

/* Follows fs/debugfs/inode.c (debugfs_show_options(); Linux, GPL-2.0-only). */
static int dbgfs_show_options(struct seq_file *m, struct dentry *root)
{
	struct dbgfs_mount_opts *opts = root->d_sb->s_fs_info;

	if (!uid_eq(opts->uid, GLOBAL_ROOT_UID))
		seq_printf(m, ",uid=%u",
			   from_kuid_munged(&init_user_ns, opts->uid));
	if (!gid_eq(opts->gid, GLOBAL_ROOT_GID))
		seq_printf(m, ",gid=%u",
			   from_kgid_munged(&init_user_ns, opts->gid));
	if (opts->mode != DBGFS_DEFAULT_MODE)
		seq_printf(m, ",mode=%o", opts->mode);
	return 0;
}

static struct inode *dbgfs_alloc_inode(struct super_block *sb)
{
	struct dbgfs_inode_info *info;

	info = kmem_cache_alloc(dbgfs_inode_cachep, GFP_KERNEL);
	if (!info)
		return NULL;
	info->real_fops = NULL;
	info->record = NULL;
	return &info->vfs_inode;
}

static void dbgfs_free_inode(struct inode *inode)
{
	if (S_ISLNK(inode->i_mode))
		kfree(inode->i_link);
	kmem_cache_free(dbgfs_inode_cachep, DBGFS_I(inode));
}

/* Pins of freed entries, not yet given back (see the top of the file). */
static atomic_t dbgfs_freed_pins = ATOMIC_INIT(0);
static DEFINE_MUTEX(dbgfs_pin_mutex);

static int dbgfs_pin(void)
{
	int err;

	mutex_lock(&dbgfs_pin_mutex);
	err = simple_pin_fs(&dbgfs_fs_type, &dbgfs_mount, &dbgfs_mount_count);
	mutex_unlock(&dbgfs_pin_mutex);
	return err;
}

/*
 * Whether giving back a pin now would kill the superblock while a dput()
 * still holds the root: the last pin, nothing mounted from userspace, and
 * the root referenced by more than the superblock and the internal mount.
 * A dput() that freed an entry calls dbgfs_d_release() before it drops
 * the reference on the entry's parent: up to the root, unless a live
 * entry in between keeps its own pin.
 */
static bool dbgfs_unpin_must_wait(void)
{
	struct dentry *root = dbgfs_mount->mnt_root;

	return dbgfs_mount_count == 1 &&
	       atomic_read(&root->d_sb->s_active) == 1 && d_count(root) > 2;
}

static void dbgfs_unpin(void)
{
	mutex_lock(&dbgfs_pin_mutex);
	while (dbgfs_unpin_must_wait()) {
		mutex_unlock(&dbgfs_pin_mutex);
		usleep_range(500, 1000);
		mutex_lock(&dbgfs_pin_mutex);
	}
	simple_release_fs(&dbgfs_mount, &dbgfs_mount_count);
	mutex_unlock(&dbgfs_pin_mutex);
}

static void dbgfs_release_freed_pins(void)
{
	while (atomic_dec_if_positive(&dbgfs_freed_pins) >= 0)
		dbgfs_unpin();
}

static void dbgfs_release_work_fn(struct work_struct *work)
{
	dbgfs_release_freed_pins();
}

static DECLARE_WORK(dbgfs_release_work, dbgfs_release_work_fn);

/*
 * An entry was freed, inside dput() (its dentry, or the inode that held
 * the last reference on a lazy entry's record): giving back its pin here
 * could kill the superblock under the dput still walking up its tree, so
 * it is counted and given back later.
 */
static void dbgfs_entry_freed(void)
{
	atomic_inc(&dbgfs_freed_pins);
	schedule_work(&dbgfs_release_work);
}

/*
 * @n entries were freed by a removal, which holds a pin of its own and
 * gives back the pins it counted (dbgfs_release_freed_pins()) before it
 * returns: no work to schedule.  Queueing the work once per lazy entry
 * was most of the cost of removing a large directory (queue_work_on() and
 * the worker's wakeups: 25% of the samples at 100,000 entries).
 */
static void dbgfs_entries_freed_by_removal(int n)
{
	atomic_add(n, &dbgfs_freed_pins);
}

static void dbgfs_d_release(struct dentry *dentry)
{
	if (dbgfs_pinned(dentry))
		dbgfs_entry_freed();
}

/* As simple_lookup() would set: negative dentries are not kept. */
static const struct dentry_operations dbgfs_dentry_operations = {
	.d_delete	= always_delete_dentry,
	.d_release	= dbgfs_d_release,
};

static void dbgfs_d_iput(struct dentry *dentry, struct inode *inode)
{
	if (dbgfs_lazy_d_iput(dentry, inode))
		dbgfs_entry_freed();
}

/* Lazy mode: lazy entries' dentries stay cached until reclaim. */
static const struct dentry_operations dbgfs_lazy_dentry_operations = {
	.d_delete	= dbgfs_lazy_d_delete,
	.d_iput		= dbgfs_d_iput,
	.d_release	= dbgfs_d_release,
};

static void dbgfs_evict_inode(struct inode *inode)
{
	truncate_inode_pages_final(&inode->i_data);
	clear_inode(inode);
	/* The last reference on a lazy entry's record: its pin goes. */
	if (dbgfs_lazy_evict(inode))
		dbgfs_entry_freed();
}

static const struct super_operations dbgfs_super_operations = {
	.statfs		= simple_statfs,
	.alloc_inode	= dbgfs_alloc_inode,
	.free_inode	= dbgfs_free_inode,
	.evict_inode	= dbgfs_evict_inode,
	.drop_inode	= dbgfs_drop_inode,
	.show_options	= dbgfs_show_options,
};

/*
 * Userspace may look entries up but not make them.  Without a ->create the
 * VFS would answer EACCES; EPERM says "not allowed here" as mkdir, unlink,
 * rename, link and symlink already do for a directory without those ops.
 */
static int dbgfs_create_denied(DBGFS_IDMAP_ARG struct inode *dir,
			       struct dentry *dentry, DBGFS_CREATE_MODE_ARGS)
{
	return -EPERM;
}

static const struct inode_operations dbgfs_dir_inode_operations = {
	.lookup		= simple_lookup,
	.create		= dbgfs_create_denied,
	.setattr	= dbgfs_setattr,
};

/* Lazy mode: a name the dcache lacks may be a lazy entry's. */
static const struct inode_operations dbgfs_lazy_dir_inode_operations = {
	.lookup		= dbgfs_lazy_lookup,
	.create		= dbgfs_create_denied,
	.setattr	= dbgfs_setattr,
};

static const struct inode_operations dbgfs_symlink_inode_operations = {
	.get_link	= simple_get_link,
	.setattr	= dbgfs_setattr,
};

static struct inode *dbgfs_get_inode(struct super_block *sb, umode_t mode)
{
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	inode->i_ino = get_next_ino();
	inode->i_mode = mode;
	dbgfs_inode_init_ts(inode);
	return inode;
}

/* A directory inode; in lazy mode with its index (freed with it). */
static struct inode *dbgfs_get_dir_inode(struct super_block *sb,
					 umode_t mode)
{
	struct inode *inode = dbgfs_get_inode(sb, S_IFDIR | mode);

	if (!inode)
		return NULL;
	if (dbgfs_lazy) {
		DBGFS_I(inode)->index = dbgfs_index_new();
		if (!DBGFS_I(inode)->index) {
			iput(inode);
			return NULL;
		}
		inode->i_op = &dbgfs_lazy_dir_inode_operations;
		inode->i_fop = &dbgfs_index_dir_operations;
	} else {
		inode->i_op = &dbgfs_dir_inode_operations;
		inode->i_fop = &simple_dir_operations;
	}
	return inode;
}

/*
 * The root inode comes from our own inode cache like every other, so the
 * superblock is filled by hand: simple_fill_super() would allocate it
 * before our super_operations are in place.
 */
static int dbgfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	struct dbgfs_mount_opts *opts;
	struct inode *root;

	opts = kzalloc(sizeof(*opts), GFP_KERNEL);
	if (!opts)
		return -ENOMEM;
	opts->uid = GLOBAL_ROOT_UID;
	opts->gid = GLOBAL_ROOT_GID;
	opts->mode = DBGFS_DEFAULT_MODE;
	sb->s_fs_info = opts;	/* freed by dbgfs_kill_sb, even on error */

	sb->s_blocksize = PAGE_SIZE;
	sb->s_blocksize_bits = PAGE_SHIFT;
	sb->s_magic = DBGFS_MAGIC;
	sb->s_op = &dbgfs_super_operations;
	dbgfs_set_default_d_op(sb, dbgfs_lazy ? &dbgfs_lazy_dentry_operations :
						&dbgfs_dentry_operations);
	sb->s_time_gran = 1;

	root = dbgfs_get_dir_inode(sb, DBGFS_DEFAULT_MODE);
	if (!root)
		return -ENOMEM;
	root->i_ino = 1;
	set_nlink(root, 2);
	sb->s_root = d_make_root(root);
	if (!sb->s_root)
		return -ENOMEM;

	dbgfs_apply_options(sb, fc->fs_private);
	return 0;
}

static int dbgfs_reconfigure(struct fs_context *fc)
{
	struct super_block *sb = fc->root->d_sb;

	sync_filesystem(sb);
	dbgfs_apply_options(sb, fc->fs_private);
	return 0;
}

/*
 * There is one superblock.  Kernel users may have made it before the first
 * mount (each entry pins it), so a mount applies its options to the existing
 * superblock, as a remount would.
 */
static int dbgfs_get_tree(struct fs_context *fc)
{
	int err;

	/* no-mount refuses userspace; the API's internal mount still works */
	if (dbgfs_access != DBGFS_ACCESS_ON && !(fc->sb_flags & SB_KERNMOUNT))
		return -EPERM;

	err = get_tree_single(fc, dbgfs_fill_super);
	if (err)
		return err;
	return dbgfs_reconfigure(fc);
}

static void dbgfs_free_fc(struct fs_context *fc)
{
	kfree(fc->fs_private);
}

static const struct fs_context_operations dbgfs_context_ops = {
	.free		= dbgfs_free_fc,
	.parse_param	= dbgfs_parse_param,
	.get_tree	= dbgfs_get_tree,
	.reconfigure	= dbgfs_reconfigure,
};

static int dbgfs_init_fs_context(struct fs_context *fc)
{
	struct dbgfs_fs_context *ctx;

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ctx->opts.uid = GLOBAL_ROOT_UID;
	ctx->opts.gid = GLOBAL_ROOT_GID;
	ctx->opts.mode = DBGFS_DEFAULT_MODE;

	fc->fs_private = ctx;
	fc->ops = &dbgfs_context_ops;
	return 0;
}

static void dbgfs_kill_sb(struct super_block *sb)
{
	dbgfs_kill_super(sb);
	kfree(sb->s_fs_info);
}

static struct file_system_type dbgfs_fs_type = {
	.owner			= THIS_MODULE,
	.name			= "dbgfs",
	.init_fs_context	= dbgfs_init_fs_context,
	.parameters		= dbgfs_param_specs,
	.kill_sb		= dbgfs_kill_sb,
};
MODULE_ALIAS_FS("dbgfs");

/* Names follow the rules of a single path component. */
static int dbgfs_check_name(const char *name)
{
	size_t len;

	if (!name)
		return -EINVAL;
	len = strnlen(name, NAME_MAX + 1);
	if (len > NAME_MAX)
		return -ENAMETOOLONG;
	if (!len || strchr(name, '/') || !strcmp(name, ".") ||
	    !strcmp(name, ".."))
		return -EINVAL;
	return 0;
}

/*
 * The child @name of @parent as the dentry cache has it, with a reference;
 * with @create, a new negative dentry when there is none (@parent locked),
 * as the directory's ->lookup (simple_lookup) would make.  Entries are
 * always in the cache, so no ->lookup is needed; and unlike
 * lookup_one_len() this checks no permission of the calling task, which
 * may be any task a driver runs in (before 6.16 an unprivileged one got
 * EACCES on the 0700 root), so a create works the same on every kernel.
 */
static struct dentry *dbgfs_child(const char *name, struct dentry *parent,
				  bool create)
{
	struct qstr qname = QSTR_INIT(name, strlen(name));
	struct dentry *dentry;

	dentry = dbgfs_try_lookup(&qname, parent);
	if (dentry || !create)
		return dentry;
	dentry = d_alloc_name(parent, name);
	if (!dentry)
		return ERR_PTR(-ENOMEM);
	d_add(dentry, NULL);
	return dentry;
}

/* Undoes dbgfs_lock_parent(). */
static void dbgfs_unlock_parent(struct dentry *parent)
{
	inode_unlock(d_inode(parent));
	dbgfs_unpin();
}

/*
 * Creating an entry is start / end (or failed) around making the inode:
 * start pins the filesystem, locks the parent and returns a negative
 * dentry for @name; end unlocks and returns the dentry, which the entry's
 * own pin keeps alive until dbgfs_remove().  dbgfs_start_adding() is the
 * start for lazy entries, which need no dentry: it returns the parent,
 * locked, once it checked that no eager entry has @name (the index
 * checks the lazy ones as it inserts).  Both begin with
 * dbgfs_lock_parent(): the checks, the pin, the parent locked and alive;
 * with @eager, also that no lazy entry has @name.
 */
static struct dentry *dbgfs_lock_parent(const char *name,
					struct dentry *parent, bool eager)
{
	int err;

	if (IS_ERR(parent))
		return parent;
	if (!dbgfs_enabled())
		return ERR_PTR(-EPERM);
	err = dbgfs_check_name(name);
	if (err)
		return ERR_PTR(err);
	if (parent && (parent->d_sb->s_type != &dbgfs_fs_type ||
		       !d_is_dir(parent)))
		return ERR_PTR(-ENOTDIR);

	err = dbgfs_pin();
	if (err) {
		pr_err("cannot pin the filesystem for '%s': %d\n", name, err);
		return ERR_PTR(err);
	}
	if (!parent)
		parent = dbgfs_mount->mnt_root;

	inode_lock(d_inode(parent));
	if (unlikely(IS_DEADDIR(d_inode(parent))))
		err = -ENOENT;
	/* Checked before a negative dentry is hashed that would hide it. */
	else if (eager && dbgfs_lazy && dbgfs_lazy_name_taken(parent, name))
		err = -EEXIST;
	if (err) {
		dbgfs_unlock_parent(parent);
		return ERR_PTR(err);
	}
	return parent;
}

static struct dentry *dbgfs_start_adding(const char *name,
					 struct dentry *parent)
{
	struct dentry *dentry;

	parent = dbgfs_lock_parent(name, parent, false);
	if (IS_ERR(parent))
		return parent;
	/*
	 * A negative dentry in the dcache would answer for the new lazy
	 * entry: drop it (we hold the lock ->lookup needs: none comes back).
	 */
	dentry = dbgfs_child(name, parent, false);
	if (IS_ERR_OR_NULL(dentry))
		return parent;
	if (d_really_is_positive(dentry)) {
		dput(dentry);
		dbgfs_unlock_parent(parent);
		return ERR_PTR(-EEXIST);
	}
	d_drop(dentry);
	dput(dentry);
	return parent;
}

static struct dentry *dbgfs_start_creating(const char *name,
					   struct dentry *parent)
{
	struct dentry *dentry;

	parent = dbgfs_lock_parent(name, parent, true);
	if (IS_ERR(parent))
		return parent;
	dentry = dbgfs_child(name, parent, true);
	if (!IS_ERR(dentry) && d_really_is_positive(dentry)) {
		dput(dentry);
		dentry = ERR_PTR(-EEXIST);
	}
	if (IS_ERR(dentry))
		dbgfs_unlock_parent(parent);
	return dentry;
}

static struct dentry *dbgfs_failed_creating(struct dentry *dentry, int err)
{
	inode_unlock(d_inode(dentry->d_parent));
	dput(dentry);
	dbgfs_unpin();
	return ERR_PTR(err);
}

/*
 * In lazy mode, list the new entry in its directory's index; its position
 * goes into d_fsdata with the pin bit.  On failure @inode is dropped.
 */
static int dbgfs_index_entry(struct dentry *dentry, struct inode *inode)
{
	long pos = 0;

	if (dbgfs_lazy) {
		pos = dbgfs_index_add_dentry(DBGFS_I(d_inode(dentry->d_parent))->index,
					     dentry, S_ISDIR(inode->i_mode));
		if (pos < 0) {
			iput(inode);
			return pos;
		}
	}
	/* The pin taken at start is the entry's now, until it is freed. */
	dentry->d_fsdata = dbgfs_pin_at(pos);
	return 0;
}

static struct dentry *dbgfs_end_creating(struct dentry *dentry)
{
	inode_unlock(d_inode(dentry->d_parent));
	dput(dentry);	/* the lookup's reference; the persistent one stays */
	return dentry;
}

/**
 * dbgfs_create_file_with() - create a regular file behind a proxy
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory, or %NULL for the root
 * @data: the inode's i_private
 * @aux: the pointer dbgfs_get_aux() returns, or %NULL
 * @proxy_fops: what the VFS calls: the full or the open-only proxy
 * @real_fops: what the proxy calls once it has guarded the call
 *
 * Return: the new dentry or an ERR_PTR(), never %NULL.
 */
struct dentry *dbgfs_create_file_with(const char *name, umode_t mode,
				      struct dentry *parent, void *data,
				      const void *aux,
				      const struct file_operations *proxy_fops,
				      const struct file_operations *real_fops)
{
	struct dbgfs_inode_info *info;
	struct dentry *dentry;
	struct inode *inode;
	int err;

	if (WARN_ON(!real_fops))
		return ERR_PTR(-EINVAL);
	if (!(mode & S_IFMT))
		mode |= S_IFREG;
	if (WARN_ON(!S_ISREG(mode)))
		return ERR_PTR(-EINVAL);

	dentry = dbgfs_start_creating(name, parent);
	if (IS_ERR(dentry))
		return dentry;

	inode = dbgfs_get_inode(dentry->d_sb, mode);
	if (!inode) {
		pr_err("out of memory creating file '%s'\n", name);
		return dbgfs_failed_creating(dentry, -ENOMEM);
	}
	info = DBGFS_I(inode);
	info->real_fops = real_fops;
	info->aux = aux;
	dbgfs_file_init(info);
	inode->i_private = data;
	inode->i_op = &dbgfs_file_inode_operations;
	inode->i_fop = proxy_fops;

	err = dbgfs_index_entry(dentry, inode);
	if (err)
		return dbgfs_failed_creating(dentry, err);
	dbgfs_make_persistent(dentry, inode);
	fsnotify_create(d_inode(dentry->d_parent), dentry);
	return dbgfs_end_creating(dentry);
}

struct dentry *dbgfs_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops)
{
	return dbgfs_create_file_with(name, mode, parent, data, NULL,
				      &dbgfs_full_proxy_fops, fops);
}
EXPORT_SYMBOL_GPL(dbgfs_create_file);

struct dentry *dbgfs_create_file_aux(const char *name, umode_t mode,
				     struct dentry *parent, void *data,
				     const void *aux,
				     const struct file_operations *fops)
{
	return dbgfs_create_file_with(name, mode, parent, data, aux,
				      &dbgfs_full_proxy_fops, fops);
}
EXPORT_SYMBOL_GPL(dbgfs_create_file_aux);

void dbgfs_create_file_size(const char *name, umode_t mode,
			    struct dentry *parent, void *data,
			    const struct file_operations *fops,
			    loff_t file_size)
{
	dbgfs_create_lazy(name, mode, parent, data, true, fops, file_size);
}
EXPORT_SYMBOL_GPL(dbgfs_create_file_size);

/**
 * dbgfs_create_lazy() - create a file for a creator that returns void
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory, or %NULL for the root
 * @data: the inode's i_private
 * @full_proxy: behind the full proxy (dbgfs_create_file()), else the
 *	open-only one (dbgfs_create_file_unsafe())
 * @real_fops: the creator's fops
 * @file_size: the size stat shows
 *
 * In lazy mode a record (lazy.c) stands for the file until it is looked
 * up; with lazy=0 the file is made at once, as dbgfs_create_file() does.
 * Failures other than a name in use are logged, not returned: the
 * caller's API returns nothing.
 */
void dbgfs_create_lazy(const char *name, umode_t mode, struct dentry *parent,
		       void *data, bool full_proxy,
		       const struct file_operations *real_fops, loff_t file_size)
{
	const struct file_operations *proxy_fops = full_proxy ?
		&dbgfs_full_proxy_fops : &dbgfs_open_proxy_fops;
	struct dentry *dentry;
	int err;

	if (!dbgfs_lazy) {
		dentry = dbgfs_create_file_with(name, mode, parent, data, NULL,
						proxy_fops, real_fops);
		if (!IS_ERR(dentry))
			i_size_write(d_inode(dentry), file_size);
		return;
	}

	if (WARN_ON(!real_fops))
		return;
	if (!(mode & S_IFMT))
		mode |= S_IFREG;
	if (WARN_ON(!S_ISREG(mode)))
		return;
	parent = dbgfs_start_adding(name, parent);
	if (IS_ERR(parent))
		return;
	err = dbgfs_lazy_add(parent, name, mode, data, full_proxy, real_fops,
			     file_size);
	inode_unlock(d_inode(parent));
	if (err) {
		/* As an eager entry's create: a name in use is not logged. */
		if (err != -EEXIST)
			pr_err("cannot create '%s': %d\n", name, err);
		dbgfs_unpin();
	}
}

struct dentry *dbgfs_create_file_unsafe(const char *name, umode_t mode,
					struct dentry *parent, void *data,
					const struct file_operations *fops)
{
	return dbgfs_create_file_with(name, mode, parent, data, NULL,
				      &dbgfs_open_proxy_fops, fops);
}
EXPORT_SYMBOL_GPL(dbgfs_create_file_unsafe);

struct dentry *dbgfs_create_dir(const char *name, struct dentry *parent)
{
	struct dentry *dentry = dbgfs_start_creating(name, parent);
	struct inode *inode;
	int err;

	if (IS_ERR(dentry))
		return dentry;

	inode = dbgfs_get_dir_inode(dentry->d_sb, 0755);
	if (!inode) {
		pr_err("out of memory creating directory '%s'\n", name);
		return dbgfs_failed_creating(dentry, -ENOMEM);
	}
	err = dbgfs_index_entry(dentry, inode);
	if (err)
		return dbgfs_failed_creating(dentry, err);

	/* directory inodes start off with i_nlink == 2 (for "." entry) */
	inc_nlink(inode);
	dbgfs_make_persistent(dentry, inode);
	inc_nlink(d_inode(dentry->d_parent));
	fsnotify_mkdir(d_inode(dentry->d_parent), dentry);
	return dbgfs_end_creating(dentry);
}
EXPORT_SYMBOL_GPL(dbgfs_create_dir);

struct dentry *dbgfs_create_symlink(const char *name, struct dentry *parent,
				    const char *target)
{
	struct dentry *dentry;
	struct inode *inode;
	char *link;
	int err;

	link = kstrdup(target, GFP_KERNEL);
	if (!link)
		return ERR_PTR(-ENOMEM);

	dentry = dbgfs_start_creating(name, parent);
	if (IS_ERR(dentry)) {
		kfree(link);
		return dentry;
	}

	inode = dbgfs_get_inode(dentry->d_sb, S_IFLNK | 0777);
	if (!inode) {
		pr_err("out of memory creating symlink '%s'\n", name);
		kfree(link);
		return dbgfs_failed_creating(dentry, -ENOMEM);
	}
	inode->i_op = &dbgfs_symlink_inode_operations;
	inode->i_link = link;	/* freed with the inode */
	err = dbgfs_index_entry(dentry, inode);
	if (err)
		return dbgfs_failed_creating(dentry, err);
	dbgfs_make_persistent(dentry, inode);
	return dbgfs_end_creating(dentry);
}
EXPORT_SYMBOL_GPL(dbgfs_create_symlink);

/*
 * Called for each entry simple_recursive_removal() takes away; its pin
 * goes when its dentry is freed (dbgfs_d_release()).
 */
static void dbgfs_remove_one(struct dentry *dentry)
{
	/* A lazy entry's dentry has no pin for the walk to drop. */
	WARN_ON_ONCE(!dbgfs_pinned(dentry));
	if (d_is_reg(dentry))
		dbgfs_file_removed(dentry);
	/* The parent is locked: the entry leaves its index. */
	if (dbgfs_lazy && dbgfs_pinned(dentry))
		dbgfs_index_del(DBGFS_I(d_inode(dentry->d_parent))->index,
				dbgfs_pin_pos(dentry));
}

/*
 * Remove @dentry and what is below it.  In lazy mode a lazy entry's
 * dentry is removed through its record, and a directory's lazy entries
 * go first, since simple_recursive_removal() knows only pinned entries.
 */
static void dbgfs_remove_tree(struct dentry *dentry)
{
	int freed;

	if (dbgfs_lazy) {
		freed = dbgfs_lazy_remove_dentry(dentry);
		if (freed >= 0) {
			dbgfs_entries_freed_by_removal(freed);
			return;
		}
		if (d_is_dir(dentry))
			dbgfs_entries_freed_by_removal(dbgfs_lazy_remove_tree(dentry));
	}
	simple_recursive_removal(dentry, dbgfs_remove_one);
}

/*
 * Remove @dentry and what is below it, with a pin of our own held: the
 * pins of the entries whose dentries the walk freed are given back before
 * ours, so the superblock goes, if it goes, here and now.
 */
static void dbgfs_remove_pinned(struct dentry *dentry)
{
	dbgfs_remove_tree(dentry);
	dbgfs_release_freed_pins();
	dbgfs_unpin();
}

void dbgfs_remove(struct dentry *dentry)
{
	if (IS_ERR_OR_NULL(dentry))
		return;
	if (dbgfs_pin())
		return;	/* cannot happen while an entry pins it */
	dbgfs_remove_pinned(dentry);
}
EXPORT_SYMBOL_GPL(dbgfs_remove);

/*
 * The positive child @name of @parent (or the root), referenced; a lazy
 * entry's is built if the dcache lacks it.
 */
static struct dentry *dbgfs_lookup_pinned(const char *name,
					  struct dentry *parent)
{
	struct dentry *dentry;

	if (!parent)
		parent = dbgfs_mount->mnt_root;
	dentry = dbgfs_child(name, parent, false);
	if (IS_ERR(dentry))
		return NULL;
	/*
	 * Not under the directory's lock: a handler may call us while a
	 * remover holds it and waits for that handler (lazy.c's rules).
	 */
	if (dbgfs_lazy && (!dentry || d_really_is_negative(dentry))) {
		dput(dentry);
		dentry = dbgfs_lazy_lookup_unlocked(parent, name);
	}
	if (!dentry)
		return NULL;
	if (d_really_is_negative(dentry)) {
		dput(dentry);
		return NULL;
	}
	if (dbgfs_lazy)
		dbgfs_lazy_pin(dentry);
	return dentry;
}

static bool dbgfs_lookup_args_valid(const char *name, struct dentry *parent)
{
	if (!name || IS_ERR(parent) || !dbgfs_enabled() ||
	    dbgfs_check_name(name))
		return false;
	/* A file has no children; newer kernels would not even check. */
	return !parent || (parent->d_sb->s_type == &dbgfs_fs_type &&
			   d_is_dir(parent));
}

struct dentry *dbgfs_lookup(const char *name, struct dentry *parent)
{
	struct dentry *dentry;

	if (!dbgfs_lookup_args_valid(name, parent))
		return NULL;
	if (dbgfs_pin())
		return NULL;
	dentry = dbgfs_lookup_pinned(name, parent);
	dbgfs_unpin();
	return dentry;
}
EXPORT_SYMBOL_GPL(dbgfs_lookup);

/*
 * One pin held from before the lookup until after the dput: the entry may
 * be the last one, and the superblock must outlive the lookup's reference.
 */
void dbgfs_lookup_and_remove(const char *name, struct dentry *parent)
{
	struct dentry *dentry;

	if (!dbgfs_lookup_args_valid(name, parent))
		return;
	if (dbgfs_pin())
		return;
	if (dbgfs_lazy) {
		/* A lazy entry goes without being built first. */
		struct dentry *dir = parent ? parent : dbgfs_mount->mnt_root;
		int freed;

		inode_lock(d_inode(dir));
		freed = dbgfs_lazy_remove_name(dir, name);
		inode_unlock(d_inode(dir));
		if (freed >= 0) {
			dbgfs_entries_freed_by_removal(freed);
			goto out;
		}
	}
	dentry = dbgfs_lookup_pinned(name, parent);
	if (dentry) {
		dbgfs_remove_tree(dentry);
		dput(dentry);	/* the lookup's reference */
	}
out:
	dbgfs_release_freed_pins();
	dbgfs_unpin();
}
EXPORT_SYMBOL_GPL(dbgfs_lookup_and_remove);

/*
 * Renaming stays within the directory, so only the directory is locked, and
 * the dentry moves onto a negative dentry for the new name.  An existing
 * target is -EINVAL, as in mainline: callers port unchanged.
 */
int dbgfs_change_name(struct dentry *dentry, const char *fmt, ...)
{
	struct name_snapshot old_name;
	struct dentry *parent, *target;
	const char *new_name;
	struct inode *dir;
	va_list ap;
	int err;

	if (IS_ERR_OR_NULL(dentry))
		return 0;

	va_start(ap, fmt);
	new_name = kvasprintf_const(GFP_KERNEL, fmt, ap);
	va_end(ap);
	if (!new_name)
		return -ENOMEM;
	err = dbgfs_check_name(new_name);
	if (err)
		goto out_free;

	parent = dget_parent(dentry);
	dir = d_inode(parent);
	inode_lock(dir);
	take_dentry_name_snapshot(&old_name, dentry);

	/*
	 * A dead directory is being removed: simple_recursive_removal() may
	 * have unlocked it to work in a subdirectory, and a child renamed now
	 * would move ahead of where it resumes, never to be removed.
	 */
	if (WARN_ON_ONCE(dentry->d_parent != parent) || d_unhashed(dentry) ||
	    IS_DEADDIR(dir)) {
		err = -ENOENT;
		goto out_unlock;
	}
	if (!strcmp(old_name.name.name, new_name))
		goto out_unlock;
	if (dbgfs_lazy && dbgfs_lazy_name_taken(parent, new_name)) {
		err = -EINVAL;	/* an entry not built yet has the name */
		goto out_unlock;
	}

	target = dbgfs_child(new_name, parent, true);
	if (IS_ERR(target)) {
		err = PTR_ERR(target);
		goto out_unlock;
	}
	if (d_really_is_positive(target)) {
		dput(target);
		err = -EINVAL;
		goto out_unlock;
	}
	err = dbgfs_lazy ? dbgfs_lazy_rename(dentry, new_name) : 0;
	if (err) {
		dput(target);
		goto out_unlock;
	}
	dbgfs_inode_touch(dir);
	d_move(dentry, target);
	dput(target);
	fsnotify_move(dir, dir, &old_name.name, d_is_dir(dentry), NULL, dentry);

out_unlock:
	release_dentry_name_snapshot(&old_name);
	inode_unlock(dir);
	dput(parent);
out_free:
	kfree_const(new_name);
	return err;
}
EXPORT_SYMBOL_GPL(dbgfs_change_name);

bool dbgfs_initialized(void)
{
	return dbgfs_registered && dbgfs_enabled();
}
EXPORT_SYMBOL_GPL(dbgfs_initialized);

static void dbgfs_init_once(void *foo)
{
	struct dbgfs_inode_info *info = foo;

	inode_init_once(&info->vfs_inode);
}

static int __init dbgfs_init(void)
{
	int err;

	dbgfs_inode_cachep = kmem_cache_create("dbgfs_inode_cache",
					       sizeof(struct dbgfs_inode_info),
					       0, SLAB_RECLAIM_ACCOUNT |
					       SLAB_ACCOUNT, dbgfs_init_once);
	if (!dbgfs_inode_cachep)
		return -ENOMEM;
	err = dbgfs_index_init();
	if (err)
		goto err_cache;

	err = sysfs_create_mount_point(kernel_kobj, "dbgfs");
	if (err)
		goto err_lazy;

	/*
	 * Switched off, dbgfs stays loaded so that clients still link, but
	 * nothing can be created or mounted, as with debugfs=off.
	 */
	if (!dbgfs_enabled()) {
		pr_info("switched off by the access=off module parameter\n");
		return 0;
	}

	err = register_filesystem(&dbgfs_fs_type);
	if (err)
		goto err_mount_point;
	dbgfs_registered = true;
	dbgfs_debug_mount_init();
	return 0;

err_mount_point:
	sysfs_remove_mount_point(kernel_kobj, "dbgfs");
err_lazy:
	dbgfs_index_exit();
err_cache:
	kmem_cache_destroy(dbgfs_inode_cachep);
	return err;
}

/*
 * The module can only go once no superblock holds it: every entry removed
 * and the filesystem unmounted, since a superblock pins its type's module.
 */
static void __exit dbgfs_exit(void)
{
	dbgfs_debug_mount_exit();
	if (dbgfs_registered)
		unregister_filesystem(&dbgfs_fs_type);
	sysfs_remove_mount_point(kernel_kobj, "dbgfs");
	/* The work may still be returning from giving back the last pin. */
	flush_work(&dbgfs_release_work);
	rcu_barrier();	/* inodes are freed after a grace period */
	dbgfs_index_exit();
	kmem_cache_destroy(dbgfs_inode_cachep);
}

module_init(dbgfs_init);
module_exit(dbgfs_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dbgfs: debugfs as a loadable module");
MODULE_AUTHOR("The dbgfs developers");
MODULE_VERSION(DBGFS_VERSION);
