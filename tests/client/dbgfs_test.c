// SPDX-License-Identifier: GPL-2.0-only
/*
 * A dbgfs client module for the userspace tests
 *
 * In the spirit of the 2004 debugfs_test.c: a directory foo_dir holding
 * "foo" (a file of our own fops with a data pointer), "foo_u32" (42) and
 * one file of every dbgfs type.  Every variable behind a dbgfs file is
 * also a module parameter, so userspace can compare what dbgfs shows with
 * what /sys/module/dbgfs_test/parameters/ shows, and see writes made on
 * one side from the other.
 *
 * Layout, below the dbgfs mount point:
 *
 *	foo_dir/		0755
 *	foo_dir/foo		0644  text buffer, data = foo_buf (param foo)
 *	foo_dir/bar		0644  same fops, data = bar_buf (param bar)
 *	foo_dir/foo_u32		0644  u32 foo_u32 = 42
 *	foo_dir/val_u8		0644  u8 val_u8 = 201
 *	foo_dir/val_u16		0644  u16 val_u16 = 51234
 *	foo_dir/val_u32		0644  u32 val_u32 = 3000000001
 *	foo_dir/val_bool	0644  bool val_bool = Y
 *	foo_dir/ro_u32		0444  u32 ro_u32 = 7 (read-only)
 *	foo_dir/values		0444  seq_file listing all of the above
 *	foo_dir/remove_subdir	0200  writing 1 removes foo_dir/sub
 *	foo_dir/empty_dir/	0755  stays empty
 *	foo_dir/sub/		0755
 *	foo_dir/sub/sub_u32	0644  u32 sub_u32 = 4242
 *	foo_dir/sub/deep/	0755
 *	foo_dir/sub/deep/deep_bool 0644  bool deep_bool = N
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <dbgfs.h>

#define DBGFS_TEST_BUF_LEN 64

static char foo_buf[DBGFS_TEST_BUF_LEN] = "hello from foo";
module_param_string(foo, foo_buf, sizeof(foo_buf), 0644);
MODULE_PARM_DESC(foo, "text behind foo_dir/foo");

static char bar_buf[DBGFS_TEST_BUF_LEN] = "bar has its own buffer";
module_param_string(bar, bar_buf, sizeof(bar_buf), 0644);
MODULE_PARM_DESC(bar, "text behind foo_dir/bar");

static u32 foo_u32 = 42;
module_param(foo_u32, uint, 0644);
MODULE_PARM_DESC(foo_u32, "value behind foo_dir/foo_u32");

static u8 val_u8 = 201;
module_param(val_u8, byte, 0644);
MODULE_PARM_DESC(val_u8, "value behind foo_dir/val_u8");

static u16 val_u16 = 51234;
module_param(val_u16, ushort, 0644);
MODULE_PARM_DESC(val_u16, "value behind foo_dir/val_u16");

static u32 val_u32 = 3000000001U;
module_param(val_u32, uint, 0644);
MODULE_PARM_DESC(val_u32, "value behind foo_dir/val_u32");

static bool val_bool = true;
module_param(val_bool, bool, 0644);
MODULE_PARM_DESC(val_bool, "value behind foo_dir/val_bool");

static u32 ro_u32 = 7;
module_param(ro_u32, uint, 0644);
MODULE_PARM_DESC(ro_u32, "value behind the read-only foo_dir/ro_u32");

static u32 sub_u32 = 4242;
module_param(sub_u32, uint, 0644);
MODULE_PARM_DESC(sub_u32, "value behind foo_dir/sub/sub_u32");

static bool deep_bool;
module_param(deep_bool, bool, 0644);
MODULE_PARM_DESC(deep_bool, "value behind foo_dir/sub/deep/deep_bool");

static struct dentry *foo_dir;

/* Protects sub_dir against two writers of remove_subdir at once. */
static DEFINE_MUTEX(sub_lock);
static struct dentry *sub_dir;

/* The seq_file's data, reached through i_private: its tag is printed first. */
struct dbgfs_test_info {
	const char *tag;
};

static struct dbgfs_test_info values_info = {
	.tag = "dbgfs_test values",
};

/*
 * foo and bar: a text buffer reached through inode->i_private.  The
 * buffers are also module parameters, so the parameter lock guards them
 * against a concurrent write through sysfs.
 */
static ssize_t foo_read(struct file *file, char __user *ubuf, size_t count,
			loff_t *ppos)
{
	char *buf = file_inode(file)->i_private;
	char copy[DBGFS_TEST_BUF_LEN];

	kernel_param_lock(THIS_MODULE);
	strscpy(copy, buf, sizeof(copy));
	kernel_param_unlock(THIS_MODULE);

	return simple_read_from_buffer(ubuf, count, ppos, copy, strlen(copy));
}

static ssize_t foo_write(struct file *file, const char __user *ubuf,
			 size_t count, loff_t *ppos)
{
	char *buf = file_inode(file)->i_private;
	char copy[DBGFS_TEST_BUF_LEN];

	if (*ppos != 0)
		return -EINVAL;
	if (count >= sizeof(copy))
		return -ENOSPC;
	if (copy_from_user(copy, ubuf, count))
		return -EFAULT;
	copy[count] = '\0';

	kernel_param_lock(THIS_MODULE);
	strscpy(buf, copy, DBGFS_TEST_BUF_LEN);
	kernel_param_unlock(THIS_MODULE);

	*ppos = count;
	return count;
}

