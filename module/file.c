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
 *
 * Rules:
 * - active_users counts the file itself (1) plus each running handler.
 *   The remover sets ->removing, drops the file's own count and waits for
 *   zero.  dbgfs_file_get() refuses once ->removing is seen, so handlers
 *   that overlap one another cannot keep the count up for ever.
 * - dbgfs_cancel_lock, a spinlock, protects every file's cancellations
 *   list and the list of cancel callbacks running.  No callback runs
 *   under it: a cancel() may take a driver's lock that another file's
 *   handler holds around dbgfs_leave_cancellation().  Instead
 *   dbgfs_leave_cancellation() waits until no callback runs for its
 *   cancellation, so the caller may free it once it returns.  The one
 *   rule left to the driver: a cancel() must not take a lock that the
 *   handler of the same file holds around its dbgfs_leave_cancellation().
 * - The full proxy gives each open file fops of its own, holding exactly
 *   the methods that the real fops have where the VFS treats a missing
 *   method specially (->poll for epoll, ->read_iter/->write_iter and
 *   ->fasync); every method takes dbgfs_file_get() before it looks at the
 *   real fops, so a removed file answers EIO.
 * - Pollers (poll, select, epoll) of a full-proxy file never wait on the
 *   creator's wait queues, which the creator may free once dbgfs_remove()
 *   has returned: they wait on the open file's own queue, and one hook per
 *   creator's queue passes its wakeups on.  The remover, once no handler
 *   runs, takes the hooks off the creator's queues and wakes the pollers
 *   with EPOLLHUP.  dbgfs_poll_lock protects the list of polled files and
 *   their hooks; under it only the creator's queue locks are taken (to
 *   unhook) and the pollers' queue (to wake them).  A hook's wake function
 *   runs under the creator's queue lock and takes no lock of ours.  A
 *   creator that frees a queue with pollers on it calls wake_up_pollfree()
 *   and delays the free by RCU, as for epoll: the hook then unhooks itself
 *   and the remover reads its queue under rcu_read_lock().
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

/* Protects every file's cancellations list and dbgfs_cancels_running. */
static DEFINE_SPINLOCK(dbgfs_cancel_lock);

/* A cancel callback that a remover runs, on the remover's stack. */
struct dbgfs_cancel_run {
	struct list_head node;
	const struct dbgfs_cancellation *cancellation;
};

static LIST_HEAD(dbgfs_cancels_running);

/* Protects dbgfs_polled_files and every hooks list (see the rules). */
static DEFINE_SPINLOCK(dbgfs_poll_lock);

/* Open full-proxy files that have been polled, until removal or release. */
static LIST_HEAD(dbgfs_polled_files);

/*
 * What the full proxy allocates for each open file: the fops installed in
 * it, and what passes the creator's poll wakeups on to its pollers.
 */
struct dbgfs_proxy_file {
	const struct file_operations fops;	/* set once, at open */
	wait_queue_head_t pollers;	/* every poller of this open file */
	poll_table pt;			/* hooks the creator's queues */
	struct list_head hooks;		/* struct dbgfs_poll_hook */
	struct list_head node;		/* in dbgfs_polled_files once polled */
	struct dbgfs_inode_info *info;
};

/* One hook on one of the creator's wait queues. */
struct dbgfs_poll_hook {
	struct list_head node;
	wait_queue_head_t *head;	/* %NULL once unhooked by POLLFREE */
	wait_queue_entry_t wait;
	struct dbgfs_proxy_file *pf;
};

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

	/*
	 * Once removal has begun no handler starts: a handler that read
	 * ->removing just before the store may still get in, once, and the
	 * remover waits for it.  Zero means the file's own reference is gone.
	 */
	if (READ_ONCE(info->removing) ||
	    !refcount_inc_not_zero(&info->active_users))
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

/* Whether a remover runs a cancel callback for @cancellation now. */
static bool dbgfs_cancel_running(const struct dbgfs_cancellation *cancellation)
{
	struct dbgfs_cancel_run *run;
	bool running = false;

	spin_lock(&dbgfs_cancel_lock);
	list_for_each_entry(run, &dbgfs_cancels_running, node) {
		if (run->cancellation == cancellation) {
			running = true;
			break;
		}
	}
	spin_unlock(&dbgfs_cancel_lock);
	return running;
}

/*
 * Call the cancel callback of every cancellation registered for @info,
 * outside dbgfs_cancel_lock (see the rules at the top).
 */
