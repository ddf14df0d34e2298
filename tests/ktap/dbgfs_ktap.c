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
 * Everything is removed on unload.
 */
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
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

static bool ktap_dir_bad_names(char *diag)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ktap_bad_names); i++) {
		if (!ktap_expect_err(dbgfs_create_dir(ktap_bad_names[i],
						      ktap_top),
				     -EINVAL, diag))
			goto bad;
	}
	return true;
bad:
	strlcat(diag, " for \"", KTAP_DIAG_LEN);
	strlcat(diag, ktap_bad_names[i], KTAP_DIAG_LEN);
	strlcat(diag, "\"", KTAP_DIAG_LEN);
	return false;
}

static bool ktap_file_bad_names(char *diag)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ktap_bad_names); i++) {
		if (!ktap_expect_err(dbgfs_create_file(ktap_bad_names[i], 0444,
						       ktap_top, NULL,
						       &ktap_keep_fops),
				     -EINVAL, diag))
			goto bad;
	}
	return true;
bad:
	strlcat(diag, " for \"", KTAP_DIAG_LEN);
	strlcat(diag, ktap_bad_names[i], KTAP_DIAG_LEN);
	strlcat(diag, "\"", KTAP_DIAG_LEN);
	return false;
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

	scratch = dbgfs_create_dir("scratch", ktap_top);
	if (!ktap_expect_dentry(scratch, ktap_top, S_IFDIR | 0755, diag)) {
		strlcat(diag, " (after remove)", KTAP_DIAG_LEN);
		return false;
	}
	dbgfs_remove(scratch);
	return true;
}

static bool ktap_remove_file_recreate(char *diag)
{
	struct dentry *d;

	d = dbgfs_create_file("tmpfile", 0600, ktap_top, &ktap_marker,
			      &ktap_keep_fops);
	if (!ktap_expect_dentry(d, ktap_top, S_IFREG | 0600, diag))
		return false;
	dbgfs_remove(d);
	d = dbgfs_create_dir("tmpfile", ktap_top);
	if (!ktap_expect_dentry(d, ktap_top, S_IFDIR | 0755, diag)) {
		strlcat(diag, " (after remove)", KTAP_DIAG_LEN);
		return false;
	}
	dbgfs_remove(d);
	return true;
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
	d = dbgfs_create_file("dbgfs_ktap_tmp", 0444, NULL, NULL,
			      &ktap_keep_fops);
	if (!ktap_expect_dentry(d, NULL, S_IFREG | 0444, diag)) {
		strlcat(diag, " (after remove)", KTAP_DIAG_LEN);
		return false;
	}
	dbgfs_remove(d);
	return true;
}

struct ktap_case {
	const char *name;
	bool (*run)(char *diag);
};

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
};

static void ktap_setup(void)
{
	memset(ktap_dir255, 'd', KTAP_NAME_MAX);
	memset(ktap_file255, 'f', KTAP_NAME_MAX);
	memset(ktap_name256, 'n', KTAP_NAME_MAX + 1);

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
}

module_init(dbgfs_ktap_init);
module_exit(dbgfs_ktap_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KTAP tests of the dbgfs API's error paths");
