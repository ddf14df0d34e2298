// SPDX-License-Identifier: GPL-2.0-only
/*
 * lazy.c - value files without a standing inode and dentry
 *
 * The creators that return void (dbgfs_create_u32() and the like) hand
 * back nothing a client could hold, so dbgfs keeps a small record for each
 * such file in its directory and builds the inode and dentry only when
 * someone looks the name up; once unused, both are reclaimable like any
 * cached dentry, and a later lookup builds them again from the record with
 * the same inode number, mode, owner, size and times.  The module
 * parameter lazy=0 switches this off: every entry is then made at once.
 *
 * In lazy mode every directory has an index (struct dbgfs_lazy_dir):
 * - @entries, an xarray by position: a per-directory sequence number
 *   allocated at creation (xa_alloc_cyclic(), so removals leave holes and
 *   numbers are not reused soon).  Each slot holds a record, or for an
 *   entry made at once (directory, dbgfs_create_file(), symlink) its
 *   dentry, tagged.  Readdir walks this array: every entry is listed once,
 *   whether or not its dentry is in the dcache, and the position
 *   (ctx->pos - 2) stays valid across getdents calls, seekdir and telldir.
 *   An eager entry keeps its position in d_fsdata beside its pin bit.
 * - @names, an rbtree of the records by name, for ->lookup and for the
 *   checks that a name is free.
 *
 * Locking rules:
 * - A directory's index is changed only under both the directory inode's
 *   i_rwsem held exclusive (creation, removal and renaming take it, as
 *   they did before there was an index) and the index's own mutex
 *   (@lock), and read under either: the VFS calls ->lookup and
 *   ->iterate_shared with i_rwsem shared, dbgfs_lookup() takes @lock.
 *   A record's name and position are stable for whoever holds either.
 * - dbgfs_lookup() never takes i_rwsem: a handler may call it while a
 *   remover holds i_rwsem exclusive and waits for that handler.  Nothing
 *   waits for a handler with @lock held, and @lock is only ever taken
 *   inside i_rwsem, never the other way round.
 * - A name is looked up at most once at a time per directory: the VFS
 *   and dbgfs_lookup() both go through d_alloc_parallel(), so a live
 *   record has at most one hashed dentry.  dbgfs_lookup() finds the
 *   record and hashes its dentry under @lock, so a removal that took the
 *   record out under @lock finds that dentry in the dcache afterwards.
 * - An entry that a client found with dbgfs_lookup() is pinned as
 *   debugfs's entries are: its record holds a reference on its dentry
 *   until removal (dbgfs_lazy_pin()), so that what the client wrote into
 *   the inode is not lost to reclaim and a dentry pointer kept after
 *   dput() stays valid.  Only userspace's lookups are reclaimable.
 * - A record has at most one inode (@inode), under dbgfs_lazy_attr_lock:
 *   a lookup takes the live one (igrab()) before it builds another, so an
 *   inotify or fanotify mark, which holds the inode past its dentry, sees
 *   the file's events across reclaim.
 * - A record is removed under the exclusive lock: taken out of the index
 *   and marked removed first, under @lock, so no lookup can build it
 *   again; then its dentry, if the dcache has one, goes through the same
 *   removal as an eager file (dbgfs_file_removed(): EIO for open files,
 *   waiting for running handlers) and is unhashed.  An inode that no
 *   dentry shows (held by a mark, or being reclaimed) is detached from
 *   the record and told it was deleted, as d_delete() tells an eager one.
 * - Removing a directory first empties the lazy part of its subtree
 *   (dbgfs_lazy_remove_tree(), each directory under its own lock, marked
 *   dead so that nothing is created in it again), then leaves the eager
 *   part to simple_recursive_removal().  That walk never sees a dentry of
 *   a record: those hold no pin, and it would drop one.
 * - Lifetime: a record is referenced by its index (until removal) and by
 *   the inode built from it (until ->evict_inode or the removal detaches
 *   it).  The record holds the
 *   pin of the internal mount that its creation took, given back when the
 *   last reference goes: by the removal that dropped it, before it
 *   returns, or else deferred like a dentry's (dbgfs_entry_freed()).
 * - A record's mode, owner, size and times are copied into the inode when
 *   built and back from it by ->setattr, under dbgfs_lazy_attr_lock: a
 *   setattr holds the file's inode lock, not the directory's.  Times are
 *   kept as time64_t seconds and nanoseconds: any time an inode takes.
 */

#define pr_fmt(fmt) "dbgfs: " fmt

#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/namei.h>
#include <linux/rbtree.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/xarray.h>

#include "compat.h"
#include "internal.h"

bool dbgfs_lazy = true;
module_param_named(lazy, dbgfs_lazy, bool, 0444);
MODULE_PARM_DESC(lazy,
		 "1: value files get an inode and dentry only when looked up (default); 0: at creation");

