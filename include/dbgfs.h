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

#include <linux/atomic.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/types.h>

struct dentry;
struct device;
struct seq_file;

/**
 * struct dbgfs_blob_wrapper - a block of memory for dbgfs_create_blob()
 * @data: the bytes the file shows
 * @size: how many there are
 */
struct dbgfs_blob_wrapper {
	void *data;
	unsigned long size;
};

/**
 * struct dbgfs_reg32 - a named 32-bit register
 * @name: the name printed for it
 * @offset: its offset from &dbgfs_regset32.base
 */
struct dbgfs_reg32 {
	char *name;
	unsigned long offset;
};

/**
 * struct dbgfs_regset32 - registers for dbgfs_create_regset32()
 * @regs: the registers
 * @nregs: how many
 * @base: the address the offsets are from
 * @dev: if not %NULL, resumed with runtime PM around each read
 */
struct dbgfs_regset32 {
	const struct dbgfs_reg32 *regs;
	int nregs;
	void __iomem *base;
	struct device *dev;
};

/**
 * struct dbgfs_u32_array - an array for dbgfs_create_u32_array()
 * @array: the values
 * @n_elements: how many
 */
struct dbgfs_u32_array {
	u32 *array;
	u32 n_elements;
};

/**
 * struct dbgfs_cancellation - how a remover breaks a handler out of a wait
 * @list: internal, for dbgfs
 * @cancel: called by dbgfs_remove() with the file's dentry and
 *	@cancel_data while the handler is between dbgfs_enter_cancellation()
 *	and dbgfs_leave_cancellation(); it must make the handler return
 * @cancel_data: passed to @cancel
 */
struct dbgfs_cancellation {
	struct list_head list;
	void (*cancel)(struct dentry *dentry, void *cancel_data);
	void *cancel_data;
};

/*
 * Returns @fmt, and makes the compiler check that it formats one u64, as
 * the attribute handlers will use it.
 */
static inline __printf(1, 2) const char *__dbgfs_attr_format(const char *fmt,
							     ...)
{
	return fmt;
}

/**
 * DEFINE_DBGFS_ATTRIBUTE_XSIGNED() - define fops for a get/set attribute
 * @__fops: name of the file_operations to define
 * @__get: int (*)(void *data, u64 *val), or %NULL for write-only
 * @__set: int (*)(void *data, u64 val), or %NULL for read-only
 * @__fmt: printf format for the value, checked at compile time
 * @__is_signed: whether writes parse a signed number
 *
 * Pair the fops with dbgfs_create_file_unsafe(): the read and write
 * handlers guard themselves against removal.
 */
#define DEFINE_DBGFS_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt,	\
				       __is_signed)			\
static int __fops ## _open(struct inode *inode, struct file *file)	\
{									\
	return simple_attr_open(inode, file, __get, __set,		\
				__dbgfs_attr_format(__fmt, 0ull));	\
}									\
static const struct file_operations __fops = {				\
	.owner	 = THIS_MODULE,						\
	.open	 = __fops ## _open,					\
	.release = simple_attr_release,					\
	.read	 = dbgfs_attr_read,					\
	.write	 = (__is_signed) ? dbgfs_attr_write_signed :		\
			dbgfs_attr_write,				\
}

/**
 * DEFINE_DBGFS_ATTRIBUTE() - define fops for an unsigned get/set attribute
 * @__fops: name of the file_operations to define
 * @__get: int (*)(void *data, u64 *val), or %NULL
 * @__set: int (*)(void *data, u64 val), or %NULL
 * @__fmt: printf format for the value
 */
#define DEFINE_DBGFS_ATTRIBUTE(__fops, __get, __set, __fmt)		\
	DEFINE_DBGFS_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, false)

/**
 * DEFINE_DBGFS_ATTRIBUTE_SIGNED() - define fops for a signed attribute
 * @__fops: name of the file_operations to define
 * @__get: int (*)(void *data, u64 *val), or %NULL
 * @__set: int (*)(void *data, u64 val), or %NULL
 * @__fmt: printf format for the value
 */
