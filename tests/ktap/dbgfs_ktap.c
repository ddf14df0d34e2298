// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel-side tests of the dbgfs API's error paths, reported in KTAP
 *
 * On load, runs every case once and writes the KTAP report both to the
 * kernel log and to dbgfs_ktap/ktap_results below the dbgfs mount point,
 * where userspace collects it.  The module loads even when cases fail, so
 * the report can be read; what the cases leave behind on purpose is in
 * dbgfs_ktap/keep, for userspace to check:
 *
 *	dbgfs_ktap/ktap_results	0444  the KTAP report
 *	dbgfs_ktap/keep/	0755
 *	dbgfs_ktap/keep/file	0444  reads "original\n"
 *	dbgfs_ktap/keep/ddd...d	0755  a directory with a 255-byte name
 *	dbgfs_ktap/keep/fff...f	0444  a file with a 255-byte name
 *
 * The cases of the later API (values, strings, structures, symlinks,
 * lookups, renames) clean up after themselves and name what they make
 * x_*, so that a stray entry is easy to find from userspace.
 *
 * The lazy_* cases check dbgfs's lazy entries (the void creators keep a
 * record, and the dentry is built on lookup): with the module parameter
 * lazy=1 (the default, for dbgfs loaded with lazy=1) they also check that
 * creating one adds no dentry, seen in the directory's d_count, which
 * every child dentry holds a reference on; lazy=0 for dbgfs lazy=0.
 *
 * Everything is removed on unload.
 */
#include <linux/completion.h>
#include <linux/dcache.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/sched/debug.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uidgid.h>

#include <dbgfs.h>

#define KTAP_TEXT_LEN	8192
#define KTAP_DIAG_LEN	128
#define KTAP_NAME_MAX	255

static char ktap_text[KTAP_TEXT_LEN];
static size_t ktap_text_len;
static unsigned int ktap_passed, ktap_failed;

static struct dentry *ktap_top;	/* dbgfs_ktap */
static struct dentry *ktap_keep;	/* dbgfs_ktap/keep */
static struct dentry *ktap_file;	/* dbgfs_ktap/keep/file */
static int ktap_marker;		/* its i_private */

/* Two names of 255 bytes and one of 256, built at load time. */
static char ktap_dir255[KTAP_NAME_MAX + 1];
static char ktap_file255[KTAP_NAME_MAX + 1];
static char ktap_name256[KTAP_NAME_MAX + 2];

static u8 ktap_u8;
static u16 ktap_u16;
static u32 ktap_u32;
static bool ktap_bool;
static u64 ktap_u64;
static unsigned long ktap_ulong;
static size_t ktap_size_t;
static atomic_t ktap_atomic;
static char *ktap_str;	/* NULL: no write ever happens */
static u8 ktap_blob_data[4];
static struct dbgfs_blob_wrapper ktap_blob = {
	.data = ktap_blob_data, .size = sizeof(ktap_blob_data),
};

static u32 ktap_reg_mem[1];
static const struct dbgfs_reg32 ktap_reg32[] = { { .name = "r", .offset = 0 } };
static struct dbgfs_regset32 ktap_regset = {
	.regs = ktap_reg32, .nregs = 1,
	.base = (void __force __iomem *)ktap_reg_mem,
};

static u32 ktap_array_data[2];
static struct dbgfs_u32_array ktap_array = {
	.array = ktap_array_data, .n_elements = 2,
};

static struct device *ktap_dev;	/* for dbgfs_create_devm_seqfile() */

static bool lazy = true;
module_param(lazy, bool, 0444);
MODULE_PARM_DESC(lazy, "dbgfs makes lazy entries (its own lazy=)");

/* Appends one line to the report and prints it to the kernel log. */
static __printf(1, 2) void ktap_line(const char *fmt, ...)
{
	char *line = ktap_text + ktap_text_len;
	size_t room = sizeof(ktap_text) - ktap_text_len;
	va_list args;
	int len;

	va_start(args, fmt);
	len = vscnprintf(line, room, fmt, args);
	va_end(args);

	pr_info("%s\n", line);
	if (room - len > 1) {
		line[len++] = '\n';
		line[len] = '\0';
	}
	ktap_text_len += len;
}

static ssize_t ktap_keep_read(struct file *file, char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	static const char text[] = "original\n";

	return simple_read_from_buffer(ubuf, count, ppos, text,
				       sizeof(text) - 1);
}

static const struct file_operations ktap_keep_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = ktap_keep_read,
	.llseek = default_llseek,
};

static int ktap_results_show(struct seq_file *s, void *unused)
{
	seq_puts(s, s->private);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(ktap_results);

/*
 * Checks that @d is exactly ERR_PTR(@want).  A dentry created by mistake
 * is removed again so that the tree stays as userspace expects it.
 */
static bool ktap_expect_err(struct dentry *d, long want, char *diag)
{
	if (!d) {
		snprintf(diag, KTAP_DIAG_LEN, "expected %ld, got NULL", want);
		return false;
	}
	if (!IS_ERR(d)) {
		dbgfs_remove(d);
		snprintf(diag, KTAP_DIAG_LEN,
			 "expected %ld, got a dentry", want);
		return false;
	}
	if (PTR_ERR(d) != want) {
		snprintf(diag, KTAP_DIAG_LEN, "expected %ld, got %ld", want,
			 PTR_ERR(d));
		return false;
	}
	return true;
}

/* Checks that @d is a dentry with mode @mode, owned by root, in @parent. */
static bool ktap_expect_dentry(struct dentry *d, struct dentry *parent,
			       umode_t mode, char *diag)
{
	struct inode *inode;

	if (IS_ERR_OR_NULL(d)) {
		snprintf(diag, KTAP_DIAG_LEN, "expected a dentry, got %ld",
			 PTR_ERR(d));
		return false;
	}
	inode = d_inode(d);
	if (!inode) {
		snprintf(diag, KTAP_DIAG_LEN, "negative dentry");
		return false;
	}
	if (inode->i_mode != mode) {
		snprintf(diag, KTAP_DIAG_LEN, "mode expected 0%o, got 0%o",
			 mode, inode->i_mode);
		return false;
	}
	if (!uid_eq(inode->i_uid, GLOBAL_ROOT_UID) ||
	    !gid_eq(inode->i_gid, GLOBAL_ROOT_GID)) {
		snprintf(diag, KTAP_DIAG_LEN, "owner is not root:root");
		return false;
	}
	if (d->d_parent != (parent ? parent : d->d_sb->s_root)) {
		snprintf(diag, KTAP_DIAG_LEN, "wrong parent directory");
		return false;
	}
	return true;
}

/*
 * A name made again after its removal: its new dentry @d must be as
 * expected; it is removed in turn.
 */
static bool ktap_expect_remade(struct dentry *d, struct dentry *parent,
			       umode_t mode, char *diag)
{
	if (!ktap_expect_dentry(d, parent, mode, diag)) {
		strlcat(diag, " (after remove)", KTAP_DIAG_LEN);
		return false;
	}
	dbgfs_remove(d);
	return true;
}

static bool ktap_need_keep(char *diag)
{
	if (IS_ERR_OR_NULL(ktap_keep) || IS_ERR_OR_NULL(ktap_file)) {
		snprintf(diag, KTAP_DIAG_LEN, "setup failed: no keep/file");
		return false;
	}
	return true;
}

static bool ktap_initialized(char *diag)
{
	if (!dbgfs_initialized()) {
		snprintf(diag, KTAP_DIAG_LEN, "dbgfs_initialized() is false");
		return false;
	}
	return true;
}

static bool ktap_root_dir(char *diag)
{
	return ktap_expect_dentry(ktap_top, NULL, S_IFDIR | 0755, diag);
}

static bool ktap_sub_dir(char *diag)
{
	if (IS_ERR_OR_NULL(ktap_top)) {
		snprintf(diag, KTAP_DIAG_LEN, "setup failed: no dbgfs_ktap");
		return false;
	}
	return ktap_expect_dentry(ktap_keep, ktap_top, S_IFDIR | 0755, diag);
}

static bool ktap_file_created(char *diag)
{
	if (!ktap_need_keep(diag) ||
	    !ktap_expect_dentry(ktap_file, ktap_keep, S_IFREG | 0444, diag))
		return false;
	if (d_inode(ktap_file)->i_private != &ktap_marker) {
		snprintf(diag, KTAP_DIAG_LEN, "i_private is not the data");
		return false;
	}
	return true;
}

static bool ktap_dir_eexist(char *diag)
{
	return ktap_need_keep(diag) &&
	       ktap_expect_err(dbgfs_create_dir("keep", ktap_top), -EEXIST,
			       diag);
}

static bool ktap_file_over_dir_eexist(char *diag)
{
	return ktap_need_keep(diag) &&
	       ktap_expect_err(dbgfs_create_file("keep", 0444, ktap_top, NULL,
						 &ktap_keep_fops),
			       -EEXIST, diag);
}

static bool ktap_dir_over_file_eexist(char *diag)
{
	return ktap_need_keep(diag) &&
	       ktap_expect_err(dbgfs_create_dir("file", ktap_keep), -EEXIST,
			       diag);
}

static bool ktap_file_over_file_eexist(char *diag)
{
	return ktap_need_keep(diag) &&
	       ktap_expect_err(dbgfs_create_file("file", 0644, ktap_keep,
						 NULL, &ktap_keep_fops),
			       -EEXIST, diag);
}

/* The typed helpers return nothing: userspace checks keep/file is intact. */
static bool ktap_typed_over_file(char *diag)
{
	if (!ktap_need_keep(diag))
		return false;
	dbgfs_create_u8("file", 0644, ktap_keep, &ktap_u8);
	dbgfs_create_u16("file", 0644, ktap_keep, &ktap_u16);
	dbgfs_create_u32("file", 0644, ktap_keep, &ktap_u32);
	dbgfs_create_bool("file", 0644, ktap_keep, &ktap_bool);
	return ktap_file_created(diag);
}

static const char *const ktap_bad_names[] = { "", ".", "..", "a/b", "/",
					      "a/", "/a" };

/* Each bad name is refused with -EINVAL, for a directory or a file. */
static bool ktap_bad_names_refused(bool file, char *diag)
{
	struct dentry *d;
	const char *name;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ktap_bad_names); i++) {
		name = ktap_bad_names[i];
		d = file ? dbgfs_create_file(name, 0444, ktap_top, NULL,
					     &ktap_keep_fops) :
			   dbgfs_create_dir(name, ktap_top);
		if (!ktap_expect_err(d, -EINVAL, diag)) {
			strlcat(diag, " for \"", KTAP_DIAG_LEN);
			strlcat(diag, name, KTAP_DIAG_LEN);
			strlcat(diag, "\"", KTAP_DIAG_LEN);
			return false;
		}
	}
	return true;
}

