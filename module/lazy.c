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
 * - A directory's index is changed only under the directory inode's
 *   i_rwsem held exclusive (creation, removal and renaming take it, as
 *   they did before there was an index), and read under it held at least
 *   shared: the VFS calls ->lookup and ->iterate_shared with it shared.
 *   So no lock of our own guards the index, and a record's name and
 *   position are stable for whoever holds the lock.
 * - The VFS runs ->lookup for a name at most once at a time per directory
 *   (d_alloc_parallel() under the shared lock, or the lock exclusive), so
 *   a live record has at most one hashed dentry.  dbgfs_lookup() builds
 *   with the lock exclusive, checking the dcache again under it.
 * - A record is removed under the exclusive lock: taken out of the index
 *   and marked removed first, so no lookup can build it again, then its
 *   dentry, if the dcache has one, goes through the same removal as an
 *   eager file (dbgfs_file_removed(): EIO for open files, waiting for
 *   running handlers) and is unhashed.  A dentry being reclaimed at that
 *   moment (unhashed, count 0) has no open file and no handler.
 * - Removing a directory first empties the lazy part of its subtree
 *   (dbgfs_lazy_remove_tree(), each directory under its own lock, marked
 *   dead so that nothing is created in it again), then leaves the eager
 *   part to simple_recursive_removal().  That walk never sees a dentry of
 *   a record: those hold no pin, and it would drop one.
 * - Lifetime: a record is referenced by its index (until removal) and by
 *   the inode built from it (until ->evict_inode).  The record holds the
 *   pin of the internal mount that its creation took, given back when the
 *   last reference goes: by the removal that dropped it, before it
 *   returns, or else deferred like a dentry's (dbgfs_entry_freed()).
 * - A record's mode, owner, size and times are copied into the inode when
 *   built and back from it by ->setattr, under dbgfs_lazy_attr_lock: a
 *   setattr holds the file's inode lock, not the directory's.
 */

#define pr_fmt(fmt) "dbgfs: " fmt

#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/module.h>
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

/* Guards the attributes of every record (see the rules at the top). */
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
};

/**
 * struct dbgfs_lazy - a file that has no inode until it is looked up
 * @node: in the directory's @names, by name
 * @name: the file's name, allocated
 * @data: the inode's i_private
 * @real_fops: the creator's fops, behind the proxy
 * @ref: one for the index until removal, one for a built inode
 * @pos: the slot in the directory's @entries
 * @ino: the inode number, fixed at creation
 * @len: strlen(@name)
 * @flags: DBGFS_LAZY_*, changed under the directory's lock
 * @mode: mode and type, then what setattr made of them
 * @uid: owner
 * @gid: group
 * @size: i_size
 * @atime: times in ns, as at creation and then setattr
 * @mtime: see @atime
 * @ctime: see @atime
 */
struct dbgfs_lazy {
	struct rb_node node;
	const char *name;
	void *data;
	const struct file_operations *real_fops;
	refcount_t ref;
	u32 pos;
	unsigned int ino;
	u8 len;
	u8 flags;
	umode_t mode;
	kuid_t uid;
	kgid_t gid;
	loff_t size;
	s64 atime;
	s64 mtime;
	s64 ctime;
};

/**
 * struct dbgfs_lazy_dir - the index of a directory, in lazy mode
 * @names: records by name
 * @entries: records and eager dentries by position
 * @next: the next position xa_alloc_cyclic() tries
 */
struct dbgfs_lazy_dir {
	struct rb_root names;
	struct xarray entries;
	u32 next;
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
	return ld;
}

/* From the directory's ->evict_inode: everything was removed before. */
void dbgfs_lazy_dir_free(struct dbgfs_lazy_dir *ld)
{
	WARN_ON(!xa_empty(&ld->entries) || !RB_EMPTY_ROOT(&ld->names));
	xa_destroy(&ld->entries);
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

	err = dbgfs_lazy_alloc_pos(ld, xa_tag_pointer(dentry,
						      DBGFS_LAZY_TAG_DENTRY),
				   &pos);
	if (err)
		return err;
	if (is_dir)
		xa_set_mark(&ld->entries, pos, DBGFS_LAZY_MARK_DIR);
	return pos;
}

/**
 * dbgfs_lazy_index_del() - take an eager entry out of its directory's index
 * @dir: the directory inode, locked exclusive
 * @pos: the position dbgfs_lazy_index_add() gave
 */
void dbgfs_lazy_index_del(struct inode *dir, u32 pos)
{
	xa_erase(&dbgfs_lazy_dir_of(dir)->entries, pos);
}

