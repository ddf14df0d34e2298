// SPDX-License-Identifier: GPL-2.0-only
/*
 * lazy.c - value files without a standing inode and dentry: the VFS face
 *
 * The creators that return void (dbgfs_create_u32() and the like) hand
 * back nothing a client could hold, so dbgfs keeps a small record for each
 * such file in its directory's index (index.c) and builds the inode and
 * dentry only when someone looks the name up; once unused, both are
 * reclaimable like any cached dentry, and a later lookup builds them again
 * from the record with the same inode number, mode, owner, size and times.
 * The module parameter lazy=0 switches this off: every entry is then made
 * at once.
 *
 * This file is the layer between the index below (names, positions,
 * records) and the tree above (inode.c): it builds inodes and dentries
 * from records, looks names up, pins what clients find and takes records'
 * dentries down on removal.  It calls only index.c and file.c; what it
 * frees it reports to its caller, which gives back the pins (the removal
 * functions return how many records they freed, dbgfs_lazy_evict() and
 * dbgfs_lazy_d_iput() whether they freed one).
 *
 * Locking rules:
 * - A directory's index is changed only under both the directory inode's
 *   i_rwsem held exclusive (creation, removal and renaming take it, as
 *   they did before there was an index) and the index's own mutex
 *   (@lock), and read under either: the VFS calls ->lookup and
 *   ->iterate_shared with i_rwsem shared, dbgfs_lookup() takes @lock.
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
 * - A record has at most one inode (@inode), under dbgfs_record_lock:
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
 *   it).  The record holds the pin of the internal mount that its
 *   creation took, given back when the last reference goes: by the
 *   removal that dropped it, before it returns, or else deferred like a
 *   dentry's (inode.c).
 * - A record's mode, owner, size and times are copied into the inode when
 *   built and back from it by ->setattr, under dbgfs_record_lock: a
 *   setattr holds the file's inode lock, not the directory's.  Times are
 *   kept as time64_t seconds and nanoseconds: any time an inode takes.
 */

#define pr_fmt(fmt) "dbgfs: " fmt

#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "compat.h"
#include "internal.h"

bool dbgfs_lazy = true;
module_param_named(lazy, dbgfs_lazy, bool, 0444);
MODULE_PARM_DESC(lazy,
		 "1: value files get an inode and dentry only when looked up (default); 0: at creation");

/* Diagnostics for the tests: inodes built from records. */
static atomic_t dbgfs_lazy_inodes = ATOMIC_INIT(0);
module_param_named(lazy_inodes, dbgfs_lazy_inodes.counter, int, 0444);
MODULE_PARM_DESC(lazy_inodes, "inodes built from lazy entries (read-only)");

/**
 * dbgfs_lazy_index() - the index of a directory
 * @dir: a directory inode of dbgfs
 *
 * Return: its index, or %NULL with lazy=0.
 */
struct dbgfs_index *dbgfs_lazy_index(struct inode *dir)
{
	return DBGFS_I(dir)->index;
}

/* @name of @parent with the hash the dcache gives it there. */
static struct qstr dbgfs_lazy_qstr(const struct dentry *parent,
				   const char *name)
{
	struct qstr qname = QSTR_INIT(name, strlen(name));

	qname.hash = full_name_hash(parent, name, qname.len);
	return qname;
}

/**
 * dbgfs_lazy_name_taken() - whether a record of @parent has @name
 * @parent: a directory, its inode locked at least shared
 * @name: the name
 *
 * Return: true if a record of @parent is called @name.
 */
bool dbgfs_lazy_name_taken(struct dentry *parent, const char *name)
{
	struct dbgfs_index *ix = dbgfs_lazy_index(d_inode(parent));
	struct qstr qname = dbgfs_lazy_qstr(parent, name);

	return ix && dbgfs_index_find(ix, &qname);
}

/*
 * The inode of @rec, with a reference: the live one if there is one, else
 * a new one with the record's attributes and a reference on the record.
 */
static struct inode *dbgfs_lazy_inode(struct super_block *sb,
				      struct dbgfs_record *rec)
{
	struct dbgfs_inode_info *info;
	struct inode *inode, *live;

	spin_lock(&dbgfs_record_lock);
	live = rec->inode ? igrab(rec->inode) : NULL;
	spin_unlock(&dbgfs_record_lock);
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
	inode->i_fop = rec->flags & DBGFS_RECORD_FULL_PROXY ?
		       &dbgfs_full_proxy_fops : &dbgfs_open_proxy_fops;

