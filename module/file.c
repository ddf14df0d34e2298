// SPDX-License-Identifier: GPL-2.0-only
/*
 * file.c - dbgfs regular files: the removal proxy and the typed value files
 *
 * Every regular file's fops are reached through a proxy.  The full proxy
 * (dbgfs_create_file) guards each call with dbgfs_file_get/put, so that
 * once dbgfs_remove() has returned no handler of the creator runs again and
 * file descriptors opened before give -EIO.  The open proxy
 * (dbgfs_create_file_unsafe) guards only the open and leaves the rest to
 * handlers that call dbgfs_file_get/put themselves, as the value files
 * below do.
 */

#define pr_fmt(fmt) "dbgfs: " fmt

#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <dbgfs.h>

#include "internal.h"

void dbgfs_file_init(struct dbgfs_inode_info *info)
{
	refcount_set(&info->active_users, 1);
	init_completion(&info->active_users_drained);
	mutex_init(&info->cancellations_mtx);
	INIT_LIST_HEAD(&info->cancellations);
}

int dbgfs_file_get(struct dentry *dentry)
{
	struct dbgfs_inode_info *info = DBGFS_I(d_inode(dentry));

	/* Zero means the remover dropped the file's own reference. */
	if (!refcount_inc_not_zero(&info->active_users))
		return -EIO;
	return 0;
}
EXPORT_SYMBOL_GPL(dbgfs_file_get);

void dbgfs_file_put(struct dentry *dentry)
{
	struct dbgfs_inode_info *info = DBGFS_I(d_inode(dentry));

	if (refcount_dec_and_test(&info->active_users))
		complete(&info->active_users_drained);
}
EXPORT_SYMBOL_GPL(dbgfs_file_put);

/*
 * Called by the remover for each regular file: drop the file's own
 * reference so that no handler starts again, then wait for those that run.
 */
void dbgfs_file_removed(struct dentry *dentry)
{
	struct dbgfs_inode_info *info = DBGFS_I(d_inode(dentry));

	if (refcount_dec_and_test(&info->active_users))
		return;
	wait_for_completion(&info->active_users_drained);
}

/*
 * Under lockdown (LOCKDOWN_DEBUGFS) only files that cannot change the
 * kernel stay open to userspace: read-only by mode, opened for reading, and
 * without ioctl or mmap, through which a read-only file could still write.
 */
static int dbgfs_locked_down(struct inode *inode, struct file *filp,
			     const struct file_operations *real_fops)
{
	if ((inode->i_mode & 07777 & ~0444) == 0 &&
	    !(filp->f_mode & FMODE_WRITE) &&
	    !real_fops->unlocked_ioctl && !real_fops->compat_ioctl &&
	    !real_fops->mmap)
		return 0;

	return security_locked_down(LOCKDOWN_DEBUGFS);
}

/*
 * The guarded part of every open: the file must still exist, lockdown must
 * allow it, and the module owning @real_fops is pinned for as long as the
 * file is open.  On success the caller owns a reference to @real_fops.
 */
static int dbgfs_open_guarded(struct inode *inode, struct file *filp,
			      const struct file_operations *real_fops)
{
	int err;

	err = dbgfs_locked_down(inode, filp, real_fops);
	if (err)
		return err;
	if (!fops_get(real_fops))
		return -ENXIO;	/* the owner is being unloaded */
	if (real_fops->open) {
		err = real_fops->open(inode, filp);
		if (err)
			fops_put(real_fops);
	}
	return err;
}

static int dbgfs_proxy_open(struct inode *inode, struct file *filp, bool full)
{
	const struct file_operations *real_fops = DBGFS_I(inode)->real_fops;
	struct dentry *dentry = filp->f_path.dentry;
	int err;

	/* A file removed since the lookup is gone, as far as open is told. */
	if (dbgfs_file_get(dentry))
		return -ENOENT;
	err = dbgfs_open_guarded(inode, filp, real_fops);
	/*
	 * The open-only proxy steps aside: from here on the VFS calls the
	 * real fops, which guard themselves.  replace_fops() drops the
	 * reference on our own fops and keeps the one taken on real_fops.
	 */
	if (!err && !full)
		replace_fops(filp, real_fops);
	dbgfs_file_put(dentry);
	return err;
}