/* Diagnostics for the tests: records alive, inodes built from them. */
static atomic_t dbgfs_lazy_records = ATOMIC_INIT(0);
module_param_named(lazy_records, dbgfs_lazy_records.counter, int, 0444);
MODULE_PARM_DESC(lazy_records, "lazy entries alive (read-only)");

static atomic_t dbgfs_lazy_inodes = ATOMIC_INIT(0);
module_param_named(lazy_inodes, dbgfs_lazy_inodes.counter, int, 0444);
MODULE_PARM_DESC(lazy_inodes, "inodes built from lazy entries (read-only)");

static struct kmem_cache *dbgfs_lazy_cachep __ro_after_init;

/* Guards every record's attributes and @inode (see the rules at the top). */
static DEFINE_SPINLOCK(dbgfs_lazy_attr_lock);

/* Positions stay below this, so that ctx->pos fits any llseek limit. */
#define DBGFS_LAZY_POS_MAX	(INT_MAX - 16)

/* An eager entry's slot holds its dentry with this tag. */
#define DBGFS_LAZY_TAG_DENTRY	1

/*
 * Directories are marked in the index, for the removal walk.  Not
 * XA_MARK_0: an allocating xarray tracks its free slots with it, and
 * xa_find() on it stops at the first free slot.
 */
#define DBGFS_LAZY_MARK_DIR	XA_MARK_1

enum {
	DBGFS_LAZY_FULL_PROXY	= BIT(0),	/* dbgfs_create_file()'s proxy */
	DBGFS_LAZY_REMOVED	= BIT(1),	/* out of the index */
	DBGFS_LAZY_PINNED	= BIT(2),	/* dbgfs_lookup() found it */
};

/**
 * struct dbgfs_lazy - a file that has no inode until it is looked up
 * @node: in the directory's @names, by name
 * @name: the file's name, allocated
 * @data: the inode's i_private
 * @real_fops: the creator's fops, behind the proxy
 * @inode: the inode built from it while one lives, or %NULL
 * @ref: one for the index until removal, one for a built inode
 * @pos: the slot in the directory's @entries
 * @ino: the inode number, fixed at creation
 * @len: strlen(@name)
 * @flags: DBGFS_LAZY_*, changed under @lock of the directory's index
 * @mode: mode and type, then what setattr made of them
 * @uid: owner
 * @gid: group
 * @size: i_size
 * @sec: atime, mtime and ctime: seconds, as at creation and then setattr
 * @nsec: and their nanoseconds
 */
struct dbgfs_lazy {
	struct rb_node node;
	const char *name;
	void *data;
	const struct file_operations *real_fops;
	struct inode *inode;
	refcount_t ref;
	u32 pos;
	unsigned int ino;
	u8 len;
	u8 flags;
	umode_t mode;
	kuid_t uid;
	kgid_t gid;
	loff_t size;
	time64_t sec[3];
	u32 nsec[3];
};

/**
 * struct dbgfs_lazy_dir - the index of a directory, in lazy mode
 * @names: records by name
 * @entries: records and eager dentries by position
 * @next: the next position xa_alloc_cyclic() tries
 * @lock: held with i_rwsem to change @names and @entries, or alone to
 *	read them (see the rules at the top)
 */
struct dbgfs_lazy_dir {
	struct rb_root names;
	struct xarray entries;
	u32 next;
	struct mutex lock;	/* see @lock above and the rules at the top */
};

static struct dbgfs_lazy_dir *dbgfs_lazy_dir_of(struct inode *dir)
{
	return DBGFS_I(dir)->lazy_dir;
}

struct dbgfs_lazy_dir *dbgfs_lazy_dir_new(void)
{
	struct dbgfs_lazy_dir *ld = kmalloc(sizeof(*ld), GFP_KERNEL);

	if (!ld)
		return NULL;
	ld->names = RB_ROOT;
	xa_init_flags(&ld->entries, XA_FLAGS_ALLOC);
	ld->next = 0;
	mutex_init(&ld->lock);
	return ld;
}

/* From the directory's ->evict_inode: everything was removed before. */
void dbgfs_lazy_dir_free(struct dbgfs_lazy_dir *ld)
{
	WARN_ON(!xa_empty(&ld->entries) || !RB_EMPTY_ROOT(&ld->names));
	xa_destroy(&ld->entries);
	mutex_destroy(&ld->lock);
	kfree(ld);
}

/* Order of the name tree: length first, then the bytes. */
static int dbgfs_lazy_cmp(const char *name, unsigned int len,
			  const struct dbgfs_lazy *rec)
{
	if (len != rec->len)
		return len < rec->len ? -1 : 1;
	return memcmp(name, rec->name, len);
}