static bool ktap_dir_bad_names(char *diag)
{
	return ktap_bad_names_refused(false, diag);
}

static bool ktap_file_bad_names(char *diag)
{
	return ktap_bad_names_refused(true, diag);
}

static bool ktap_root_bad_names(char *diag)
{
	return ktap_expect_err(dbgfs_create_dir("..", NULL), -EINVAL, diag) &&
	       ktap_expect_err(dbgfs_create_dir("", NULL), -EINVAL, diag) &&
	       ktap_expect_err(dbgfs_create_file("x/y", 0444, NULL, NULL,
						 &ktap_keep_fops),
			       -EINVAL, diag);
}

static bool ktap_dir_name256(char *diag)
{
	return ktap_expect_err(dbgfs_create_dir(ktap_name256, ktap_top),
			       -ENAMETOOLONG, diag);
}

static bool ktap_file_name256(char *diag)
{
	return ktap_expect_err(dbgfs_create_file(ktap_name256, 0444, ktap_top,
						 NULL, &ktap_keep_fops),
			       -ENAMETOOLONG, diag);
}

static bool ktap_dir_name255(char *diag)
{
	return ktap_need_keep(diag) &&
	       ktap_expect_dentry(dbgfs_create_dir(ktap_dir255, ktap_keep),
				  ktap_keep, S_IFDIR | 0755, diag);
}

static bool ktap_file_name255(char *diag)
{
	return ktap_need_keep(diag) &&
	       ktap_expect_dentry(dbgfs_create_file(ktap_file255, 0444,
						    ktap_keep, NULL,
						    &ktap_keep_fops),
				  ktap_keep, S_IFREG | 0444, diag);
}

static bool ktap_name255_eexist(char *diag)
{
	return ktap_need_keep(diag) &&
	       ktap_expect_err(dbgfs_create_dir(ktap_dir255, ktap_keep),
			       -EEXIST, diag) &&
	       ktap_expect_err(dbgfs_create_file(ktap_file255, 0444,
						 ktap_keep, NULL,
						 &ktap_keep_fops),
			       -EEXIST, diag);
}

static bool ktap_dir_err_parent(char *diag)
{
	struct dentry *eio = ERR_PTR(-EIO), *enomem = ERR_PTR(-ENOMEM);

	if (dbgfs_create_dir("x", eio) != eio ||
	    dbgfs_create_dir("x", enomem) != enomem) {
		snprintf(diag, KTAP_DIAG_LEN, "the ERR_PTR parent was not returned");
		return false;
	}
	return true;
}

static bool ktap_file_err_parent(char *diag)
{
	struct dentry *eio = ERR_PTR(-EIO), *enodev = ERR_PTR(-ENODEV);

	if (dbgfs_create_file("x", 0444, eio, NULL, &ktap_keep_fops) != eio ||
	    dbgfs_create_file("x", 0444, enodev, NULL,
			      &ktap_keep_fops) != enodev) {
		snprintf(diag, KTAP_DIAG_LEN, "the ERR_PTR parent was not returned");
		return false;
	}
	return true;
}

/* Must not oops; userspace checks that nothing appeared anywhere. */
static bool ktap_typed_err_parent(char *diag)
{
	struct dentry *eio = ERR_PTR(-EIO);

	dbgfs_create_u8("x_u8", 0644, eio, &ktap_u8);
	dbgfs_create_u16("x_u16", 0644, eio, &ktap_u16);
	dbgfs_create_u32("x_u32", 0644, eio, &ktap_u32);
	dbgfs_create_bool("x_bool", 0644, eio, &ktap_bool);
	return true;
}

static bool ktap_remove_null(char *diag)
{
	dbgfs_remove(NULL);
	/* keep must still be there */
	return ktap_dir_eexist(diag);
}

static bool ktap_remove_err_ptr(char *diag)
{
	dbgfs_remove(ERR_PTR(-EIO));
	dbgfs_remove(ERR_PTR(-ENOENT));
	return ktap_dir_eexist(diag);
}

/* Builds scratch/a/b with files, removes scratch, then makes it again. */
static bool ktap_remove_recursive(char *diag)
{
	struct dentry *scratch, *a, *b;

	scratch = dbgfs_create_dir("scratch", ktap_top);
	if (!ktap_expect_dentry(scratch, ktap_top, S_IFDIR | 0755, diag))
		return false;
	a = dbgfs_create_dir("a", scratch);
	b = dbgfs_create_dir("b", a);
	dbgfs_create_u32("u32", 0644, a, &ktap_u32);
	dbgfs_create_bool("bool", 0644, b, &ktap_bool);
	dbgfs_create_file("file", 0444, b, NULL, &ktap_keep_fops);
	if (!ktap_expect_dentry(b, a, S_IFDIR | 0755, diag)) {
		dbgfs_remove(scratch);
		return false;
	}
	dbgfs_remove(scratch);
	return ktap_expect_remade(dbgfs_create_dir("scratch", ktap_top),
				  ktap_top, S_IFDIR | 0755, diag);
}

