// SPDX-License-Identifier: GPL-2.0-only
/*
 * file.c - dbgfs regular files: the removal proxy and its guards
 *
 * Every regular file's fops are reached through a proxy.  The full proxy
 * (dbgfs_create_file) guards each call with dbgfs_file_get/put, so that
 * once dbgfs_remove() has returned no handler of the creator runs again and
 * file descriptors opened before give -EIO.  The open proxy
 * (dbgfs_create_file_unsafe) guards only the open and leaves the rest to
 * handlers that call dbgfs_file_get/put themselves, as the value files
 * (values.c) and DEFINE_DBGFS_ATTRIBUTE() handlers below do.
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
#include <linux/wait_bit.h>

#include <dbgfs.h>

#include "internal.h"

/* Protects the cancellations list of every file. */
static DEFINE_MUTEX(dbgfs_cancellations_mtx);

void dbgfs_file_init(struct dbgfs_inode_info *info)
{
	refcount_set(&info->active_users, 1);
	info->removing = false;
	INIT_LIST_HEAD(&info->cancellations);
}

/* Wake a remover waiting in dbgfs_file_removed(), after our own stores. */
static void dbgfs_wake_remover(struct dbgfs_inode_info *info)
{
	smp_mb();	/* pairs with the barrier in wait_var_event() */
	wake_up_var(&info->active_users);
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
		dbgfs_wake_remover(info);
}
EXPORT_SYMBOL_GPL(dbgfs_file_put);

/*
 * Called by the remover for each regular file: drop the file's own
 * reference so that no handler starts again, then wait for those that run.
 * A handler waiting in a cancellable section is cancelled; one that enters
 * such a section later wakes us (dbgfs_enter_cancellation) to cancel it.
 */
void dbgfs_file_removed(struct dentry *dentry)
{
	struct dbgfs_inode_info *info = DBGFS_I(d_inode(dentry));
	struct dbgfs_cancellation *c;

	WRITE_ONCE(info->removing, true);
	if (refcount_dec_and_test(&info->active_users))
		return;

	while (refcount_read(&info->active_users)) {
		mutex_lock(&dbgfs_cancellations_mtx);
		while ((c = list_first_entry_or_null(&info->cancellations,
						     typeof(*c), list))) {
			list_del_init(&c->list);
			c->cancel(dentry, c->cancel_data);
		}
		mutex_unlock(&dbgfs_cancellations_mtx);

		wait_var_event(&info->active_users,
			       !refcount_read(&info->active_users) ||
			       !list_empty_careful(&info->cancellations));
	}
}

void dbgfs_enter_cancellation(struct file *file,
			      struct dbgfs_cancellation *cancellation)
{
	struct dbgfs_inode_info *info = DBGFS_I(file_inode(file));

	INIT_LIST_HEAD(&cancellation->list);
	if (WARN_ON(!cancellation->cancel || !S_ISREG(file_inode(file)->i_mode)))
		return;

	mutex_lock(&dbgfs_cancellations_mtx);
	list_add(&cancellation->list, &info->cancellations);
	mutex_unlock(&dbgfs_cancellations_mtx);

	/* A remover already waiting must come back to cancel this one. */
	if (READ_ONCE(info->removing))
		dbgfs_wake_remover(info);
}
EXPORT_SYMBOL_GPL(dbgfs_enter_cancellation);

/*
 * The remover runs cancel callbacks under dbgfs_cancellations_mtx, so
 * taking it here means that once this returns, none is running for
 * @cancellation, which can then go out of scope.
 */
void dbgfs_leave_cancellation(struct file *file,
			      struct dbgfs_cancellation *cancellation)
{
	mutex_lock(&dbgfs_cancellations_mtx);
	if (!list_empty(&cancellation->list))
		list_del(&cancellation->list);
	mutex_unlock(&dbgfs_cancellations_mtx);
}
EXPORT_SYMBOL_GPL(dbgfs_leave_cancellation);

void *dbgfs_get_aux(const struct file *file)
{
	return (void *)DBGFS_I(file_inode(file))->aux;
}
EXPORT_SYMBOL_GPL(dbgfs_get_aux);

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
 * The handlers of DEFINE_DBGFS_ATTRIBUTE() fops: libfs's simple_attr
 * handlers, guarded against removal as the open-only proxy requires.
 */
ssize_t dbgfs_attr_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos)
{
	struct dentry *dentry = file->f_path.dentry;
	ssize_t ret;

	ret = dbgfs_file_get(dentry);
	if (ret)
		return ret;
	ret = simple_attr_read(file, buf, len, ppos);
	dbgfs_file_put(dentry);
	return ret;
}
EXPORT_SYMBOL_GPL(dbgfs_attr_read);

static ssize_t dbgfs_attr_write_xsigned(struct file *file,
					const char __user *buf, size_t len,
					loff_t *ppos, bool is_signed)
{
	struct dentry *dentry = file->f_path.dentry;
	ssize_t ret;

	ret = dbgfs_file_get(dentry);
	if (ret)
		return ret;
	if (is_signed)
		ret = simple_attr_write_signed(file, buf, len, ppos);
	else
		ret = simple_attr_write(file, buf, len, ppos);
	dbgfs_file_put(dentry);
	return ret;
}

ssize_t dbgfs_attr_write(struct file *file, const char __user *buf,
			 size_t len, loff_t *ppos)
{
	return dbgfs_attr_write_xsigned(file, buf, len, ppos, false);
}
EXPORT_SYMBOL_GPL(dbgfs_attr_write);

ssize_t dbgfs_attr_write_signed(struct file *file, const char __user *buf,
				size_t len, loff_t *ppos)
{
	return dbgfs_attr_write_xsigned(file, buf, len, ppos, true);
}
EXPORT_SYMBOL_GPL(dbgfs_attr_write_signed);