static struct dbgfs_lazy *dbgfs_lazy_find(struct dbgfs_lazy_dir *ld,
					  const char *name, unsigned int len)
{
	struct rb_node *node = ld->names.rb_node;

	while (node) {
		struct dbgfs_lazy *rec = rb_entry(node, struct dbgfs_lazy, node);
		int cmp = dbgfs_lazy_cmp(name, len, rec);

		if (!cmp)
			return rec;
		node = cmp < 0 ? node->rb_left : node->rb_right;
	}
	return NULL;
}

static void dbgfs_lazy_link_name(struct dbgfs_lazy_dir *ld,
				 struct dbgfs_lazy *rec)
{
	struct rb_node **link = &ld->names.rb_node, *parent = NULL;

	while (*link) {
		struct dbgfs_lazy *cur = rb_entry(*link, struct dbgfs_lazy, node);

		parent = *link;
		if (dbgfs_lazy_cmp(rec->name, rec->len, cur) < 0)
			link = &parent->rb_left;
		else
			link = &parent->rb_right;
	}
	rb_link_node(&rec->node, parent, link);
	rb_insert_color(&rec->node, &ld->names);
}

/**
 * dbgfs_lazy_name_taken() - whether a record in @dir has @name
 * @dir: a directory inode, locked at least shared
 * @name: the name
 *
 * Return: true if a record of @dir is called @name.
 */
bool dbgfs_lazy_name_taken(struct inode *dir, const char *name)
{
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(dir);

	return ld && dbgfs_lazy_find(ld, name, strlen(name));
}

/* Place @entry in the index of @dir (locked exclusive): its position. */
static int dbgfs_lazy_alloc_pos(struct dbgfs_lazy_dir *ld, void *entry,
				u32 *pos)
{
	int err;

	err = xa_alloc_cyclic(&ld->entries, pos, entry,
			      XA_LIMIT(0, DBGFS_LAZY_POS_MAX), &ld->next,
			      GFP_KERNEL);
	return err < 0 ? err : 0;
}

/**
 * dbgfs_lazy_index_add() - list an eager entry in its directory's index
 * @dir: the directory inode, locked exclusive
 * @dentry: the new entry's dentry, not yet instantiated
 * @is_dir: whether it will be a directory
 *
 * Return: the entry's position, or a negative errno.
 */
long dbgfs_lazy_index_add(struct inode *dir, struct dentry *dentry,
			  bool is_dir)
{
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(dir);
	u32 pos;
	int err;

	mutex_lock(&ld->lock);
	err = dbgfs_lazy_alloc_pos(ld, xa_tag_pointer(dentry,
						      DBGFS_LAZY_TAG_DENTRY),
				   &pos);
	if (!err && is_dir)
		xa_set_mark(&ld->entries, pos, DBGFS_LAZY_MARK_DIR);
	mutex_unlock(&ld->lock);
	return err ? err : pos;
}

/**
 * dbgfs_lazy_index_del() - take an eager entry out of its directory's index
 * @dir: the directory inode, locked exclusive
 * @pos: the position dbgfs_lazy_index_add() gave
 */
void dbgfs_lazy_index_del(struct inode *dir, u32 pos)
{
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(dir);

	mutex_lock(&ld->lock);
	xa_erase(&ld->entries, pos);
	mutex_unlock(&ld->lock);
}

static void dbgfs_lazy_set_times(struct dbgfs_lazy *rec,
				 const struct timespec64 t[3])
{
	int i;

	for (i = 0; i < 3; i++) {
		rec->sec[i] = t[i].tv_sec;
		rec->nsec[i] = t[i].tv_nsec;
	}
}

static void dbgfs_lazy_get_times(const struct dbgfs_lazy *rec,
				 struct timespec64 t[3])
{
	int i;

	for (i = 0; i < 3; i++) {
		t[i].tv_sec = rec->sec[i];
		t[i].tv_nsec = rec->nsec[i];
	}
}

/*
 * Drop a reference; the last one frees the record and its pin, given back
 * by the removal that dropped it (@by_removal) or else by the work.
 */
static void dbgfs_lazy_put(struct dbgfs_lazy *rec, bool by_removal)
{
	if (!refcount_dec_and_test(&rec->ref))
		return;
	kfree(rec->name);
	kmem_cache_free(dbgfs_lazy_cachep, rec);
	atomic_dec(&dbgfs_lazy_records);
	if (by_removal)
		dbgfs_entry_freed_by_removal();
	else
		dbgfs_entry_freed();
}

/*
 * The inode of @rec, with a reference: the live one if there is one, else
 * a new one with the record's attributes and a reference on the record.
 */
static struct inode *dbgfs_lazy_inode(struct super_block *sb,
				      struct dbgfs_lazy *rec)
{
	struct dbgfs_inode_info *info;
	struct inode *inode, *live;
	struct timespec64 t[3];

