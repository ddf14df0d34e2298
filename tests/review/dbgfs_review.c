// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbgfs_review - a dbgfs client for the review scenarios of issue 16
 *
 * Loaded with last=1 or last=2 it creates only dbgfs_review_last/ in the
 * dbgfs root and removes it at unload with dbgfs_lookup_and_remove()
 * (last=1) or dbgfs_lookup() + dbgfs_remove() + dput() (last=2).
 * Otherwise everything lives below dbgfs_review/:
 *
 *	ctl/		write-only triggers (0200, full proxy); each returns
 *			when its work is done, -ETIMEDOUT if a watchdog fired:
 *	  remove_load	  remove load/ from a work item
 *	  rename_during_remove
 *			  remove D/ from a work item and, while the remover
 *			  waits in D/S/slow2, rename D/F to G (rename_err)
 *	  remove_str	  remove sa/ from a work item
 *	  remove_ca	  remove ca/ from a work item
 *	  remove_cover	  remove cover/ from a work item, then count the
 *			  entries left on waitq's wait queue (waitq_left)
 *	  waitq_ready	  make cover/waitq readable and wake its queue
 *	load/slow	full proxy; each read sleeps 20 ms and gives "slow\n"
 *	load/val	u32
 *	D/F		full proxy, reads "F\n"; made before D/S/
 *	D/S/slow2	full proxy; a read waits in a cancellation whose cancel
 *			only tells the trigger that the remover arrived, until
 *			the trigger releases it, then gives -EIO
 *	swap_full, swap_unsafe
 *			real open swaps the fops with replace_fops(); the
 *			real fops read "real\n", the swapped ones "swapped\n"
 *	sa/str_a, str_b, str_c
 *			string files
 *	ca/cancel_a	read waits in a cancellation whose cancel takes the
 *			driver lock (trylock, 20 s deadline: deadlocks)
 *	cancel_b	read holds the driver lock while it leaves its own
 *			cancellation, once cancel_a's cancel has started
 *	tick		u32, 7
 *	big		u32 array of 1,000,000 values 1000000000
 *	cover/		full proxy: ioctl32 (ioctl and compat_ioctl: cmd
 *			0x5678 gives 0x1234), nopoll (no poll), poll (poll
 *			gives EPOLLIN), iter (only read_iter and write_iter),
 *			mapped (mmap of a page that reads "mapped"), async
 *			(fasync counts calls), waitq (poll waits on the
 *			module's wait queue; EPOLLIN once ctl/waitq_ready)
 *
 * /proc/dbgfs_review (0666): a write creates and removes
 * dbgfs_review_user/ in the dbgfs root from the writer's context and
 * fails with the create's error.
 *
 * Read-only module parameters report state: init_err, timeouts (watchdogs
 * that fired), deadlocks, rename_err, blocked2, a_blocked, b_waiting,
 * fasync_calls, iter_written, user_create_err, waitq_left.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/proc_fs.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/uio.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include <dbgfs.h>

/* Every wait of this module ends after this, with a counted timeout. */
#define REVIEW_WAIT		(30 * HZ)
/* cancel_a's cancel gives up on the driver lock after this. */
#define REVIEW_LOCK_DEADLINE	(20 * HZ)
#define REVIEW_BIG_N		1000000
#define REVIEW_IOCTL_CMD	0x5678
#define REVIEW_IOCTL_MAGIC	0x1234
/* nobody writes /proc/dbgfs_review: that is the test (a test module only) */
#define REVIEW_PROC_MODE	0666

static int last;
module_param(last, int, 0444);
MODULE_PARM_DESC(last, "1 or 2: only dbgfs_review_last/, removed at unload by lookup_and_remove (1) or lookup, remove and dput (2)");

static int init_err;
module_param(init_err, int, 0444);
MODULE_PARM_DESC(init_err, "errno of the first failed create at load");

static atomic_t timeouts = ATOMIC_INIT(0);
module_param_named(timeouts, timeouts.counter, int, 0444);
MODULE_PARM_DESC(timeouts, "watchdogs that fired");

static atomic_t deadlocks = ATOMIC_INIT(0);
module_param_named(deadlocks, deadlocks.counter, int, 0444);
MODULE_PARM_DESC(deadlocks, "cancel_a's cancel gave up on the driver lock");

static int rename_err = 1;
module_param(rename_err, int, 0444);
MODULE_PARM_DESC(rename_err, "dbgfs_change_name() of D/F during the removal of D (1: not run)");

static atomic_t blocked2 = ATOMIC_INIT(0);
module_param_named(blocked2, blocked2.counter, int, 0444);
MODULE_PARM_DESC(blocked2, "readers waiting in D/S/slow2");

static atomic_t a_blocked = ATOMIC_INIT(0);
module_param_named(a_blocked, a_blocked.counter, int, 0444);
MODULE_PARM_DESC(a_blocked, "readers waiting in ca/cancel_a");

static atomic_t b_waiting = ATOMIC_INIT(0);
module_param_named(b_waiting, b_waiting.counter, int, 0444);
MODULE_PARM_DESC(b_waiting, "readers of cancel_b holding the driver lock");

static atomic_t fasync_calls = ATOMIC_INIT(0);
module_param_named(fasync_calls, fasync_calls.counter, int, 0444);
MODULE_PARM_DESC(fasync_calls, "calls of cover/async's fasync");

static int iter_written;
module_param(iter_written, int, 0444);
MODULE_PARM_DESC(iter_written, "bytes of the last write_iter of cover/iter");

static int user_create_err = 1;
module_param(user_create_err, int, 0444);
MODULE_PARM_DESC(user_create_err, "error of the create from /proc/dbgfs_review (1: not run)");

static DECLARE_WAIT_QUEUE_HEAD(review_wq);

static struct dentry *root_dir, *ctl_dir, *load_dir, *d_dir, *sa_dir;
static struct dentry *ca_dir, *cover_dir;
static struct dentry *f_ref;	/* D/F, referenced until D is removed */
static DEFINE_MUTEX(trigger_lock);	/* serializes the triggers */

/* wait_event_timeout() that counts a timeout; true if @cond came true. */
#define review_wait(cond) ({						\
	bool __ok = wait_event_timeout(review_wq, (cond), REVIEW_WAIT);	\
	if (!__ok)							\
		atomic_inc(&timeouts);					\
	__ok;								\
})