static void dbgfs_lazy_set_times(struct dbgfs_lazy *rec,
				 const struct timespec64 t[3])
{
	rec->atime = timespec64_to_ns(&t[0]);
	rec->mtime = timespec64_to_ns(&t[1]);
	rec->ctime = timespec64_to_ns(&t[2]);
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
	struct qstr qname;
	int err;

	rec = kmem_cache_zalloc(dbgfs_lazy_cachep, GFP_KERNEL);
	if (!rec)
		return -ENOMEM;
	rec->name = kstrdup(name, GFP_KERNEL);
	if (!rec->name) {
		err = -ENOMEM;
		goto out_free;
	}
	err = dbgfs_lazy_alloc_pos(ld, rec, &rec->pos);
	if (err)
		goto out_free;

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
	dbgfs_lazy_link_name(ld, rec);
	atomic_inc(&dbgfs_lazy_records);

	qname = (struct qstr)QSTR_INIT(rec->name, rec->len);
	dbgfs_fsnotify_name(dir, FS_CREATE, &qname);
	return 0;

out_free:
	kfree(rec->name);
	kmem_cache_free(dbgfs_lazy_cachep, rec);
	return err;
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

/* An inode for @rec, with the record's attributes and a reference on it. */
static struct inode *dbgfs_lazy_inode(struct super_block *sb,
				      struct dbgfs_lazy *rec)
{
	struct inode *inode = new_inode(sb);
	struct dbgfs_inode_info *info;
	struct timespec64 t[3];

	if (!inode)
		return NULL;
	inode->i_ino = rec->ino;
	spin_lock(&dbgfs_lazy_attr_lock);
	inode->i_mode = rec->mode;
	inode->i_uid = rec->uid;
	inode->i_gid = rec->gid;
	inode->i_size = rec->size;
	t[0] = ns_to_timespec64(rec->atime);
	t[1] = ns_to_timespec64(rec->mtime);
	t[2] = ns_to_timespec64(rec->ctime);
	spin_unlock(&dbgfs_lazy_attr_lock);
	dbgfs_inode_set_times(inode, t);

	info = DBGFS_I(inode);
	info->real_fops = rec->real_fops;
	info->aux = NULL;
	dbgfs_file_init(info);
	refcount_inc(&rec->ref);
	info->lazy = rec;
	atomic_inc(&dbgfs_lazy_inodes);

	inode->i_private = rec->data;
	inode->i_op = &dbgfs_file_inode_operations;
	inode->i_fop = rec->flags & DBGFS_LAZY_FULL_PROXY ?
		       &dbgfs_full_proxy_fops : &dbgfs_open_proxy_fops;
	return inode;
}

/**
 * dbgfs_lazy_evict() - an inode built from a record goes
 * @inode: the inode, from ->evict_inode
 */
void dbgfs_lazy_evict(struct inode *inode)
{
	struct dbgfs_inode_info *info = DBGFS_I(inode);

	if (S_ISREG(inode->i_mode) && info->lazy) {
		atomic_dec(&dbgfs_lazy_inodes);
		dbgfs_lazy_put(info->lazy, false);
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
	struct dbgfs_lazy *rec = DBGFS_I(inode)->lazy;
	struct timespec64 t[3];

	if (!S_ISREG(inode->i_mode) || !rec)
		return;
	dbgfs_inode_get_times(inode, t);
	spin_lock(&dbgfs_lazy_attr_lock);
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
 * dbgfs_lazy_lookup_locked() - the child @name of @parent, built if lazy
 * @parent: a directory, its inode locked exclusive
 * @name: the name
 *
 * Return: the dentry with a reference (positive or negative), or %NULL.
 */
struct dentry *dbgfs_lazy_lookup_locked(struct dentry *parent,
					const char *name)
{
	struct qstr qname = QSTR_INIT(name, strlen(name));
	struct dbgfs_lazy_dir *ld = dbgfs_lazy_dir_of(d_inode(parent));
	struct dbgfs_lazy *rec;
	struct dentry *dentry;
	struct inode *inode;

	dentry = dbgfs_try_lookup(&qname, parent);
	if (IS_ERR(dentry))
		return NULL;
	if (dentry || !ld || IS_DEADDIR(d_inode(parent)))
		return dentry;
	rec = dbgfs_lazy_find(ld, name, qname.len);
	if (!rec)
		return NULL;
	dentry = d_alloc_name(parent, name);
	if (!dentry)
		return NULL;
	inode = dbgfs_lazy_inode(parent->d_sb, rec);
	if (!inode) {
		dput(dentry);
		return NULL;
	}
	d_add(dentry, inode);
	return dentry;
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
	struct dentry *dentry;

	rec->flags |= DBGFS_LAZY_REMOVED;
	rb_erase(&rec->node, &ld->names);
	xa_erase(&ld->entries, rec->pos);

	/*
	 * Only the index's reference: no inode was built from @rec, so no
	 * dentry shows it, and none can be built while we hold the lock.
	 */
	if (refcount_read(&rec->ref) == 1)
		dentry = NULL;
	else
		dentry = dbgfs_try_lookup(&qname, parent);
	if (IS_ERR(dentry))
		dentry = NULL;
	if (dentry && d_really_is_positive(dentry) &&
	    DBGFS_I(d_inode(dentry))->lazy == rec) {
		dbgfs_file_removed(dentry);
		d_invalidate(dentry);
	}
	dput(dentry);
	/* The event fsnotify_unlink() would give, with or without a dentry. */
	dbgfs_fsnotify_name(dir, FS_DELETE, &qname);
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
	rb_erase(&rec->node, &ld->names);
	/* Readers of the name hold the directory's lock, as we do. */
	kfree(rec->name);
	rec->name = name;
	rec->len = strlen(name);
	dbgfs_lazy_link_name(ld, rec);
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