static void dbgfs_run_cancellations(struct dentry *dentry,
				    struct dbgfs_inode_info *info)
{
	struct dbgfs_cancellation *c;
	struct dbgfs_cancel_run run;

	spin_lock(&dbgfs_cancel_lock);
	while ((c = list_first_entry_or_null(&info->cancellations,
					     typeof(*c), list))) {
		list_del_init(&c->list);
		run.cancellation = c;
		list_add(&run.node, &dbgfs_cancels_running);
		spin_unlock(&dbgfs_cancel_lock);

		c->cancel(dentry, c->cancel_data);

		spin_lock(&dbgfs_cancel_lock);
		list_del(&run.node);
		spin_unlock(&dbgfs_cancel_lock);
		/* Only the address is used: @c may be gone once we unlocked. */
		wake_up_var(c);
		spin_lock(&dbgfs_cancel_lock);
	}
	spin_unlock(&dbgfs_cancel_lock);
}

/*
 * Called by the remover for each regular file: drop the file's own
 * reference so that no handler starts again, then wait for those that run.
 * A handler waiting in a cancellable section is cancelled; one that enters
 * such a section later wakes us (dbgfs_enter_cancellation) to cancel it.
 */
static void dbgfs_poll_removed(struct dbgfs_inode_info *info);

void dbgfs_file_removed(struct dentry *dentry)
{
	struct dbgfs_inode_info *info = DBGFS_I(d_inode(dentry));

	WRITE_ONCE(info->removing, true);
	if (!refcount_dec_and_test(&info->active_users)) {
		while (refcount_read(&info->active_users)) {
			dbgfs_run_cancellations(dentry, info);
			wait_var_event(&info->active_users,
				       !refcount_read(&info->active_users) ||
				       !list_empty_careful(&info->cancellations));
		}
	}
	dbgfs_poll_removed(info);
}

void dbgfs_enter_cancellation(struct file *file,
			      struct dbgfs_cancellation *cancellation)
{
	struct dbgfs_inode_info *info = DBGFS_I(file_inode(file));

	INIT_LIST_HEAD(&cancellation->list);
	if (WARN_ON(!cancellation->cancel || !S_ISREG(file_inode(file)->i_mode)))
		return;

	spin_lock(&dbgfs_cancel_lock);
	list_add(&cancellation->list, &info->cancellations);
	spin_unlock(&dbgfs_cancel_lock);

	/* A remover already waiting must come back to cancel this one. */
	if (READ_ONCE(info->removing))
		dbgfs_wake_remover(info);
}
EXPORT_SYMBOL_GPL(dbgfs_enter_cancellation);

/*
 * Once this returns no cancel callback runs for @cancellation, which can
 * then go out of scope: one that a remover runs now is waited for.
 */
void dbgfs_leave_cancellation(struct file *file,
			      struct dbgfs_cancellation *cancellation)
{
	spin_lock(&dbgfs_cancel_lock);
	if (!list_empty(&cancellation->list))
		list_del_init(&cancellation->list);
	spin_unlock(&dbgfs_cancel_lock);

	wait_var_event(cancellation, !dbgfs_cancel_running(cancellation));
}
EXPORT_SYMBOL_GPL(dbgfs_leave_cancellation);

void *dbgfs_get_aux(const struct file *file)
{
	return (void *)DBGFS_I(file_inode(file))->aux;
}
EXPORT_SYMBOL_GPL(dbgfs_get_aux);

/*
 * Follows fs/debugfs/file.c (debugfs_locked_down(); Linux, GPL-2.0-only).
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
 * Mode and owner are part of what lockdown judges a file by (see
 * dbgfs_locked_down()), so they cannot change while the kernel is locked down.
 * A lazy entry keeps the result in its record, which outlives the inode.
 */
int dbgfs_setattr(DBGFS_IDMAP_ARG struct dentry *dentry, struct iattr *ia)
{
	int err;

	if (ia->ia_valid & (ATTR_MODE | ATTR_UID | ATTR_GID)) {
		err = security_locked_down(LOCKDOWN_DEBUGFS);
		if (err)
			return err;
	}
	err = simple_setattr(DBGFS_IDMAP_PASS dentry, ia);
	if (!err)
		dbgfs_record_save_attrs(d_inode(dentry));
	return err;
}

const struct inode_operations dbgfs_file_inode_operations = {
	.setattr	= dbgfs_setattr,
};