/* A directory removed from a work item, so that a watchdog can wait. */
struct review_removal {
	struct work_struct work;
	struct completion done;
	struct dentry *dentry;
};

static struct review_removal rm_load, rm_d, rm_sa, rm_ca, rm_cover;

static void removal_fn(struct work_struct *work)
{
	struct review_removal *r = container_of(work, typeof(*r), work);

	dbgfs_remove(r->dentry);
	complete(&r->done);
}

static void removal_init(struct review_removal *r)
{
	INIT_WORK(&r->work, removal_fn);
	init_completion(&r->done);
}

/* Queue the removal of *@dirp, once: the pointer is cleared. */
static int removal_start(struct review_removal *r, struct dentry **dirp)
{
	if (!*dirp)
		return -ENOENT;
	r->dentry = *dirp;
	*dirp = NULL;
	queue_work(system_long_wq, &r->work);
	return 0;
}

static int removal_wait(struct review_removal *r)
{
	if (!wait_for_completion_timeout(&r->done, REVIEW_WAIT)) {
		atomic_inc(&timeouts);
		pr_warn("the removal did not return within %d s\n",
			REVIEW_WAIT / HZ);
		return -ETIMEDOUT;
	}
	return 0;
}

static int removal_run(struct review_removal *r, struct dentry **dirp)
{
	int err = removal_start(r, dirp);

	return err ? err : removal_wait(r);
}

/* Read-only text for a full-proxy file: the text is in i_private. */
static ssize_t text_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	const char *text = file_inode(file)->i_private;

	return simple_read_from_buffer(buf, count, ppos, text, strlen(text));
}

static const struct file_operations text_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= text_read,
	.llseek	= default_llseek,
};