#define DEFINE_DBGFS_ATTRIBUTE_SIGNED(__fops, __get, __set, __fmt)	\
	DEFINE_DBGFS_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, true)

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
 *
 * Like every creator that returns void, this makes a lazy entry: dbgfs
 * keeps a small record in @parent and builds the file's inode and dentry
 * only when the name is looked up, and the kernel may reclaim them again
 * while the file is not open (the module parameter lazy=0 makes them at
 * once).  Nothing of this shows to userspace or to the caller: inode
 * number, mode, owner, size and times (any time64_t, with nanoseconds)
 * are kept in the record, one inode stands for the file while anything
 * holds it (an inotify or fanotify mark sees its events across reclaim),
 * and create and delete events name the file's own inode.  Extended
 * attributes are refused (EOPNOTSUPP), as on every dbgfs file; an LSM
 * that keeps security.* labels on inodes without xattr support (SELinux)
 * gives a reclaimed entry its policy's label again.  dbgfs_lookup() pins
 * the entry (see there).
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
 * Reads give Y or N and a newline.  Writes take one of the words 1, y, yes, t,
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

const struct file_operations *dbgfs_real_fops(const struct file *filp);

/**
 * dbgfs_initialized() - tell whether dbgfs can be used
 *
 * Return: true once the filesystem is registered and enabled.
 */
bool dbgfs_initialized(void);

/**
 * dbgfs_create_file_size() - create a file with a size shown by stat
 * @name: name of the file
 * @mode: permission bits of the file
 * @parent: directory to create it in, or %NULL for the root
 * @data: stored in the inode's i_private for the @fops to use
 * @fops: the file operations of the file
 * @file_size: the size stat reports
 *
 * As dbgfs_create_file(), for files whose size is known in advance.
 */
void dbgfs_create_file_size(const char *name, umode_t mode,
			    struct dentry *parent, void *data,
			    const struct file_operations *fops,
			    loff_t file_size);

/**
 * dbgfs_create_file_aux() - create a file with a second private pointer
 * @name: name of the file
 * @mode: permission bits of the file
 * @parent: directory to create it in, or %NULL for the root
 * @data: stored in the inode's i_private
 * @aux: returned by dbgfs_get_aux() for the file's open files
 * @fops: the file operations of the file
 *
 * Return: as dbgfs_create_file().
 */
struct dentry *dbgfs_create_file_aux(const char *name, umode_t mode,
				     struct dentry *parent, void *data,
				     const void *aux,
				     const struct file_operations *fops);

/**
 * dbgfs_get_aux() - the @aux pointer given to dbgfs_create_file_aux()
 * @file: an open dbgfs file
 *
 * Return: the pointer, or %NULL for files made without one.
 */
void *dbgfs_get_aux(const struct file *file);

/**
 * dbgfs_create_symlink() - create a symbolic link in dbgfs
 * @name: name of the link
 * @parent: directory to create it in, or %NULL for the root
 * @target: what the link points to; the string is copied
 *
 * Return: the dentry of the link, or an ERR_PTR() as for
 * dbgfs_create_dir(), or ERR_PTR(-ENOMEM).  Never %NULL.
 */
struct dentry *dbgfs_create_symlink(const char *name, struct dentry *parent,
				    const char *target);

/**
 * dbgfs_create_u64() - create a file for reading and writing a u64
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * As dbgfs_create_u8(), for a 64-bit value.
 */
void dbgfs_create_u64(const char *name, umode_t mode, struct dentry *parent,
		      u64 *value);

/**
 * dbgfs_create_ulong() - create a file for reading and writing an unsigned long
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * As dbgfs_create_u8(), for an unsigned long.
 */
void dbgfs_create_ulong(const char *name, umode_t mode, struct dentry *parent,
			unsigned long *value);

/**
 * dbgfs_create_size_t() - create a file for reading and writing a size_t
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * As dbgfs_create_u8(), for a size_t.
 */
void dbgfs_create_size_t(const char *name, umode_t mode,
			 struct dentry *parent, size_t *value);

/**
 * dbgfs_create_x8() - create a file for a u8 shown in hexadecimal
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * Reads give 0x, the value in 2 hexadecimal digits and a newline; writes
 * are as for dbgfs_create_u8().
 */
void dbgfs_create_x8(const char *name, umode_t mode, struct dentry *parent,
		     u8 *value);

/**
 * dbgfs_create_x16() - create a file for a u16 shown in hexadecimal
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * Reads give 0x, the value in 4 hexadecimal digits and a newline; writes
 * are as for dbgfs_create_u16().
 */
void dbgfs_create_x16(const char *name, umode_t mode, struct dentry *parent,
		      u16 *value);

/**
 * dbgfs_create_x32() - create a file for a u32 shown in hexadecimal
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * Reads give 0x, the value in 8 hexadecimal digits and a newline; writes
 * are as for dbgfs_create_u32().
 */
void dbgfs_create_x32(const char *name, umode_t mode, struct dentry *parent,
		      u32 *value);