/**
 * dbgfs_real_fops() - the file operations a dbgfs file was created with
 * @filp: an open dbgfs file
 *
 * Return: the @fops given to dbgfs_create_file() (or _unsafe, _size, _aux)
 * for the file, not the proxy's, even while the proxy is in f_op.
 */
const struct file_operations *dbgfs_real_fops(const struct file *filp)
{
	return DBGFS_I(file_inode(filp))->real_fops;
}
EXPORT_SYMBOL_GPL(dbgfs_real_fops);

/*
 * The open-only proxy steps aside before the real open runs: from then on
 * the VFS calls the real fops, which guard themselves, and the real open
 * sees the fops it runs with, so it may replace them.  Whatever f_op holds
 * when an open fails, the VFS drops its reference.
 */
static int dbgfs_open_proxy_open(struct inode *inode, struct file *filp)
{
	const struct file_operations *real_fops = DBGFS_I(inode)->real_fops;
	struct dentry *dentry = filp->f_path.dentry;
	int err;

	/* A file removed since the lookup is gone, as far as open is told. */
	if (dbgfs_file_get(dentry))
		return -ENOENT;
	err = dbgfs_locked_down(inode, filp, real_fops);
	if (err)
		goto out;
	if (!fops_get(real_fops)) {
		err = -ENXIO;	/* the owner is being unloaded */
		goto out;
	}
	/* Drops the reference on our fops, keeps the one on real_fops. */
	replace_fops(filp, real_fops);
	if (real_fops->open)
		err = real_fops->open(inode, filp);
out:
	dbgfs_file_put(dentry);
	return err;
}

/*
 * Each full-proxy method runs the real one between file_get and file_put,
 * and looks at the real fops only once file_get succeeded: a removed file
 * answers EIO whatever it lacks.  A missing method gives what the VFS
 * gives for it.  dbgfs_proxy_get() returns the real fops, or %NULL once
 * the file is removed.
 */
static const struct file_operations *dbgfs_proxy_get(struct file *filp)
{
	if (dbgfs_file_get(filp->f_path.dentry))
		return NULL;
	return dbgfs_real_fops(filp);
}

static void dbgfs_proxy_put(struct file *filp)
{
	dbgfs_file_put(filp->f_path.dentry);
}

static ssize_t dbgfs_full_proxy_read(struct file *filp, char __user *buf,
				     size_t count, loff_t *ppos)
{
	const struct file_operations *real_fops = dbgfs_proxy_get(filp);
	ssize_t ret = -EINVAL;

	if (!real_fops)
		return -EIO;
	if (real_fops->read)
		ret = real_fops->read(filp, buf, count, ppos);
	dbgfs_proxy_put(filp);
	return ret;
}

static ssize_t dbgfs_full_proxy_write(struct file *filp,
				      const char __user *buf, size_t count,
				      loff_t *ppos)
{
	const struct file_operations *real_fops = dbgfs_proxy_get(filp);
	ssize_t ret = -EINVAL;

	if (!real_fops)
		return -EIO;
	if (real_fops->write)
		ret = real_fops->write(filp, buf, count, ppos);
	dbgfs_proxy_put(filp);
	return ret;
}

/* Installed only where the real fops have it. */
static ssize_t dbgfs_full_proxy_read_iter(struct kiocb *iocb,
					  struct iov_iter *to)
{
	const struct file_operations *real_fops = dbgfs_proxy_get(iocb->ki_filp);
	ssize_t ret;

	if (!real_fops)
		return -EIO;
	ret = real_fops->read_iter(iocb, to);
	dbgfs_proxy_put(iocb->ki_filp);
	return ret;
}

/* Installed only where the real fops have it. */
static ssize_t dbgfs_full_proxy_write_iter(struct kiocb *iocb,
					   struct iov_iter *from)
{
	const struct file_operations *real_fops = dbgfs_proxy_get(iocb->ki_filp);
	ssize_t ret;

	if (!real_fops)
		return -EIO;
	ret = real_fops->write_iter(iocb, from);
	dbgfs_proxy_put(iocb->ki_filp);
	return ret;
}

static loff_t dbgfs_full_proxy_llseek(struct file *filp, loff_t offset,
				      int whence)
{
	const struct file_operations *real_fops = dbgfs_proxy_get(filp);
	loff_t ret = -ESPIPE;

	if (!real_fops)
		return -EIO;
	if (real_fops->llseek)
		ret = real_fops->llseek(filp, offset, whence);
	dbgfs_proxy_put(filp);
	return ret;
}