static bool ktap_remove_file_recreate(char *diag)
{
	struct dentry *d;

	d = dbgfs_create_file("tmpfile", 0600, ktap_top, &ktap_marker,
			      &ktap_keep_fops);
	if (!ktap_expect_dentry(d, ktap_top, S_IFREG | 0600, diag))
		return false;
	dbgfs_remove(d);
	return ktap_expect_remade(dbgfs_create_dir("tmpfile", ktap_top),
				  ktap_top, S_IFDIR | 0755, diag);
}

static bool ktap_root_create_remove(char *diag)
{
	struct dentry *d;

	d = dbgfs_create_dir("dbgfs_ktap_tmp", NULL);
	if (!ktap_expect_dentry(d, NULL, S_IFDIR | 0755, diag))
		return false;
	if (!ktap_expect_err(dbgfs_create_dir("dbgfs_ktap_tmp", NULL),
			     -EEXIST, diag)) {
		dbgfs_remove(d);
		return false;
	}
	dbgfs_remove(d);
	return ktap_expect_remade(dbgfs_create_file("dbgfs_ktap_tmp", 0444,
						    NULL, NULL,
						    &ktap_keep_fops),
				  NULL, S_IFREG | 0444, diag);
}

static int ktap_devm_show(struct seq_file *s, void *unused)
{
	seq_printf(s, "%s\n", dev_name(s->private));
	return 0;
}

/*
 * Every creator of the later API, by kind.  Those that return a dentry
 * return it; the void ones return NULL and are checked by lookups.
 */
enum ktap_kind {
	KTAP_FILE_UNSAFE, KTAP_FILE_AUX, KTAP_SYMLINK, KTAP_BLOB,
	KTAP_FILE_SIZE, KTAP_U64, KTAP_ULONG, KTAP_SIZE_T, KTAP_X8, KTAP_X16,
	KTAP_X32, KTAP_X64, KTAP_XUL, KTAP_ATOMIC_T, KTAP_STR, KTAP_REGSET32,
	KTAP_U32_ARRAY, KTAP_DEVM_SEQFILE, KTAP_NKINDS
};

static const struct {
	const char *name;
	umode_t mode;		/* what the entry must have */
	bool returns;		/* the creator returns a dentry */
} ktap_kinds[KTAP_NKINDS] = {
	[KTAP_FILE_UNSAFE]	= { "file_unsafe", S_IFREG | 0644, true },
	[KTAP_FILE_AUX]		= { "file_aux", S_IFREG | 0444, true },
	[KTAP_SYMLINK]		= { "symlink", S_IFLNK | 0777, true },
	[KTAP_BLOB]		= { "blob", S_IFREG | 0644, true },
	[KTAP_FILE_SIZE]	= { "file_size", S_IFREG | 0444, false },
	[KTAP_U64]		= { "u64", S_IFREG | 0644, false },
	[KTAP_ULONG]		= { "ulong", S_IFREG | 0644, false },
	[KTAP_SIZE_T]		= { "size_t", S_IFREG | 0644, false },
	[KTAP_X8]		= { "x8", S_IFREG | 0644, false },
	[KTAP_X16]		= { "x16", S_IFREG | 0644, false },
	[KTAP_X32]		= { "x32", S_IFREG | 0644, false },
	[KTAP_X64]		= { "x64", S_IFREG | 0644, false },
	[KTAP_XUL]		= { "xul", S_IFREG | 0644, false },
	[KTAP_ATOMIC_T]		= { "atomic_t", S_IFREG | 0644, false },
	[KTAP_STR]		= { "str", S_IFREG | 0644, false },
	[KTAP_REGSET32]		= { "regset32", S_IFREG | 0444, false },
	[KTAP_U32_ARRAY]	= { "u32_array", S_IFREG | 0444, false },
	[KTAP_DEVM_SEQFILE]	= { "devm_seqfile", S_IFREG | 0444, false },
};

static struct dentry *ktap_create_kind(enum ktap_kind kind, const char *name,
				       struct dentry *parent)
{
	switch (kind) {
	case KTAP_FILE_UNSAFE:
		return dbgfs_create_file_unsafe(name, 0644, parent, NULL,
						&ktap_keep_fops);
	case KTAP_FILE_AUX:
		return dbgfs_create_file_aux(name, 0444, parent, NULL,
					     &ktap_marker, &ktap_keep_fops);
	case KTAP_SYMLINK:
		return dbgfs_create_symlink(name, parent, "keep/file");
	case KTAP_BLOB:
		return dbgfs_create_blob(name, 0777, parent, &ktap_blob);
	case KTAP_FILE_SIZE:
		dbgfs_create_file_size(name, 0444, parent, NULL,
				       &ktap_keep_fops, 100);
		break;
	case KTAP_U64:
		dbgfs_create_u64(name, 0644, parent, &ktap_u64);
		break;
	case KTAP_ULONG:
		dbgfs_create_ulong(name, 0644, parent, &ktap_ulong);
		break;
	case KTAP_SIZE_T:
		dbgfs_create_size_t(name, 0644, parent, &ktap_size_t);
		break;
	case KTAP_X8:
		dbgfs_create_x8(name, 0644, parent, &ktap_u8);
		break;
	case KTAP_X16:
		dbgfs_create_x16(name, 0644, parent, &ktap_u16);
		break;
	case KTAP_X32:
		dbgfs_create_x32(name, 0644, parent, &ktap_u32);
		break;
	case KTAP_X64:
		dbgfs_create_x64(name, 0644, parent, &ktap_u64);
		break;
	case KTAP_XUL:
		dbgfs_create_xul(name, 0644, parent, &ktap_ulong);
		break;
	case KTAP_ATOMIC_T:
		dbgfs_create_atomic_t(name, 0644, parent, &ktap_atomic);
		break;
	case KTAP_STR:
		dbgfs_create_str(name, 0644, parent, &ktap_str);
		break;
	case KTAP_REGSET32:
		dbgfs_create_regset32(name, 0444, parent, &ktap_regset);
		break;
	case KTAP_U32_ARRAY:
		dbgfs_create_u32_array(name, 0444, parent, &ktap_array);
		break;
	case KTAP_DEVM_SEQFILE:
		if (!IS_ERR_OR_NULL(ktap_dev))
			dbgfs_create_devm_seqfile(ktap_dev, name, parent,
						  ktap_devm_show);
		break;
	default:
		break;
	}
	return NULL;
}

static bool ktap_need_dev(char *diag)
{
	if (IS_ERR_OR_NULL(ktap_dev)) {
		snprintf(diag, KTAP_DIAG_LEN, "setup failed: no device");
		return false;
	}
	return true;
}

/* Checks that @name is not found in @parent; removes it if it is. */
static bool ktap_expect_absent(const char *name, struct dentry *parent,
			       char *diag)
{
	struct dentry *d = dbgfs_lookup(name, parent);

	if (!d)
		return true;
	if (IS_ERR(d)) {
		snprintf(diag, KTAP_DIAG_LEN,
			 "lookup of \"%s\" gave %ld, not NULL", name,
			 PTR_ERR(d));
		return false;
	}
	snprintf(diag, KTAP_DIAG_LEN, "\"%s\" exists", name);
	dbgfs_remove(d);
	dput(d);
	return false;
}

