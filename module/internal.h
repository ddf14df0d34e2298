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
 */
struct dbgfs_inode_info {
	struct inode vfs_inode;
	const struct file_operations *real_fops;
	const void *aux;
	refcount_t active_users;
	bool removing;
	struct list_head cancellations;
};

static inline struct dbgfs_inode_info *DBGFS_I(struct inode *inode)
{
	return container_of(inode, struct dbgfs_inode_info, vfs_inode);
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

#endif /* _DBGFS_INTERNAL_H_ */
