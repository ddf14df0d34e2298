// SPDX-License-Identifier: GPL-2.0-only
/*
 * index.c - a directory's index of its entries, in lazy mode
 *
 * The bottom layer of lazy entries: names and positions, and the records
 * that stand for value files nobody has looked up.  It knows no dentry
 * operation and calls nothing above it; lazy.c, the VFS face, builds
 * inodes and dentries from what it finds here and gives back the pins of
 * the records whose last reference it dropped (dbgfs_record_put() says
 * so).
 *
 * Every directory has an index (struct dbgfs_index):
 * - @entries, an xarray by position: a per-directory sequence number
 *   allocated at creation (xa_alloc_cyclic(), so removals leave holes and
 *   numbers are not reused soon).  Each slot holds a record, or for an
 *   entry made at once (directory, dbgfs_create_file(), symlink) its
 *   dentry, tagged.  Readdir walks this array: every entry is listed once,
 *   whether or not its dentry is in the dcache, and the position
 *   (ctx->pos - 2) stays valid across getdents calls, seekdir and telldir.
 *   An eager entry keeps its position in d_fsdata beside its pin bit.
 * - @names, an rbtree of the records by name: ordered by the name's hash
 *   first (the dcache's, salted with the parent dentry, so a ->lookup
 *   compares the hash the VFS already computed), so that a walk compares
 *   integers and one string at the end.  Creation checks that the name is
 *   free and inserts in the same walk.
 *
 * Locking rules:
 * - An index is changed only under both the directory inode's i_rwsem
 *   held exclusive and the index's own mutex (@lock), and read under
 *   either (lazy.c says who takes which).  A record's name and position
 *   are stable for whoever holds either.
 * - dbgfs_record_lock guards every record's attributes (mode, owner,
 *   size, times), its @inode and the DBGFS_RECORD_REMOVED flag as the
 *   inode side reads it: a setattr holds the file's inode lock, not the
 *   directory's.
 * - Lifetime: a record is referenced by its index (until removal) and by
 *   the inode built from it (lazy.c).  The last reference frees it; its
 *   pin of the internal mount is the caller's to give back.
 */

#define pr_fmt(fmt) "dbgfs: " fmt

#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rbtree.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/xarray.h>

#include "compat.h"
#include "internal.h"

/* Diagnostics for the tests: records alive. */
static atomic_t dbgfs_records = ATOMIC_INIT(0);
module_param_named(lazy_records, dbgfs_records.counter, int, 0444);
MODULE_PARM_DESC(lazy_records, "lazy entries alive (read-only)");

static struct kmem_cache *dbgfs_record_cachep __ro_after_init;

DEFINE_SPINLOCK(dbgfs_record_lock);

/* Positions stay below this, so that ctx->pos fits any llseek limit. */
#define DBGFS_INDEX_POS_MAX	(INT_MAX - 16)

/* An eager entry's slot holds its dentry with this tag. */
#define DBGFS_INDEX_TAG_DENTRY	1

/*
 * Directories are marked in the index, for the removal walk.  Not
 * XA_MARK_0: an allocating xarray tracks its free slots with it, and
 * xa_find() on it stops at the first free slot.
 */
#define DBGFS_INDEX_MARK_DIR	XA_MARK_1

struct dbgfs_index *dbgfs_index_new(void)
{
	struct dbgfs_index *ix = kmalloc(sizeof(*ix), GFP_KERNEL);

	if (!ix)
		return NULL;
	ix->names = RB_ROOT;
	xa_init_flags(&ix->entries, XA_FLAGS_ALLOC);
	ix->next = 0;
	mutex_init(&ix->lock);
	return ix;
}

/* From the directory's ->evict_inode: everything was removed before. */
void dbgfs_index_free(struct dbgfs_index *ix)
{
	WARN_ON(!xa_empty(&ix->entries) || !RB_EMPTY_ROOT(&ix->names));
	xa_destroy(&ix->entries);
	mutex_destroy(&ix->lock);
	kfree(ix);
}

/* Order of the name tree: hash, then length, then the bytes. */
static int dbgfs_index_cmp(const struct qstr *name,
			   const struct dbgfs_record *rec)
{
	if (name->hash != rec->hash)
		return name->hash < rec->hash ? -1 : 1;
	if (name->len != rec->len)
		return name->len < rec->len ? -1 : 1;
	return memcmp(name->name, rec->name, name->len);
}