/* load/slow: a read takes 20 ms */
static ssize_t slow_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	msleep(20);
	return simple_read_from_buffer(buf, count, ppos, "slow\n", 5);
}

static const struct file_operations slow_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= slow_read,
	.llseek	= default_llseek,
};

static u32 v_val = 1, v_tick = 7;

/* D/S/slow2: held until the rename trigger releases it */
static DECLARE_COMPLETION(remover_arrived);
static bool release2;

static void slow2_cancel(struct dentry *dentry, void *data)
{
	complete(&remover_arrived);
}

static ssize_t slow2_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	struct dbgfs_cancellation c = { .cancel = slow2_cancel };

	dbgfs_enter_cancellation(file, &c);
	atomic_inc(&blocked2);
	review_wait(READ_ONCE(release2));
	atomic_dec(&blocked2);
	dbgfs_leave_cancellation(file, &c);
	return -EIO;
}

static const struct file_operations slow2_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= slow2_read,
};

static int rename_during_remove(void)
{
	int err, werr;

	if (atomic_read(&blocked2) < 1)
		return -EAGAIN;	/* a reader must wait in slow2 first */
	reinit_completion(&remover_arrived);
	err = removal_start(&rm_d, &d_dir);
	if (err)
		return err;
	if (wait_for_completion_timeout(&remover_arrived, REVIEW_WAIT)) {
		rename_err = dbgfs_change_name(f_ref, "G");
	} else {
		atomic_inc(&timeouts);
		err = -ETIMEDOUT;
	}
	WRITE_ONCE(release2, true);
	wake_up_all(&review_wq);
	werr = removal_wait(&rm_d);
	if (!werr) {
		dput(f_ref);
		f_ref = NULL;
	}
	return err ? err : werr;
}

/* swap_full, swap_unsafe: the real open replaces the fops */
static ssize_t swapped_read(struct file *file, char __user *buf,
			    size_t count, loff_t *ppos)
{
	return simple_read_from_buffer(buf, count, ppos, "swapped\n", 8);
}

static const struct file_operations swapped_fops = {
	.owner	= THIS_MODULE,
	.read	= swapped_read,
	.llseek	= default_llseek,
};

/* Through a variable: fops_get(&swapped_fops) warns under W=1. */
static const struct file_operations *swapped = &swapped_fops;

static int swap_open(struct inode *inode, struct file *file)
{
	const struct file_operations *fops = fops_get(swapped);

	if (!fops)
		return -ENODEV;
	replace_fops(file, fops);
	return 0;
}

static ssize_t real_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	return simple_read_from_buffer(buf, count, ppos, "real\n", 5);
}

static const struct file_operations swap_fops = {
	.owner	= THIS_MODULE,
	.open	= swap_open,
	.read	= real_read,
	.llseek	= default_llseek,
};

/* strings: kmalloc()ed or NULL, as dbgfs_create_str() requires */
static char *str_a, *str_b, *str_c;

/* ca/cancel_a and cancel_b: a driver lock between two cancellations */
static DEFINE_MUTEX(driver_lock);
static bool cancel_a_started;

static void cancel_a_cancel(struct dentry *dentry, void *data)
{
	unsigned long deadline = jiffies + REVIEW_LOCK_DEADLINE;
	bool *done = data;

	WRITE_ONCE(cancel_a_started, true);
	wake_up_all(&review_wq);
	while (!mutex_trylock(&driver_lock)) {
		if (time_after(jiffies, deadline)) {
			atomic_inc(&deadlocks);
			pr_warn("cancel_a: driver lock still held after %d s\n",
				REVIEW_LOCK_DEADLINE / HZ);
			goto out;
		}
		usleep_range(10000, 20000);
	}
	mutex_unlock(&driver_lock);
out:
	WRITE_ONCE(*done, true);
	wake_up_all(&review_wq);
}

