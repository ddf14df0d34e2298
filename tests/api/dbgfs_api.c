// SPDX-License-Identifier: GPL-2.0-only
/*
 * A dbgfs client module with one file of every kind the API makes, for
 * tests/guest/check-api
 *
 * Every variable behind a file is also a module parameter (strings and
 * blobs read-only, through getters of their own), so userspace can compare
 * what dbgfs shows with an independent view of the same memory in
 * /sys/module/dbgfs_api/parameters/, and change a value on one side to see
 * it on the other.  Three write-only files under ctl/ make the module call
 * the tree functions: rename (dbgfs_change_name, then dbgfs_lookup),
 * lookup (dbgfs_lookup) and remove (dbgfs_lookup_and_remove).
 *
 * Layout, below the dbgfs mount point:
 *
 *	dbgfs_api/				0755
 *	  values/v_u64, v_ulong, v_size_t	0644  u64, ulong, size_t
 *	  values/v_ro				0444  u64, read-only
 *	  values/v_atomic			0644  atomic_t
 *	  values/hex/x8, x16, x32, x64, xul	0644  hexadecimal
 *	  text/str				0644  str, kmalloc'ed initial text
 *	  text/str_null				0644  str, NULL initial pointer
 *	  text/str_ro				0444  str, read-only
 *	  struct/blob_rw			0644  blob, 16 bytes, writable
 *	  struct/blob_ro			0444  blob, read-only
 *	  struct/blob_mask			0644  blob created with 0777
 *	  struct/regs				0444  regset32, 4 registers
 *	  struct/array				0444  u32_array
 *	  struct/dev/devm			0444  devm_seqfile
 *	  attr/attr_u				0644  DEFINE_DBGFS_ATTRIBUTE
 *	  attr/attr_s				0644  DEFINE_DBGFS_ATTRIBUTE_SIGNED
 *	  attr/sized				0444  create_file_size, 4096
 *	  attr/aux_a, aux_b			0444  create_file_aux
 *	  links/to_u64 -> ../values/v_u64	symlink
 *	  links/to_hex -> ../values/hex		symlink
 *	  ren/renameme				0444  reads "renameme data\n"
 *	  ren/other				0444  reads "other data\n"
 *	  victim/v_u64				0644  u64 (shares v_u64)
 *	  victim/a/b/deep			0444  reads "deep\n"
 *	  ctl/rename, ctl/lookup, ctl/remove	0200  the triggers
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <dbgfs.h>

#define API_BLOB_LEN	16
#define API_ARRAY_MAX	8
#define API_NREGS	4
#define API_NAME_MAX	300
#define API_RESULT_LEN	320

static u64 v_u64 = 18446744073709551615ULL;
module_param(v_u64, ullong, 0644);
MODULE_PARM_DESC(v_u64, "values/v_u64 (and victim/v_u64)");

static unsigned long v_ulong = 4000000000UL;
module_param(v_ulong, ulong, 0644);
MODULE_PARM_DESC(v_ulong, "values/v_ulong");

static size_t v_size_t = 123456789;
module_param(v_size_t, ulong, 0644);
MODULE_PARM_DESC(v_size_t, "values/v_size_t");

static u64 v_ro = 77;
module_param(v_ro, ullong, 0644);
MODULE_PARM_DESC(v_ro, "values/v_ro, read-only in dbgfs");

static u8 x8 = 0xab;
module_param(x8, byte, 0644);
MODULE_PARM_DESC(x8, "values/hex/x8");

static u16 x16 = 0x1234;
module_param(x16, ushort, 0644);
MODULE_PARM_DESC(x16, "values/hex/x16");

static u32 x32 = 0xdeadbeef;
module_param(x32, uint, 0644);
MODULE_PARM_DESC(x32, "values/hex/x32");

static u64 x64 = 0x0123456789abcdefULL;
module_param(x64, ullong, 0644);
MODULE_PARM_DESC(x64, "values/hex/x64");

static unsigned long xul = 0xc0ffee;
module_param(xul, ulong, 0644);
MODULE_PARM_DESC(xul, "values/hex/xul");

/* atomic_t has no parameter type of its own: these get and set it. */
static atomic_t v_atomic = ATOMIC_INIT(-5);

static int api_atomic_set(const char *val, const struct kernel_param *kp)
{
	int n, err;

	err = kstrtoint(val, 0, &n);
	if (err)
		return err;
	atomic_set(kp->arg, n);
	return 0;
}

