// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbgfs_stress - a dbgfs client for the reliability and lockdown tests
 *
 * Everything lives below dbgfs_stress/ in the dbgfs root:
 *
 *	ctl/		write-only triggers (0200, full proxy):
 *	  populate	  make files/ (also done at load unless populate=0)
 *	  depopulate	  remove files/ from the write handler; returns when
 *			  dbgfs_remove() does
 *	  remove_async	  queue the removal of files/ on a workqueue
 *	  bulk		  "N": create and remove N entries in a loop, a
 *			  fifth of them lazy (dbgfs_create_u32())
 *	  churn		  "1"/"0": start/stop a kernel thread that creates,
 *			  renames and removes entries in churn/ continuously,
 *			  lazy ones too (renamed through dbgfs_lookup(),
 *			  removed by dbgfs_lookup_and_remove())
 *	  rand		  one operation of the randomized test on rand/:
 *			  "dir PATH", "u32 PATH SLOT" (looked up after, so
 *			  pinned), "lazy PATH SLOT" (not looked up),
 *			  "link PATH TARGET", "rm PATH", "unlink PATH"
 *			  (dbgfs_lookup_and_remove()), "mv PATH NEWNAME",
 *			  "set SLOT VALUE";
 *			  the write fails with the operation's errno
 *	files/		one file of every dbgfs type:
 *	  u8 u16 u32 u64 ulong size_t x8 x16 x32 x64 atomic_t bool  (0644)
 *	  str blob attr (0644), ro_u32 regset32 u32_array (0444)
 *	  proxy		  0644 full proxy: a 64-byte buffer, seekable, polls
 *	  ro_proxy	  0444 full proxy, read only, no ioctl or mmap
 *	  ioctl_ro	  0444 full proxy with an ioctl
 *	  mmap_ro	  0444 full proxy with an mmap
 *	  blocking	  0444 full proxy whose read blocks until cancelled by
 *			  the removal (then -EIO) or interrupted by a signal
 *	  link		  symlink to "proxy"; sub/deep/u32 (0644)
 *	churn/ bulk/ rand/	made and emptied by the triggers above
 *
 * Read-only module parameters report state: init_err, initialized, blocked
 * (readers waiting in blocking), async_done, bulk_done, churn_cycles.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include <dbgfs.h>

static bool populate = true;
module_param(populate, bool, 0444);
MODULE_PARM_DESC(populate, "make files/ at load time");

static bool churn;
module_param(churn, bool, 0444);
MODULE_PARM_DESC(churn, "start the churn thread at load time");

static int init_err;
module_param(init_err, int, 0444);
MODULE_PARM_DESC(init_err, "errno of the first failed create at load");

static bool initialized;
module_param(initialized, bool, 0444);
MODULE_PARM_DESC(initialized, "what dbgfs_initialized() said at load");

static atomic_t blocked = ATOMIC_INIT(0);
module_param_named(blocked, blocked.counter, int, 0444);
MODULE_PARM_DESC(blocked, "readers blocked in files/blocking");

static atomic_t async_done = ATOMIC_INIT(0);
module_param_named(async_done, async_done.counter, int, 0444);
MODULE_PARM_DESC(async_done, "removals done by the workqueue");

static ulong bulk_done;
module_param(bulk_done, ulong, 0444);
MODULE_PARM_DESC(bulk_done, "entries created and removed by bulk");

static ulong churn_cycles;
module_param(churn_cycles, ulong, 0444);
MODULE_PARM_DESC(churn_cycles, "cycles done by the churn thread");

#define STRESS_BULK_BATCH	250
#define STRESS_RAND_SLOTS	4096
#define STRESS_CMD_MAX		256

static struct dentry *root_dir, *ctl_dir, *files_dir, *churn_dir;
static struct dentry *bulk_dir, *rand_dir;
static DEFINE_MUTEX(files_lock);	/* protects files_dir */
static DEFINE_MUTEX(churn_lock);	/* protects churn_task */
static DEFINE_MUTEX(rand_lock);		/* serializes rand operations */
static DEFINE_MUTEX(bulk_lock);		/* serializes bulk runs */
static struct task_struct *churn_task;