static bool ktap_new_err_parent_passed_through(char *diag)
{
	struct dentry *eio = ERR_PTR(-EIO), *d;
	int k;

	for (k = 0; k < KTAP_NKINDS; k++) {
		if (!ktap_kinds[k].returns)
			continue;
		d = ktap_create_kind(k, "x_err", eio);
		if (d != eio) {
			if (!IS_ERR_OR_NULL(d))
				dbgfs_remove(d);
			snprintf(diag, KTAP_DIAG_LEN,
				 "%s: the ERR_PTR parent was not returned",
				 ktap_kinds[k].name);
			return false;
		}
	}
	return true;
}

/* The void creators with an ERR_PTR parent: no oops, nothing made. */
static bool ktap_new_typed_err_parent(char *diag)
{
	char name[32];
	int k;

	if (!ktap_need_dev(diag))
		return false;
	for (k = 0; k < KTAP_NKINDS; k++) {
		if (ktap_kinds[k].returns)
			continue;
		snprintf(name, sizeof(name), "x_%s", ktap_kinds[k].name);
		ktap_create_kind(k, name, ERR_PTR(-ENODEV));
		if (!ktap_expect_absent(name, NULL, diag) ||
		    !ktap_expect_absent(name, ktap_top, diag))
			return false;
	}
	return true;
}

/* Every kind with a NULL parent lands in the root; lookup finds it. */
static bool ktap_new_null_parent_in_root(char *diag)
{
	char name[32];
	struct dentry *d, *found;
	bool ok;
	int k;

	if (!ktap_need_dev(diag))
		return false;
	for (k = 0; k < KTAP_NKINDS; k++) {
		snprintf(name, sizeof(name), "x_root_%s", ktap_kinds[k].name);
		d = ktap_create_kind(k, name, NULL);
		if (IS_ERR(d)) {
			snprintf(diag, KTAP_DIAG_LEN, "%s: got %ld", name,
				 PTR_ERR(d));
			return false;
		}
		found = dbgfs_lookup(name, NULL);
		if (!found) {
			snprintf(diag, KTAP_DIAG_LEN, "%s: not found", name);
			return false;
		}
		ok = ktap_expect_dentry(found, NULL, ktap_kinds[k].mode, diag) &&
		     (!d || d == found);
		dput(found);
		dbgfs_lookup_and_remove(name, NULL);
		if (!ok) {
			char msg[KTAP_DIAG_LEN];

			snprintf(msg, sizeof(msg), "%s: %s", name,
				 diag[0] ? diag : "lookup gave another dentry");
			strscpy(diag, msg, KTAP_DIAG_LEN);
			return false;
		}
		if (!ktap_expect_absent(name, NULL, diag))
			return false;
	}
	return true;
}

/* Every kind over the existing keep/file: -EEXIST, and the file stays. */
static bool ktap_new_existing_name(char *diag)
{
	struct dentry *d, *found;
	int k;

	if (!ktap_need_keep(diag) || !ktap_need_dev(diag))
		return false;
	for (k = 0; k < KTAP_NKINDS; k++) {
		d = ktap_create_kind(k, "file", ktap_keep);
		if (ktap_kinds[k].returns && !ktap_expect_err(d, -EEXIST, diag))
			goto bad;
		found = dbgfs_lookup("file", ktap_keep);
		dput(found);
		if (found != ktap_file) {
			snprintf(diag, KTAP_DIAG_LEN, "keep/file was replaced");
			goto bad;
		}
		if (!ktap_file_created(diag))
			goto bad;
	}
	return true;
bad:
	strlcat(diag, " by ", KTAP_DIAG_LEN);
	strlcat(diag, ktap_kinds[k].name, KTAP_DIAG_LEN);
	return false;
}

/* Every kind with an invalid name: -EINVAL (-ENAMETOOLONG), nothing made. */
static bool ktap_new_bad_names(char *diag)
{
	const char *bad = NULL;
	struct dentry *d;
	size_t i;
	int k;

	if (!ktap_need_dev(diag))
		return false;
	for (k = 0; k < KTAP_NKINDS; k++) {
		for (i = 0; i < ARRAY_SIZE(ktap_bad_names); i++) {
			bad = ktap_bad_names[i];
			d = ktap_create_kind(k, bad, ktap_top);
			if (ktap_kinds[k].returns &&
			    !ktap_expect_err(d, -EINVAL, diag))
				goto bad;
		}
		bad = "n*256";
		d = ktap_create_kind(k, ktap_name256, ktap_top);
		if (ktap_kinds[k].returns &&
		    !ktap_expect_err(d, -ENAMETOOLONG, diag))
			goto bad;
		bad = "(any)";
		if (!ktap_expect_absent("a", ktap_top, diag) ||
		    !ktap_expect_absent("b", ktap_top, diag) ||
		    !ktap_expect_absent(ktap_name256, ktap_top, diag))
			goto bad;
	}
	return true;
bad:
	strlcat(diag, " by ", KTAP_DIAG_LEN);
	strlcat(diag, ktap_kinds[k].name, KTAP_DIAG_LEN);
	strlcat(diag, " for \"", KTAP_DIAG_LEN);
	strlcat(diag, bad, KTAP_DIAG_LEN);
	strlcat(diag, "\"", KTAP_DIAG_LEN);
	return false;
}

static bool ktap_lookup_hit(char *diag)
{
	struct dentry *found;
	unsigned int before;

	if (!ktap_need_keep(diag))
		return false;
	before = d_count(ktap_keep);
	found = dbgfs_lookup("keep", ktap_top);
	if (found != ktap_keep) {
		dput(found);
		snprintf(diag, KTAP_DIAG_LEN, "lookup of keep gave %p", found);
		return false;
	}
	if (d_count(found) != before + 1) {
		snprintf(diag, KTAP_DIAG_LEN, "d_count %u -> %u, not +1",
			 before, d_count(found));
		dput(found);
		return false;
	}
	dput(found);
	found = dbgfs_lookup("dbgfs_ktap", NULL);
	dput(found);
	if (found != ktap_top) {
		snprintf(diag, KTAP_DIAG_LEN, "lookup in the root failed");
		return false;
	}
	found = dbgfs_lookup(ktap_file255, ktap_keep);
	dput(found);
	if (IS_ERR_OR_NULL(found)) {
		snprintf(diag, KTAP_DIAG_LEN, "255-byte name not found");
		return false;
	}
	return true;
}

static bool ktap_lookup_misses(char *diag)
{
	static const char *const names[] = { "missing", "", ".", "..",
					     "keep/file", "/", "FILE" };
	struct dentry *found;
	size_t i;

	if (!ktap_need_keep(diag))
		return false;
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		found = dbgfs_lookup(names[i], ktap_keep);
		if (found) {
			if (!IS_ERR(found))
				dput(found);
			snprintf(diag, KTAP_DIAG_LEN,
				 "lookup of \"%s\" in keep is not NULL",
				 names[i]);
			return false;
		}
	}
	found = dbgfs_lookup("keep", ERR_PTR(-EIO));
	if (found) {
		if (!IS_ERR(found))
			dput(found);
		snprintf(diag, KTAP_DIAG_LEN, "lookup in an ERR_PTR parent");
		return false;
	}
	found = dbgfs_lookup("x_missing", NULL);
	if (found) {
		if (!IS_ERR(found))
			dput(found);
		snprintf(diag, KTAP_DIAG_LEN, "lookup of x_missing in the root");
		return false;
	}
	found = dbgfs_lookup(ktap_name256, ktap_keep);
	if (found) {
		if (!IS_ERR(found))
			dput(found);
		snprintf(diag, KTAP_DIAG_LEN, "lookup of a 256-byte name");
		return false;
	}
	return true;
}

/* Looks @name up in @parent and checks it is @want; drops the reference. */
static bool ktap_expect_lookup(const char *name, struct dentry *parent,
			       struct dentry *want, char *diag)
{
	struct dentry *found = dbgfs_lookup(name, parent);

