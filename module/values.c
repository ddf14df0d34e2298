// SPDX-License-Identifier: GPL-2.0-only
/*
 * values.c - dbgfs value files: numbers, bools and strings
 *
 * Each file shows one variable of the caller's.  Reads format it as mainline
 * debugfs does; writes are parsed strictly, so that bad input fails with an
 * errno and never changes the value.  The files are made with the open-only
 * proxy, and every access to the variable is guarded with dbgfs_file_get/put:
 * after removal (or the owner's unload) the variable is never touched again.
 */

#define pr_fmt(fmt) "dbgfs: " fmt

#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <dbgfs.h>

#include "internal.h"

/* A kind says how wide a variable is and how it reads. */
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
static const struct dbgfs_value_kind dbgfs_kind_u64 = { "%llu\n", 8 };
static const struct dbgfs_value_kind dbgfs_kind_ulong = {
	"%llu\n", sizeof(unsigned long)
};

static const struct dbgfs_value_kind dbgfs_kind_size_t = {
	"%llu\n", sizeof(size_t)
};

static const struct dbgfs_value_kind dbgfs_kind_x8 = { "0x%02llx\n", 1 };
static const struct dbgfs_value_kind dbgfs_kind_x16 = { "0x%04llx\n", 2 };
static const struct dbgfs_value_kind dbgfs_kind_x32 = { "0x%08llx\n", 4 };
static const struct dbgfs_value_kind dbgfs_kind_x64 = { "0x%016llx\n", 8 };

static const struct dbgfs_value_kind dbgfs_kind_atomic_t = {
	"%lld\n", sizeof(atomic_t), DBGFS_VALUE_SIGNED
};

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
	/* kstrto*() would take a second newline: one is all we allow. */
	if (len && text[len - 1] == '\n')
		return -EINVAL;
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

/*
 * What one open file read: the value is formatted once, by the read at
 * offset 0, and later offsets are served from that text, so that reading
 * in small pieces never mixes two values (as simple_attr does).  Reads of
 * one open file are serialized by the VFS's f_pos lock: the file is not
 * seekable and has no pread.
 */
struct dbgfs_value_text {
	u8 len;
	char text[DBGFS_VALUE_MAX_INPUT];
};

static int dbgfs_value_open(struct inode *inode, struct file *file)
{
	struct dbgfs_value_text *t;

	if (file->f_mode & FMODE_READ) {
		t = kzalloc(sizeof(*t), GFP_KERNEL);
		if (!t)
			return -ENOMEM;
		file->private_data = t;
	}
	return nonseekable_open(inode, file);
}

static int dbgfs_value_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static ssize_t dbgfs_value_read(struct file *file, char __user *buf,
				size_t count, loff_t *ppos)
{
	const struct dbgfs_value_kind *kind = dbgfs_value_kind(file);
	struct dbgfs_value_text *t = file->private_data;
	struct dentry *dentry = file->f_path.dentry;
	u64 val;
	int err;

	err = dbgfs_file_get(dentry);
	if (err)
		return err;
	if (*ppos == 0) {
		val = dbgfs_value_get(kind, file_inode(file)->i_private);
		if (kind->flags & DBGFS_VALUE_BOOL)
			t->len = scnprintf(t->text, sizeof(t->text), "%c\n",
					   val ? 'Y' : 'N');
		else
			t->len = scnprintf(t->text, sizeof(t->text),
					   kind->fmt, val);
	}
	dbgfs_file_put(dentry);
	return simple_read_from_buffer(buf, count, ppos, t->text, t->len);
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
		.release = dbgfs_value_release,				\
		.read = dbgfs_value_read, .write = dbgfs_value_write,	\
	} },								\
	{ &dbgfs_kind_##name, {						\
		.owner = THIS_MODULE, .open = dbgfs_value_open,		\
		.release = dbgfs_value_release,				\
		.read = dbgfs_value_read,				\
	} },								\
	{ &dbgfs_kind_##name, {						\
		.owner = THIS_MODULE, .open = dbgfs_value_open,		\
		.release = dbgfs_value_release,				\
		.write = dbgfs_value_write,				\
	} },								\
}

DBGFS_VALUE_FOPS(u8);
DBGFS_VALUE_FOPS(u16);
DBGFS_VALUE_FOPS(u32);
DBGFS_VALUE_FOPS(u64);
DBGFS_VALUE_FOPS(ulong);
DBGFS_VALUE_FOPS(size_t);
DBGFS_VALUE_FOPS(x8);
DBGFS_VALUE_FOPS(x16);
DBGFS_VALUE_FOPS(x32);
DBGFS_VALUE_FOPS(x64);
DBGFS_VALUE_FOPS(atomic_t);
DBGFS_VALUE_FOPS(bool);

/*
 * Value and string files come with three fops each: read-write, read-only
 * and write-only, in that order.  Which one a file gets follows @mode, so
 * that a file without a handler for an access never reaches it.
 */
static unsigned int dbgfs_fops_index(umode_t mode)
{
	if (!(mode & 0222))
		return 1;
	if (!(mode & 0444))
		return 2;
	return 0;
}

/*
 * Create a value file with the fops that match @mode.  The typed helpers
 * return void, as in mainline: callers have nothing to check, and hold
 * no dentry, so the file is a lazy entry (lazy.c).
 */
static void dbgfs_create_value(const char *name, umode_t mode,
			       struct dentry *parent, void *value,
			       const struct dbgfs_value_fops fops[3])
{
	dbgfs_create_lazy(name, mode, parent, value, false,
			  &fops[dbgfs_fops_index(mode)].fops, 0);
}