/**
 * dbgfs_create_x64() - create a file for a u64 shown in hexadecimal
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * Reads give 0x, the value in 16 hexadecimal digits and a newline; writes
 * are as for dbgfs_create_u64().
 */
void dbgfs_create_x64(const char *name, umode_t mode, struct dentry *parent,
		      u64 *value);

/**
 * dbgfs_create_atomic_t() - create a file for reading and writing an atomic_t
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * Reads give the value in signed decimal and a newline; writes take signed
 * numbers in the ranges of an int, -ERANGE outside it.
 */
void dbgfs_create_atomic_t(const char *name, umode_t mode,
			   struct dentry *parent, atomic_t *value);

/**
 * dbgfs_create_str() - create a file for reading and writing a string
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the string pointer; its string must come from kmalloc() (or
 *	be %NULL), since a write frees it after an RCU grace period
 *
 * Reads give the string and a newline (a %NULL string reads as an empty
 * line).  A write at offset 0 replaces the string, one at the string's
 * end appends to it, one elsewhere fails with -EINVAL; surrounding white
 * space is trimmed, and a result of PAGE_SIZE bytes or more fails with
 * -E2BIG.
 */
void dbgfs_create_str(const char *name, umode_t mode, struct dentry *parent,
		      char **value);

/**
 * dbgfs_create_blob() - create a file that shows a block of memory
 * @name: name of the file
 * @mode: permission bits, limited to 0644
 * @parent: directory to create it in, or %NULL for the root
 * @blob: the memory; it must outlive the file
 *
 * Reads give the bytes as they are; with write bits in @mode, writes
 * change them in place, within @blob->size.
 *
 * Return: as dbgfs_create_file().
 */
struct dentry *dbgfs_create_blob(const char *name, umode_t mode,
				 struct dentry *parent,
				 struct dbgfs_blob_wrapper *blob);

/**
 * dbgfs_create_regset32() - create a file that shows 32-bit registers
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or %NULL for the root
 * @regset: the registers; they must outlive the file
 *
 * Reads give one line per register: its name, " = 0x" and its value in 8
 * hexadecimal digits.
 */
void dbgfs_create_regset32(const char *name, umode_t mode,
			   struct dentry *parent,
			   struct dbgfs_regset32 *regset);

/**
 * dbgfs_print_regs32() - print registers into a seq_file
 * @s: the seq_file
 * @regs: the registers
 * @nregs: how many
 * @base: the address their offsets are from
 * @prefix: printed before each line
 */
void dbgfs_print_regs32(struct seq_file *s, const struct dbgfs_reg32 *regs,
			int nregs, void __iomem *base, char *prefix);

/**
 * dbgfs_create_u32_array() - create a file that shows an array of u32
 * @name: name of the file
 * @mode: permission bits
 * @parent: directory to create it in, or %NULL for the root
 * @array: the array; it must outlive the file
 *
 * Reads give the values in decimal, separated by single spaces, and a
 * newline, as they were when the file was opened.
 */
void dbgfs_create_u32_array(const char *name, umode_t mode,
			    struct dentry *parent,
			    struct dbgfs_u32_array *array);

/**
 * dbgfs_create_devm_seqfile() - create a seq_file tied to a device
 * @dev: the device; it is what @read_fn gets as seq_file private data
 * @name: name of the file, read-only
 * @parent: directory to create it in, or %NULL for the root
 * @read_fn: the show function
 *
 * The bookkeeping is device-managed: it is freed with @dev's resources.
 * The caller still removes the file (or its directory).
 */
void dbgfs_create_devm_seqfile(struct device *dev, const char *name,
			       struct dentry *parent,
			       int (*read_fn)(struct seq_file *s, void *data));

/**
 * dbgfs_lookup() - find an entry by name
 * @name: the name
 * @parent: the directory to look in, or %NULL for the root
 *
 * The reference keeps the dentry, and dbgfs's superblock with it, alive,
 * not the entry: the entry may still be removed while it is held, and
 * the caller may drop it with dput() before or after dbgfs_remove() of
 * the entry, even of the last entry of all while dbgfs is unmounted;
 * the superblock goes at the last dput() (dbgfs_lookup_and_remove() does
 * both in one call).  Drop it before the caller's module is unloaded.
 * The dentry of a lazy entry (see dbgfs_create_u8()) is built by this
 * call if the dcache has none, and from then on the entry is pinned as
 * debugfs's entries are: reclaim no longer frees its dentry and inode,
 * so what the caller writes into the inode (i_size, i_private) stays, and
 * so does the dentry, which the caller may keep using after dput() until
 * the entry is removed.  It never takes the lock of @parent, so a handler
 * may call it while its own file is being removed.
 *
 * Return: the entry's dentry with a reference the caller drops with
 * dput(), or %NULL if there is none.
 */