	if (!IS_ERR_OR_NULL(found))
		dput(found);
	if (found != want) {
		snprintf(diag, KTAP_DIAG_LEN, "lookup of \"%s\": %s", name,
			 found ? "another dentry" : "NULL");
		return false;
	}
	return true;
}

static bool ktap_change_name_null(char *diag)
{
	int err;

	err = dbgfs_change_name(NULL, "x_null");
	if (!err)
		err = dbgfs_change_name(ERR_PTR(-EIO), "x_%s", "err");
	if (err) {
		snprintf(diag, KTAP_DIAG_LEN, "got %d, not 0", err);
		return false;
	}
	return ktap_expect_absent("x_null", NULL, diag) &&
	       ktap_expect_absent("x_err", NULL, diag);
}

static bool ktap_change_name_rename(char *diag)
{
	struct dentry *d;
	int err;
	bool ok;

	d = dbgfs_create_file("x_ren", 0444, ktap_top, &ktap_marker,
			      &ktap_keep_fops);
	if (!ktap_expect_dentry(d, ktap_top, S_IFREG | 0444, diag))
		return false;
	err = dbgfs_change_name(d, "x_%s_%d", "renamed", 2);
	if (err) {
		snprintf(diag, KTAP_DIAG_LEN, "rename gave %d", err);
		dbgfs_remove(d);
		return false;
	}
	ok = ktap_expect_lookup("x_renamed_2", ktap_top, d, diag) &&
	     ktap_expect_lookup("x_ren", ktap_top, NULL, diag) &&
	     ktap_expect_dentry(d, ktap_top, S_IFREG | 0444, diag);
	if (ok && d_inode(d)->i_private != &ktap_marker) {
		snprintf(diag, KTAP_DIAG_LEN, "i_private lost");
		ok = false;
	}
	if (ok && strcmp(d->d_name.name, "x_renamed_2")) {
		snprintf(diag, KTAP_DIAG_LEN, "d_name is %s", d->d_name.name);
		ok = false;
	}
	dbgfs_remove(d);
	return ok && ktap_expect_absent("x_renamed_2", ktap_top, diag);
}

static void ktap_rename_cleanup(struct dentry *one, struct dentry *two,
				struct dentry *dir)
{
	dbgfs_remove(one);
	dbgfs_remove(two);
	dbgfs_remove(dir);
}

/* Makes x_one and x_two (files) and x_dir/x_child in dbgfs_ktap. */
static bool ktap_rename_setup(struct dentry **one, struct dentry **two,
			      struct dentry **dir, char *diag)
{
	*one = dbgfs_create_file("x_one", 0444, ktap_top, NULL,
				 &ktap_keep_fops);
	*two = dbgfs_create_file("x_two", 0444, ktap_top, NULL,
				 &ktap_keep_fops);
	*dir = dbgfs_create_dir("x_dir", ktap_top);
	dbgfs_create_u32("x_child", 0644, *dir, &ktap_u32);
	if (IS_ERR(*one) || IS_ERR(*two) || IS_ERR(*dir)) {
		snprintf(diag, KTAP_DIAG_LEN, "setup failed");
		ktap_rename_cleanup(*one, *two, *dir);
		return false;
	}
	return true;
}

/* The three are still found under their names; then they are removed. */
static bool ktap_rename_check(struct dentry *one, struct dentry *two,
			      struct dentry *dir, char *diag)
{
	bool ok = ktap_expect_lookup("x_one", ktap_top, one, diag) &&
		  ktap_expect_lookup("x_two", ktap_top, two, diag) &&
		  ktap_expect_lookup("x_dir", ktap_top, dir, diag);

	ktap_rename_cleanup(one, two, dir);
	return ok;
}

static bool ktap_change_name_existing(char *diag)
{
	struct dentry *one, *two, *dir;
	int err[3];

	if (!ktap_rename_setup(&one, &two, &dir, diag))
		return false;
	err[0] = dbgfs_change_name(one, "x_two");
	err[1] = dbgfs_change_name(one, "x_dir");
	err[2] = dbgfs_change_name(dir, "x_one");
	if (err[0] != -EINVAL || err[1] != -EINVAL || err[2] != -EINVAL) {
		snprintf(diag, KTAP_DIAG_LEN,
			 "file onto file %d, onto dir %d, dir onto file %d",
			 err[0], err[1], err[2]);
		ktap_rename_cleanup(one, two, dir);
		return false;
	}
	return ktap_rename_check(one, two, dir, diag);
}

static bool ktap_change_name_bad_names(char *diag)
{
	struct dentry *one, *two, *dir;
	size_t i;
	int err;

	if (!ktap_rename_setup(&one, &two, &dir, diag))
		return false;
	for (i = 0; i < ARRAY_SIZE(ktap_bad_names); i++) {
		err = dbgfs_change_name(one, "%s", ktap_bad_names[i]);
		if (err != -EINVAL) {
			snprintf(diag, KTAP_DIAG_LEN,
				 "to \"%s\": got %d, not -EINVAL",
				 ktap_bad_names[i], err);
			ktap_rename_cleanup(one, two, dir);
			return false;
		}
	}
	err = dbgfs_change_name(one, "%s", ktap_name256);
	if (err != -ENAMETOOLONG) {
		snprintf(diag, KTAP_DIAG_LEN, "to n*256: got %d", err);
		ktap_rename_cleanup(one, two, dir);
		return false;
	}
	return ktap_rename_check(one, two, dir, diag) &&
	       ktap_expect_absent("a", ktap_top, diag);
}

static bool ktap_change_name_same(char *diag)
{
	struct dentry *one, *two, *dir;
	int err;

	if (!ktap_rename_setup(&one, &two, &dir, diag))
		return false;
	err = dbgfs_change_name(one, "x_%s", "one");
	if (err) {
		snprintf(diag, KTAP_DIAG_LEN, "got %d, not 0", err);
		ktap_rename_cleanup(one, two, dir);
		return false;
	}
	return ktap_rename_check(one, two, dir, diag);
}

/* A renamed directory keeps its children; the old name is free again. */
static bool ktap_change_name_dir(char *diag)
{
	struct dentry *one, *two, *dir, *child, *again;
	int err;
	bool ok;

	if (!ktap_rename_setup(&one, &two, &dir, diag))
		return false;
	err = dbgfs_change_name(dir, "x_dir2");
	child = dbgfs_lookup("x_child", dir);
	ok = !err && ktap_expect_lookup("x_dir2", ktap_top, dir, diag) &&
	     ktap_expect_dentry(child, dir, S_IFREG | 0644, diag);
	dput(child);
	if (!ok && !diag[0])
		snprintf(diag, KTAP_DIAG_LEN, "rename gave %d", err);
	again = dbgfs_create_dir("x_dir", ktap_top);
	if (ok && !ktap_expect_dentry(again, ktap_top, S_IFDIR | 0755, diag)) {
		strlcat(diag, " (x_dir again)", KTAP_DIAG_LEN);
		ok = false;
	}
	dbgfs_remove(again);
	ktap_rename_cleanup(one, two, dir);
	return ok && ktap_expect_absent("x_dir2", ktap_top, diag) &&
	       ktap_expect_absent("x_dir", ktap_top, diag);
}

static bool ktap_lookup_and_remove_misses(char *diag)
{
	if (!ktap_need_keep(diag))
		return false;
	dbgfs_lookup_and_remove("missing", ktap_keep);
	dbgfs_lookup_and_remove("x_missing", NULL);
	dbgfs_lookup_and_remove("keep", ERR_PTR(-EIO));
	dbgfs_lookup_and_remove("file", ERR_PTR(-ENOENT));
	dbgfs_lookup_and_remove("..", ktap_keep);
	dbgfs_lookup_and_remove("", ktap_keep);
	return ktap_expect_lookup("keep", ktap_top, ktap_keep, diag) &&
	       ktap_file_created(diag);
}