	spin_lock(&dbgfs_record_lock);
	/* One inode per record: one that went live meanwhile wins. */
	live = rec->inode ? igrab(rec->inode) : NULL;
	if (!live) {
		dbgfs_record_load_attrs(rec, inode);
		refcount_inc(&rec->ref);
		info->record = rec;
		rec->inode = inode;
		atomic_inc(&dbgfs_lazy_inodes);
	}
	spin_unlock(&dbgfs_record_lock);
	if (live) {
		inode->i_mode = S_IFREG;	/* for ->evict_inode */
		iput(inode);
		return live;
	}
	return inode;
}

/*
 * Take the inode of @inode's record away from it, under
 * dbgfs_record_lock: the record, whose reference the caller now owns.
 */
static struct dbgfs_record *dbgfs_lazy_detach(struct inode *inode)
{
	struct dbgfs_inode_info *info = DBGFS_I(inode);
	struct dbgfs_record *rec = info->record;

	if (!rec)
		return NULL;
	info->record = NULL;
	if (rec->inode == inode)
		rec->inode = NULL;
	atomic_dec(&dbgfs_lazy_inodes);
	return rec;
}

/**
 * dbgfs_lazy_evict() - an inode of dbgfs goes
 * @inode: the inode, from ->evict_inode
 *
 * Return: true if it held the last reference on its record, which is
 * freed: the caller gives back the record's pin.
 */
bool dbgfs_lazy_evict(struct inode *inode)
{
	struct dbgfs_inode_info *info = DBGFS_I(inode);
	struct dbgfs_record *rec = NULL;

	if (S_ISREG(inode->i_mode)) {
		spin_lock(&dbgfs_record_lock);
		rec = dbgfs_lazy_detach(inode);
		spin_unlock(&dbgfs_record_lock);
	} else if (S_ISDIR(inode->i_mode) && info->index) {
		dbgfs_index_free(info->index);
	}
	info->record = NULL;
	return rec && dbgfs_record_put(rec);
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
	struct dbgfs_index *ix = dbgfs_lazy_index(dir);
	struct inode *inode = NULL;
	struct dbgfs_record *rec;

	if (dentry->d_name.len > NAME_MAX)
		return ERR_PTR(-ENAMETOOLONG);
	rec = ix && !IS_DEADDIR(dir) ? dbgfs_index_find(ix, &dentry->d_name) :
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
	struct qstr qname = dbgfs_lazy_qstr(parent, name);
	struct inode *dir = d_inode(parent);
	struct dbgfs_index *ix = dbgfs_lazy_index(dir);
	struct dentry *dentry, *alias;
	struct dbgfs_record *rec;
	struct inode *inode;

	if (!ix)
		return NULL;
	dentry = dbgfs_d_alloc_parallel(parent, &qname, &wq);
	if (IS_ERR(dentry))
		return NULL;
	if (!d_in_lookup(dentry))
		return dentry;	/* in the dcache: another lookup built it */

	mutex_lock(&ix->lock);
	rec = IS_DEADDIR(dir) ? NULL : dbgfs_index_find(ix, &qname);
	inode = rec ? dbgfs_lazy_inode(dir->i_sb, rec) : NULL;
	/* A miss hashes no negative dentry: a create may follow at once. */
	alias = inode ? d_splice_alias(inode, dentry) : NULL;
	mutex_unlock(&ix->lock);
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
	struct dbgfs_record *rec;
	struct dbgfs_index *ix;

	if (!S_ISREG(inode->i_mode) || !DBGFS_I(inode)->record)
		return;
	/* Ours holds the inode attached: @rec stays (dbgfs_lazy_orphan()). */
	rec = DBGFS_I(inode)->record;
	ix = dbgfs_lazy_index(d_inode(dentry->d_parent));
	mutex_lock(&ix->lock);
	if (!(rec->flags & (DBGFS_RECORD_REMOVED | DBGFS_RECORD_PINNED)) &&
	    !d_unhashed(dentry)) {
		rec->flags |= DBGFS_RECORD_PINNED;
		dget(dentry);
	}
	mutex_unlock(&ix->lock);
}

/*
 * The event an eager file's creation or removal gives (fsnotify_create(),
 * fsnotify_unlink()) is about the file's own inode: @inode if the caller
 * has it, else the live one, else one built for the event when a mark
 * could see it (an unwatched directory builds nothing).
 */