static int dbgfs_full_proxy_open(struct inode *inode, struct file *filp)
{
	return dbgfs_proxy_open(inode, filp, true);
}

static int dbgfs_open_proxy_open(struct inode *inode, struct file *filp)
{
	return dbgfs_proxy_open(inode, filp, false);
}

static const struct file_operations *dbgfs_real_fops(struct file *filp)
{
	return DBGFS_I(file_inode(filp))->real_fops;
}

/*
 * Each full-proxy operation runs the real handler between file_get and
 * file_put; a missing handler gives what the VFS gives for it.
 */
static ssize_t dbgfs_full_proxy_read(struct file *filp, char __user *buf,
				     size_t count, loff_t *ppos)
{
	const struct file_operations *real_fops = dbgfs_real_fops(filp);
	ssize_t ret;

	if (!real_fops->read)
		return -EINVAL;
	if (dbgfs_file_get(filp->f_path.dentry))
		return -EIO;
	ret = real_fops->read(filp, buf, count, ppos);
	dbgfs_file_put(filp->f_path.dentry);
	return ret;
}

static ssize_t dbgfs_full_proxy_write(struct file *filp,
				      const char __user *buf, size_t count,
				      loff_t *ppos)
{
	const struct file_operations *real_fops = dbgfs_real_fops(filp);
	ssize_t ret;

	if (!real_fops->write)
		return -EINVAL;
	if (dbgfs_file_get(filp->f_path.dentry))
		return -EIO;
	ret = real_fops->write(filp, buf, count, ppos);
	dbgfs_file_put(filp->f_path.dentry);
	return ret;
}

static loff_t dbgfs_full_proxy_llseek(struct file *filp, loff_t offset,
				      int whence)
{
	const struct file_operations *real_fops = dbgfs_real_fops(filp);
	loff_t ret;

	if (!real_fops->llseek)
		return -ESPIPE;
	if (dbgfs_file_get(filp->f_path.dentry))
		return -EIO;
	ret = real_fops->llseek(filp, offset, whence);
	dbgfs_file_put(filp->f_path.dentry);
	return ret;
}

static long dbgfs_full_proxy_ioctl(struct file *filp, unsigned int cmd,
				   unsigned long arg)
{
	const struct file_operations *real_fops = dbgfs_real_fops(filp);
	long ret;

	if (!real_fops->unlocked_ioctl)
		return -ENOTTY;
	if (dbgfs_file_get(filp->f_path.dentry))
		return -EIO;
	ret = real_fops->unlocked_ioctl(filp, cmd, arg);
	dbgfs_file_put(filp->f_path.dentry);
	return ret;
}

static __poll_t dbgfs_full_proxy_poll(struct file *filp,
				      struct poll_table_struct *wait)
{
	const struct file_operations *real_fops = dbgfs_real_fops(filp);
	struct dentry *dentry = filp->f_path.dentry;
	__poll_t mask;

	if (dbgfs_file_get(dentry))
		return EPOLLHUP;
	mask = real_fops->poll ? real_fops->poll(filp, wait) : DEFAULT_POLLMASK;
	dbgfs_file_put(dentry);
	return mask;
}

/* Release is never refused: it frees what the real open allocated. */
static int dbgfs_full_proxy_release(struct inode *inode, struct file *filp)
{
	const struct file_operations *real_fops = dbgfs_real_fops(filp);
	int err = 0;

	if (real_fops->release)
		err = real_fops->release(inode, filp);
	fops_put(real_fops);
	return err;
}

const struct file_operations dbgfs_full_proxy_fops = {
	.owner		= THIS_MODULE,
	.open		= dbgfs_full_proxy_open,
	.read		= dbgfs_full_proxy_read,
	.write		= dbgfs_full_proxy_write,
	.llseek		= dbgfs_full_proxy_llseek,
	.unlocked_ioctl	= dbgfs_full_proxy_ioctl,
	.poll		= dbgfs_full_proxy_poll,
	.release	= dbgfs_full_proxy_release,
};

const struct file_operations dbgfs_open_proxy_fops = {
	.owner		= THIS_MODULE,
	.open		= dbgfs_open_proxy_open,
};

/*
 * Typed value files.  A kind says how wide the variable is and how it reads;
 * writes are parsed strictly, so that bad input never changes the value.
 */