static bool ktap_lookup_and_remove_subtree(char *diag)
{
	struct dentry *tree, *a, *b, *again;

	tree = dbgfs_create_dir("x_tree", ktap_top);
	a = dbgfs_create_dir("a", tree);
	b = dbgfs_create_dir("b", a);
	dbgfs_create_u64("u64", 0644, a, &ktap_u64);
	dbgfs_create_str("str", 0644, b, &ktap_str);
	dbgfs_create_symlink("link", b, "../u64");
	if (!ktap_expect_dentry(b, a, S_IFDIR | 0755, diag)) {
		dbgfs_remove(tree);
		return false;
	}
	dbgfs_lookup_and_remove("x_tree", ktap_top);
	if (!ktap_expect_absent("x_tree", ktap_top, diag))
		return false;
	again = dbgfs_create_dir("x_tree", ktap_top);
	if (!ktap_expect_dentry(again, ktap_top, S_IFDIR | 0755, diag)) {
		strlcat(diag, " (after the removal)", KTAP_DIAG_LEN);
		return false;
	}
	dbgfs_lookup_and_remove("x_tree", ktap_top);
	return ktap_expect_absent("x_tree", ktap_top, diag);
}

static bool ktap_lookup_and_remove_root(char *diag)
{
	struct dentry *d;

	d = dbgfs_create_dir("x_rootdir", NULL);
	if (!ktap_expect_dentry(d, NULL, S_IFDIR | 0755, diag))
		return false;
	dbgfs_create_symlink("x_rootlink", NULL, "x_rootdir");
	dbgfs_lookup_and_remove("x_rootdir", NULL);
	dbgfs_lookup_and_remove("x_rootlink", NULL);
	return ktap_expect_absent("x_rootdir", NULL, diag) &&
	       ktap_expect_absent("x_rootlink", NULL, diag);
}

static bool ktap_remove_recursive_alias(char *diag)
{
	struct dentry *d;

	d = dbgfs_create_dir("x_alias", ktap_top);
	dbgfs_create_dir("a", d);
	if (!ktap_expect_dentry(d, ktap_top, S_IFDIR | 0755, diag))
		return false;
	dbgfs_remove_recursive(d);
	dbgfs_remove_recursive(NULL);
	dbgfs_remove_recursive(ERR_PTR(-EIO));
	return ktap_expect_absent("x_alias", ktap_top, diag);
}

struct ktap_case {
	const char *name;
	bool (*run)(char *diag);
};

/*
 * Lazy entries.  A directory's d_count counts its child dentries: a lazy
 * entry adds one only once it is looked up.
 */
static bool ktap_lazy_count(struct dentry *dir, unsigned int want,
			    const char *when, char *diag)
{
	if (!lazy || d_count(dir) == want)
		return true;
	snprintf(diag, KTAP_DIAG_LEN, "%s: d_count %u, expected %u", when,
		 d_count(dir), want);
	return false;
}

/* @d, from dbgfs_lookup(), is the lazy u32 file with @mode over @data. */
static bool ktap_lazy_expect(struct dentry *d, struct dentry *dir,
			     umode_t mode, void *data, char *diag)
{
	if (!ktap_expect_dentry(d, dir, mode, diag))
		return false;
	if (d_inode(d)->i_private != data || !d_inode(d)->i_ino) {
		snprintf(diag, KTAP_DIAG_LEN, "i_private %p, ino %lu",
			 d_inode(d)->i_private,
			 (unsigned long)d_inode(d)->i_ino);
		return false;
	}
	return true;
}

/* The test directory x_lazy; *@base is its d_count with no child looked up. */
static struct dentry *ktap_lazy_dir(unsigned int *base, char *diag)
{
	struct dentry *dir = dbgfs_create_dir("x_lazy", NULL);

	if (IS_ERR(dir)) {
		snprintf(diag, KTAP_DIAG_LEN, "create_dir: %ld", PTR_ERR(dir));
		return NULL;
	}
	*base = d_count(dir);
	return dir;
}

static bool ktap_lazy_lookup_builds(char *diag)
{
	struct dentry *dir, *d, *again;
	unsigned int base;
	unsigned long ino;
	bool ok = false;

	dir = ktap_lazy_dir(&base, diag);
	if (!dir)
		return false;
	dbgfs_create_u32("v", 0640, dir, &ktap_u32);
	dbgfs_create_x64("w", 0600, dir, &ktap_u64);
	dbgfs_create_file_size("s", 0444, dir, NULL, &ktap_keep_fops, 100);
	if (!ktap_lazy_count(dir, base, "after 3 creates", diag))
		goto out;
	d = dbgfs_lookup("v", dir);
	if (!ktap_lazy_expect(d, dir, S_IFREG | 0640, &ktap_u32, diag))
		goto out_put;
	/* pinned by the lookup, as debugfs's: its record's reference, ours */
	if (d_count(d) != 2 ||
	    !ktap_lazy_count(dir, base + 1, "after a lookup", diag)) {
		if (!diag[0])
			snprintf(diag, KTAP_DIAG_LEN, "d_count of v %u",
				 d_count(d));
		goto out_put;
	}
	ino = d_inode(d)->i_ino;
	again = dbgfs_lookup("v", dir);
	if (again != d) {
		dput(again);
		snprintf(diag, KTAP_DIAG_LEN, "second lookup, another dentry");
		goto out_put;
	}
	dput(again);
	if (d_inode(d)->i_ino != ino) {
		snprintf(diag, KTAP_DIAG_LEN, "ino changed");
		goto out_put;
	}
	dput(d);
	d = dbgfs_lookup("s", dir);
	if (!ktap_lazy_expect(d, dir, S_IFREG | 0444, NULL, diag))
		goto out_put;
	if (i_size_read(d_inode(d)) != 100) {
		snprintf(diag, KTAP_DIAG_LEN, "file_size size %lld",
			 i_size_read(d_inode(d)));
		goto out_put;
	}
	ok = true;
out_put:
	if (!IS_ERR_OR_NULL(d))
		dput(d);
out:
	dbgfs_remove(dir);
	return ok;
}

/*
 * Removal of a directory with lazy children, one of them built and held:
 * the held one is unhashed and its guard refuses (-EIO), none is found.
 */
static bool ktap_lazy_remove_dir(char *diag)
{
	struct dentry *dir, *sub, *held;
	char name[16];
	int i;

	dir = dbgfs_create_dir("x_lazy", NULL);
	sub = dbgfs_create_dir("sub", dir);
	if (IS_ERR(sub)) {
		snprintf(diag, KTAP_DIAG_LEN, "create_dir: %ld", PTR_ERR(sub));
		dbgfs_remove(dir);
		return false;
	}
	for (i = 0; i < 10; i++) {
		snprintf(name, sizeof(name), "v%d", i);
		dbgfs_create_u32(name, 0644, i % 2 ? sub : dir, &ktap_u32);
	}
	held = dbgfs_lookup("v3", sub);
	if (!ktap_lazy_expect(held, sub, S_IFREG | 0644, &ktap_u32, diag)) {
		dbgfs_remove(dir);
		return false;
	}
	dbgfs_remove(dir);
	if (!d_unhashed(held) || dbgfs_file_get(held) != -EIO) {
		snprintf(diag, KTAP_DIAG_LEN, "v3 still live after removal");
		dput(held);
		return false;
	}
	dput(held);
	return ktap_expect_absent("x_lazy", NULL, diag);
}