struct dentry *dbgfs_lookup(const char *name, struct dentry *parent);

/**
 * dbgfs_lookup_and_remove() - remove an entry found by name
 * @name: the name
 * @parent: the directory to look in, or %NULL for the root
 *
 * Removes the entry, and all it contains, if it exists.
 */
void dbgfs_lookup_and_remove(const char *name, struct dentry *parent);

/**
 * dbgfs_remove_recursive - dbgfs_remove() under its older name
 */
#define dbgfs_remove_recursive dbgfs_remove

/**
 * dbgfs_change_name() - rename an entry within its directory
 * @dentry: the entry
 * @fmt: printf format of the new name
 *
 * Return: 0 on success (also for a %NULL or ERR_PTR() @dentry and for an
 * unchanged name); -EINVAL if the new name exists or is not a valid name,
 * -ENAMETOOLONG if it is too long, -ENOMEM.
 */
__printf(2, 3)
int dbgfs_change_name(struct dentry *dentry, const char *fmt, ...);

/**
 * dbgfs_enter_cancellation() - let dbgfs_remove() cancel a blocking handler
 * @file: the file whose handler runs
 * @cancellation: what dbgfs_remove() calls; usually on the stack
 *
 * A handler about to wait for something that only a remover could stop
 * calls this first, and dbgfs_leave_cancellation() after.
 */
void dbgfs_enter_cancellation(struct file *file,
			      struct dbgfs_cancellation *cancellation);

/**
 * dbgfs_leave_cancellation() - end what dbgfs_enter_cancellation() began
 * @file: the file whose handler runs
 * @cancellation: the one given to dbgfs_enter_cancellation()
 *
 * Once this returns, no remover runs @cancellation's callback any more and
 * @cancellation may go out of scope: one that runs now is waited for.
 * Callbacks run under no lock of dbgfs's own, so a callback may take a
 * lock that a handler of another file holds around this call; it must not
 * take one that the handler of its own file holds around this call.  The
 * remover holds the inode lock of the file's directory (as
 * simple_recursive_removal() does for mainline debugfs), so a callback must
 * not create, remove or rename entries in that directory.
 */
void dbgfs_leave_cancellation(struct file *file,
			      struct dbgfs_cancellation *cancellation);

/**
 * dbgfs_attr_read() - read handler for DEFINE_DBGFS_ATTRIBUTE() fops
 * @file: the file
 * @buf: user buffer
 * @len: its length
 * @ppos: file position
 *
 * simple_attr_read() between dbgfs_file_get() and dbgfs_file_put().
 *
 * Return: bytes read, or -EIO once the file is removed.
 */
ssize_t dbgfs_attr_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos);

/**
 * dbgfs_attr_write() - write handler for DEFINE_DBGFS_ATTRIBUTE() fops
 * @file: the file
 * @buf: user buffer
 * @len: its length
 * @ppos: file position
 *
 * simple_attr_write() between dbgfs_file_get() and dbgfs_file_put().
 *
 * Return: bytes written, -EIO once the file is removed, or the set
 * function's error.
 */
ssize_t dbgfs_attr_write(struct file *file, const char __user *buf,
			 size_t len, loff_t *ppos);

/**
 * dbgfs_attr_write_signed() - write handler for signed attributes
 * @file: the file
 * @buf: user buffer
 * @len: its length
 * @ppos: file position
 *
 * As dbgfs_attr_write(), parsing a signed number.
 *
 * Return: as dbgfs_attr_write().
 */
ssize_t dbgfs_attr_write_signed(struct file *file, const char __user *buf,
				size_t len, loff_t *ppos);

/**
 * dbgfs_create_xul() - create a file for an unsigned long in hexadecimal
 * @name: name of the file
 * @mode: permission bits; without write bits the file is read-only
 * @parent: directory to create it in, or %NULL for the root
 * @value: the variable the file reads and writes
 *
 * dbgfs_create_x64() or dbgfs_create_x32(), as wide as unsigned long.
 */