/**
 * dbgfs_index_find() - the record called @name
 * @ix: the index, held (see the rules)
 * @name: the name, hashed as the dcache hashes it in this directory
 *
 * Return: the record, or %NULL.
 */
struct dbgfs_record *dbgfs_index_find(struct dbgfs_index *ix,
				      const struct qstr *name)
{
	struct rb_node *node = ix->names.rb_node;

	while (node) {
		struct dbgfs_record *rec = rb_entry(node, struct dbgfs_record,
						    node);
		int cmp = dbgfs_index_cmp(name, rec);

		if (!cmp)
			return rec;
		node = cmp < 0 ? node->rb_left : node->rb_right;
	}
	return NULL;
}

/*
 * Link @rec into @ix's name tree, in one walk that also finds a record of
 * the same name: -EEXIST then, and nothing changed.
 */
static int dbgfs_index_link_name(struct dbgfs_index *ix,
				 struct dbgfs_record *rec)
{
	struct rb_node **link = &ix->names.rb_node, *parent = NULL;
	struct qstr name = QSTR_INIT(rec->name, rec->len);

	name.hash = rec->hash;
	while (*link) {
		int cmp = dbgfs_index_cmp(&name, rb_entry(*link,
							  struct dbgfs_record,
							  node));

		if (!cmp)
			return -EEXIST;
		parent = *link;
		link = cmp < 0 ? &parent->rb_left : &parent->rb_right;
	}
	rb_link_node(&rec->node, parent, link);
	rb_insert_color(&rec->node, &ix->names);
	return 0;
}

/* Place @entry in @ix (held exclusive): its position. */
static int dbgfs_index_alloc_pos(struct dbgfs_index *ix, void *entry,
				 u32 *pos)
{
	int err;

	err = xa_alloc_cyclic(&ix->entries, pos, entry,
			      XA_LIMIT(0, DBGFS_INDEX_POS_MAX), &ix->next,
			      GFP_KERNEL);
	return err < 0 ? err : 0;
}

/**
 * dbgfs_index_add_dentry() - list an eager entry in its directory's index
 * @ix: the index of the directory, whose inode is locked exclusive
 * @dentry: the new entry's dentry, not yet instantiated
 * @is_dir: whether it will be a directory
 *
 * Return: the entry's position, or a negative errno.
 */
long dbgfs_index_add_dentry(struct dbgfs_index *ix, struct dentry *dentry,
			    bool is_dir)
{
	u32 pos;
	int err;

	mutex_lock(&ix->lock);
	err = dbgfs_index_alloc_pos(ix, xa_tag_pointer(dentry,
						       DBGFS_INDEX_TAG_DENTRY),
				    &pos);
	if (!err && is_dir)
		xa_set_mark(&ix->entries, pos, DBGFS_INDEX_MARK_DIR);
	mutex_unlock(&ix->lock);
	return err ? err : pos;
}

/**
 * dbgfs_index_del() - take an eager entry out of its directory's index
 * @ix: the index of the directory, whose inode is locked exclusive
 * @pos: the position dbgfs_index_add_dentry() gave
 */
void dbgfs_index_del(struct dbgfs_index *ix, u32 pos)
{
	mutex_lock(&ix->lock);
	xa_erase(&ix->entries, pos);
	mutex_unlock(&ix->lock);
}

/* A record keeps its times as time64_t seconds and u32 nanoseconds. */
static void dbgfs_record_set_times(struct dbgfs_record *rec,
				   const struct timespec64 t[3])
{
	int i;

	for (i = 0; i < 3; i++) {
		rec->sec[i] = t[i].tv_sec;
		rec->nsec[i] = t[i].tv_nsec;
	}
}

/**
 * dbgfs_record_new() - a record for a value file, not yet in an index
 * @name: the name, checked, hashed as the dcache hashes it
 * @mode: mode with S_IFREG
 * @data: the inode's i_private
 * @flags: DBGFS_RECORD_FULL_PROXY or 0
 * @real_fops: the creator's fops
 * @size: i_size
 * @now: the creation time: atime, mtime and ctime
 *
 * Return: the record, with the reference its index will hold, or %NULL.
 */