/* The variables behind files/ */
static u8 v_u8 = 8, v_x8 = 0x18;
static u16 v_u16 = 16, v_x16 = 0x116;
static u32 v_u32 = 32, v_x32 = 0x132, v_ro_u32 = 7, v_deep = 4242;
static u64 v_u64 = 64, v_x64 = 0x164;
static unsigned long v_ulong = 1234;
static size_t v_size_t = 4321;
static atomic_t v_atomic = ATOMIC_INIT(-5);
static bool v_bool = true;
static char *v_str;
static u64 v_attr = 100;
static char blob_buf[32] = "blob0123456789abcdefghijklmnopq";
static struct dbgfs_blob_wrapper blob = { blob_buf, sizeof(blob_buf) };
static u32 array_vals[] = { 1, 22, 333, 4444 };
static struct dbgfs_u32_array array = { array_vals, ARRAY_SIZE(array_vals) };
static u32 regs_mem[2] = { 0xdeadbeef, 0x12345678 };
static const struct dbgfs_reg32 regs[] = {
	{ "reg0", 0 },
	{ "reg1", 4 },
};

static struct dbgfs_regset32 regset = { regs, ARRAY_SIZE(regs) };

static u32 rand_vals[STRESS_RAND_SLOTS];
static u32 churn_val;

/* proxy: a seekable 64-byte buffer that polls readable and writable */
static char proxy_buf[64] = "proxy\n";
static DEFINE_MUTEX(proxy_lock);	/* protects proxy_buf */

static ssize_t proxy_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&proxy_lock);
	ret = simple_read_from_buffer(buf, count, ppos, proxy_buf,
				      strnlen(proxy_buf, sizeof(proxy_buf)));
	mutex_unlock(&proxy_lock);
	return ret;
}

static ssize_t proxy_write(struct file *file, const char __user *buf,
			   size_t count, loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&proxy_lock);
	ret = simple_write_to_buffer(proxy_buf, sizeof(proxy_buf) - 1, ppos,
				     buf, count);
	mutex_unlock(&proxy_lock);
	return ret;
}

static __poll_t proxy_poll(struct file *file, struct poll_table_struct *wait)
{
	return EPOLLIN | EPOLLRDNORM | EPOLLOUT | EPOLLWRNORM;
}

static long proxy_ioctl(struct file *file, unsigned int cmd,
			unsigned long arg)
{
	return -ENOTTY;
}

static int proxy_mmap(struct file *file, struct vm_area_struct *vma)
{
	return -ENODEV;
}

static const struct file_operations proxy_fops = {
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.read		= proxy_read,
	.write		= proxy_write,
	.llseek		= default_llseek,
	.poll		= proxy_poll,
};

static const struct file_operations ro_proxy_fops = {
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.read		= proxy_read,
	.llseek		= default_llseek,
};

static const struct file_operations ioctl_ro_fops = {
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.read		= proxy_read,
	.llseek		= default_llseek,
	.unlocked_ioctl	= proxy_ioctl,
};

static const struct file_operations mmap_ro_fops = {
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.read		= proxy_read,
	.llseek		= default_llseek,
	.mmap		= proxy_mmap,
};

/* blocking: the read waits until the removal cancels it */
static DECLARE_WAIT_QUEUE_HEAD(block_wq);

static void block_cancel(struct dentry *dentry, void *data)
{
	bool *cancelled = data;

	WRITE_ONCE(*cancelled, true);
	wake_up_all(&block_wq);
}

static ssize_t block_read(struct file *file, char __user *buf, size_t count,
			  loff_t *ppos)
{
	bool cancelled = false;
	struct dbgfs_cancellation c = {
		.cancel = block_cancel,
		.cancel_data = &cancelled,
	};
	int err;

	dbgfs_enter_cancellation(file, &c);
	atomic_inc(&blocked);
	err = wait_event_interruptible(block_wq, READ_ONCE(cancelled));
	atomic_dec(&blocked);
	dbgfs_leave_cancellation(file, &c);
	if (err)
		return err;
	return -EIO;
}