/* The exported creators differ only in the variable's type. */
#define DBGFS_DEFINE_CREATE(kind, ptr_type)				\
void dbgfs_create_##kind(const char *name, umode_t mode,		\
			 struct dentry *parent, ptr_type value)		\
{									\
	dbgfs_create_value(name, mode, parent, value, dbgfs_##kind##_fops);\
}									\
EXPORT_SYMBOL_GPL(dbgfs_create_##kind)

DBGFS_DEFINE_CREATE(u8, u8 *);
DBGFS_DEFINE_CREATE(u16, u16 *);
DBGFS_DEFINE_CREATE(u32, u32 *);
DBGFS_DEFINE_CREATE(u64, u64 *);
DBGFS_DEFINE_CREATE(ulong, unsigned long *);
DBGFS_DEFINE_CREATE(size_t, size_t *);
DBGFS_DEFINE_CREATE(x8, u8 *);
DBGFS_DEFINE_CREATE(x16, u16 *);
DBGFS_DEFINE_CREATE(x32, u32 *);
DBGFS_DEFINE_CREATE(x64, u64 *);
DBGFS_DEFINE_CREATE(atomic_t, atomic_t *);
DBGFS_DEFINE_CREATE(bool, bool *);

/*
 * String files.  Readers copy the string under RCU; a writer builds the new
 * string, publishes it and frees the old one after a grace period.  Writers
 * are serialized, so that two never free the same old string; they copy
 * from userspace before they take the mutex or guard the file, since a
 * slow page fault there must stall neither other writers nor removal.
 */
static DEFINE_MUTEX(dbgfs_str_write_mutex);

static ssize_t dbgfs_str_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct dentry *dentry = file->f_path.dentry;
	char __rcu **value = file_inode(file)->i_private;
	const char *str;
	char *copy;
	ssize_t ret;
	size_t len;

	ret = dbgfs_file_get(dentry);
	if (ret)
		return ret;
	rcu_read_lock();
	str = rcu_dereference(*value);
	len = str ? strlen(str) : 0;
	copy = kmalloc(len + 2, GFP_ATOMIC);
	if (copy) {
		memcpy(copy, str ? str : "", len);
		copy[len] = '\n';
		copy[len + 1] = '\0';
	}
	rcu_read_unlock();
	dbgfs_file_put(dentry);
	if (!copy)
		return -ENOMEM;

	ret = simple_read_from_buffer(buf, count, ppos, copy, len + 1);
	kfree(copy);
	return ret;
}

/*
 * Build the string a write at @pos of @chunk (@count bytes) makes of @old:
 * at 0 it replaces, at the end it appends, elsewhere it is refused.
 */
static char *dbgfs_str_build(const char *old, const char *chunk,
			     size_t count, loff_t pos)
{
	size_t old_len = old ? strlen(old) : 0;
	char *new;

	if (pos && pos != old_len)
		return ERR_PTR(-EINVAL);	/* only replace or append */
	if (pos + count + 1 > PAGE_SIZE)
		return ERR_PTR(-E2BIG);

	new = kmalloc(pos + count + 1, GFP_KERNEL);
	if (!new)
		return ERR_PTR(-ENOMEM);
	if (pos)
		memcpy(new, old, pos);
	memcpy(new + pos, chunk, count);
	new[pos + count] = '\0';
	return new;
}

static ssize_t dbgfs_str_write(struct file *file, const char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct dentry *dentry = file->f_path.dentry;
	char __rcu **value = file_inode(file)->i_private;
	char *chunk, *old = NULL, *new, *trimmed;
	ssize_t ret;

	if (count >= PAGE_SIZE)
		return -E2BIG;
	chunk = memdup_user(buf, count);
	if (IS_ERR(chunk))
		return PTR_ERR(chunk);

	ret = dbgfs_file_get(dentry);
	if (ret)
		goto out_free;
	mutex_lock(&dbgfs_str_write_mutex);
	old = rcu_dereference_protected(*value,
					lockdep_is_held(&dbgfs_str_write_mutex));
	new = dbgfs_str_build(old, chunk, count, *ppos);
	if (IS_ERR(new)) {
		ret = PTR_ERR(new);
		old = NULL;	/* still stored: not ours to free */
		goto out_unlock;
	}
	/* strim() may move the start: keep what kfree() needs at new. */
	trimmed = strim(new);
	memmove(new, trimmed, strlen(trimmed) + 1);
	rcu_assign_pointer(*value, new);
	/* The next write appends to what is stored, trimmed as it is. */
	*ppos = strlen(new);
	ret = count;
out_unlock:
	mutex_unlock(&dbgfs_str_write_mutex);
	dbgfs_file_put(dentry);
	/* Freed whenever it was replaced, by an empty write too. */
	if (old) {
		synchronize_rcu();
		kfree(old);
	}
out_free:
	kfree(chunk);
	return ret;
}

static const struct file_operations dbgfs_str_fops[] = {
	{
		.owner = THIS_MODULE, .open = simple_open,
		.read = dbgfs_str_read, .write = dbgfs_str_write,
		.llseek = default_llseek,
	},
	{
		.owner = THIS_MODULE, .open = simple_open,
		.read = dbgfs_str_read, .llseek = default_llseek,
	},
	{
		.owner = THIS_MODULE, .open = simple_open,
		.write = dbgfs_str_write, .llseek = default_llseek,
	},
};

void dbgfs_create_str(const char *name, umode_t mode, struct dentry *parent,
		      char **value)
{
	dbgfs_create_lazy(name, mode, parent, value, false,
			  &dbgfs_str_fops[dbgfs_fops_index(mode)], 0);
}
EXPORT_SYMBOL_GPL(dbgfs_create_str);
