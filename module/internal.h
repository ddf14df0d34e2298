/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * internal.h - declarations shared by the parts of the dbgfs module
 */
#ifndef _DBGFS_INTERNAL_H_
#define _DBGFS_INTERNAL_H_

#include <linux/fs.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rbtree.h>
#include <linux/refcount.h>
#include <linux/spinlock.h>
#include <linux/xarray.h>

#include "compat.h"

/**
 * struct dbgfs_inode_info - a dbgfs inode and what guards its removal
 * @vfs_inode: the VFS inode
 * @real_fops: the fops the creator passed, which the proxy calls; %NULL for
 *	directories and symlinks
 * @aux: the second private pointer of dbgfs_create_file_aux()
 * @active_users: 1 while the file exists, plus one for each handler that
 *	runs (dbgfs_file_get()); once it drops to 0 no handler starts again.
 *	The remover waits on it with wait_var_event(), so that no completion
 *	has to live in every inode.
 * @removing: set once the remover has begun on this file; from then on
 *	dbgfs_file_get() fails
 * @cancellations: what a remover calls to break handlers out of a wait,
 *	protected by one spinlock for all files (file.c), which no callback
 *	runs under: cancelling is rare and a lock in each inode would cost
 *	every entry its size
 * @record: a regular file built from a lazy entry's record (index.c),
 *	which it holds a reference on; %NULL for a file made at creation
 * @index: a directory's index of its entries, in lazy mode (index.c)
 */
struct dbgfs_inode_info {
	struct inode vfs_inode;
	const struct file_operations *real_fops;
	const void *aux;
	refcount_t active_users;
	bool removing;
	struct list_head cancellations;
	union {
		struct dbgfs_record *record;
		struct dbgfs_index *index;
	};
};

static inline struct dbgfs_inode_info *DBGFS_I(struct inode *inode)
{
	return container_of(inode, struct dbgfs_inode_info, vfs_inode);
}

/*
 * An entry made at creation carries in d_fsdata the pin bit (it holds a
 * pin of the internal mount until its dentry is freed) and, in lazy mode,
 * its position in the directory's index.  A lazy entry's dentry has none:
 * its record holds the pin.
 */
#define DBGFS_ENTRY_PIN		1UL

static inline void *dbgfs_pin_at(u32 pos)
{
	return (void *)(((unsigned long)pos << 1) | DBGFS_ENTRY_PIN);
}

static inline bool dbgfs_pinned(const struct dentry *dentry)
{
	return (unsigned long)dentry->d_fsdata & DBGFS_ENTRY_PIN;
}

static inline u32 dbgfs_pin_pos(const struct dentry *dentry)
{
	return (unsigned long)dentry->d_fsdata >> 1;
}

/*
 * The layers, each calling only those above it in this list: index.c
 * (names and positions), file.c (value files: the proxies), lazy.c (the VFS
 * face of lazy entries), inode.c (the tree and the superblock), and the
 * creators of values.c and struct.c on top.
 */

/* index.c */

/**
 * struct dbgfs_record - a value file that has no inode until looked up
 * @node: in the directory's @names, by name
 * @name: the file's name, allocated
 * @data: the inode's i_private
 * @real_fops: the creator's fops, behind the proxy
 * @inode: the inode built from it while one lives, or %NULL
 * @ref: one for the index until removal, one for a built inode
 * @pos: the slot in the directory's @entries
 * @ino: the inode number, fixed at creation
 * @hash: the name's hash, as the dcache computes it in the directory
 * @len: strlen(@name)
 * @flags: DBGFS_RECORD_*, changed under the index's @lock
 * @mode: mode and type, then what setattr made of them
 * @uid: owner
 * @gid: group
 * @size: i_size
 * @sec: atime, mtime and ctime: seconds, as at creation and then setattr
 * @nsec: and their nanoseconds
 */
struct dbgfs_record {
	struct rb_node node;
	const char *name;
	void *data;
	const struct file_operations *real_fops;
	struct inode *inode;
	refcount_t ref;
	u32 pos;
	unsigned int ino;
	u32 hash;
	u8 len;
	u8 flags;
	umode_t mode;
	kuid_t uid;
	kgid_t gid;
	loff_t size;
	time64_t sec[3];
	u32 nsec[3];
};

enum {
	DBGFS_RECORD_FULL_PROXY	= BIT(0),	/* dbgfs_create_file()'s proxy */
	DBGFS_RECORD_REMOVED	= BIT(1),	/* out of the index */
	DBGFS_RECORD_PINNED	= BIT(2),	/* dbgfs_lookup() found it */
};