static int api_atomic_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%d\n", atomic_read(kp->arg));
}

static const struct kernel_param_ops api_atomic_ops = {
	.set = api_atomic_set,
	.get = api_atomic_get,
};
module_param_cb(v_atomic, &api_atomic_ops, &v_atomic, 0644);
MODULE_PARM_DESC(v_atomic, "values/v_atomic");

/*
 * The strings belong to dbgfs once their files exist: a write frees the old
 * string after an RCU grace period, so the getter reads under RCU.
 */
static char *str;
static char *str_null;
static char *str_ro;

static int api_str_get(char *buffer, const struct kernel_param *kp)
{
	char **p = kp->arg;
	const char *s;
	int len;

	rcu_read_lock();
	s = READ_ONCE(*p);
	len = s ? sysfs_emit(buffer, "%s\n", s) : sysfs_emit(buffer, "<NULL>\n");
	rcu_read_unlock();
	return len;
}

static const struct kernel_param_ops api_str_ops = {
	.get = api_str_get,
};
module_param_cb(str, &api_str_ops, &str, 0444);
MODULE_PARM_DESC(str, "text/str, or <NULL>");
module_param_cb(str_null, &api_str_ops, &str_null, 0444);
MODULE_PARM_DESC(str_null, "text/str_null, or <NULL>");
module_param_cb(str_ro, &api_str_ops, &str_ro, 0444);
MODULE_PARM_DESC(str_ro, "text/str_ro, or <NULL>");

/* Blobs, shown as hex bytes by their parameters. */
static u8 blob_rw_data[API_BLOB_LEN] = "blob-rw-0123456";
static u8 blob_ro_data[] = { 'r', 'o', 0, 1, 0x7f, 0x80, 0xff, '\n' };
static u8 blob_mask_data[] = "mask";
static struct dbgfs_blob_wrapper blob_rw = {
	.data = blob_rw_data, .size = sizeof(blob_rw_data),
};

static struct dbgfs_blob_wrapper blob_ro = {
	.data = blob_ro_data, .size = sizeof(blob_ro_data),
};

static struct dbgfs_blob_wrapper blob_mask = {
	.data = blob_mask_data, .size = sizeof(blob_mask_data) - 1,
};

static int api_blob_get(char *buffer, const struct kernel_param *kp)
{
	const struct dbgfs_blob_wrapper *blob = kp->arg;

	return sysfs_emit(buffer, "%*phN\n", (int)blob->size, blob->data);
}

static const struct kernel_param_ops api_blob_ops = {
	.get = api_blob_get,
};
module_param_cb(blob_rw, &api_blob_ops, &blob_rw, 0444);
MODULE_PARM_DESC(blob_rw, "struct/blob_rw as hex bytes");
module_param_cb(blob_ro, &api_blob_ops, &blob_ro, 0444);
MODULE_PARM_DESC(blob_ro, "struct/blob_ro as hex bytes");

/* The u32 array: writing the parameter also sets its length. */
static u32 array_data[API_ARRAY_MAX] = { 0, 1, 42, 4294967295U, 7 };
static struct dbgfs_u32_array api_array = {
	.array = array_data, .n_elements = 5,
};
module_param_array_named(array, array_data, uint, &api_array.n_elements, 0644);
MODULE_PARM_DESC(array, "struct/array, comma-separated");

/* Registers in ordinary memory: readl() of it works where tests run. */
static u32 regs[API_NREGS] = { 0x1, 0xcafe0000, 0xffffffff, 0 };
module_param_array(regs, uint, NULL, 0644);
MODULE_PARM_DESC(regs, "struct/regs: ctrl, status, data, irq");

static const struct dbgfs_reg32 api_reg32[API_NREGS] = {
	{ .name = "ctrl", .offset = 0 },
	{ .name = "status", .offset = 4 },
	{ .name = "data", .offset = 8 },
	{ .name = "irq", .offset = 12 },
};

static struct dbgfs_regset32 regset = {
	.regs = api_reg32,
	.nregs = API_NREGS,
	.base = (void __force __iomem *)regs,
};

static unsigned int devm_magic = 31337;
module_param(devm_magic, uint, 0644);
MODULE_PARM_DESC(devm_magic, "shown by struct/dev/devm");

/* The attributes: attr_u refuses values of 1000000 and more. */
static u64 attr_u = 5;
module_param(attr_u, ullong, 0644);
MODULE_PARM_DESC(attr_u, "attr/attr_u, below 1000000");