static const struct file_operations block_fops = {
	.owner		= THIS_MODULE,
	.open		= simple_open,
	.read		= block_read,
};

/* attr: a DEFINE_DBGFS_ATTRIBUTE() file; values over 1000000 are -ERANGE */
static int attr_get(void *data, u64 *val)
{
	*val = READ_ONCE(*(u64 *)data);
	return 0;
}

static int attr_set(void *data, u64 val)
{
	if (val > 1000000)
		return -ERANGE;
	WRITE_ONCE(*(u64 *)data, val);
	return 0;
}

DEFINE_DBGFS_ATTRIBUTE(attr_fops, attr_get, attr_set, "%llu\n");

/* Remember the first error of a series of creates. */
static int note_err(int *err, struct dentry *dentry)
{
	if (IS_ERR(dentry) && !*err)
		*err = PTR_ERR(dentry);
	return *err;
}

static struct dentry *make_files(void)
{
	struct dentry *dir, *sub;
	int err = 0;

	dir = dbgfs_create_dir("files", root_dir);
	if (IS_ERR(dir))
		return dir;
	dbgfs_create_u8("u8", 0644, dir, &v_u8);
	dbgfs_create_u16("u16", 0644, dir, &v_u16);
	dbgfs_create_u32("u32", 0644, dir, &v_u32);
	dbgfs_create_u64("u64", 0644, dir, &v_u64);
	dbgfs_create_ulong("ulong", 0644, dir, &v_ulong);
	dbgfs_create_size_t("size_t", 0644, dir, &v_size_t);
	dbgfs_create_x8("x8", 0644, dir, &v_x8);
	dbgfs_create_x16("x16", 0644, dir, &v_x16);
	dbgfs_create_x32("x32", 0644, dir, &v_x32);
	dbgfs_create_x64("x64", 0644, dir, &v_x64);
	dbgfs_create_atomic_t("atomic_t", 0644, dir, &v_atomic);
	dbgfs_create_bool("bool", 0644, dir, &v_bool);
	dbgfs_create_str("str", 0644, dir, &v_str);
	dbgfs_create_u32("ro_u32", 0444, dir, &v_ro_u32);
	dbgfs_create_regset32("regset32", 0444, dir, &regset);
	dbgfs_create_u32_array("u32_array", 0444, dir, &array);
	note_err(&err, dbgfs_create_blob("blob", 0644, dir, &blob));
	note_err(&err, dbgfs_create_file_unsafe("attr", 0644, dir, &v_attr,
						&attr_fops));
	note_err(&err, dbgfs_create_file("proxy", 0644, dir, NULL,
					 &proxy_fops));
	note_err(&err, dbgfs_create_file("ro_proxy", 0444, dir, NULL,
					 &ro_proxy_fops));
	note_err(&err, dbgfs_create_file("ioctl_ro", 0444, dir, NULL,
					 &ioctl_ro_fops));
	note_err(&err, dbgfs_create_file("mmap_ro", 0444, dir, NULL,
					 &mmap_ro_fops));
	note_err(&err, dbgfs_create_file("blocking", 0444, dir, NULL,
					 &block_fops));
	note_err(&err, dbgfs_create_symlink("link", dir, "proxy"));
	sub = dbgfs_create_dir("sub", dir);
	note_err(&err, sub);
	sub = dbgfs_create_dir("deep", sub);
	note_err(&err, sub);
	dbgfs_create_u32("u32", 0644, sub, &v_deep);
	if (err) {
		dbgfs_remove(dir);
		return ERR_PTR(err);
	}
	return dir;
}

static int files_populate(void)
{
	struct dentry *dir;
	int err = 0;

	mutex_lock(&files_lock);
	if (files_dir) {
		err = -EEXIST;
	} else {
		dir = make_files();
		if (IS_ERR(dir))
			err = PTR_ERR(dir);
		else
			files_dir = dir;
	}
	mutex_unlock(&files_lock);
	return err;
}