static bool ktap_lazy_change_name(char *diag)
{
	struct dentry *dir, *d, *moved = NULL;
	unsigned long ino;
	bool ok = false;

	dir = dbgfs_create_dir("x_lazy", NULL);
	dbgfs_create_u32("a", 0644, dir, &ktap_u32);
	dbgfs_create_u32("c", 0644, dir, &ktap_u32);
	d = dbgfs_lookup("a", dir);
	if (!ktap_lazy_expect(d, dir, S_IFREG | 0644, &ktap_u32, diag))
		goto out;
	ino = d_inode(d)->i_ino;
	if (dbgfs_change_name(d, "c") != -EINVAL) {
		snprintf(diag, KTAP_DIAG_LEN, "rename onto unbuilt c allowed");
		goto out;
	}
	if (dbgfs_change_name(d, "b")) {
		snprintf(diag, KTAP_DIAG_LEN, "rename a -> b failed");
		goto out;
	}
	dbgfs_create_u32("b", 0600, dir, &ktap_u32);	/* EEXIST: kept */
	moved = dbgfs_lookup("b", dir);
	if (moved != d || d_inode(moved)->i_ino != ino ||
	    (d_inode(moved)->i_mode & 0777) != 0644) {
		snprintf(diag, KTAP_DIAG_LEN, "b is not the renamed a");
		goto out;
	}
	ok = ktap_expect_absent("a", dir, diag);
out:
	if (!IS_ERR_OR_NULL(moved))
		dput(moved);
	if (!IS_ERR_OR_NULL(d))
		dput(d);
	dbgfs_remove(dir);
	return ok;
}

/* The lookup-based API on entries that were never looked up. */
static bool ktap_lazy_lookup_and_remove(char *diag)
{
	struct dentry *dir, *d;
	unsigned int base;
	bool ok = false;

	dir = ktap_lazy_dir(&base, diag);
	if (!dir)
		return false;
	dbgfs_create_bool("r", 0644, dir, &ktap_bool);
	dbgfs_create_str("t", 0644, dir, &ktap_str);
	dbgfs_lookup_and_remove("r", dir);
	if (!ktap_lazy_count(dir, base, "after lookup_and_remove", diag) ||
	    !ktap_expect_absent("r", dir, diag))
		goto out;
	/* an eager create over an unbuilt lazy name is refused */
	if (!ktap_expect_err(dbgfs_create_file("t", 0644, dir, NULL,
					       &ktap_keep_fops), -EEXIST, diag))
		goto out;
	d = dbgfs_lookup("t", dir);
	if (!ktap_lazy_expect(d, dir, S_IFREG | 0644, &ktap_str, diag)) {
		if (!IS_ERR_OR_NULL(d))
			dput(d);
		goto out;
	}
	dbgfs_remove(d);
	if (!d_unhashed(d)) {
		snprintf(diag, KTAP_DIAG_LEN, "t hashed after dbgfs_remove");
		dput(d);
		goto out;
	}
	dput(d);
	ok = ktap_expect_absent("t", dir, diag) &&
	     ktap_lazy_count(dir, base, "at the end", diag);
out:
	dbgfs_remove(dir);
	return ok;
}

/*
 * What a client writes into the inode of the dentry dbgfs_lookup() gave
 * it (i_size, i_private) outlives reclaim, and so does the dentry itself,
 * which it may keep after dput() as with debugfs: the lookup pins it.
 */
static bool ktap_lazy_lookup_pins(char *diag)
{
	struct dentry *dir, *d, *again;
	unsigned int base;
	bool ok = false;

	dir = ktap_lazy_dir(&base, diag);
	if (!dir)
		return false;
	dbgfs_create_u32("p", 0644, dir, &ktap_u32);
	d = dbgfs_lookup("p", dir);
	if (!ktap_lazy_expect(d, dir, S_IFREG | 0644, &ktap_u32, diag)) {
		if (!IS_ERR_OR_NULL(d))
			dput(d);
		goto out;
	}
	i_size_write(d_inode(d), 42);
	d_inode(d)->i_private = &ktap_marker;
	dput(d);
	shrink_dcache_parent(dir);	/* reclaim what is unused below dir */
	again = dbgfs_lookup("p", dir);
	if (again != d || i_size_read(d_inode(again)) != 42 ||
	    d_inode(again)->i_private != &ktap_marker)
		snprintf(diag, KTAP_DIAG_LEN,
			 "after reclaim: dentry %s, size %lld, i_private %s",
			 again == d ? "kept" : "new",
			 again ? i_size_read(d_inode(again)) : -1LL,
			 again && d_inode(again)->i_private == &ktap_marker ?
			 "kept" : "lost");
	else
		ok = true;
	if (again)
		dput(again);
out:
	dbgfs_remove(dir);
	return ok;
}

/*
 * A handler of x looks up its sibling y, never looked up, while x is
 * removed: the remover holds the directory's lock and waits for the
 * handler, so the lookup must not need that lock.  The remover and the
 * lookup run in threads; this case plays the handler (dbgfs_file_get())
 * and lets go after the lookup, or after 10 s without it, which breaks
 * the deadlock that a lookup taking the lock would make.
 */
struct ktap_handler_lookup {
	struct dentry *dir, *x, *found;
	struct completion removed, looked_up;
};

static int ktap_remover_fn(void *arg)
{
	struct ktap_handler_lookup *t = arg;

	dbgfs_remove(t->x);
	complete(&t->removed);
	return 0;
}

static int ktap_looker_fn(void *arg)
{
	struct ktap_handler_lookup *t = arg;

	t->found = dbgfs_lookup("y", t->dir);
	complete(&t->looked_up);
	return 0;
}

/* A thread of the case, started; its task is referenced. */
static struct task_struct *ktap_thread(int (*fn)(void *), void *arg,
				       const char *name)
{
	struct task_struct *task = kthread_create(fn, arg, "%s", name);

	if (IS_ERR(task))
		return NULL;
	get_task_struct(task);
	wake_up_process(task);
	return task;
}

/*
 * Wait for @done; a thread that does not get there in 60 s is shown
 * (sched_show_task()) and waited for without limit, since its work has
 * our stack.
 */
static bool ktap_wait_thread(struct completion *done,
			     struct task_struct *task, const char *what)
{
	if (wait_for_completion_timeout(done, 60 * HZ))
		return true;
	pr_err("dbgfs_ktap: %s stuck for 60 s:\n", what);
	sched_show_task(task);
	wait_for_completion(done);
	return false;
}

static bool ktap_handler_lookup_one(bool lazy_x, char *diag)
{
	struct task_struct *remover = NULL, *looker = NULL;
	struct ktap_handler_lookup t = { };
	bool ok = false, got = false, done;
	int i;

	t.dir = dbgfs_create_dir("x_handler_lookup", NULL);
	if (IS_ERR(t.dir)) {
		snprintf(diag, KTAP_DIAG_LEN, "create_dir: %ld", PTR_ERR(t.dir));
		return false;
	}
	init_completion(&t.removed);
	init_completion(&t.looked_up);
	dbgfs_create_u32("y", 0644, t.dir, &ktap_u32);
	if (lazy_x) {
		dbgfs_create_u32("x", 0644, t.dir, &ktap_u32);
		t.x = dbgfs_lookup("x", t.dir);
	} else {
		t.x = dbgfs_create_file("x", 0444, t.dir, NULL,
					&ktap_keep_fops);
		if (!IS_ERR(t.x))
			dget(t.x);	/* as dbgfs_lookup() would give */
	}
	if (IS_ERR_OR_NULL(t.x) || dbgfs_file_get(t.x)) {
		snprintf(diag, KTAP_DIAG_LEN, "no x to hold (lazy %d)", lazy_x);
		goto out_dir;
	}
	remover = ktap_thread(ktap_remover_fn, &t, "ktap_remover");
	if (!remover) {
		dbgfs_file_put(t.x);
		snprintf(diag, KTAP_DIAG_LEN, "no remover thread");
		goto out_dir;
	}
	/* The remover holds the directory's lock, then waits for us. */
	for (i = 0; i < 250 && !inode_is_locked(d_inode(t.dir)); i++)
		msleep(20);
	msleep(50);
	looker = ktap_thread(ktap_looker_fn, &t, "ktap_looker");
	got = looker && wait_for_completion_timeout(&t.looked_up, 10 * HZ);
	dbgfs_file_put(t.x);	/* lets the remover, and then the lookup, go */
	done = ktap_wait_thread(&t.removed, remover, "the remover");
	/* a completion is waited for once: got took the lookup's already */
	if (looker && !got)
		done &= ktap_wait_thread(&t.looked_up, looker, "the lookup");
	if (!got)
		snprintf(diag, KTAP_DIAG_LEN,
			 "lookup of y blocked while x (lazy %d) was removed",
			 lazy_x);
	else if (!done)
		snprintf(diag, KTAP_DIAG_LEN,
			 "a thread stuck after the handler ended (lazy %d)",
			 lazy_x);
	else if (IS_ERR_OR_NULL(t.found) || d_really_is_negative(t.found) ||
		 d_inode(t.found)->i_private != &ktap_u32)
		snprintf(diag, KTAP_DIAG_LEN, "lookup of y gave %p", t.found);
	else
		ok = true;
	if (!IS_ERR_OR_NULL(t.found))
		dput(t.found);
out_dir:
	if (remover)
		put_task_struct(remover);
	if (looker)
		put_task_struct(looker);
	if (!IS_ERR_OR_NULL(t.x))
		dput(t.x);
	dbgfs_remove(t.dir);
	return ok;
}