static long attr_s = -17;
module_param(attr_s, long, 0644);
MODULE_PARM_DESC(attr_s, "attr/attr_s");

/* What the triggers did last: the error code and what the lookup found. */
static int rename_ret;
module_param(rename_ret, int, 0444);
MODULE_PARM_DESC(rename_ret, "what the last dbgfs_change_name() returned");

static char lookup_result[API_RESULT_LEN] = "none";
module_param_string(lookup_result, lookup_result, sizeof(lookup_result), 0444);
MODULE_PARM_DESC(lookup_result, "what the last lookup found");

static struct dentry *api_top;
static struct dentry *api_ren_dir;
static struct dentry *api_renameme;
static struct device *api_dev;

/* Serializes the triggers. */
static DEFINE_MUTEX(api_ctl_lock);

static int attr_u_get(void *data, u64 *val)
{
	*val = READ_ONCE(*(u64 *)data);
	return 0;
}

static int attr_u_set(void *data, u64 val)
{
	if (val >= 1000000)
		return -ERANGE;
	WRITE_ONCE(*(u64 *)data, val);
	return 0;
}
DEFINE_DBGFS_ATTRIBUTE(attr_u_fops, attr_u_get, attr_u_set, "%llu\n");

static int attr_s_get(void *data, u64 *val)
{
	*val = (u64)(s64)READ_ONCE(*(long *)data);
	return 0;
}

static int attr_s_set(void *data, u64 val)
{
	WRITE_ONCE(*(long *)data, (long)(s64)val);
	return 0;
}
DEFINE_DBGFS_ATTRIBUTE_SIGNED(attr_s_fops, attr_s_get, attr_s_set, "%lld\n");

/* A file that reads its i_private string, for sized, ren/ and victim/. */
static ssize_t api_text_read(struct file *file, char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	const char *text = file_inode(file)->i_private;

	return simple_read_from_buffer(ubuf, count, ppos, text, strlen(text));
}

static const struct file_operations api_text_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = api_text_read,
	.llseek = default_llseek,
};

/* aux_a and aux_b share data and fops; only their aux pointers differ. */
static ssize_t api_aux_read(struct file *file, char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	const char *prefix = file_inode(file)->i_private;
	const char *aux = dbgfs_get_aux(file);
	char text[64];
	int len;

	len = scnprintf(text, sizeof(text), "%s%s\n", prefix,
			aux ? aux : "(no aux)");
	return simple_read_from_buffer(ubuf, count, ppos, text, len);
}

static const struct file_operations api_aux_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = api_aux_read,
	.llseek = default_llseek,
};

static int api_devm_show(struct seq_file *s, void *data)
{
	struct device *dev = s->private;

	seq_printf(s, "device=%s\n", dev_name(dev));
	seq_printf(s, "magic=%u\n", READ_ONCE(devm_magic));
	return 0;
}

/* Copies a name written to a trigger, without its trailing newline. */
static char *api_copy_name(const char __user *ubuf, size_t count)
{
	char *name;

	if (count > API_NAME_MAX)
		return ERR_PTR(-E2BIG);
	name = memdup_user_nul(ubuf, count);
	if (IS_ERR(name))
		return name;
	if (count && name[count - 1] == '\n')
		name[count - 1] = '\0';
	return name;
}

static void api_record_lookup(const char *name, struct dentry *found,
			      struct dentry *expected)
{
	const char *type;

	if (!found) {
		snprintf(lookup_result, sizeof(lookup_result), "%s: NULL",
			 name);
		return;
	}
	if (IS_ERR(found)) {
		snprintf(lookup_result, sizeof(lookup_result), "%s: error %ld",
			 name, PTR_ERR(found));
		return;
	}
	if (d_is_dir(found))
		type = "dir";
	else if (d_is_symlink(found))
		type = "symlink";
	else
		type = "file";
	snprintf(lookup_result, sizeof(lookup_result), "%s: %s %pd%s", name,
		 type, found, found == expected ? " (renameme)" : "");
}

/*
 * ctl/rename: renames the file first called ren/renameme to the name
 * written, then looks the new name up in ren/.  The write fails with what
 * dbgfs_change_name() returned.
 */