	spin_lock(&dbgfs_lazy_attr_lock);
	live = rec->inode ? igrab(rec->inode) : NULL;
	spin_unlock(&dbgfs_lazy_attr_lock);
	if (live)
		return live;

	inode = new_inode(sb);
	if (!inode)
		return NULL;
	inode->i_ino = rec->ino;
	info = DBGFS_I(inode);
	info->real_fops = rec->real_fops;
	info->aux = NULL;
	dbgfs_file_init(info);
	inode->i_private = rec->data;
	inode->i_op = &dbgfs_file_inode_operations;
	inode->i_fop = rec->flags & DBGFS_LAZY_FULL_PROXY ?
		       &dbgfs_full_proxy_fops : &dbgfs_open_proxy_fops;

	spin_lock(&dbgfs_lazy_attr_lock);
	/* One inode per record: one that went live meanwhile wins. */
	live = rec->inode ? igrab(rec->inode) : NULL;
	if (!live) {
		inode->i_mode = rec->mode;
		inode->i_uid = rec->uid;
		inode->i_gid = rec->gid;
		inode->i_size = rec->size;
		dbgfs_lazy_get_times(rec, t);
		dbgfs_inode_set_times(inode, t);
		refcount_inc(&rec->ref);
		info->lazy = rec;
		rec->inode = inode;
		atomic_inc(&dbgfs_lazy_inodes);
	}
	spin_unlock(&dbgfs_lazy_attr_lock);
	if (live) {
		inode->i_mode = S_IFREG;	/* for ->evict_inode */
		iput(inode);
		return live;
	}
	return inode;
}

/*
 * Take the inode of @inode's record away from it, under
 * dbgfs_lazy_attr_lock: the record, whose reference the caller now owns.
 */
static struct dbgfs_lazy *dbgfs_lazy_detach(struct inode *inode)
{
	struct dbgfs_inode_info *info = DBGFS_I(inode);
	struct dbgfs_lazy *rec = info->lazy;

	if (!rec)
		return NULL;
	info->lazy = NULL;
	if (rec->inode == inode)
		rec->inode = NULL;
	atomic_dec(&dbgfs_lazy_inodes);
	return rec;
}

/**
 * dbgfs_lazy_evict() - an inode built from a record goes
 * @inode: the inode, from ->evict_inode
 */
void dbgfs_lazy_evict(struct inode *inode)
{
	struct dbgfs_inode_info *info = DBGFS_I(inode);
	struct dbgfs_lazy *rec;

	if (S_ISREG(inode->i_mode)) {
		spin_lock(&dbgfs_lazy_attr_lock);
		rec = dbgfs_lazy_detach(inode);
		spin_unlock(&dbgfs_lazy_attr_lock);
		if (rec)
			dbgfs_lazy_put(rec, false);
	} else if (S_ISDIR(inode->i_mode) && info->lazy_dir) {
		dbgfs_lazy_dir_free(info->lazy_dir);
	}
	info->lazy = NULL;
}

/**
 * dbgfs_lazy_save_attrs() - keep what setattr changed in the record
 * @inode: a file inode, after a successful setattr
 *
 * A chmod or chown must outlive the inode, which reclaim may free.
 */
void dbgfs_lazy_save_attrs(struct inode *inode)
{
	struct timespec64 t[3];
	struct dbgfs_lazy *rec;

	if (!S_ISREG(inode->i_mode))
		return;
	dbgfs_inode_get_times(inode, t);
	spin_lock(&dbgfs_lazy_attr_lock);
	rec = DBGFS_I(inode)->lazy;
	if (!rec) {
		spin_unlock(&dbgfs_lazy_attr_lock);
		return;
	}
	rec->mode = inode->i_mode;
	rec->uid = inode->i_uid;
	rec->gid = inode->i_gid;
	rec->size = i_size_read(inode);
	dbgfs_lazy_set_times(rec, t);
	spin_unlock(&dbgfs_lazy_attr_lock);
}

/**
 * dbgfs_lazy_lookup() - the ->lookup of a directory in lazy mode
 * @dir: the directory, locked at least shared
 * @dentry: the name, not in the dcache
 * @flags: lookup flags
 *
 * Eager entries are always in the dcache, so a miss is a record or
 * nothing: build the record's inode, or leave the dentry negative (it is
 * not kept: see dbgfs_lazy_d_delete()).
 *
 * Return: %NULL, an alias, or an ERR_PTR().
 */