struct dbgfs_record *dbgfs_record_new(const struct qstr *name, umode_t mode,
				      void *data, unsigned int flags,
				      const struct file_operations *real_fops,
				      loff_t size, struct timespec64 now)
{
	const struct timespec64 t[3] = { now, now, now };
	struct dbgfs_record *rec;

	rec = kmem_cache_zalloc(dbgfs_record_cachep, GFP_KERNEL);
	if (!rec)
		return NULL;
	rec->name = kmemdup_nul(name->name, name->len, GFP_KERNEL);
	if (!rec->name) {
		kmem_cache_free(dbgfs_record_cachep, rec);
		return NULL;
	}
	rec->hash = name->hash;
	rec->len = name->len;
	rec->data = data;
	rec->real_fops = real_fops;
	rec->flags = flags;
	refcount_set(&rec->ref, 1);
	rec->ino = get_next_ino();
	rec->mode = mode;
	rec->uid = GLOBAL_ROOT_UID;
	rec->gid = GLOBAL_ROOT_GID;
	rec->size = size;
	dbgfs_record_set_times(rec, t);
	atomic_inc(&dbgfs_records);
	return rec;
}

/**
 * dbgfs_record_put() - drop a reference on a record
 * @rec: the record
 *
 * Return: true if that was the last one: @rec is freed, and the caller
 * gives back the pin of the internal mount that its creation took.
 */
bool dbgfs_record_put(struct dbgfs_record *rec)
{
	if (!refcount_dec_and_test(&rec->ref))
		return false;
	kfree(rec->name);
	kmem_cache_free(dbgfs_record_cachep, rec);
	atomic_dec(&dbgfs_records);
	return true;
}

/**
 * dbgfs_index_add_record() - list a new record in an index
 * @ix: the index of the directory, whose inode is locked exclusive
 * @rec: a record from dbgfs_record_new()
 *
 * Return: 0, -EEXIST if a record has the name, or -ENOMEM/-EBUSY: then
 * nothing changed.
 */
int dbgfs_index_add_record(struct dbgfs_index *ix, struct dbgfs_record *rec)
{
	int err;

	mutex_lock(&ix->lock);
	err = dbgfs_index_link_name(ix, rec);
	if (!err) {
		err = dbgfs_index_alloc_pos(ix, rec, &rec->pos);
		if (err)
			rb_erase(&rec->node, &ix->names);
	}
	mutex_unlock(&ix->lock);
	return err;
}

/**
 * dbgfs_index_remove_record() - take a record out of its index
 * @ix: the index of the directory, whose inode is locked exclusive
 * @rec: a record listed in @ix
 *
 * Once out, no lookup finds @rec again; it is marked removed for those
 * that hold its inode.  The index's reference is the caller's to drop.
 */
void dbgfs_index_remove_record(struct dbgfs_index *ix,
			       struct dbgfs_record *rec)
{
	mutex_lock(&ix->lock);
	spin_lock(&dbgfs_record_lock);
	rec->flags |= DBGFS_RECORD_REMOVED;
	spin_unlock(&dbgfs_record_lock);
	rb_erase(&rec->node, &ix->names);
	xa_erase(&ix->entries, rec->pos);
	mutex_unlock(&ix->lock);
}

/**
 * dbgfs_index_rename_record() - give a record a new name
 * @ix: the index of the directory, whose inode is locked exclusive
 * @rec: a record listed in @ix
 * @name: the new name, free in the directory, hashed
 *
 * Its position stays, so a readdir in progress lists it once.
 *
 * Return: 0 or -ENOMEM, before anything changed.
 */
int dbgfs_index_rename_record(struct dbgfs_index *ix,
			      struct dbgfs_record *rec,
			      const struct qstr *name)
{
	const char *new_name = kmemdup_nul(name->name, name->len, GFP_KERNEL);
	const char *old_name;

	if (!new_name)
		return -ENOMEM;
	mutex_lock(&ix->lock);
	rb_erase(&rec->node, &ix->names);
	old_name = rec->name;
	rec->name = new_name;
	rec->len = name->len;
	rec->hash = name->hash;
	WARN_ON_ONCE(dbgfs_index_link_name(ix, rec));
	mutex_unlock(&ix->lock);
	kfree(old_name);	/* its readers hold one of our locks */
	return 0;
}

/**
 * dbgfs_index_next_record() - the next record from a position on
 * @ix: the index, held
 * @pos: where to start; set to the record's position
 *
 * Return: the record, or %NULL at the end.
 */