static int files_depopulate(void)
{
	int err = 0;

	mutex_lock(&files_lock);
	if (files_dir)
		dbgfs_remove(files_dir);
	else
		err = -ENOENT;
	files_dir = NULL;
	mutex_unlock(&files_lock);
	return err;
}

static void remove_work_fn(struct work_struct *work)
{
	if (!files_depopulate())
		atomic_inc(&async_done);
}

static DECLARE_WORK(remove_work, remove_work_fn);

/*
 * bulk: create @n entries in batches below bulk/, of five kinds in turn;
 * every other one is removed on its own, the rest with their batch
 * directory.  The fifth kind is a lazy u32, which returns no dentry: it
 * is removed by name.
 */
static struct dentry *bulk_make_one(int i, struct dentry *batch)
{
	char name[16];

	snprintf(name, sizeof(name), "e%d", i);
	switch (i % 5) {
	case 4:
		dbgfs_create_u32(name, 0644, batch, &churn_val);
		return NULL;
	case 0:
		return dbgfs_create_file(name, 0644, batch, NULL, &proxy_fops);
	case 1:
		return dbgfs_create_dir(name, batch);
	case 2:
		return dbgfs_create_symlink(name, batch, "e0");
	default:
		return dbgfs_create_file_unsafe(name, 0644, batch, &v_attr,
						&attr_fops);
	}
}

static void bulk_remove_lazy(int i, struct dentry *batch)
{
	char name[16];

	snprintf(name, sizeof(name), "e%d", i);
	dbgfs_lookup_and_remove(name, batch);
}

static int bulk_run(unsigned long n)
{
	struct dentry **made;
	struct dentry *batch;
	unsigned long done = 0;
	int i, k, err = 0;

	made = kcalloc(STRESS_BULK_BATCH, sizeof(*made), GFP_KERNEL);
	if (!made)
		return -ENOMEM;
	mutex_lock(&bulk_lock);
	while (done < n && !err) {
		k = min_t(unsigned long, n - done, STRESS_BULK_BATCH);
		batch = dbgfs_create_dir("batch", bulk_dir);
		if (IS_ERR(batch)) {
			err = PTR_ERR(batch);
			break;
		}
		for (i = 0; i < k && !err; i++) {
			made[i] = bulk_make_one(i, batch);
			if (IS_ERR(made[i]))
				err = PTR_ERR(made[i]);
		}
		while (--i >= 0) {
			if (i % 2 && i % 5 == 4)
				bulk_remove_lazy(i, batch);
			else if (i % 2 && !IS_ERR(made[i]))
				dbgfs_remove(made[i]);
		}
		dbgfs_remove(batch);
		if (!err)
			done += k;
		WRITE_ONCE(bulk_done, bulk_done + k);
		cond_resched();
	}
	mutex_unlock(&bulk_lock);
	kfree(made);
	return err;
}

/*
 * churn: make, rename and remove a small tree, over and over.  x32 is a
 * lazy entry that every fourth cycle looks up (building its dentry while
 * userspace may look it up too) and renames to x32r; bool goes by
 * dbgfs_lookup_and_remove() every fifth.
 */
static void churn_lazy_rename(struct dentry *dir)
{
	struct dentry *d = dbgfs_lookup("x32", dir);

	if (d) {
		dbgfs_change_name(d, "x32r");
		dput(d);
	}
}

static int churn_fn(void *unused)
{
	struct dentry *dir, *f;
	unsigned long n = 0;

	while (!kthread_should_stop()) {
		dir = dbgfs_create_dir("c", churn_dir);
		if (!IS_ERR(dir)) {
			dbgfs_create_u32("u32", 0644, dir, &churn_val);
			f = dbgfs_create_file("proxy", 0644, dir, NULL,
					      &proxy_fops);
			dbgfs_create_symlink("link", dir, "proxy");
			dbgfs_create_bool("bool", 0644, dir, &v_bool);
			dbgfs_create_x32("x32", 0644, dir, &churn_val);
			if (n % 2)
				dbgfs_change_name(f, "proxy%lu", n % 4);
			if (n % 4 == 1)
				churn_lazy_rename(dir);
			usleep_range(1000, 2000);
			if (n % 3 == 0)
				dbgfs_remove(f);
			if (n % 5 == 0)
				dbgfs_lookup_and_remove("bool", dir);
			dbgfs_remove(dir);
		}
		WRITE_ONCE(churn_cycles, ++n);
		if (n % 16 == 0)
			usleep_range(1000, 2000);
		cond_resched();
	}
	return 0;
}