static ssize_t cancel_a_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	bool done = false;
	struct dbgfs_cancellation c = {
		.cancel = cancel_a_cancel,
		.cancel_data = &done,
	};

	dbgfs_enter_cancellation(file, &c);
	atomic_inc(&a_blocked);
	review_wait(READ_ONCE(done));
	atomic_dec(&a_blocked);
	dbgfs_leave_cancellation(file, &c);
	return -EIO;
}

static void noop_cancel(struct dentry *dentry, void *data)
{
}

static ssize_t cancel_b_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct dbgfs_cancellation c = { .cancel = noop_cancel };

	dbgfs_enter_cancellation(file, &c);
	mutex_lock(&driver_lock);
	atomic_inc(&b_waiting);
	review_wait(READ_ONCE(cancel_a_started));
	dbgfs_leave_cancellation(file, &c);
	atomic_dec(&b_waiting);
	mutex_unlock(&driver_lock);
	return 0;
}

static const struct file_operations cancel_a_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= cancel_a_read,
};

static const struct file_operations cancel_b_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= cancel_b_read,
};

/* big: a u32 array too large for one kmalloc() of its text */
static struct dbgfs_u32_array big;

/* cover/: what the full proxy must pass on */
static long ioctl32_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	return cmd == REVIEW_IOCTL_CMD ? REVIEW_IOCTL_MAGIC : -ENOTTY;
}

static const struct file_operations ioctl32_fops = {
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.read		= text_read,
	.unlocked_ioctl	= ioctl32_ioctl,
	.compat_ioctl	= ioctl32_ioctl,
};

static __poll_t poll_poll(struct file *file, struct poll_table_struct *wait)
{
	return EPOLLIN | EPOLLRDNORM;
}

/* cover/waitq: pollers wait on this module's queue */
static DECLARE_WAIT_QUEUE_HEAD(waitq);
static bool waitq_ready;

static int waitq_left = -1;
module_param(waitq_left, int, 0444);
MODULE_PARM_DESC(waitq_left, "entries left on waitq's queue after remove_cover");

static __poll_t waitq_poll(struct file *file, struct poll_table_struct *wait)
{
	poll_wait(file, &waitq, wait);
	return READ_ONCE(waitq_ready) ? EPOLLIN | EPOLLRDNORM : 0;
}

static const struct file_operations waitq_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= text_read,
	.poll	= waitq_poll,
};

/* What is still queued on waitq: once cover/ is gone, nothing may be. */
static int waitq_count(void)
{
	struct wait_queue_entry *entry;
	int n = 0;

	spin_lock_irq(&waitq.lock);
	list_for_each_entry(entry, &waitq.head, entry)
		n++;
	spin_unlock_irq(&waitq.lock);
	return n;
}

static const struct file_operations poll_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= text_read,
	.poll	= poll_poll,
};

static ssize_t iter_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	static const char text[] = "iter\n";
	loff_t pos = iocb->ki_pos;
	size_t n;

	if (pos < 0)
		return -EINVAL;
	if (pos >= sizeof(text) - 1)
		return 0;
	n = copy_to_iter(text + pos, sizeof(text) - 1 - pos, to);
	iocb->ki_pos += n;
	return n;
}

static ssize_t iter_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	size_t len = iov_iter_count(from);

	iov_iter_advance(from, len);
	WRITE_ONCE(iter_written, len);
	return len;
}

static const struct file_operations iter_fops = {
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.read_iter	= iter_read_iter,
	.write_iter	= iter_write_iter,
};

static unsigned long mapped_page;

static int mapped_mmap(struct file *file, struct vm_area_struct *vma)
{
	if (vma->vm_pgoff || vma->vm_end - vma->vm_start != PAGE_SIZE)
		return -EINVAL;
	return remap_pfn_range(vma, vma->vm_start,
			       virt_to_phys((void *)mapped_page) >> PAGE_SHIFT,
			       PAGE_SIZE, vma->vm_page_prot);
}

static const struct file_operations mapped_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= text_read,
	.mmap	= mapped_mmap,
};

static int async_fasync(int fd, struct file *file, int on)
{
	atomic_inc(&fasync_calls);
	return 0;
}