static inline void dbgfs_create_xul(const char *name, umode_t mode,
				    struct dentry *parent,
				    unsigned long *value)
{
	if (sizeof(*value) == sizeof(u32))
		dbgfs_create_x32(name, mode, parent, (u32 *)value);
	else
		dbgfs_create_x64(name, mode, parent, (u64 *)value);
}

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

static __always_inline const struct file_operations *
dbgfs_real_fops(const struct file *filp)
{
	return NULL;
}

static inline bool dbgfs_initialized(void)
{
	return false;
}

static inline void dbgfs_create_file_size(const char *name, umode_t mode,
					  struct dentry *parent, void *data,
					  const struct file_operations *fops,
					  loff_t file_size) { }

static inline struct dentry *
dbgfs_create_file_aux(const char *name, umode_t mode, struct dentry *parent,
		      void *data, const void *aux,
		      const struct file_operations *fops)
{
	return ERR_PTR(-ENODEV);
}

static inline void *dbgfs_get_aux(const struct file *file)
{
	return NULL;
}

static inline struct dentry *dbgfs_create_symlink(const char *name,
						  struct dentry *parent,
						  const char *target)
{
	return ERR_PTR(-ENODEV);
}

static inline void dbgfs_create_u64(const char *name, umode_t mode,
				    struct dentry *parent, u64 *value) { }
static inline void dbgfs_create_ulong(const char *name, umode_t mode,
				      struct dentry *parent,
				      unsigned long *value) { }
static inline void dbgfs_create_size_t(const char *name, umode_t mode,
				       struct dentry *parent,
				       size_t *value) { }
static inline void dbgfs_create_x8(const char *name, umode_t mode,
				   struct dentry *parent, u8 *value) { }
static inline void dbgfs_create_x16(const char *name, umode_t mode,
				    struct dentry *parent, u16 *value) { }
static inline void dbgfs_create_x32(const char *name, umode_t mode,
				    struct dentry *parent, u32 *value) { }
static inline void dbgfs_create_x64(const char *name, umode_t mode,
				    struct dentry *parent, u64 *value) { }
static inline void dbgfs_create_xul(const char *name, umode_t mode,
				    struct dentry *parent,
				    unsigned long *value) { }
static inline void dbgfs_create_atomic_t(const char *name, umode_t mode,
					 struct dentry *parent,
					 atomic_t *value) { }
static inline void dbgfs_create_str(const char *name, umode_t mode,
				    struct dentry *parent, char **value) { }

static inline struct dentry *dbgfs_create_blob(const char *name, umode_t mode,
					       struct dentry *parent,
					       struct dbgfs_blob_wrapper *blob)
{
	return ERR_PTR(-ENODEV);
}

static inline void dbgfs_create_regset32(const char *name, umode_t mode,
					 struct dentry *parent,
					 struct dbgfs_regset32 *regset) { }
static inline void dbgfs_print_regs32(struct seq_file *s,
				      const struct dbgfs_reg32 *regs,
				      int nregs, void __iomem *base,
				      char *prefix) { }
static inline void dbgfs_create_u32_array(const char *name, umode_t mode,
					  struct dentry *parent,
					  struct dbgfs_u32_array *array) { }
static inline void
dbgfs_create_devm_seqfile(struct device *dev, const char *name,
			  struct dentry *parent,
			  int (*read_fn)(struct seq_file *s, void *data)) { }

static inline struct dentry *dbgfs_lookup(const char *name,
					  struct dentry *parent)
{
	return ERR_PTR(-ENODEV);
}

static inline void dbgfs_lookup_and_remove(const char *name,
					   struct dentry *parent) { }

#define dbgfs_remove_recursive dbgfs_remove

static inline __printf(2, 3)
int dbgfs_change_name(struct dentry *dentry, const char *fmt, ...)
{
	return -ENODEV;
}

static inline void
dbgfs_enter_cancellation(struct file *file,
			 struct dbgfs_cancellation *cancellation) { }
static inline void
dbgfs_leave_cancellation(struct file *file,
			 struct dbgfs_cancellation *cancellation) { }

static inline ssize_t dbgfs_attr_read(struct file *file, char __user *buf,
				      size_t len, loff_t *ppos)
{
	return -ENODEV;
}

static inline ssize_t dbgfs_attr_write(struct file *file,
				       const char __user *buf, size_t len,
				       loff_t *ppos)
{
	return -ENODEV;
}

static inline ssize_t dbgfs_attr_write_signed(struct file *file,
					      const char __user *buf,
					      size_t len, loff_t *ppos)
{
	return -ENODEV;
}

#endif /* DBGFS_DISABLED */

#endif /* _DBGFS_H_ */