struct dentry *dbgfs_lazy_lookup(struct inode *dir, struct dentry *dentry,
				 unsigned int flags)
{
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(dir);
	struct inode *inode = NULL;
	struct dbgfs_lazy *rec;

	if (dentry->d_name.len > NAME_MAX)
		return ERR_PTR(-ENAMETOOLONG);
	rec = ld && !IS_DEADDIR(dir) ?
	      dbgfs_lazy_find(ld, dentry->d_name.name, dentry->d_name.len) :
	      NULL;
	if (rec) {
		inode = dbgfs_lazy_inode(dir->i_sb, rec);
		if (!inode)
			return ERR_PTR(-ENOMEM);
	}
	return d_splice_alias(inode, dentry);
}

/**
 * dbgfs_lazy_lookup_unlocked() - the child @name of @parent, built if lazy
 * @parent: a directory, not locked: the caller may be a handler that a
 *	remover holding its lock waits for
 * @name: the name
 *
 * The same as the VFS's lookup of @name, but under the index's mutex
 * instead of the directory's i_rwsem (see the rules at the top).
 *
 * Return: the dentry with a reference (positive or negative), or %NULL.
 */
struct dentry *dbgfs_lazy_lookup_unlocked(struct dentry *parent,
					  const char *name)
{
	DECLARE_WAIT_QUEUE_HEAD_ONSTACK(wq);
	struct qstr qname = QSTR_INIT(name, strlen(name));
	struct inode *dir = d_inode(parent);
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(dir);
	struct dentry *dentry, *alias;
	struct dbgfs_lazy *rec;
	struct inode *inode;

	if (!ld)
		return NULL;
	qname.hash = full_name_hash(parent, name, qname.len);
	dentry = dbgfs_d_alloc_parallel(parent, &qname, &wq);
	if (IS_ERR(dentry))
		return NULL;
	if (!d_in_lookup(dentry))
		return dentry;	/* in the dcache: another lookup built it */

	mutex_lock(&ld->lock);
	rec = IS_DEADDIR(dir) ? NULL : dbgfs_lazy_find(ld, name, qname.len);
	inode = rec ? dbgfs_lazy_inode(dir->i_sb, rec) : NULL;
	/* A miss hashes no negative dentry: a create may follow at once. */
	alias = inode ? d_splice_alias(inode, dentry) : NULL;
	mutex_unlock(&ld->lock);
	d_lookup_done(dentry);
	if (!inode || IS_ERR(alias)) {
		dput(dentry);
		return NULL;
	}
	if (alias) {
		dput(dentry);
		dentry = alias;
	}
	return dentry;
}

/**
 * dbgfs_lazy_pin() - keep the entry a client looked up, as debugfs would
 * @dentry: a positive dentry from dbgfs_lookup(), referenced
 *
 * The record takes a reference on @dentry, dropped by the removal, so
 * that neither the dentry nor its inode is reclaimed (see the rules).
 * Eager entries are pinned already.
 */
void dbgfs_lazy_pin(struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);
	struct dbgfs_lazy_dir *ld;
	struct dbgfs_lazy *rec;

	if (!S_ISREG(inode->i_mode) || !DBGFS_I(inode)->lazy)
		return;
	/* Ours holds the inode attached: @rec stays (dbgfs_lazy_orphan()). */
	rec = DBGFS_I(inode)->lazy;
	ld = dbgfs_lazy_dir_of(d_inode(dentry->d_parent));
	mutex_lock(&ld->lock);
	if (!(rec->flags & (DBGFS_LAZY_REMOVED | DBGFS_LAZY_PINNED)) &&
	    !d_unhashed(dentry)) {
		rec->flags |= DBGFS_LAZY_PINNED;
		dget(dentry);
	}
	mutex_unlock(&ld->lock);
}

/*
 * The event an eager file's creation or removal gives (fsnotify_create(),
 * fsnotify_unlink()) is about the file's own inode: @inode if the caller
 * has it, else the live one, else one built for the event when a mark
 * could see it (an unwatched directory builds nothing).
 */
static void dbgfs_lazy_notify(struct inode *dir, struct dbgfs_lazy *rec,
			      struct inode *inode, __u32 mask)
{
	struct qstr qname = QSTR_INIT(rec->name, rec->len);
	struct inode *built = NULL;

	if (!inode && dbgfs_fsnotify_watched(dir)) {
		built = dbgfs_lazy_inode(dir->i_sb, rec);
		inode = built;
	}
	/* Without memory for one, the directory stands in, as before. */
	dbgfs_fsnotify_name(dir, mask, &qname, inode ? inode : dir);
	iput(built);
}

/**
 * dbgfs_lazy_add() - create a lazy entry
 * @parent: the directory, its inode locked exclusive, @name free in it
 * @name: the name, checked
 * @mode: mode with S_IFREG
 * @data: the inode's i_private
 * @full_proxy: whether the file goes behind the full proxy
 * @real_fops: the creator's fops
 * @size: i_size
 *
 * On success the pin the caller took for the entry belongs to the record.
 *
 * Return: 0 or a negative errno.
 */