static const struct file_operations async_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= text_read,
	.fasync	= async_fasync,
};

/* /proc/dbgfs_review: a create made in the writer's context */
static ssize_t user_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *ppos)
{
	struct dentry *d = dbgfs_create_dir("dbgfs_review_user", NULL);

	WRITE_ONCE(user_create_err, PTR_ERR_OR_ZERO(d));
	if (IS_ERR(d))
		return PTR_ERR(d);
	dbgfs_remove(d);
	return count;
}

static const struct proc_ops user_proc_ops = {
	.proc_write	= user_write,
};

static bool proc_made;

/* ctl/ */
enum review_ctl {
	CTL_REMOVE_LOAD,
	CTL_RENAME_DURING_REMOVE,
	CTL_REMOVE_STR,
	CTL_REMOVE_CA,
	CTL_REMOVE_COVER,
	CTL_WAITQ_READY,
};

static const char * const ctl_names[] = {
	[CTL_REMOVE_LOAD] = "remove_load",
	[CTL_RENAME_DURING_REMOVE] = "rename_during_remove",
	[CTL_REMOVE_STR] = "remove_str",
	[CTL_REMOVE_CA] = "remove_ca",
	[CTL_REMOVE_COVER] = "remove_cover",
	[CTL_WAITQ_READY] = "waitq_ready",
};

static ssize_t ctl_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	enum review_ctl ctl = (uintptr_t)file_inode(file)->i_private;
	int err;

	mutex_lock(&trigger_lock);
	switch (ctl) {
	case CTL_REMOVE_LOAD:
		err = removal_run(&rm_load, &load_dir);
		break;
	case CTL_RENAME_DURING_REMOVE:
		err = rename_during_remove();
		break;
	case CTL_REMOVE_STR:
		err = removal_run(&rm_sa, &sa_dir);
		break;
	case CTL_REMOVE_CA:
		err = removal_run(&rm_ca, &ca_dir);
		break;
	case CTL_REMOVE_COVER:
		err = removal_run(&rm_cover, &cover_dir);
		waitq_left = waitq_count();
		break;
	case CTL_WAITQ_READY:
		WRITE_ONCE(waitq_ready, true);
		wake_up_interruptible_poll(&waitq, EPOLLIN | EPOLLRDNORM);
		err = 0;
		break;
	default:
		err = -EINVAL;
		break;
	}
	mutex_unlock(&trigger_lock);
	return err ? err : count;
}

static const struct file_operations ctl_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= ctl_write,
};

/* Remember the first error of a series of creates. */
static struct dentry *note(struct dentry *dentry)
{
	if (IS_ERR(dentry) && !init_err)
		init_err = PTR_ERR(dentry);
	return dentry;
}

static void make_cover(void)
{
	cover_dir = note(dbgfs_create_dir("cover", root_dir));
	note(dbgfs_create_file("ioctl32", 0444, cover_dir, "ioctl32\n",
			       &ioctl32_fops));
	note(dbgfs_create_file("nopoll", 0444, cover_dir, "nopoll\n",
			       &text_fops));
	note(dbgfs_create_file("poll", 0444, cover_dir, "poll\n",
			       &poll_fops));
	note(dbgfs_create_file("iter", 0644, cover_dir, NULL, &iter_fops));
	note(dbgfs_create_file("mapped", 0444, cover_dir, "mapped\n",
			       &mapped_fops));
	note(dbgfs_create_file("async", 0444, cover_dir, "async\n",
			       &async_fops));
	note(dbgfs_create_file("waitq", 0444, cover_dir, "waitq\n",
			       &waitq_fops));
}