/**
 * struct dbgfs_index - the index of a directory, in lazy mode
 * @names: records by name
 * @entries: records and eager dentries by position
 * @next: the next position xa_alloc_cyclic() tries
 * @lock: held with i_rwsem to change @names and @entries, or alone to
 *	read them (see the rules in lazy.c)
 */
struct dbgfs_index {
	struct rb_root names;
	struct xarray entries;
	u32 next;
	struct mutex lock;	/* see @lock above */
};

extern spinlock_t dbgfs_record_lock;
extern const struct file_operations dbgfs_index_dir_operations;
int dbgfs_index_init(void);
void dbgfs_index_exit(void);
struct dbgfs_index *dbgfs_index_new(void);
void dbgfs_index_free(struct dbgfs_index *ix);
struct dbgfs_record *dbgfs_index_find(struct dbgfs_index *ix,
				      const struct qstr *name);
long dbgfs_index_add_dentry(struct dbgfs_index *ix, struct dentry *dentry,
			    bool is_dir);
void dbgfs_index_del(struct dbgfs_index *ix, u32 pos);
struct dbgfs_record *dbgfs_record_new(const struct qstr *name, umode_t mode,
				      void *data, unsigned int flags,
				      const struct file_operations *real_fops,
				      loff_t size, struct timespec64 now);
bool dbgfs_record_put(struct dbgfs_record *rec);
int dbgfs_index_add_record(struct dbgfs_index *ix, struct dbgfs_record *rec);
void dbgfs_index_remove_record(struct dbgfs_index *ix,
			       struct dbgfs_record *rec);
int dbgfs_index_rename_record(struct dbgfs_index *ix,
			      struct dbgfs_record *rec,
			      const struct qstr *name);
struct dbgfs_record *dbgfs_index_next_record(struct dbgfs_index *ix,
					     unsigned long *pos);
struct dentry *dbgfs_index_next_subdir(struct dbgfs_index *ix,
				       unsigned long *pos);
void dbgfs_record_save_attrs(struct inode *inode);
void dbgfs_record_load_attrs(const struct dbgfs_record *rec,
			     struct inode *inode);

/* file.c */
extern const struct file_operations dbgfs_full_proxy_fops;
extern const struct file_operations dbgfs_open_proxy_fops;
extern const struct inode_operations dbgfs_file_inode_operations;
void dbgfs_file_removed(struct dentry *dentry);
void dbgfs_file_init(struct dbgfs_inode_info *info);
int dbgfs_setattr(DBGFS_IDMAP_ARG struct dentry *dentry, struct iattr *ia);

/* lazy.c */
extern bool dbgfs_lazy;
struct dbgfs_index *dbgfs_lazy_index(struct inode *dir);
bool dbgfs_lazy_name_taken(struct dentry *parent, const char *name);
int dbgfs_lazy_add(struct dentry *parent, const char *name, umode_t mode,
		   void *data, bool full_proxy,
		   const struct file_operations *real_fops, loff_t size);
bool dbgfs_lazy_evict(struct inode *inode);
struct dentry *dbgfs_lazy_lookup(struct inode *dir, struct dentry *dentry,
				 unsigned int flags);
struct dentry *dbgfs_lazy_lookup_unlocked(struct dentry *parent,
					  const char *name);
void dbgfs_lazy_pin(struct dentry *dentry);
bool dbgfs_lazy_d_iput(struct dentry *dentry, struct inode *inode);
int dbgfs_lazy_remove_name(struct dentry *parent, const char *name);
int dbgfs_lazy_remove_dentry(struct dentry *dentry);
int dbgfs_lazy_remove_tree(struct dentry *top);
int dbgfs_lazy_rename(struct dentry *dentry, const char *new_name);
int dbgfs_lazy_d_delete(const struct dentry *dentry);

/* inode.c */
bool dbgfs_enabled(void);

/* debug-mount.c: the mount_debug module parameter */
void dbgfs_debug_mount_init(void);
void dbgfs_debug_mount_exit(void);
struct dentry *dbgfs_create_file_with(const char *name, umode_t mode,
				      struct dentry *parent, void *data,
				      const void *aux,
				      const struct file_operations *proxy_fops,
				      const struct file_operations *real_fops);
void dbgfs_create_lazy(const char *name, umode_t mode, struct dentry *parent,
		       void *data, bool full_proxy,
		       const struct file_operations *real_fops, loff_t size);

#endif /* _DBGFS_INTERNAL_H_ */