int dbgfs_lazy_add(struct dentry *parent, const char *name, umode_t mode,
		   void *data, bool full_proxy,
		   const struct file_operations *real_fops, loff_t size)
{
	struct inode *dir = d_inode(parent);
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(dir);
	struct timespec64 now[3];
	struct dbgfs_lazy *rec;
	int err;

	rec = kmem_cache_zalloc(dbgfs_lazy_cachep, GFP_KERNEL);
	if (!rec)
		return -ENOMEM;
	rec->name = kstrdup(name, GFP_KERNEL);
	if (!rec->name) {
		err = -ENOMEM;
		goto out_free;
	}

	rec->len = strlen(name);
	rec->data = data;
	rec->real_fops = real_fops;
	rec->flags = full_proxy ? DBGFS_LAZY_FULL_PROXY : 0;
	refcount_set(&rec->ref, 1);
	rec->ino = get_next_ino();
	rec->mode = mode;
	rec->uid = GLOBAL_ROOT_UID;
	rec->gid = GLOBAL_ROOT_GID;
	rec->size = size;
	/* What dbgfs_inode_init_ts() gives an eager inode. */
	now[0] = current_time(dir);
	now[1] = now[0];
	now[2] = now[0];
	dbgfs_lazy_set_times(rec, now);

	mutex_lock(&ld->lock);
	err = dbgfs_lazy_alloc_pos(ld, rec, &rec->pos);
	if (!err)
		dbgfs_lazy_link_name(ld, rec);
	mutex_unlock(&ld->lock);
	if (err)
		goto out_free;
	atomic_inc(&dbgfs_lazy_records);

	dbgfs_lazy_notify(dir, rec, NULL, FS_CREATE);
	return 0;

out_free:
	kfree(rec->name);
	kmem_cache_free(dbgfs_lazy_cachep, rec);
	return err;
}

/* What simple_recursive_removal() does to an eager file's inode. */
static void dbgfs_lazy_unlinked(struct inode *inode)
{
	struct timespec64 t[3];

	dbgfs_inode_get_times(inode, t);
	t[2] = current_time(inode);
	dbgfs_inode_set_times(inode, t);
	clear_nlink(inode);
}

/*
 * After @rec left the index: its inode, if one lives that no dentry
 * shows (a mark holds it), is detached from it and told it went, as the
 * last dput() of an eager file's unlinked dentry tells it
 * (fsnotify_inoderemove(): IN_DELETE_SELF, and the marks go); one that a
 * dentry still shows is detached when the last such dentry goes
 * (dbgfs_lazy_d_iput()), which tells it the same.
 */
static void dbgfs_lazy_orphan(struct dbgfs_lazy *rec)
{
	struct dbgfs_lazy *held = NULL;
	struct inode *inode = NULL;

	spin_lock(&dbgfs_lazy_attr_lock);
	if (rec->inode && hlist_empty(&rec->inode->i_dentry)) {
		inode = igrab(rec->inode);
		held = dbgfs_lazy_detach(rec->inode);
	}
	spin_unlock(&dbgfs_lazy_attr_lock);
	if (inode) {
		dbgfs_lazy_unlinked(inode);
		fsnotify_inoderemove(inode);
		iput(inode);
	}
	if (held)
		dbgfs_lazy_put(held, true);
}

/**
 * dbgfs_lazy_d_iput() - a dentry lets go of its inode
 * @dentry: the dentry, being freed
 * @inode: its inode
 *
 * The last dentry of a removed record's inode detaches it from the
 * record, so that a mark that still holds the inode does not keep the
 * record and its pin (see dbgfs_lazy_orphan()).
 */
void dbgfs_lazy_d_iput(struct dentry *dentry, struct inode *inode)
{
	struct dbgfs_lazy *rec = NULL;

	if (S_ISREG(inode->i_mode)) {
		spin_lock(&dbgfs_lazy_attr_lock);
		if (DBGFS_I(inode)->lazy &&
		    (DBGFS_I(inode)->lazy->flags & DBGFS_LAZY_REMOVED) &&
		    hlist_empty(&inode->i_dentry))
			rec = dbgfs_lazy_detach(inode);
		spin_unlock(&dbgfs_lazy_attr_lock);
	}
	iput(inode);
	if (rec)
		dbgfs_lazy_put(rec, false);
}

/*
 * Remove @rec from @parent (locked exclusive): out of the index, then its
 * dentry, if built, removed as an eager file would be (see the rules).
 */
