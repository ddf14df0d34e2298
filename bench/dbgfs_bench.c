// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbgfs_bench.c - the kernel side of the dbgfs/debugfs benchmark
 *
 * Loaded in a guest by bench/run-in-guest, never on a machine you care
 * about.  It makes the same trees in dbgfs and in the kernel's own debugfs
 * so that userspace can compare the two in one boot:
 *
 *   <fs>/dbgfs_bench/seq    a 1 MiB seq_file (16384 lines of 64 bytes)
 *   <fs>/dbgfs_bench/blob   a 1 MiB blob
 *   <fs>/dbgfs_bench/n/fK   N u32 files, made and removed on command
 *   <fs>/dbgfs_bench/n/dJ/fK  or the same spread over D directories
 *                           (J = K mod D)
 *
 * Commands are written to the module parameter "cmd":
 *
 *   create dbgfs|debugfs N [D]  make n/ with f0 .. f(N-1), in D
 *                           directories d0 .. d(D-1) if D > 1, timing the
 *                           loop (the directories' creation included)
 *   remove dbgfs|debugfs    remove n/ recursively, timing the removal
 *
 * and the parameter reads back the last result as "OP FS N NS", NS being
 * the nanoseconds (ktime) that the whole loop or removal took.
 */

#define pr_fmt(fmt) "dbgfs_bench: " fmt

#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include <dbgfs.h>

#define BENCH_DIR	"dbgfs_bench"
#define BENCH_BULK_SIZE	SZ_1M
#define BENCH_LINE_LEN	64
#define BENCH_LINES	(BENCH_BULK_SIZE / BENCH_LINE_LEN)
#define BENCH_MAX_N	1000000
#define BENCH_MAX_DIRS	10000

enum bench_fs { BENCH_DBGFS, BENCH_DEBUGFS, BENCH_NR_FS };

static const char * const bench_fs_names[BENCH_NR_FS] = {
	[BENCH_DBGFS] = "dbgfs",
	[BENCH_DEBUGFS] = "debugfs",
};

/* What one filesystem holds. */
struct bench_tree {
	struct dentry *root;	/* <fs>/dbgfs_bench */
	struct dentry *ndir;	/* <fs>/dbgfs_bench/n, or NULL */
	unsigned int n;		/* files in ndir */
	u32 value;		/* what every fK shows */
};

static struct bench_tree bench_trees[BENCH_NR_FS];
static struct dbgfs_blob_wrapper bench_dbgfs_blob;
static struct debugfs_blob_wrapper bench_debugfs_blob;
static char *bench_data;		/* the blob's bytes, shared */
static char bench_line[BENCH_LINE_LEN + 1];
static char bench_result[96] = "none";

/* The seq_file: BENCH_LINES records of one line each. */
static void *bench_seq_start(struct seq_file *s, loff_t *pos)
{
	return *pos < BENCH_LINES ? pos : NULL;
}

static void *bench_seq_next(struct seq_file *s, void *v, loff_t *pos)
{
	++*pos;
	return *pos < BENCH_LINES ? pos : NULL;
}

static void bench_seq_stop(struct seq_file *s, void *v)
{
}

static int bench_seq_show(struct seq_file *s, void *v)
{
	seq_puts(s, bench_line);
	return 0;
}

static const struct seq_operations bench_seq_sops = {
	.start	= bench_seq_start,
	.next	= bench_seq_next,
	.stop	= bench_seq_stop,
	.show	= bench_seq_show,
};

DEFINE_SEQ_ATTRIBUTE(bench_seq);

/* One function per operation, calling each filesystem directly. */
static void bench_create_u32(enum bench_fs fs, const char *name,
			     struct dentry *parent, u32 *value)
{
	if (fs == BENCH_DBGFS)
		dbgfs_create_u32(name, 0644, parent, value);
	else
		debugfs_create_u32(name, 0644, parent, value);
}

static struct dentry *bench_create_dir(enum bench_fs fs, const char *name,
				       struct dentry *parent)
{
	if (fs == BENCH_DBGFS)
		return dbgfs_create_dir(name, parent);
	return debugfs_create_dir(name, parent);
}

static void bench_remove(enum bench_fs fs, struct dentry *dentry)
{
	if (fs == BENCH_DBGFS)
		dbgfs_remove(dentry);
	else
		debugfs_remove(dentry);
}

/*
 * The timed loop: @n files, spread over @ndirs directories when there are
 * more than one.  One call per file through bench_create_u32(): the same
 * indirect cost for both filesystems.
 */
static int bench_fill(enum bench_fs fs, struct dentry *ndir, unsigned int n,
		      unsigned int ndirs, u32 *value)
{
	struct dentry **dirs = NULL;
	char name[16];
	unsigned int i;

	if (ndirs > 1) {
		dirs = kvmalloc_array(ndirs, sizeof(*dirs), GFP_KERNEL);
		if (!dirs)
			return -ENOMEM;
		for (i = 0; i < ndirs; i++) {
			snprintf(name, sizeof(name), "d%u", i);
			dirs[i] = bench_create_dir(fs, name, ndir);
			if (IS_ERR(dirs[i])) {
				int err = PTR_ERR(dirs[i]);

				kvfree(dirs);
				return err;
			}
		}
	}
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "f%u", i);
		bench_create_u32(fs, name, dirs ? dirs[i % ndirs] : ndir, value);
		cond_resched();
	}
	kvfree(dirs);
	return 0;
}

