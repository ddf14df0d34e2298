// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct.c - dbgfs files that show structures: blobs, register sets,
 * u32 arrays and device-managed seq_files
 */

#define pr_fmt(fmt) "dbgfs: " fmt

#include <linux/device.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/mm.h>		/* kvmalloc(), kvfree(): <linux/slab.h> only from 5.16 */
#include <linux/pm_runtime.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <dbgfs.h>

#include "internal.h"

/* Blobs: the caller's memory, read and written in place, never resized. */
static ssize_t dbgfs_blob_read(struct file *file, char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct dbgfs_blob_wrapper *blob = file_inode(file)->i_private;
	struct dentry *dentry = file->f_path.dentry;
	ssize_t ret;

	ret = dbgfs_file_get(dentry);
	if (ret)
		return ret;
	ret = simple_read_from_buffer(buf, count, ppos, blob->data, blob->size);
	dbgfs_file_put(dentry);
	return ret;
}

static ssize_t dbgfs_blob_write(struct file *file, const char __user *buf,
				size_t count, loff_t *ppos)
{
	struct dbgfs_blob_wrapper *blob = file_inode(file)->i_private;
	struct dentry *dentry = file->f_path.dentry;
	ssize_t ret;

	ret = dbgfs_file_get(dentry);
	if (ret)
		return ret;
	/* Past the end there is no room: say so rather than write nothing. */
	if (count && *ppos >= blob->size)
		ret = -ENOSPC;
	else
		ret = simple_write_to_buffer(blob->data, blob->size, ppos, buf,
					     count);
	dbgfs_file_put(dentry);
	return ret;
}

static const struct file_operations dbgfs_blob_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= dbgfs_blob_read,
	.write	= dbgfs_blob_write,
	.llseek	= default_llseek,
};

/* Created without write bits, a blob stays read-only even for root. */
static const struct file_operations dbgfs_blob_ro_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= dbgfs_blob_read,
	.llseek	= default_llseek,
};

struct dentry *dbgfs_create_blob(const char *name, umode_t mode,
				 struct dentry *parent,
				 struct dbgfs_blob_wrapper *blob)
{
	mode &= 0644;
	return dbgfs_create_file_unsafe(name, mode, parent, blob,
					mode & 0200 ? &dbgfs_blob_fops :
						      &dbgfs_blob_ro_fops);
}
EXPORT_SYMBOL_GPL(dbgfs_create_blob);

/* Follows fs/debugfs/file.c (debugfs_print_regs32(); Linux, GPL-2.0-only). */
void dbgfs_print_regs32(struct seq_file *s, const struct dbgfs_reg32 *regs,
			int nregs, void __iomem *base, char *prefix)
{
	int i;

	for (i = 0; i < nregs; i++, regs++) {
		if (prefix)
			seq_puts(s, prefix);
		seq_printf(s, "%s = 0x%08x\n", regs->name,
			   readl(base + regs->offset));
		if (seq_has_overflowed(s))
			break;
	}
}
EXPORT_SYMBOL_GPL(dbgfs_print_regs32);

static int dbgfs_regset32_show(struct seq_file *s, void *data)
{
	struct dbgfs_regset32 *regset = s->private;

	if (regset->dev)
		pm_runtime_get_sync(regset->dev);
	dbgfs_print_regs32(s, regset->regs, regset->nregs, regset->base, "");
	if (regset->dev)
		pm_runtime_put(regset->dev);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(dbgfs_regset32);

void dbgfs_create_regset32(const char *name, umode_t mode,
			   struct dentry *parent,
			   struct dbgfs_regset32 *regset)
{
	dbgfs_create_lazy(name, mode, parent, regset, true,
			  &dbgfs_regset32_fops, 0);
}
EXPORT_SYMBOL_GPL(dbgfs_create_regset32);

/*
 * u32 arrays are formatted once, at open, into a buffer of the open file's
 * own: reads never touch the caller's array.
 */
static char *dbgfs_format_u32_array(const u32 *array, u32 n, size_t *len)
{
	size_t size = 1, pos = 0;
	char *buf;
	u32 i;

	for (i = 0; i < n; i++)
		size += snprintf(NULL, 0, "%u ", array[i]);
	buf = kvmalloc(size, GFP_KERNEL);	/* large arrays are megabytes */
	if (!buf)
		return NULL;
	for (i = 0; i < n; i++)
		pos += scnprintf(buf + pos, size - pos, "%s%u",
				 i ? " " : "", array[i]);
	pos += scnprintf(buf + pos, size - pos, "\n");
	*len = pos;
	return buf;
}

struct dbgfs_u32_array_text {
	size_t len;
	char *text;
};

static int dbgfs_u32_array_open(struct inode *inode, struct file *file)
{
	struct dbgfs_u32_array *array = inode->i_private;
	struct dbgfs_u32_array_text *t;
	int err;

	t = kmalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	err = dbgfs_file_get(file->f_path.dentry);
	if (err)
		goto out_free;
	t->text = dbgfs_format_u32_array(array->array, array->n_elements,
					 &t->len);
	dbgfs_file_put(file->f_path.dentry);
	if (!t->text) {
		err = -ENOMEM;
		goto out_free;
	}
	file->private_data = t;
	return nonseekable_open(inode, file);

out_free:
	kfree(t);
	return err;
}

static ssize_t dbgfs_u32_array_read(struct file *file, char __user *buf,
				    size_t count, loff_t *ppos)
{
	struct dbgfs_u32_array_text *t = file->private_data;

	return simple_read_from_buffer(buf, count, ppos, t->text, t->len);
}

static int dbgfs_u32_array_release(struct inode *inode, struct file *file)
{
	struct dbgfs_u32_array_text *t = file->private_data;

	kvfree(t->text);
	kfree(t);
	return 0;
}

static const struct file_operations dbgfs_u32_array_fops = {
	.owner		= THIS_MODULE,
	.open		= dbgfs_u32_array_open,
	.release	= dbgfs_u32_array_release,
	.read		= dbgfs_u32_array_read,
};

void dbgfs_create_u32_array(const char *name, umode_t mode,
			    struct dentry *parent,
			    struct dbgfs_u32_array *array)
{
	dbgfs_create_lazy(name, mode, parent, array, false,
			  &dbgfs_u32_array_fops, 0);
}
EXPORT_SYMBOL_GPL(dbgfs_create_u32_array);

/* A seq_file whose bookkeeping goes with the device's resources. */
struct dbgfs_devm_entry {
	int (*read)(struct seq_file *seq, void *data);
	struct device *dev;
};

static int dbgfs_devm_entry_open(struct inode *inode, struct file *file)
{
	struct dbgfs_devm_entry *entry = inode->i_private;

	return single_open(file, entry->read, entry->dev);
}

static const struct file_operations dbgfs_devm_entry_fops = {
	.owner		= THIS_MODULE,
	.open		= dbgfs_devm_entry_open,
	.release	= single_release,
	.read		= seq_read,
	.llseek		= seq_lseek,
};

void dbgfs_create_devm_seqfile(struct device *dev, const char *name,
			       struct dentry *parent,
			       int (*read_fn)(struct seq_file *s, void *data))
{
	struct dbgfs_devm_entry *entry;

	if (IS_ERR(parent))
		return;
	entry = devm_kzalloc(dev, sizeof(*entry), GFP_KERNEL);
	if (!entry)
		return;
	entry->read = read_fn;
	entry->dev = dev;
	dbgfs_create_lazy(name, 0444, parent, entry, true,
			  &dbgfs_devm_entry_fops, 0);
}
EXPORT_SYMBOL_GPL(dbgfs_create_devm_seqfile);