static void dbgfs_lazy_kill(struct dentry *parent, struct dbgfs_lazy *rec)
{
	struct qstr qname = QSTR_INIT(rec->name, rec->len);
	struct inode *dir = d_inode(parent);
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(dir);
	struct dentry *dentry = NULL;
	struct inode *inode = NULL;

	mutex_lock(&ld->lock);
	/* Under both locks: dbgfs_lazy_d_iput() reads it under the second. */
	spin_lock(&dbgfs_lazy_attr_lock);
	rec->flags |= DBGFS_LAZY_REMOVED;
	spin_unlock(&dbgfs_lazy_attr_lock);
	rb_erase(&rec->node, &ld->names);
	xa_erase(&ld->entries, rec->pos);
	mutex_unlock(&ld->lock);

	/*
	 * Only the index's reference: no inode was built from @rec, so no
	 * dentry shows it, and none can be built now that it is out.
	 */
	if (refcount_read(&rec->ref) > 1)
		dentry = dbgfs_try_lookup(&qname, parent);
	if (IS_ERR(dentry))
		dentry = NULL;
	if (dentry && d_really_is_positive(dentry) &&
	    DBGFS_I(d_inode(dentry))->lazy == rec) {
		inode = d_inode(dentry);
		dbgfs_file_removed(dentry);
		dbgfs_lazy_unlinked(inode);
		d_invalidate(dentry);
		/* the pin: a pinned dentry stays hashed until now */
		if (rec->flags & DBGFS_LAZY_PINNED)
			dput(dentry);
	}
	/* The event fsnotify_unlink() would give: about the file's inode. */
	dbgfs_lazy_notify(dir, rec, inode, FS_DELETE);
	dput(dentry);
	dbgfs_lazy_orphan(rec);
	/* The index's reference; every caller is a removal (see above). */
	dbgfs_lazy_put(rec, true);
}

/**
 * dbgfs_lazy_remove_name() - remove the lazy entry @name of @parent
 * @parent: a directory, its inode locked exclusive
 * @name: the name
 *
 * Return: true if there was such a lazy entry.
 */
bool dbgfs_lazy_remove_name(struct dentry *parent, const char *name)
{
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(d_inode(parent));
	struct dbgfs_lazy *rec;

	rec = ld ? dbgfs_lazy_find(ld, name, strlen(name)) : NULL;
	if (!rec)
		return false;
	dbgfs_lazy_kill(parent, rec);
	dbgfs_inode_touch(d_inode(parent));
	return true;
}

/**
 * dbgfs_lazy_remove_dentry() - remove the lazy entry a client's dentry shows
 * @dentry: a dentry of dbgfs, e.g. from dbgfs_lookup()
 *
 * Return: false if @dentry is not a lazy entry's; true once it was
 * removed (now, or before).
 */
bool dbgfs_lazy_remove_dentry(struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);
	struct dbgfs_lazy *rec;
	struct dentry *parent;

	if (!inode || !S_ISREG(inode->i_mode) || !DBGFS_I(inode)->lazy)
		return false;
	rec = DBGFS_I(inode)->lazy;
	parent = dget_parent(dentry);
	inode_lock(d_inode(parent));
	if (!(rec->flags & DBGFS_LAZY_REMOVED)) {
		dbgfs_lazy_kill(parent, rec);
		dbgfs_inode_touch(d_inode(parent));
	}
	inode_unlock(d_inode(parent));
	dput(parent);
	return true;
}

/*
 * The first step of removing @dentry, a directory being removed (locked
 * exclusive): no entry is created in it again, and its records go.
 */
static void dbgfs_lazy_empty_dir(struct dentry *dentry)
{
	struct inode *dir = d_inode(dentry);
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(dir);
	unsigned long index;
	void *entry;

	dir->i_flags |= S_DEAD;
	if (!ld)
		return;
	xa_for_each(&ld->entries, index, entry) {
		if (xa_pointer_tag(entry) != DBGFS_LAZY_TAG_DENTRY)
			dbgfs_lazy_kill(dentry, entry);
	}
}

/* The next subdirectory of @dentry (locked) from *@index on, referenced. */
static struct dentry *dbgfs_lazy_next_subdir(struct dentry *dentry,
					     unsigned long *index)
{
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(d_inode(dentry));
	void *entry;

	if (!ld)
		return NULL;
	entry = xa_find(&ld->entries, index, ULONG_MAX, DBGFS_LAZY_MARK_DIR);
	return entry ? dget(xa_untag_pointer(entry)) : NULL;
}

/**
 * dbgfs_lazy_remove_tree() - remove every record below a directory
 * @top: an eager directory about to be removed
 *
 * Walks the directories of the subtree depth first through their
 * indexes, one directory locked at a time, and marks each dead before it
 * empties it; simple_recursive_removal() then finds only eager entries.
 * Going back up, the walk resumes in the parent after the child's
 * position: a dead directory gets no new entries, so nothing is missed.
 */