static int churn_set(bool on)
{
	struct task_struct *t;
	int err = 0;

	mutex_lock(&churn_lock);
	if (on && !churn_task) {
		t = kthread_run(churn_fn, NULL, "dbgfs_churn");
		if (IS_ERR(t))
			err = PTR_ERR(t);
		else
			churn_task = t;
	} else if (!on && churn_task) {
		kthread_stop(churn_task);
		churn_task = NULL;
	}
	mutex_unlock(&churn_lock);
	return err;
}

/*
 * rand: PATH is relative to rand/, its components separated by '/'.
 * Looks up the directory holding the last component: returns it with a
 * reference (or rand_dir, unreferenced, for a single component) and points
 * @last at the last component.
 */
static struct dentry *rand_walk(char *path, char **last)
{
	struct dentry *dir = rand_dir, *next;
	char *slash;

	while ((slash = strchr(path, '/'))) {
		*slash = '\0';
		next = dbgfs_lookup(path, dir);
		if (dir != rand_dir)
			dput(dir);
		if (!next)
			return ERR_PTR(-ENOENT);
		if (!d_is_dir(next)) {
			dput(next);
			return ERR_PTR(-ENOTDIR);
		}
		dir = next;
		path = slash + 1;
	}
	*last = path;
	return dir;
}

static void rand_put(struct dentry *dir)
{
	if (!IS_ERR(dir) && dir != rand_dir)
		dput(dir);
}

static int rand_slot(const char *s, unsigned int *slot)
{
	int err = kstrtouint(s, 10, slot);

	if (!err && *slot >= STRESS_RAND_SLOTS)
		err = -ERANGE;
	return err;
}

static int rand_op(char *cmd)
{
	char *op, *path, *arg, *last;
	struct dentry *dir, *d;
	unsigned int slot;
	u32 val;
	int err;

	op = strsep(&cmd, " ");
	path = strsep(&cmd, " ");
	arg = cmd;
	if (!op || !path)
		return -EINVAL;
	if (!strcmp(op, "set")) {
		if (!arg || rand_slot(path, &slot) || kstrtou32(arg, 0, &val))
			return -EINVAL;
		WRITE_ONCE(rand_vals[slot], val);
		return 0;
	}
	dir = rand_walk(path, &last);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	err = 0;
	if (!strcmp(op, "dir")) {
		d = dbgfs_create_dir(last, dir);
		err = PTR_ERR_OR_ZERO(d);
	} else if (!strcmp(op, "u32") && arg && !rand_slot(arg, &slot)) {
		/* dbgfs_create_u32() returns nothing: look before and after */
		d = dbgfs_lookup(last, dir);
		if (d) {
			dput(d);
			err = -EEXIST;
		} else {
			dbgfs_create_u32(last, 0644, dir, &rand_vals[slot]);
			d = dbgfs_lookup(last, dir);
			if (!d)
				err = -EIO;
			dput(d);
		}
	} else if (!strcmp(op, "lazy") && arg && !rand_slot(arg, &slot)) {
		/* no dbgfs_lookup(), which would pin it: reclaimable */
		dbgfs_create_u32(last, 0644, dir, &rand_vals[slot]);
	} else if (!strcmp(op, "unlink")) {
		/* removal by name: a lazy entry goes without a lookup */
		dbgfs_lookup_and_remove(last, dir);
	} else if (!strcmp(op, "link") && arg) {
		d = dbgfs_create_symlink(last, dir, arg);
		err = PTR_ERR_OR_ZERO(d);
	} else if (!strcmp(op, "rm") || (!strcmp(op, "mv") && arg)) {
		d = dbgfs_lookup(last, dir);
		if (!d) {
			err = -ENOENT;
		} else {
			if (op[0] == 'r')
				dbgfs_remove(d);
			else
				err = dbgfs_change_name(d, "%s", arg);
			dput(d);
		}
	} else {
		err = -EINVAL;
	}
	rand_put(dir);
	return err;
}