static long dbgfs_full_proxy_ioctl(struct file *filp, unsigned int cmd,
				   unsigned long arg)
{
	const struct file_operations *real_fops = dbgfs_proxy_get(filp);
	long ret = -ENOTTY;

	if (!real_fops)
		return -EIO;
	if (real_fops->unlocked_ioctl)
		ret = real_fops->unlocked_ioctl(filp, cmd, arg);
	dbgfs_proxy_put(filp);
	return ret;
}

/* -ENOIOCTLCMD is what the VFS turns into ENOTTY for 32-bit callers. */
static long dbgfs_full_proxy_compat_ioctl(struct file *filp, unsigned int cmd,
					  unsigned long arg)
{
	const struct file_operations *real_fops = dbgfs_proxy_get(filp);
	long ret = -ENOIOCTLCMD;

	if (!real_fops)
		return -EIO;
	if (real_fops->compat_ioctl)
		ret = real_fops->compat_ioctl(filp, cmd, arg);
	dbgfs_proxy_put(filp);
	return ret;
}

/*
 * Only the mmap call itself is guarded: faults in the mapping run the
 * real vm_operations, which the creator must keep valid until unmapped.
 */
static int dbgfs_full_proxy_mmap(struct file *filp, struct vm_area_struct *vma)
{
	const struct file_operations *real_fops = dbgfs_proxy_get(filp);
	int ret = -ENODEV;

	if (!real_fops)
		return -EIO;
	if (real_fops->mmap)
		ret = real_fops->mmap(filp, vma);
	dbgfs_proxy_put(filp);
	return ret;
}

static ssize_t dbgfs_full_proxy_splice_read(struct file *filp, loff_t *ppos,
					    struct pipe_inode_info *pipe,
					    size_t len, unsigned int flags)
{
	const struct file_operations *real_fops = dbgfs_proxy_get(filp);
	ssize_t ret = -EINVAL;

	if (!real_fops)
		return -EIO;
	if (real_fops->splice_read)
		ret = real_fops->splice_read(filp, ppos, pipe, len, flags);
	dbgfs_proxy_put(filp);
	return ret;
}

/*
 * A wakeup on the creator's queue, under its lock: passed on to the
 * pollers.  POLLFREE means the creator frees the queue: unhook, as epoll
 * does (list_del_init() under the queue's lock, then the release store
 * that tells dbgfs_poll_unhook() not to touch the queue again).
 */
static int dbgfs_poll_hook_wake(wait_queue_entry_t *wait, unsigned int mode,
				int sync, void *key)
{
	struct dbgfs_poll_hook *hook = container_of(wait, typeof(*hook), wait);
	__poll_t mask = key_to_poll(key);

	if (mask & POLLFREE) {
		list_del_init(&wait->entry);
		/* pairs with dbgfs_poll_unhook(): the entry is off the queue */
		smp_store_release(&hook->head, NULL);
		mask &= ~POLLFREE;
	}
	__wake_up(&hook->pf->pollers, mode, 1, poll_to_key(mask));
	return 0;
}

static bool dbgfs_poll_hooked(struct dbgfs_proxy_file *pf,
			      wait_queue_head_t *head)
{
	struct dbgfs_poll_hook *hook;

	lockdep_assert_held(&dbgfs_poll_lock);
	list_for_each_entry(hook, &pf->hooks, node) {
		if (hook->head == head)
			return true;
	}
	return false;
}

/* The creator's poll_wait() on @head, through the proxy's poll_table. */
static void dbgfs_poll_hook_queue(struct file *filp, wait_queue_head_t *head,
				  poll_table *pt)
{
	struct dbgfs_proxy_file *pf = container_of(pt, typeof(*pf), pt);
	struct dbgfs_poll_hook *new = NULL;

	/* Once per queue: poll(2) and select(2) come back on every call. */
	spin_lock(&dbgfs_poll_lock);
	while (!dbgfs_poll_hooked(pf, head)) {
		if (new) {
			new->head = head;
			new->pf = pf;
			init_waitqueue_func_entry(&new->wait,
						  dbgfs_poll_hook_wake);
			add_wait_queue(head, &new->wait);
			list_add(&new->node, &pf->hooks);
			new = NULL;
			break;
		}
		spin_unlock(&dbgfs_poll_lock);
		new = kmalloc(sizeof(*new), GFP_KERNEL);
		if (WARN_ON_ONCE(!new))
			return;	/* wakeups from this queue will not reach us */
		spin_lock(&dbgfs_poll_lock);
	}
	spin_unlock(&dbgfs_poll_lock);
	kfree(new);
}