struct dbgfs_record *dbgfs_index_next_record(struct dbgfs_index *ix,
					     unsigned long *pos)
{
	void *entry;

	for (entry = xa_find(&ix->entries, pos, ULONG_MAX, XA_PRESENT); entry;
	     entry = xa_find_after(&ix->entries, pos, ULONG_MAX, XA_PRESENT)) {
		if (xa_pointer_tag(entry) != DBGFS_INDEX_TAG_DENTRY)
			return entry;
	}
	return NULL;
}

/**
 * dbgfs_index_next_subdir() - the next subdirectory from a position on
 * @ix: the index, held
 * @pos: where to start; set to the subdirectory's position
 *
 * Return: the subdirectory's dentry, referenced, or %NULL at the end.
 */
struct dentry *dbgfs_index_next_subdir(struct dbgfs_index *ix,
				       unsigned long *pos)
{
	void *entry;

	entry = xa_find(&ix->entries, pos, ULONG_MAX, DBGFS_INDEX_MARK_DIR);
	return entry ? dget(xa_untag_pointer(entry)) : NULL;
}

/* One slot of the index to readdir. */
static bool dbgfs_index_emit(struct dir_context *ctx, void *entry)
{
	struct dbgfs_record *rec;
	struct dentry *dentry;

	if (xa_pointer_tag(entry) == DBGFS_INDEX_TAG_DENTRY) {
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
static int dbgfs_index_iterate(struct file *file, struct dir_context *ctx)
{
	struct dbgfs_index *ix = DBGFS_I(file_inode(file))->index;
	unsigned long pos;
	void *entry;

	if (!dir_emit_dots(file, ctx))
		return 0;
	if (!ix || ctx->pos - 2 > DBGFS_INDEX_POS_MAX)
		return 0;
	pos = ctx->pos - 2;
	entry = xa_find(&ix->entries, &pos, DBGFS_INDEX_POS_MAX, XA_PRESENT);
	while (entry) {
		ctx->pos = pos + 2;
		if (!dbgfs_index_emit(ctx, entry))
			return 0;
		ctx->pos = pos + 3;
		entry = xa_find_after(&ix->entries, &pos, DBGFS_INDEX_POS_MAX,
				      XA_PRESENT);
	}
	return 0;
}

const struct file_operations dbgfs_index_dir_operations = {
	.llseek		= generic_file_llseek,
	.read		= generic_read_dir,
	.iterate_shared	= dbgfs_index_iterate,
	.fsync		= noop_fsync,
};

/**
 * dbgfs_record_save_attrs() - keep what setattr changed in the record
 * @inode: a file inode, after a successful setattr
 *
 * A chmod or chown must outlive the inode, which reclaim may free.
 */
void dbgfs_record_save_attrs(struct inode *inode)
{
	struct dbgfs_record *rec;
	struct timespec64 t[3];

	if (!S_ISREG(inode->i_mode))
		return;
	dbgfs_inode_get_times(inode, t);
	spin_lock(&dbgfs_record_lock);
	rec = DBGFS_I(inode)->record;
	if (rec) {
		rec->mode = inode->i_mode;
		rec->uid = inode->i_uid;
		rec->gid = inode->i_gid;
		rec->size = i_size_read(inode);
		dbgfs_record_set_times(rec, t);
	}
	spin_unlock(&dbgfs_record_lock);
}

/**
 * dbgfs_record_load_attrs() - give an inode the record's attributes
 * @rec: the record, under dbgfs_record_lock
 * @inode: a new inode
 */
void dbgfs_record_load_attrs(const struct dbgfs_record *rec,
			     struct inode *inode)
{
	struct timespec64 t[3];
	int i;

	inode->i_mode = rec->mode;
	inode->i_uid = rec->uid;
	inode->i_gid = rec->gid;
	inode->i_size = rec->size;
	for (i = 0; i < 3; i++) {
		t[i].tv_sec = rec->sec[i];
		t[i].tv_nsec = rec->nsec[i];
	}
	dbgfs_inode_set_times(inode, t);
}

int __init dbgfs_index_init(void)
{
	/* Named for what it holds, as the tests and the benchmark read it. */
	dbgfs_record_cachep = kmem_cache_create("dbgfs_lazy",
						sizeof(struct dbgfs_record),
						__alignof__(struct dbgfs_record),
						SLAB_ACCOUNT, NULL);
	return dbgfs_record_cachep ? 0 : -ENOMEM;
}

void dbgfs_index_exit(void)
{
	kmem_cache_destroy(dbgfs_record_cachep);
}