static const struct file_operations foo_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = foo_read,
	.write = foo_write,
	.llseek = default_llseek,
};

/* values: every variable, as the module holds it, through a seq_file. */
static int dbgfs_test_values_show(struct seq_file *s, void *unused)
{
	const struct dbgfs_test_info *info = s->private;

	kernel_param_lock(THIS_MODULE);
	seq_printf(s, "tag=%s\n", info->tag);
	seq_printf(s, "foo=%s\n", foo_buf);
	seq_printf(s, "bar=%s\n", bar_buf);
	seq_printf(s, "foo_u32=%u\n", foo_u32);
	seq_printf(s, "val_u8=%u\n", val_u8);
	seq_printf(s, "val_u16=%u\n", val_u16);
	seq_printf(s, "val_u32=%u\n", val_u32);
	seq_printf(s, "val_bool=%c\n", val_bool ? 'Y' : 'N');
	seq_printf(s, "ro_u32=%u\n", ro_u32);
	seq_printf(s, "sub_u32=%u\n", sub_u32);
	seq_printf(s, "deep_bool=%c\n", deep_bool ? 'Y' : 'N');
	kernel_param_unlock(THIS_MODULE);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(dbgfs_test_values);

/* remove_subdir: writing "1" removes foo_dir/sub and all below it. */
static ssize_t remove_subdir_write(struct file *file, const char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	bool yes;
	int ret;

	ret = kstrtobool_from_user(ubuf, count, &yes);
	if (ret)
		return ret;
	if (!yes)
		return -EINVAL;

	mutex_lock(&sub_lock);
	if (!sub_dir) {
		mutex_unlock(&sub_lock);
		return -ENOENT;
	}
	dbgfs_remove(sub_dir);
	sub_dir = NULL;
	mutex_unlock(&sub_lock);

	pr_info("foo_dir/sub removed\n");
	return count;
}

static const struct file_operations remove_subdir_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = remove_subdir_write,
	.llseek = noop_llseek,
};

static int dbgfs_test_create_sub(struct dentry *parent)
{
	struct dentry *deep;

	sub_dir = dbgfs_create_dir("sub", parent);
	if (IS_ERR(sub_dir))
		return PTR_ERR(sub_dir);
	dbgfs_create_u32("sub_u32", 0644, sub_dir, &sub_u32);

	deep = dbgfs_create_dir("deep", sub_dir);
	if (IS_ERR(deep))
		return PTR_ERR(deep);
	dbgfs_create_bool("deep_bool", 0644, deep, &deep_bool);
	return 0;
}

static int dbgfs_test_create_files(struct dentry *dir)
{
	struct dentry *d;

	d = dbgfs_create_file("foo", 0644, dir, foo_buf, &foo_fops);
	if (IS_ERR(d))
		return PTR_ERR(d);
	d = dbgfs_create_file("bar", 0644, dir, bar_buf, &foo_fops);
	if (IS_ERR(d))
		return PTR_ERR(d);

	dbgfs_create_u32("foo_u32", 0644, dir, &foo_u32);
	dbgfs_create_u8("val_u8", 0644, dir, &val_u8);
	dbgfs_create_u16("val_u16", 0644, dir, &val_u16);
	dbgfs_create_u32("val_u32", 0644, dir, &val_u32);
	dbgfs_create_bool("val_bool", 0644, dir, &val_bool);
	dbgfs_create_u32("ro_u32", 0444, dir, &ro_u32);

	d = dbgfs_create_file("values", 0444, dir, &values_info,
			      &dbgfs_test_values_fops);
	if (IS_ERR(d))
		return PTR_ERR(d);
	d = dbgfs_create_file("remove_subdir", 0200, dir, NULL,
			      &remove_subdir_fops);
	if (IS_ERR(d))
		return PTR_ERR(d);
	d = dbgfs_create_dir("empty_dir", dir);
	if (IS_ERR(d))
		return PTR_ERR(d);

	return dbgfs_test_create_sub(dir);
}

static int __init dbgfs_test_init(void)
{
	int ret;

	if (!dbgfs_initialized()) {
		pr_err("dbgfs is not initialized\n");
		return -ENODEV;
	}

	foo_dir = dbgfs_create_dir("foo_dir", NULL);
	if (IS_ERR(foo_dir)) {
		pr_err("cannot create foo_dir: %pe\n", foo_dir);
		return PTR_ERR(foo_dir);
	}

	ret = dbgfs_test_create_files(foo_dir);
	if (ret) {
		pr_err("cannot create the files of foo_dir: %d\n", ret);
		dbgfs_remove(foo_dir);
		return ret;
	}

	pr_info("loaded\n");
	return 0;
}

static void __exit dbgfs_test_exit(void)
{
	dbgfs_remove(foo_dir);
	pr_info("unloaded\n");
}

module_init(dbgfs_test_init);
module_exit(dbgfs_test_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dbgfs test client: one file of every dbgfs type");