static ssize_t api_rename_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct dentry *found;
	char *name;
	int ret;

	name = api_copy_name(ubuf, count);
	if (IS_ERR(name))
		return PTR_ERR(name);

	mutex_lock(&api_ctl_lock);
	ret = dbgfs_change_name(api_renameme, "%s", name);
	rename_ret = ret;
	found = dbgfs_lookup(name, api_ren_dir);
	api_record_lookup(name, found, api_renameme);
	dput(found);
	mutex_unlock(&api_ctl_lock);

	pr_info("rename to '%s': %d\n", name, ret);
	kfree(name);
	return ret ? ret : count;
}

/* ctl/lookup: looks the name written up in ren/. */
static ssize_t api_lookup_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct dentry *found;
	char *name;

	name = api_copy_name(ubuf, count);
	if (IS_ERR(name))
		return PTR_ERR(name);

	mutex_lock(&api_ctl_lock);
	found = dbgfs_lookup(name, api_ren_dir);
	api_record_lookup(name, found, api_renameme);
	dput(found);
	mutex_unlock(&api_ctl_lock);

	kfree(name);
	return count;
}

/*
 * ctl/remove: dbgfs_lookup_and_remove() of the name written, in the top
 * directory.  ren/ and ctl/ are refused: the module keeps their dentries.
 */
static ssize_t api_remove_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	char *name;

	name = api_copy_name(ubuf, count);
	if (IS_ERR(name))
		return PTR_ERR(name);
	if (!strcmp(name, "ren") || !strcmp(name, "ctl")) {
		kfree(name);
		return -EPERM;
	}

	mutex_lock(&api_ctl_lock);
	dbgfs_lookup_and_remove(name, api_top);
	mutex_unlock(&api_ctl_lock);

	pr_info("lookup_and_remove '%s'\n", name);
	kfree(name);
	return count;
}

#define API_CTL_FOPS(fops_name, write_fn)		\
static const struct file_operations fops_name = {	\
	.owner = THIS_MODULE,				\
	.open = simple_open,				\
	.write = write_fn,				\
	.llseek = noop_llseek,				\
}

API_CTL_FOPS(api_rename_fops, api_rename_write);
API_CTL_FOPS(api_lookup_fops, api_lookup_write);
API_CTL_FOPS(api_remove_fops, api_remove_write);

/* Returns the first error among @d, or 0. */
static int api_err(struct dentry *d)
{
	return IS_ERR(d) ? PTR_ERR(d) : 0;
}

static int api_create_values(void)
{
	struct dentry *dir, *hex;

	dir = dbgfs_create_dir("values", api_top);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	dbgfs_create_u64("v_u64", 0644, dir, &v_u64);
	dbgfs_create_ulong("v_ulong", 0644, dir, &v_ulong);
	dbgfs_create_size_t("v_size_t", 0644, dir, &v_size_t);
	dbgfs_create_u64("v_ro", 0444, dir, &v_ro);
	dbgfs_create_atomic_t("v_atomic", 0644, dir, &v_atomic);

	hex = dbgfs_create_dir("hex", dir);
	if (IS_ERR(hex))
		return PTR_ERR(hex);
	dbgfs_create_x8("x8", 0644, hex, &x8);
	dbgfs_create_x16("x16", 0644, hex, &x16);
	dbgfs_create_x32("x32", 0644, hex, &x32);
	dbgfs_create_x64("x64", 0644, hex, &x64);
	dbgfs_create_xul("xul", 0644, hex, &xul);
	return 0;
}

static int api_create_text(void)
{
	struct dentry *dir;

	str = kstrdup("hello dbgfs", GFP_KERNEL);
	str_ro = kstrdup("read only text", GFP_KERNEL);
	if (!str || !str_ro)
		return -ENOMEM;

	dir = dbgfs_create_dir("text", api_top);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	dbgfs_create_str("str", 0644, dir, &str);
	dbgfs_create_str("str_null", 0644, dir, &str_null);
	dbgfs_create_str("str_ro", 0444, dir, &str_ro);
	return 0;
}

static int api_create_struct(void)
{
	struct dentry *dir, *dev_dir;
	int err;

	dir = dbgfs_create_dir("struct", api_top);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	err = api_err(dbgfs_create_blob("blob_rw", 0644, dir, &blob_rw));
	err = err ?: api_err(dbgfs_create_blob("blob_ro", 0444, dir,
					       &blob_ro));
	err = err ?: api_err(dbgfs_create_blob("blob_mask", 0777, dir,
					       &blob_mask));
	if (err)
		return err;
	dbgfs_create_regset32("regs", 0444, dir, &regset);
	dbgfs_create_u32_array("array", 0444, dir, &api_array);

	dev_dir = dbgfs_create_dir("dev", dir);
	if (IS_ERR(dev_dir))
		return PTR_ERR(dev_dir);
	dbgfs_create_devm_seqfile(api_dev, "devm", dev_dir, api_devm_show);
	return 0;
}