/* Take @pf's hooks off the creator's queues; under dbgfs_poll_lock. */
static void dbgfs_poll_unhook(struct dbgfs_proxy_file *pf,
			      struct list_head *unhooked)
{
	struct dbgfs_poll_hook *hook;
	wait_queue_head_t *head;

	lockdep_assert_held(&dbgfs_poll_lock);
	list_for_each_entry(hook, &pf->hooks, node) {
		rcu_read_lock();	/* a POLLFREE'd queue is freed by RCU */
		/* pairs with dbgfs_poll_hook_wake()'s POLLFREE unhooking */
		head = smp_load_acquire(&hook->head);
		if (head)
			remove_wait_queue(head, &hook->wait);
		rcu_read_unlock();
	}
	list_splice_init(&pf->hooks, unhooked);
	list_del_init(&pf->node);
}

static void dbgfs_poll_free_hooks(struct list_head *unhooked)
{
	struct dbgfs_poll_hook *hook, *next;

	list_for_each_entry_safe(hook, next, unhooked, node)
		kfree(hook);
}

/*
 * The remover, once no handler runs: no poller may stay on a queue of the
 * creator's, and those waiting learn that the file is gone.
 */
static void dbgfs_poll_removed(struct dbgfs_inode_info *info)
{
	struct dbgfs_proxy_file *pf, *next;
	LIST_HEAD(unhooked);

	spin_lock(&dbgfs_poll_lock);
	list_for_each_entry_safe(pf, next, &dbgfs_polled_files, node) {
		if (pf->info != info)
			continue;
		dbgfs_poll_unhook(pf, &unhooked);
		wake_up_poll(&pf->pollers, EPOLLHUP);
	}
	spin_unlock(&dbgfs_poll_lock);
	dbgfs_poll_free_hooks(&unhooked);
}

/*
 * Registering pollers (a poll_table with a queue function) wait on the
 * open file's own queue; the creator's ->poll sees the proxy's table, which
 * hooks its queues.  Epoll's later polls, without a queue function, and
 * everything after removal reach no queue at all.
 */
static __poll_t dbgfs_full_proxy_poll(struct file *filp, poll_table *wait)
{
	struct dbgfs_proxy_file *pf = container_of(filp->f_op, typeof(*pf),
						   fops);
	const struct file_operations *real_fops = dbgfs_proxy_get(filp);
	__poll_t mask;

	if (!real_fops)
		return EPOLLHUP;
	if (!wait || !wait->_qproc) {
		mask = real_fops->poll(filp, wait);
	} else {
		poll_wait(filp, &pf->pollers, wait);
		spin_lock(&dbgfs_poll_lock);
		if (list_empty(&pf->node))
			list_add(&pf->node, &dbgfs_polled_files);
		spin_unlock(&dbgfs_poll_lock);
		pf->pt._key = wait->_key;
		mask = real_fops->poll(filp, &pf->pt);
	}
	dbgfs_proxy_put(filp);
	return mask;
}

/*
 * Turning async notification off is never refused, like release: the
 * real fasync must take the file off its lists before the file goes.
 */
static int dbgfs_full_proxy_fasync(int fd, struct file *filp, int on)
{
	const struct file_operations *real_fops = dbgfs_real_fops(filp);
	struct dentry *dentry = filp->f_path.dentry;
	int ret;

	if (!on)
		return real_fops->fasync(fd, filp, on);
	if (dbgfs_file_get(dentry))
		return -EIO;
	ret = real_fops->fasync(fd, filp, on);
	dbgfs_file_put(dentry);
	return ret;
}

/*
 * Release is never refused: it frees what the real open allocated.  The
 * open file's own fops go with it; __fput() drops the VFS's reference on
 * dbgfs through f_op after we return, so f_op points back at the static
 * proxy, whose owner is the same module.
 */
static int dbgfs_full_proxy_release(struct inode *inode, struct file *filp)
{
	const struct file_operations *real_fops = dbgfs_real_fops(filp);
	struct dbgfs_proxy_file *pf = container_of(filp->f_op, typeof(*pf),
						   fops);
	LIST_HEAD(unhooked);
	int err = 0;

	/* Epoll let go of this file before ->release: no poller is left. */
	spin_lock(&dbgfs_poll_lock);
	dbgfs_poll_unhook(pf, &unhooked);
	spin_unlock(&dbgfs_poll_lock);
	dbgfs_poll_free_hooks(&unhooked);

	if (real_fops->release)
		err = real_fops->release(inode, filp);
	filp->f_op = inode->i_fop;
	kfree(pf);
	fops_put(real_fops);
	return err;
}