static int bench_create(enum bench_fs fs, unsigned int n, unsigned int ndirs)
{
	struct bench_tree *t = &bench_trees[fs];
	u64 start, ns;
	int err;

	if (IS_ERR_OR_NULL(t->root))
		return -ENODEV;
	if (t->ndir)
		return -EBUSY;
	if (!n || n > BENCH_MAX_N || !ndirs || ndirs > BENCH_MAX_DIRS)
		return -EINVAL;

	t->ndir = bench_create_dir(fs, "n", t->root);
	if (IS_ERR(t->ndir)) {
		err = PTR_ERR(t->ndir);
		t->ndir = NULL;
		return err;
	}
	t->n = n;

	start = ktime_get_ns();
	err = bench_fill(fs, t->ndir, n, ndirs, &t->value);
	ns = ktime_get_ns() - start;
	if (err)
		return err;	/* "remove FS" cleans up what was made */
	snprintf(bench_result, sizeof(bench_result), "create %s %u %llu",
		 bench_fs_names[fs], n, ns);
	return 0;
}

static int bench_remove_n(enum bench_fs fs)
{
	struct bench_tree *t = &bench_trees[fs];
	u64 start, ns;

	if (!t->ndir)
		return -ENOENT;
	start = ktime_get_ns();
	bench_remove(fs, t->ndir);
	ns = ktime_get_ns() - start;
	t->ndir = NULL;
	snprintf(bench_result, sizeof(bench_result), "remove %s %u %llu",
		 bench_fs_names[fs], t->n, ns);
	t->n = 0;
	return 0;
}

static int bench_cmd_set(const char *val, const struct kernel_param *kp)
{
	char op[16], fsname[16];
	unsigned int n = 0, ndirs = 1;
	int fs, args;

	args = sscanf(val, "%15s %15s %u %u", op, fsname, &n, &ndirs);
	if (args < 2)
		return -EINVAL;
	fs = match_string(bench_fs_names, BENCH_NR_FS, fsname);
	if (fs < 0)
		return -EINVAL;
	if (!strcmp(op, "create") && args >= 3)
		return bench_create(fs, n, ndirs);
	if (!strcmp(op, "remove"))
		return bench_remove_n(fs);
	return -EINVAL;
}

static int bench_cmd_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%s\n", bench_result);
}

static const struct kernel_param_ops bench_cmd_ops = {
	.set	= bench_cmd_set,
	.get	= bench_cmd_get,
};
module_param_cb(cmd, &bench_cmd_ops, NULL, 0600);
MODULE_PARM_DESC(cmd,
		 "write \"create FS N [DIRS]\" or \"remove FS\"; read the last result");

static void bench_remove_all(void)
{
	int fs;

	for (fs = 0; fs < BENCH_NR_FS; fs++) {
		bench_remove(fs, bench_trees[fs].root);
		bench_trees[fs].root = NULL;
		bench_trees[fs].ndir = NULL;
	}
}

static int __init bench_init(void)
{
	struct dentry *d;
	int i;

	for (i = 0; i < BENCH_LINE_LEN - 1; i++)
		bench_line[i] = 'a' + i % 26;
	bench_line[BENCH_LINE_LEN - 1] = '\n';

	bench_data = vmalloc(BENCH_BULK_SIZE);
	if (!bench_data)
		return -ENOMEM;
	for (i = 0; i < BENCH_BULK_SIZE; i++)
		bench_data[i] = bench_line[i % BENCH_LINE_LEN];
	bench_dbgfs_blob.data = bench_data;
	bench_dbgfs_blob.size = BENCH_BULK_SIZE;
	bench_debugfs_blob.data = bench_data;
	bench_debugfs_blob.size = BENCH_BULK_SIZE;

	d = dbgfs_create_dir(BENCH_DIR, NULL);
	if (IS_ERR(d))
		goto err;
	bench_trees[BENCH_DBGFS].root = d;
	dbgfs_create_file("seq", 0444, d, NULL, &bench_seq_fops);
	dbgfs_create_blob("blob", 0444, d, &bench_dbgfs_blob);

	d = debugfs_create_dir(BENCH_DIR, NULL);
	if (IS_ERR(d))
		goto err;
	bench_trees[BENCH_DEBUGFS].root = d;
	debugfs_create_file("seq", 0444, d, NULL, &bench_seq_fops);
	debugfs_create_blob("blob", 0444, d, &bench_debugfs_blob);
	return 0;

err:
	pr_err("cannot create %s: %ld\n", BENCH_DIR, PTR_ERR(d));
	bench_remove_all();
	vfree(bench_data);
	return PTR_ERR(d);
}

static void __exit bench_exit(void)
{
	bench_remove_all();
	vfree(bench_data);
}

module_init(bench_init);
module_exit(bench_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dbgfs benchmark: the same files in dbgfs and in debugfs");
MODULE_AUTHOR("The dbgfs developers");