/* ctl/: every trigger is a write to one of these */
enum stress_ctl {
	CTL_POPULATE,
	CTL_DEPOPULATE,
	CTL_REMOVE_ASYNC,
	CTL_BULK,
	CTL_CHURN,
	CTL_RAND,
};

static const char * const ctl_names[] = {
	[CTL_POPULATE] = "populate",
	[CTL_DEPOPULATE] = "depopulate",
	[CTL_REMOVE_ASYNC] = "remove_async",
	[CTL_BULK] = "bulk",
	[CTL_CHURN] = "churn",
	[CTL_RAND] = "rand",
};

static ssize_t ctl_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	enum stress_ctl ctl = (uintptr_t)file_inode(file)->i_private;
	unsigned long n;
	char *text;
	int err;

	if (!count || count >= STRESS_CMD_MAX)
		return -EINVAL;
	text = memdup_user_nul(buf, count);
	if (IS_ERR(text))
		return PTR_ERR(text);
	strim(text);

	switch (ctl) {
	case CTL_POPULATE:
		err = files_populate();
		break;
	case CTL_DEPOPULATE:
		err = files_depopulate();
		break;
	case CTL_REMOVE_ASYNC:
		err = queue_work(system_long_wq, &remove_work) ? 0 : -EBUSY;
		break;
	case CTL_BULK:
		err = kstrtoul(text, 0, &n);
		if (!err)
			err = bulk_run(n);
		break;
	case CTL_CHURN:
		err = kstrtoul(text, 0, &n);
		if (!err)
			err = churn_set(n);
		break;
	case CTL_RAND:
		mutex_lock(&rand_lock);
		err = rand_op(text);
		mutex_unlock(&rand_lock);
		break;
	default:
		err = -EINVAL;
		break;
	}
	kfree(text);
	return err ? err : count;
}

static const struct file_operations ctl_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= ctl_write,
};

static int make_tree(void)
{
	int err = 0;
	uintptr_t i;

	root_dir = dbgfs_create_dir(KBUILD_MODNAME, NULL);
	if (IS_ERR(root_dir))
		return PTR_ERR(root_dir);
	ctl_dir = dbgfs_create_dir("ctl", root_dir);
	note_err(&err, ctl_dir);
	for (i = 0; i < ARRAY_SIZE(ctl_names); i++)
		note_err(&err, dbgfs_create_file(ctl_names[i], 0200, ctl_dir,
						 (void *)i, &ctl_fops));
	churn_dir = dbgfs_create_dir("churn", root_dir);
	note_err(&err, churn_dir);
	bulk_dir = dbgfs_create_dir("bulk", root_dir);
	note_err(&err, bulk_dir);
	rand_dir = dbgfs_create_dir("rand", root_dir);
	note_err(&err, rand_dir);
	if (!err && populate)
		err = files_populate();
	return err;
}

static int __init dbgfs_stress_init(void)
{
	v_str = kstrdup("hello", GFP_KERNEL);
	if (!v_str)
		return -ENOMEM;
	regset.base = (void __force __iomem *)regs_mem;
	initialized = dbgfs_initialized();

	/*
	 * A failed create is reported, not fatal: with dbgfs switched off
	 * (access=off) the tests read init_err to see the -EPERM.
	 */
	init_err = make_tree();
	if (init_err) {
		pr_info("creating the tree failed: %d\n", init_err);
		dbgfs_remove(root_dir);
		root_dir = NULL;
		return 0;
	}
	if (churn)
		churn_set(true);
	return 0;
}

static void __exit dbgfs_stress_exit(void)
{
	churn_set(false);
	cancel_work_sync(&remove_work);
	dbgfs_remove(root_dir);
	kfree(v_str);
}

module_init(dbgfs_stress_init);
module_exit(dbgfs_stress_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dbgfs stress and removal-safety test module");
MODULE_AUTHOR("The dbgfs developers");