static void dbgfs_lazy_notify(struct inode *dir, struct dbgfs_record *rec,
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
 * @parent: the directory, its inode locked exclusive, no eager entry
 *	called @name in it
 * @name: the name, checked
 * @mode: mode with S_IFREG
 * @data: the inode's i_private
 * @full_proxy: whether the file goes behind the full proxy
 * @real_fops: the creator's fops
 * @size: i_size
 *
 * On success the pin the caller took for the entry belongs to the record.
 *
 * Return: 0, -EEXIST if a lazy entry has the name, or another errno.
 */
int dbgfs_lazy_add(struct dentry *parent, const char *name, umode_t mode,
		   void *data, bool full_proxy,
		   const struct file_operations *real_fops, loff_t size)
{
	struct qstr qname = dbgfs_lazy_qstr(parent, name);
	struct inode *dir = d_inode(parent);
	struct dbgfs_record *rec;
	int err;

	/* What dbgfs_inode_init_ts() gives an eager inode. */
	rec = dbgfs_record_new(&qname, mode, data,
			       full_proxy ? DBGFS_RECORD_FULL_PROXY : 0,
			       real_fops, size, current_time(dir));
	if (!rec)
		return -ENOMEM;
	err = dbgfs_index_add_record(dbgfs_lazy_index(dir), rec);
	if (err) {
		/* Never listed, so never seen: its pin is still the caller's. */
		dbgfs_record_put(rec);
		return err;
	}
	dbgfs_lazy_notify(dir, rec, NULL, FS_CREATE);
	return 0;
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
 * (dbgfs_lazy_d_iput()), which tells it the same.  Return: records freed.
 */
static int dbgfs_lazy_orphan(struct dbgfs_record *rec)
{
	struct dbgfs_record *held = NULL;
	struct inode *inode = NULL;

	spin_lock(&dbgfs_record_lock);
	if (rec->inode && hlist_empty(&rec->inode->i_dentry)) {
		inode = igrab(rec->inode);
		held = dbgfs_lazy_detach(rec->inode);
	}
	spin_unlock(&dbgfs_record_lock);
	if (inode) {
		dbgfs_lazy_unlinked(inode);
		fsnotify_inoderemove(inode);
		iput(inode);
	}
	return held && dbgfs_record_put(held);
}

/**
 * dbgfs_lazy_d_iput() - a dentry lets go of its inode
 * @dentry: the dentry, being freed
 * @inode: its inode
 *
 * The last dentry of a removed record's inode detaches it from the
 * record, so that a mark that still holds the inode does not keep the
 * record and its pin (see dbgfs_lazy_orphan()).
 *
 * Return: true if the record went with it: the caller gives back its pin.
 */
bool dbgfs_lazy_d_iput(struct dentry *dentry, struct inode *inode)
{
	struct dbgfs_record *rec = NULL;

	if (S_ISREG(inode->i_mode)) {
		spin_lock(&dbgfs_record_lock);
		if (DBGFS_I(inode)->record &&
		    (DBGFS_I(inode)->record->flags & DBGFS_RECORD_REMOVED) &&
		    hlist_empty(&inode->i_dentry))
			rec = dbgfs_lazy_detach(inode);
		spin_unlock(&dbgfs_record_lock);
	}
	iput(inode);
	return rec && dbgfs_record_put(rec);
}

/*
 * Remove @rec from @parent (locked exclusive): out of the index, then its
 * dentry, if built, removed as an eager file would be (see the rules).
 * Return: the records freed (0 or 1).
 */
static int dbgfs_lazy_kill(struct dentry *parent, struct dbgfs_record *rec)
{
	struct qstr qname = QSTR_INIT(rec->name, rec->len);
	struct inode *dir = d_inode(parent);
	struct dentry *dentry = NULL;
	struct inode *inode = NULL;
	int freed;

	dbgfs_index_remove_record(dbgfs_lazy_index(dir), rec);

	/*
	 * Only the index's reference: no inode was built from @rec, so no
	 * dentry shows it, and none can be built now that it is out.
	 */
	if (refcount_read(&rec->ref) > 1)
		dentry = dbgfs_try_lookup(&qname, parent);
	if (IS_ERR(dentry))
		dentry = NULL;
	if (dentry && d_really_is_positive(dentry) &&
	    DBGFS_I(d_inode(dentry))->record == rec) {
		inode = d_inode(dentry);
		dbgfs_file_removed(dentry);
		dbgfs_lazy_unlinked(inode);
		d_invalidate(dentry);
		/* the pin: a pinned dentry stays hashed until now */
		if (rec->flags & DBGFS_RECORD_PINNED)
			dput(dentry);
	}
	/* The event fsnotify_unlink() would give: about the file's inode. */
	dbgfs_lazy_notify(dir, rec, inode, FS_DELETE);
	dput(dentry);
	freed = dbgfs_lazy_orphan(rec);
	/* The index's reference. */
	return freed + dbgfs_record_put(rec);
}

/**
 * dbgfs_lazy_remove_name() - remove the lazy entry @name of @parent
 * @parent: a directory, its inode locked exclusive
 * @name: the name
 *
 * Return: the records freed, which the caller gives the pins of back, or
 * -ENOENT if @parent has no lazy entry @name.
 */
int dbgfs_lazy_remove_name(struct dentry *parent, const char *name)
{
	struct dbgfs_index *ix = dbgfs_lazy_index(d_inode(parent));
	struct qstr qname = dbgfs_lazy_qstr(parent, name);
	struct dbgfs_record *rec;
	int freed;

	rec = ix ? dbgfs_index_find(ix, &qname) : NULL;
	if (!rec)
		return -ENOENT;
	freed = dbgfs_lazy_kill(parent, rec);
	dbgfs_inode_touch(d_inode(parent));
	return freed;
}

/**
 * dbgfs_lazy_remove_dentry() - remove the lazy entry a client's dentry shows
 * @dentry: a dentry of dbgfs, e.g. from dbgfs_lookup()
 *
 * Return: -ENOENT if @dentry is not a lazy entry's; else, once it was
 * removed (now, or before), the records freed.
 */
int dbgfs_lazy_remove_dentry(struct dentry *dentry)
{
	struct inode *inode = d_inode(dentry);
	struct dbgfs_record *rec;
	struct dentry *parent;
	int freed = 0;

	if (!inode || !S_ISREG(inode->i_mode) || !DBGFS_I(inode)->record)
		return -ENOENT;
	rec = DBGFS_I(inode)->record;
	parent = dget_parent(dentry);
	inode_lock(d_inode(parent));
	if (!(rec->flags & DBGFS_RECORD_REMOVED)) {
		freed = dbgfs_lazy_kill(parent, rec);
		dbgfs_inode_touch(d_inode(parent));
	}
	inode_unlock(d_inode(parent));
	dput(parent);
	return freed;
}

/*
 * The first step of removing @dentry, a directory being removed (locked
 * exclusive): no entry is created in it again, and its records go.
 * Return: the records freed.
 */
static int dbgfs_lazy_empty_dir(struct dentry *dentry)
{
	struct inode *dir = d_inode(dentry);
	struct dbgfs_index *ix = dbgfs_lazy_index(dir);
	struct dbgfs_record *rec;
	unsigned long pos = 0;
	int freed = 0;

	dir->i_flags |= S_DEAD;
	if (!ix)
		return 0;
	while ((rec = dbgfs_index_next_record(ix, &pos)))
		freed += dbgfs_lazy_kill(dentry, rec);
	return freed;
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
 *
 * Return: the records freed, which the caller gives the pins of back.
 */
int dbgfs_lazy_remove_tree(struct dentry *top)
{
	struct dentry *this = dget(top), *sub;
	unsigned long pos = 0;
	int freed;

	inode_lock(d_inode(this));
	freed = dbgfs_lazy_empty_dir(this);
	for (;;) {
		/* Lazy mode: every directory has an index. */
		sub = dbgfs_index_next_subdir(dbgfs_lazy_index(d_inode(this)),
					      &pos);
		if (sub) {
			/* @sub holds its parent: we come back to it */
			inode_unlock(d_inode(this));
			dput(this);
			this = sub;
			pos = 0;
			inode_lock(d_inode(this));
			freed += dbgfs_lazy_empty_dir(this);
			continue;
		}
		inode_unlock(d_inode(this));
		if (this == top)
			break;
		pos = dbgfs_pin_pos(this) + 1;
		sub = this;
		this = dget_parent(sub);
		dput(sub);
		inode_lock(d_inode(this));
	}
	dput(this);
	return freed;
}

/**
 * dbgfs_lazy_rename() - follow a rename of @dentry in the index
 * @dentry: the entry, in a directory locked exclusive
 * @new_name: its new name, free in the directory
 *
 * Eager entries need nothing: readdir reads their dentry's name.  A
 * record's name changes, and so does its place in the name tree.
 *
 * Return: 0 or -ENOMEM, before anything changed.
 */
int dbgfs_lazy_rename(struct dentry *dentry, const char *new_name)
{
	struct inode *inode = d_inode(dentry);
	struct qstr qname = dbgfs_lazy_qstr(dentry->d_parent, new_name);

	if (!S_ISREG(inode->i_mode) || !DBGFS_I(inode)->record)
		return 0;
	return dbgfs_index_rename_record(dbgfs_lazy_index(d_inode(dentry->d_parent)),
					 DBGFS_I(inode)->record, &qname);
}

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