static bool ktap_handler_lookup(char *diag)
{
	return ktap_handler_lookup_one(false, diag) &&
	       ktap_handler_lookup_one(true, diag);
}

static const struct ktap_case ktap_cases[] = {
	{ "initialized", ktap_initialized },
	{ "create_dir_null_parent_is_root", ktap_root_dir },
	{ "create_dir_in_dir", ktap_sub_dir },
	{ "create_file_mode_owner_data", ktap_file_created },
	{ "create_dir_existing_dir_eexist", ktap_dir_eexist },
	{ "create_file_existing_dir_eexist", ktap_file_over_dir_eexist },
	{ "create_dir_existing_file_eexist", ktap_dir_over_file_eexist },
	{ "create_file_existing_file_eexist", ktap_file_over_file_eexist },
	{ "create_typed_existing_name_keeps_file", ktap_typed_over_file },
	{ "create_dir_bad_names_einval", ktap_dir_bad_names },
	{ "create_file_bad_names_einval", ktap_file_bad_names },
	{ "create_in_root_bad_names_einval", ktap_root_bad_names },
	{ "create_dir_name_256_enametoolong", ktap_dir_name256 },
	{ "create_file_name_256_enametoolong", ktap_file_name256 },
	{ "create_dir_name_255_ok", ktap_dir_name255 },
	{ "create_file_name_255_ok", ktap_file_name255 },
	{ "create_name_255_again_eexist", ktap_name255_eexist },
	{ "create_dir_err_parent_passed_through", ktap_dir_err_parent },
	{ "create_file_err_parent_passed_through", ktap_file_err_parent },
	{ "create_typed_err_parent_no_crash", ktap_typed_err_parent },
	{ "remove_null_is_noop", ktap_remove_null },
	{ "remove_err_ptr_is_noop", ktap_remove_err_ptr },
	{ "remove_recursive_then_recreate", ktap_remove_recursive },
	{ "remove_file_then_recreate_as_dir", ktap_remove_file_recreate },
	{ "root_create_eexist_remove_recreate", ktap_root_create_remove },
	{ "new_creators_err_parent_passed_through",
	  ktap_new_err_parent_passed_through },
	{ "new_typed_err_parent_creates_nothing", ktap_new_typed_err_parent },
	{ "new_creators_null_parent_in_root_lookup_remove",
	  ktap_new_null_parent_in_root },
	{ "new_creators_existing_name_eexist_keep_file",
	  ktap_new_existing_name },
	{ "new_creators_bad_names_einval", ktap_new_bad_names },
	{ "lookup_hit_referenced_dentry", ktap_lookup_hit },
	{ "lookup_misses_null", ktap_lookup_misses },
	{ "change_name_null_err_ptr_is_noop", ktap_change_name_null },
	{ "change_name_rename_then_lookup", ktap_change_name_rename },
	{ "change_name_onto_existing_einval", ktap_change_name_existing },
	{ "change_name_bad_names_einval", ktap_change_name_bad_names },
	{ "change_name_same_name_ok", ktap_change_name_same },
	{ "change_name_dir_keeps_children", ktap_change_name_dir },
	{ "lookup_and_remove_misses_noop", ktap_lookup_and_remove_misses },
	{ "lookup_and_remove_subtree", ktap_lookup_and_remove_subtree },
	{ "lookup_and_remove_in_root", ktap_lookup_and_remove_root },
	{ "remove_recursive_alias", ktap_remove_recursive_alias },
	{ "lazy_create_no_dentry_lookup_builds", ktap_lazy_lookup_builds },
	{ "lazy_remove_dir_with_lazy_children", ktap_lazy_remove_dir },
	{ "lazy_change_name", ktap_lazy_change_name },
	{ "lazy_lookup_and_remove_remove", ktap_lazy_lookup_and_remove },
	{ "lazy_lookup_pins_entry", ktap_lazy_lookup_pins },
	{ "lookup_from_handler_during_removal", ktap_handler_lookup },
};

static void ktap_setup(void)
{
	memset(ktap_dir255, 'd', KTAP_NAME_MAX);
	memset(ktap_file255, 'f', KTAP_NAME_MAX);
	memset(ktap_name256, 'n', KTAP_NAME_MAX + 1);
	ktap_dev = root_device_register("dbgfs_ktap");

	ktap_top = dbgfs_create_dir("dbgfs_ktap", NULL);
	if (IS_ERR(ktap_top))
		return;
	ktap_keep = dbgfs_create_dir("keep", ktap_top);
	if (IS_ERR(ktap_keep))
		return;
	ktap_file = dbgfs_create_file("file", 0444, ktap_keep, &ktap_marker,
				      &ktap_keep_fops);
}

static void ktap_run(void)
{
	char diag[KTAP_DIAG_LEN];
	size_t i;

	ktap_line("KTAP version 1");
	ktap_line("# dbgfs_ktap: error paths of the dbgfs API");
	ktap_line("1..%zu", ARRAY_SIZE(ktap_cases));
	for (i = 0; i < ARRAY_SIZE(ktap_cases); i++) {
		diag[0] = '\0';
		if (ktap_cases[i].run(diag)) {
			ktap_passed++;
			ktap_line("ok %zu %s", i + 1, ktap_cases[i].name);
		} else {
			ktap_failed++;
			ktap_line("# %s: %s", ktap_cases[i].name, diag);
			ktap_line("not ok %zu %s", i + 1, ktap_cases[i].name);
		}
	}
	ktap_line("# Totals: pass:%u fail:%u skip:0", ktap_passed,
		  ktap_failed);
}

static int __init dbgfs_ktap_init(void)
{
	struct dentry *d;

	ktap_setup();
	ktap_run();

	if (IS_ERR(ktap_top))
		return 0;	/* the report is in the kernel log only */
	d = dbgfs_create_file("ktap_results", 0444, ktap_top, ktap_text,
			      &ktap_results_fops);
	if (IS_ERR(d))
		pr_err("dbgfs_ktap: cannot create ktap_results: %pe\n", d);
	return 0;
}

static void __exit dbgfs_ktap_exit(void)
{
	dbgfs_remove(ktap_top);
	if (!IS_ERR_OR_NULL(ktap_dev))
		root_device_unregister(ktap_dev);
}

module_init(dbgfs_ktap_init);
module_exit(dbgfs_ktap_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KTAP tests of the dbgfs API's error paths");