static int api_create_attr(void)
{
	struct dentry *dir;
	int err;

	dir = dbgfs_create_dir("attr", api_top);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	err = api_err(dbgfs_create_file_unsafe("attr_u", 0644, dir, &attr_u,
					       &attr_u_fops));
	err = err ?: api_err(dbgfs_create_file_unsafe("attr_s", 0644, dir,
						      &attr_s, &attr_s_fops));
	err = err ?: api_err(dbgfs_create_file_aux("aux_a", 0444, dir,
						   "aux=", "alpha",
						   &api_aux_fops));
	err = err ?: api_err(dbgfs_create_file_aux("aux_b", 0444, dir,
						   "aux=", "beta",
						   &api_aux_fops));
	if (err)
		return err;
	dbgfs_create_file_size("sized", 0444, dir, "ten bytes\n",
			       &api_text_fops, 4096);
	return 0;
}

static int api_create_tree(void)
{
	struct dentry *dir, *a, *b;
	int err;

	dir = dbgfs_create_dir("links", api_top);
	err = api_err(dir);
	err = err ?: api_err(dbgfs_create_symlink("to_u64", dir,
						  "../values/v_u64"));
	err = err ?: api_err(dbgfs_create_symlink("to_hex", dir,
						  "../values/hex"));
	if (err)
		return err;

	api_ren_dir = dbgfs_create_dir("ren", api_top);
	if (IS_ERR(api_ren_dir))
		return PTR_ERR(api_ren_dir);
	api_renameme = dbgfs_create_file("renameme", 0444, api_ren_dir,
					 "renameme data\n", &api_text_fops);
	err = api_err(api_renameme);
	err = err ?: api_err(dbgfs_create_file("other", 0444, api_ren_dir,
					       "other data\n",
					       &api_text_fops));
	if (err)
		return err;

	/* victim/ is only reached by name: ctl/remove may remove it. */
	dir = dbgfs_create_dir("victim", api_top);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	dbgfs_create_u64("v_u64", 0644, dir, &v_u64);
	a = dbgfs_create_dir("a", dir);
	b = dbgfs_create_dir("b", a);
	err = api_err(dbgfs_create_file("deep", 0444, b, "deep\n",
					&api_text_fops));
	if (err)
		return err;

	dir = dbgfs_create_dir("ctl", api_top);
	err = api_err(dbgfs_create_file("rename", 0200, dir, NULL,
					&api_rename_fops));
	err = err ?: api_err(dbgfs_create_file("lookup", 0200, dir, NULL,
					       &api_lookup_fops));
	err = err ?: api_err(dbgfs_create_file("remove", 0200, dir, NULL,
					       &api_remove_fops));
	return err;
}

static void api_free(void)
{
	/* No file uses the strings any more: dbgfs_remove() waited. */
	kfree(str);
	kfree(str_null);
	kfree(str_ro);
	if (!IS_ERR_OR_NULL(api_dev))
		root_device_unregister(api_dev);
}

static int __init dbgfs_api_init(void)
{
	int err;

	if (!dbgfs_initialized())
		return -ENODEV;

	api_dev = root_device_register("dbgfs_api");
	if (IS_ERR(api_dev))
		return PTR_ERR(api_dev);

	api_top = dbgfs_create_dir("dbgfs_api", NULL);
	if (IS_ERR(api_top)) {
		err = PTR_ERR(api_top);
		goto out_free;
	}
	err = api_create_values();
	err = err ?: api_create_text();
	err = err ?: api_create_struct();
	err = err ?: api_create_attr();
	err = err ?: api_create_tree();
	if (err) {
		pr_err("cannot create the tree: %d\n", err);
		dbgfs_remove(api_top);
		goto out_free;
	}
	pr_info("loaded\n");
	return 0;

out_free:
	api_free();
	return err;
}

static void __exit dbgfs_api_exit(void)
{
	dbgfs_remove(api_top);
	api_free();
	pr_info("unloaded\n");
}

module_init(dbgfs_api_init);
module_exit(dbgfs_api_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dbgfs test client: one entry of every kind of the API");