enum dbgfs_value_flags {
	DBGFS_VALUE_SIGNED	= BIT(0),	/* atomic_t: read and write s64 */
	DBGFS_VALUE_BOOL	= BIT(1),	/* Y/N and the kstrtobool words */
};

struct dbgfs_value_kind {
	const char *fmt;	/* formats the value as u64 or s64 */
	u8 size;		/* bytes of the variable */
	u8 flags;
};

/* The longest text any value is written as, with room to spare. */
#define DBGFS_VALUE_MAX_INPUT	31

static const struct dbgfs_value_kind dbgfs_kind_u8 = { "%llu\n", 1 };
static const struct dbgfs_value_kind dbgfs_kind_u16 = { "%llu\n", 2 };
static const struct dbgfs_value_kind dbgfs_kind_u32 = { "%llu\n", 4 };
static const struct dbgfs_value_kind dbgfs_kind_bool = {
	NULL, sizeof(bool), DBGFS_VALUE_BOOL
};

/*
 * Each kind has three fops: read-write, read-only and write-only, chosen by
 * the mode at creation as debugfs does, so that root cannot write a file
 * created without write bits.
 */
struct dbgfs_value_fops {
	const struct dbgfs_value_kind *kind;
	const struct file_operations fops;
};

static const struct dbgfs_value_kind *dbgfs_value_kind(struct file *file)
{
	return container_of(file->f_op, struct dbgfs_value_fops, fops)->kind;
}

static u64 dbgfs_value_get(const struct dbgfs_value_kind *kind,
			   const void *value)
{
	if (kind->flags & DBGFS_VALUE_SIGNED)
		return (u64)(s64)atomic_read(value);
	switch (kind->size) {
	case 1:
		return READ_ONCE(*(const u8 *)value);
	case 2:
		return READ_ONCE(*(const u16 *)value);
	case 4:
		return READ_ONCE(*(const u32 *)value);
	default:
		return READ_ONCE(*(const u64 *)value);
	}
}

static void dbgfs_value_set(const struct dbgfs_value_kind *kind, void *value,
			    u64 val)
{
	if (kind->flags & DBGFS_VALUE_SIGNED) {
		atomic_set(value, (int)val);
		return;
	}
	switch (kind->size) {
	case 1:
		WRITE_ONCE(*(u8 *)value, val);
		break;
	case 2:
		WRITE_ONCE(*(u16 *)value, val);
		break;
	case 4:
		WRITE_ONCE(*(u32 *)value, val);
		break;
	default:
		WRITE_ONCE(*(u64 *)value, val);
		break;
	}
}

/* The bool words, whole and in any case: "yolo" is not "y". */
static int dbgfs_parse_bool(const char *text, u64 *val)
{
	static const char * const yes[] = {
		"1", "y", "yes", "t", "true", "on", "e", "enable"
	};
	static const char * const no[] = {
		"0", "n", "no", "f", "false", "off", "d", "disable"
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(yes); i++) {
		if (!strcasecmp(text, yes[i])) {
			*val = 1;
			return 0;
		}
		if (!strcasecmp(text, no[i])) {
			*val = 0;
			return 0;
		}
	}
	return -EINVAL;
}

/* Parse @text for @kind: -EINVAL if it is no number, -ERANGE if too big. */
static int dbgfs_parse_value(const struct dbgfs_value_kind *kind, char *text,
			     u64 *val)
{
	size_t len = strlen(text);
	s64 sval;
	int err;

	if (len && text[len - 1] == '\n')
		text[--len] = '\0';
	if (kind->flags & DBGFS_VALUE_BOOL)
		return dbgfs_parse_bool(text, val);

	if (kind->flags & DBGFS_VALUE_SIGNED) {
		err = kstrtos64(text, 0, &sval);
		if (err)
			return err;
		if (sval < INT_MIN || sval > INT_MAX)
			return -ERANGE;
		*val = sval;
		return 0;
	}

	err = kstrtou64(text, 0, val);
	if (err)
		return err;
	if (kind->size < sizeof(u64) && *val >> (kind->size * BITS_PER_BYTE))
		return -ERANGE;
	return 0;
}

static int dbgfs_value_open(struct inode *inode, struct file *file)
{
	return nonseekable_open(inode, file);
}