/*
 * The fops of one open file.  ->poll, ->read_iter, ->write_iter and
 * ->fasync are there only where the real fops have them, since the VFS
 * acts on their presence (epoll refuses a file without ->poll; read()
 * uses ->read_iter only without ->read).  The others are always there and
 * answer as the VFS would where the real method is missing; ->read and
 * ->write also stand in for the VFS's EINVAL when the real fops have
 * neither form, since the static proxy made the VFS mark the file
 * readable and writable.
 */
static struct dbgfs_proxy_file *
dbgfs_full_proxy_file_new(struct inode *inode,
			  const struct file_operations *real)
{
	const struct file_operations proxy = {
		.owner		= THIS_MODULE,
		.release	= dbgfs_full_proxy_release,
		.llseek		= dbgfs_full_proxy_llseek,
		.unlocked_ioctl	= dbgfs_full_proxy_ioctl,
		.compat_ioctl	= dbgfs_full_proxy_compat_ioctl,
		.mmap		= dbgfs_full_proxy_mmap,
		.splice_read	= dbgfs_full_proxy_splice_read,
		.read		= real->read || !real->read_iter ?
				  dbgfs_full_proxy_read : NULL,
		.read_iter	= real->read_iter ?
				  dbgfs_full_proxy_read_iter : NULL,
		.write		= real->write || !real->write_iter ?
				  dbgfs_full_proxy_write : NULL,
		.write_iter	= real->write_iter ?
				  dbgfs_full_proxy_write_iter : NULL,
		.poll		= real->poll ? dbgfs_full_proxy_poll : NULL,
		.fasync		= real->fasync ? dbgfs_full_proxy_fasync : NULL,
	};
	struct dbgfs_proxy_file *pf = kzalloc(sizeof(*pf), GFP_KERNEL);

	if (!pf)
		return NULL;
	memcpy((void *)&pf->fops, &proxy, sizeof(proxy));
	init_waitqueue_head(&pf->pollers);
	init_poll_funcptr(&pf->pt, dbgfs_poll_hook_queue);
	INIT_LIST_HEAD(&pf->hooks);
	INIT_LIST_HEAD(&pf->node);
	pf->info = DBGFS_I(inode);
	return pf;
}

static int dbgfs_full_proxy_open(struct inode *inode, struct file *filp)
{
	const struct file_operations *real_fops = DBGFS_I(inode)->real_fops;
	struct dentry *dentry = filp->f_path.dentry;
	struct dbgfs_proxy_file *pf;
	int err;

	if (dbgfs_file_get(dentry))
		return -ENOENT;
	err = dbgfs_locked_down(inode, filp, real_fops);
	if (err)
		goto out;
	pf = dbgfs_full_proxy_file_new(inode, real_fops);
	if (!pf) {
		err = -ENOMEM;
		goto out;
	}
	if (!fops_get(real_fops)) {
		err = -ENXIO;	/* the owner is being unloaded */
		goto free_proxy;
	}
	/* The VFS's reference on dbgfs, the owner of both, carries over. */
	filp->f_op = &pf->fops;

	if (real_fops->open) {
		err = real_fops->open(inode, filp);
		if (err) {
			filp->f_op = inode->i_fop;
			goto put_real;
		}
		/*
		 * The real open replaced our fops with its own (replace_fops()
		 * dropped our reference): the proxy's release will not run,
		 * and nothing guards this file against removal any more.
		 */
		if (filp->f_op != &pf->fops) {
			pr_warn("'%pd': its open replaced the proxy's fops: removal no longer guards this open file\n",
				dentry);
			goto put_real;
		}
	}
	goto out;

put_real:
	fops_put(real_fops);
free_proxy:
	kfree(pf);
out:
	dbgfs_file_put(dentry);
	return err;
}

/*
 * What the VFS sees at open: ->read and ->write make it mark the file
 * readable and writable, ->llseek seekable; the open then installs the
 * file's own fops (dbgfs_full_proxy_file_new()).
 */
const struct file_operations dbgfs_full_proxy_fops = {
	.owner		= THIS_MODULE,
	.open		= dbgfs_full_proxy_open,
	.read		= dbgfs_full_proxy_read,
	.write		= dbgfs_full_proxy_write,
	.llseek		= dbgfs_full_proxy_llseek,
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
