/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * internal.h - declarations shared by the parts of the dbgfs module
 */
#ifndef _DBGFS_INTERNAL_H_
#define _DBGFS_INTERNAL_H_

#include <linux/fs.h>
#include <linux/list.h>
#include <linux/refcount.h>

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
 * @lazy: a regular file built from a lazy entry's record (lazy.c), which
 *	it holds a reference on; %NULL for a file made at creation
 * @lazy_dir: a directory's index of its entries, in lazy mode (lazy.c)
 */
struct dbgfs_inode_info {
	struct inode vfs_inode;
	const struct file_operations *real_fops;
	const void *aux;
	refcount_t active_users;
	bool removing;
	struct list_head cancellations;
	union {
		struct dbgfs_lazy *lazy;
		struct dbgfs_lazy_dir *lazy_dir;
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

/* file.c */
extern const struct file_operations dbgfs_full_proxy_fops;
extern const struct file_operations dbgfs_open_proxy_fops;
void dbgfs_file_removed(struct dentry *dentry);
void dbgfs_file_init(struct dbgfs_inode_info *info);

/* inode.c */
bool dbgfs_enabled(void);
struct dentry *dbgfs_create_file_with(const char *name, umode_t mode,
				      struct dentry *parent, void *data,
				      const void *aux,
				      const struct file_operations *proxy_fops,
				      const struct file_operations *real_fops);

extern const struct inode_operations dbgfs_file_inode_operations;
void dbgfs_entry_freed(void);
void dbgfs_entry_freed_by_removal(void);

/* lazy.c */
struct dbgfs_lazy;
struct dbgfs_lazy_dir;
extern bool dbgfs_lazy;
extern const struct file_operations dbgfs_lazy_dir_operations;
int dbgfs_lazy_init(void);
void dbgfs_lazy_exit(void);
struct dbgfs_lazy_dir *dbgfs_lazy_dir_new(void);
void dbgfs_lazy_dir_free(struct dbgfs_lazy_dir *ld);
bool dbgfs_lazy_name_taken(struct inode *dir, const char *name);
long dbgfs_lazy_index_add(struct inode *dir, struct dentry *dentry,
			  bool is_dir);
void dbgfs_lazy_index_del(struct inode *dir, u32 pos);
int dbgfs_lazy_add(struct dentry *parent, const char *name, umode_t mode,
		   void *data, bool full_proxy,
		   const struct file_operations *real_fops, loff_t size);
void dbgfs_lazy_evict(struct inode *inode);
void dbgfs_lazy_save_attrs(struct inode *inode);
struct dentry *dbgfs_lazy_lookup(struct inode *dir, struct dentry *dentry,
				 unsigned int flags);
struct dentry *dbgfs_lazy_lookup_unlocked(struct dentry *parent,
					  const char *name);
void dbgfs_lazy_pin(struct dentry *dentry);
void dbgfs_lazy_d_iput(struct dentry *dentry, struct inode *inode);
bool dbgfs_lazy_remove_name(struct dentry *parent, const char *name);
bool dbgfs_lazy_remove_dentry(struct dentry *dentry);
void dbgfs_lazy_remove_tree(struct dentry *top);
int dbgfs_lazy_rename(struct dentry *dentry, const char *new_name);
int dbgfs_lazy_d_delete(const struct dentry *dentry);

/* values.c, struct.c: the creators that return void */
void dbgfs_create_lazy(const char *name, umode_t mode, struct dentry *parent,
		       void *data, bool full_proxy,
		       const struct file_operations *real_fops, loff_t size);

#endif /* _DBGFS_INTERNAL_H_ */