static ssize_t dbgfs_value_read(struct file *file, char __user *buf,
				size_t count, loff_t *ppos)
{
	const struct dbgfs_value_kind *kind = dbgfs_value_kind(file);
	struct dentry *dentry = file->f_path.dentry;
	char text[32];
	size_t len;
	u64 val;
	int err;

	err = dbgfs_file_get(dentry);
	if (err)
		return err;
	val = dbgfs_value_get(kind, file_inode(file)->i_private);
	dbgfs_file_put(dentry);

	if (kind->flags & DBGFS_VALUE_BOOL)
		len = scnprintf(text, sizeof(text), "%c\n", val ? 'Y' : 'N');
	else
		len = scnprintf(text, sizeof(text), kind->fmt, val);
	return simple_read_from_buffer(buf, count, ppos, text, len);
}

static ssize_t dbgfs_value_write(struct file *file, const char __user *buf,
				 size_t count, loff_t *ppos)
{
	const struct dbgfs_value_kind *kind = dbgfs_value_kind(file);
	struct dentry *dentry = file->f_path.dentry;
	char text[DBGFS_VALUE_MAX_INPUT + 1];
	u64 val;
	int err;

	if (!count || count > DBGFS_VALUE_MAX_INPUT)
		return -EINVAL;
	if (copy_from_user(text, buf, count))
		return -EFAULT;
	text[count] = '\0';
	if (strlen(text) != count)
		return -EINVAL;	/* a NUL byte inside the input */

	err = dbgfs_parse_value(kind, text, &val);
	if (err)
		return err;

	err = dbgfs_file_get(dentry);
	if (err)
		return err;
	dbgfs_value_set(kind, file_inode(file)->i_private, val);
	dbgfs_file_put(dentry);
	return count;
}

#define DBGFS_VALUE_FOPS(name)						\
static const struct dbgfs_value_fops dbgfs_##name##_fops[] = {		\
	{ &dbgfs_kind_##name, {						\
		.owner = THIS_MODULE, .open = dbgfs_value_open,		\
		.read = dbgfs_value_read, .write = dbgfs_value_write,	\
	} },								\
	{ &dbgfs_kind_##name, {						\
		.owner = THIS_MODULE, .open = dbgfs_value_open,		\
		.read = dbgfs_value_read,				\
	} },								\
	{ &dbgfs_kind_##name, {						\
		.owner = THIS_MODULE, .open = dbgfs_value_open,		\
		.write = dbgfs_value_write,				\
	} },								\
}

DBGFS_VALUE_FOPS(u8);
DBGFS_VALUE_FOPS(u16);
DBGFS_VALUE_FOPS(u32);
DBGFS_VALUE_FOPS(bool);

/*
 * Create a value file with the fops that match @mode.  The typed helpers
 * return void, as in mainline: callers have nothing to check.
 */
static void dbgfs_create_value(const char *name, umode_t mode,
			       struct dentry *parent, void *value,
			       const struct dbgfs_value_fops fops[3])
{
	const struct dbgfs_value_fops *f = &fops[0];

	if (!(mode & 0222))
		f = &fops[1];
	else if (!(mode & 0444))
		f = &fops[2];
	dbgfs_create_file_unsafe(name, mode, parent, value, &f->fops);
}

void dbgfs_create_u8(const char *name, umode_t mode, struct dentry *parent,
		     u8 *value)
{
	dbgfs_create_value(name, mode, parent, value, dbgfs_u8_fops);
}
EXPORT_SYMBOL_GPL(dbgfs_create_u8);

void dbgfs_create_u16(const char *name, umode_t mode, struct dentry *parent,
		      u16 *value)
{
	dbgfs_create_value(name, mode, parent, value, dbgfs_u16_fops);
}
EXPORT_SYMBOL_GPL(dbgfs_create_u16);

void dbgfs_create_u32(const char *name, umode_t mode, struct dentry *parent,
		      u32 *value)
{
	dbgfs_create_value(name, mode, parent, value, dbgfs_u32_fops);
}
EXPORT_SYMBOL_GPL(dbgfs_create_u32);

void dbgfs_create_bool(const char *name, umode_t mode, struct dentry *parent,
		       bool *value)
{
	dbgfs_create_value(name, mode, parent, value, dbgfs_bool_fops);
}
EXPORT_SYMBOL_GPL(dbgfs_create_bool);