void dbgfs_lazy_remove_tree(struct dentry *top)
{
	struct dentry *this = dget(top), *sub;
	unsigned long index = 0;

	inode_lock(d_inode(this));
	dbgfs_lazy_empty_dir(this);
	for (;;) {
		sub = dbgfs_lazy_next_subdir(this, &index);
		if (sub) {
			/* @sub holds its parent: we come back to it */
			inode_unlock(d_inode(this));
			dput(this);
			this = sub;
			index = 0;
			inode_lock(d_inode(this));
			dbgfs_lazy_empty_dir(this);
			continue;
		}
		inode_unlock(d_inode(this));
		if (this == top)
			break;
		index = dbgfs_pin_pos(this) + 1;
		sub = this;
		this = dget_parent(sub);
		dput(sub);
		inode_lock(d_inode(this));
	}
	dput(this);
}

/**
 * dbgfs_lazy_rename() - follow a rename of @dentry in the index
 * @dentry: the entry, in a directory locked exclusive
 * @new_name: its new name, free in the directory
 *
 * Eager entries need nothing: readdir reads their dentry's name.  A
 * record's name changes, and so does its place in the name tree; its
 * position stays, so a readdir in progress lists it once.
 *
 * Return: 0 or -ENOMEM, before anything changed.
 */
int dbgfs_lazy_rename(struct dentry *dentry, const char *new_name)
{
	struct inode *inode = d_inode(dentry);
	struct dbgfs_lazy_dir *ld;
	struct dbgfs_lazy *rec;
	const char *name;

	if (!S_ISREG(inode->i_mode) || !DBGFS_I(inode)->lazy)
		return 0;
	rec = DBGFS_I(inode)->lazy;
	name = kstrdup(new_name, GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	ld = dbgfs_lazy_dir_of(d_inode(dentry->d_parent));
	mutex_lock(&ld->lock);
	rb_erase(&rec->node, &ld->names);
	swap(rec->name, name);
	rec->len = strlen(rec->name);
	dbgfs_lazy_link_name(ld, rec);
	mutex_unlock(&ld->lock);
	kfree(name);	/* the old name: its readers hold one of our locks */
	return 0;
}

/* One slot of the index to readdir. */
static bool dbgfs_lazy_emit(struct dir_context *ctx, void *entry)
{
	struct dbgfs_lazy *rec;
	struct dentry *dentry;

	if (xa_pointer_tag(entry) == DBGFS_LAZY_TAG_DENTRY) {
		dentry = xa_untag_pointer(entry);
		return dir_emit(ctx, dentry->d_name.name, dentry->d_name.len,
				d_inode(dentry)->i_ino,
				fs_umode_to_dtype(d_inode(dentry)->i_mode));
	}
	rec = entry;
	return dir_emit(ctx, rec->name, rec->len, rec->ino, DT_REG);
}

/*
 * Readdir by position: ctx->pos is 0 and 1 for "." and "..", then 2 plus
 * the position of the next slot to list.  Called with the directory
 * locked shared, so the index does not change under us.
 */
static int dbgfs_lazy_iterate(struct file *file, struct dir_context *ctx)
{
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(file_inode(file));
	unsigned long index;
	void *entry;

	if (!dir_emit_dots(file, ctx))
		return 0;
	if (!ld || ctx->pos - 2 > DBGFS_LAZY_POS_MAX)
		return 0;
	index = ctx->pos - 2;
	entry = xa_find(&ld->entries, &index, DBGFS_LAZY_POS_MAX, XA_PRESENT);
	while (entry) {
		ctx->pos = index + 2;
		if (!dbgfs_lazy_emit(ctx, entry))
			return 0;
		ctx->pos = index + 3;
		entry = xa_find_after(&ld->entries, &index, DBGFS_LAZY_POS_MAX,
				      XA_PRESENT);
	}
	return 0;
}

const struct file_operations dbgfs_lazy_dir_operations = {
	.llseek		= generic_file_llseek,
	.read		= generic_read_dir,
	.iterate_shared	= dbgfs_lazy_iterate,
	.fsync		= noop_fsync,
};

/**
 * dbgfs_lazy_d_delete() - whether an unused dentry is freed at once
 * @dentry: the dentry
 *
 * A record's dentry stays cached until reclaim, as any filesystem's;
 * negative dentries are not kept (the record tree answers faster than a
 * pile of them would), as simple_lookup() does.
 *
 * Return: 1 to free @dentry now.
 */
int dbgfs_lazy_d_delete(const struct dentry *dentry)
{
	return d_really_is_negative(dentry);
}

int __init dbgfs_lazy_init(void)
{
	dbgfs_lazy_cachep = KMEM_CACHE(dbgfs_lazy, SLAB_ACCOUNT);
	return dbgfs_lazy_cachep ? 0 : -ENOMEM;
}

void dbgfs_lazy_exit(void)
{
	kmem_cache_destroy(dbgfs_lazy_cachep);
}
