/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dbgfs.h - the dbgfs client API: debugfs as an out-of-tree module
 *
 * Every function mirrors the mainline debugfs_ function of the same name
 * (debugfs_create_dir -> dbgfs_create_dir, ...): porting a debugfs user is
 * a rename of the prefix and of <linux/debugfs.h> to <dbgfs.h>.
 *
 * Build a client with -DDBGFS_DISABLED to compile it against inline stubs
 * instead: dentry-returning calls give ERR_PTR(-ENODEV), void calls do
 * nothing, so one client source builds with and without dbgfs.
 */
#ifndef _DBGFS_H_
#define _DBGFS_H_

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/types.h>

struct dentry;

#ifndef DBGFS_DISABLED

/**
 * dbgfs_create_dir() - create a directory in dbgfs
 * @name: name of the directory; not empty, not "." or "..", no '/'
 * @parent: directory to create it in, or %NULL for the root
 *
 * The directory gets mode 0755 and belongs to root.  Remove it, and
 * everything below it, with dbgfs_remove() when the caller is done.
 *
 * Return: the dentry of the new directory, or an ERR_PTR(): -EEXIST if
 * @name exists, -EINVAL for an invalid name, -ENAMETOOLONG for a name of
 * more than 255 bytes, -EPERM if dbgfs is switched off, or @parent itself
 * if that is an ERR_PTR().  Never %NULL.
 */
struct dentry *dbgfs_create_dir(const char *name, struct dentry *parent);

/**
 * dbgfs_create_file() - create a file in dbgfs
 * @name: name of the file
 * @mode: permission bits of the file
 * @parent: directory to create it in, or %NULL for the root
 * @data: stored in the inode's i_private for the @fops to use
 * @fops: the file operations of the file
 *
 * All calls into @fops go through a proxy that makes removal safe: once
 * dbgfs_remove() returns, no handler of @fops runs again and operations on
 * file descriptors opened before the removal fail with -EIO.  The module
 * owning @fops cannot be unloaded while the file is open.
 *
 * Return: the dentry of the new file, or an ERR_PTR() as for
 * dbgfs_create_dir().  Never %NULL.
 */
struct dentry *dbgfs_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);

/**
 * dbgfs_create_file_unsafe() - create a file whose handlers guard themselves
 * @name: name of the file
 * @mode: permission bits of the file
 * @parent: directory to create it in, or %NULL for the root
 * @data: stored in the inode's i_private for the @fops to use
 * @fops: the file operations of the file
 *
 * Only the open is guarded against removal: every other handler of @fops
 * must bracket its work with dbgfs_file_get() and dbgfs_file_put().
 *
 * Return: as dbgfs_create_file().
 */
struct dentry *dbgfs_create_file_unsafe(const char *name, umode_t mode,
					struct dentry *parent, void *data,
					const struct file_operations *fops);

/**
 * dbgfs_create_u8() - create a file for reading and writing a u8
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * Reads give the value in decimal and a newline.  Writes take decimal,
 * 0x-prefixed hex or 0-prefixed octal text with an optional trailing
 * newline; a value that does not fit fails with -ERANGE, text that is not
 * a number with -EINVAL, and the variable then keeps its value.
 */
void dbgfs_create_u8(const char *name, umode_t mode, struct dentry *parent,
		     u8 *value);

/**
 * dbgfs_create_u16() - create a file for reading and writing a u16
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * As dbgfs_create_u8(), for a 16-bit value.
 */
void dbgfs_create_u16(const char *name, umode_t mode, struct dentry *parent,
		      u16 *value);

/**
 * dbgfs_create_u32() - create a file for reading and writing a u32
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * As dbgfs_create_u8(), for a 32-bit value.
 */
void dbgfs_create_u32(const char *name, umode_t mode, struct dentry *parent,
		      u32 *value);

/**
 * dbgfs_create_bool() - create a file for reading and writing a bool
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * Reads give "Y\n" or "N\n".  Writes take one of the words 1, y, yes, t,
 * true, on, e, enable (true) or 0, n, no, f, false, off, d, disable (false),
 * in any case, with an optional trailing newline; anything else fails with
 * -EINVAL and leaves the variable unchanged.
 */
void dbgfs_create_bool(const char *name, umode_t mode, struct dentry *parent,
		       bool *value);

/**
 * dbgfs_remove() - remove a file or a directory and all it contains
 * @dentry: what a dbgfs_create_*() call returned; %NULL and ERR_PTR()
 *	values are ignored
 *
 * Waits for the handlers of the removed files that are running to return;
 * the caller must not hold a lock such a handler takes.
 */
void dbgfs_remove(struct dentry *dentry);

/**
 * dbgfs_file_get() - keep a file from being removed while a handler runs
 * @dentry: the file's dentry (file->f_path.dentry)
 *
 * Return: 0 on success, -EIO if the file has been removed; the handler
 * must then give up.  Pair each success with dbgfs_file_put().
 */
int dbgfs_file_get(struct dentry *dentry);

/**
 * dbgfs_file_put() - end the section begun by dbgfs_file_get()
 * @dentry: the file's dentry
 */
void dbgfs_file_put(struct dentry *dentry);

/**
 * dbgfs_initialized() - tell whether dbgfs can be used
 *
 * Return: true once the filesystem is registered and enabled.
 */
bool dbgfs_initialized(void);

#else /* DBGFS_DISABLED */

static inline struct dentry *dbgfs_create_dir(const char *name,
					      struct dentry *parent)
{
	return ERR_PTR(-ENODEV);
}

static inline struct dentry *dbgfs_create_file(const char *name, umode_t mode,
					       struct dentry *parent, void *data,
					       const struct file_operations *fops)
{
	return ERR_PTR(-ENODEV);
}

static inline struct dentry *
dbgfs_create_file_unsafe(const char *name, umode_t mode, struct dentry *parent,
			 void *data, const struct file_operations *fops)
{
	return ERR_PTR(-ENODEV);
}

static inline void dbgfs_create_u8(const char *name, umode_t mode,
				   struct dentry *parent, u8 *value) { }
static inline void dbgfs_create_u16(const char *name, umode_t mode,
				    struct dentry *parent, u16 *value) { }
static inline void dbgfs_create_u32(const char *name, umode_t mode,
				    struct dentry *parent, u32 *value) { }
static inline void dbgfs_create_bool(const char *name, umode_t mode,
				     struct dentry *parent, bool *value) { }
static inline void dbgfs_remove(struct dentry *dentry) { }

static inline int dbgfs_file_get(struct dentry *dentry)
{
	return 0;
}

static inline void dbgfs_file_put(struct dentry *dentry) { }

static inline bool dbgfs_initialized(void)
{
	return false;
}

#endif /* DBGFS_DISABLED */

#endif /* _DBGFS_H_ */