static void make_tree(void)
{
	struct dentry *s_dir, *f;
	uintptr_t i;

	root_dir = note(dbgfs_create_dir(KBUILD_MODNAME, NULL));
	ctl_dir = note(dbgfs_create_dir("ctl", root_dir));
	for (i = 0; i < ARRAY_SIZE(ctl_names); i++)
		note(dbgfs_create_file(ctl_names[i], 0200, ctl_dir,
				       (void *)i, &ctl_fops));

	load_dir = note(dbgfs_create_dir("load", root_dir));
	note(dbgfs_create_file("slow", 0444, load_dir, NULL, &slow_fops));
	dbgfs_create_u32("val", 0644, load_dir, &v_val);

	/* F before S: the removal of D visits S (the newest) first */
	d_dir = note(dbgfs_create_dir("D", root_dir));
	f = note(dbgfs_create_file("F", 0444, d_dir, "F\n", &text_fops));
	if (!IS_ERR(f))
		f_ref = dget(f);
	s_dir = note(dbgfs_create_dir("S", d_dir));
	note(dbgfs_create_file("slow2", 0444, s_dir, NULL, &slow2_fops));

	note(dbgfs_create_file("swap_full", 0444, root_dir, NULL,
			       &swap_fops));
	note(dbgfs_create_file_unsafe("swap_unsafe", 0444, root_dir, NULL,
				      &swap_fops));

	sa_dir = note(dbgfs_create_dir("sa", root_dir));
	dbgfs_create_str("str_a", 0644, sa_dir, &str_a);
	dbgfs_create_str("str_b", 0644, root_dir, &str_b);
	dbgfs_create_str("str_c", 0644, root_dir, &str_c);

	ca_dir = note(dbgfs_create_dir("ca", root_dir));
	note(dbgfs_create_file("cancel_a", 0444, ca_dir, NULL,
			       &cancel_a_fops));
	note(dbgfs_create_file("cancel_b", 0444, root_dir, NULL,
			       &cancel_b_fops));

	dbgfs_create_u32("tick", 0644, root_dir, &v_tick);
	dbgfs_create_u32_array("big", 0444, root_dir, &big);
	make_cover();
}

static int __init dbgfs_review_init(void)
{
	u32 i;

	if (last) {
		init_err = PTR_ERR_OR_ZERO(dbgfs_create_dir("dbgfs_review_last",
							    NULL));
		return init_err;
	}

	removal_init(&rm_load);
	removal_init(&rm_d);
	removal_init(&rm_sa);
	removal_init(&rm_ca);
	removal_init(&rm_cover);

	big.array = kvmalloc_array(REVIEW_BIG_N, sizeof(u32), GFP_KERNEL);
	mapped_page = get_zeroed_page(GFP_KERNEL);
	if (!big.array || !mapped_page) {
		kvfree(big.array);
		free_page(mapped_page);
		return -ENOMEM;
	}
	for (i = 0; i < REVIEW_BIG_N; i++)
		big.array[i] = 1000000000;
	big.n_elements = REVIEW_BIG_N;
	strscpy((char *)mapped_page, "mapped", PAGE_SIZE);

	make_tree();
	proc_made = proc_create(KBUILD_MODNAME, REVIEW_PROC_MODE, NULL, &user_proc_ops);
	if (init_err || !proc_made)
		pr_info("creating the tree failed: %d, proc %d\n", init_err,
			proc_made);
	return 0;
}

static void __exit dbgfs_review_exit(void)
{
	struct dentry *d;

	if (last == 1) {
		dbgfs_lookup_and_remove("dbgfs_review_last", NULL);
		return;
	}
	if (last) {
		d = dbgfs_lookup("dbgfs_review_last", NULL);
		dbgfs_remove(d);
		dput(d);
		return;
	}

	if (proc_made)
		remove_proc_entry(KBUILD_MODNAME, NULL);
	/* a removal whose watchdog fired may still run: wait for it */
	flush_work(&rm_load.work);
	flush_work(&rm_d.work);
	flush_work(&rm_sa.work);
	flush_work(&rm_ca.work);
	flush_work(&rm_cover.work);
	dbgfs_remove(root_dir);
	dput(f_ref);
	kfree(str_a);
	kfree(str_b);
	kfree(str_c);
	kvfree(big.array);
	free_page(mapped_page);
}

module_init(dbgfs_review_init);
module_exit(dbgfs_review_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dbgfs test module for the review defects of issue 16");
MODULE_AUTHOR("The dbgfs developers");
