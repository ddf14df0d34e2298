// SPDX-License-Identifier: GPL-2.0-only
/*
 * A small debugfs user, written against <linux/debugfs.h>, for the port
 * check of tests/guest/check-api: the check renames debugfs_ to dbgfs_,
 * DEFINE_DEBUGFS_ATTRIBUTE to DEFINE_DBGFS_ATTRIBUTE and <linux/debugfs.h>
 * to <dbgfs.h> with sed, builds both modules, loads both and compares
 * port_demo/ in debugfs and in dbgfs: listing, modes and contents.
 *
 * Only what debugfs has done the same way since 5.10 is used: the blob is
 * read-only (writable blobs came with 6.6) and there is no string file
 * (debugfs_create_str() came with 6.4).
 *
 *	port_demo/			0755
 *	port_demo/count			0644  u32
 *	port_demo/big			0600  u64
 *	port_demo/flags			0444  x32
 *	port_demo/level			0644  atomic_t
 *	port_demo/enabled		0644  bool
 *	port_demo/state			0444  seq_file
 *	port_demo/attr			0644  DEFINE_DEBUGFS_ATTRIBUTE
 *	port_demo/info/			0755
 *	port_demo/info/blob		0444  blob
 *	port_demo/info/table		0444  u32 array
 *	port_demo/info/ulong		0644  ulong
 *	port_demo/info/x8		0644  x8
 *	port_demo/count_link		symlink to info/table
 */
#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/seq_file.h>

static u32 port_count = 3;
static u64 port_big = 1ULL << 40;
static u32 port_flags = 0x80000001;
static atomic_t port_level = ATOMIC_INIT(-2);
static bool port_enabled = true;
static unsigned long port_ulong = 99;
static u8 port_x8 = 0x7;
static u64 port_attr = 12;
static u8 port_blob_data[] = {
	'b', 'l', 'o', 'b', 0, 'w', 1, 0x80, 0xff, '\n'
};

static u32 port_table_data[] = { 10, 20, 4000000000U };

static struct debugfs_blob_wrapper port_blob = {
	.data = port_blob_data,
	.size = sizeof(port_blob_data),
};

static struct debugfs_u32_array port_table = {
	.array = port_table_data,
	.n_elements = ARRAY_SIZE(port_table_data),
};

static struct dentry *port_dir;

static int port_state_show(struct seq_file *s, void *unused)
{
	seq_printf(s, "count=%u\n", port_count);
	seq_printf(s, "big=%llu\n", port_big);
	seq_printf(s, "enabled=%d\n", port_enabled);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(port_state);

static int port_attr_get(void *data, u64 *val)
{
	*val = *(u64 *)data;
	return 0;
}

static int port_attr_set(void *data, u64 val)
{
	*(u64 *)data = val;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(port_attr_fops, port_attr_get, port_attr_set,
			 "attr=%llu\n");

static int __init port_init(void)
{
	struct dentry *info;

	port_dir = debugfs_create_dir("port_demo", NULL);
	debugfs_create_u32("count", 0644, port_dir, &port_count);
	debugfs_create_u64("big", 0600, port_dir, &port_big);
	debugfs_create_x32("flags", 0444, port_dir, &port_flags);
	debugfs_create_atomic_t("level", 0644, port_dir, &port_level);
	debugfs_create_bool("enabled", 0644, port_dir, &port_enabled);
	debugfs_create_file("state", 0444, port_dir, NULL, &port_state_fops);
	debugfs_create_file_unsafe("attr", 0644, port_dir, &port_attr,
				   &port_attr_fops);

	info = debugfs_create_dir("info", port_dir);
	debugfs_create_blob("blob", 0444, info, &port_blob);
	debugfs_create_u32_array("table", 0444, info, &port_table);
	debugfs_create_ulong("ulong", 0644, info, &port_ulong);
	debugfs_create_x8("x8", 0644, info, &port_x8);
	debugfs_create_symlink("count_link", port_dir, "info/table");
	return 0;
}

static void __exit port_exit(void)
{
	debugfs_remove(port_dir);
}

module_init(port_init);
module_exit(port_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("A small debugfs user for the dbgfs port check");
