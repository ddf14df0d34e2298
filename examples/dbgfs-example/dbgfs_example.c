// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbgfs_example - a driver-like module that exports its state through dbgfs
 *
 * Copy this directory to start a module of your own: it shows the four
 * kinds of file a driver usually puts in debugfs, with the dbgfs API.
 * There is no hardware; a small array stands in for a device's registers.
 *
 * Layout, below the dbgfs mount point (/sys/kernel/dbgfs):
 *
 *	dbgfs_example/		0755
 *	dbgfs_example/knob	0644  u32, events one kick delivers (default 10)
 *	dbgfs_example/kick	0200  write 1: one simulated interrupt
 *	dbgfs_example/counter	0444  u64, events delivered so far (starts at 0)
 *	dbgfs_example/table	0444  seq_file, the device's channels
 *	dbgfs_example/regs	0444  register set: id, ctrl, batch, kicks
 *
 * Each write of 1 to kick adds knob to counter, writes knob to the batch
 * register and adds one to the kicks register, so that everything the
 * module exports moves in a way a test can predict.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>

#include <dbgfs.h>

/* Register offsets of the pretend device, as a datasheet would give them. */
#define EXAMPLE_REG_ID		0x00
#define EXAMPLE_REG_CTRL	0x04
#define EXAMPLE_REG_BATCH	0x08
#define EXAMPLE_REG_KICKS	0x0c
#define EXAMPLE_NR_REGS		4

#define EXAMPLE_CHIP_ID		0xdb9f0001
#define EXAMPLE_CTRL_ENABLE	BIT(0)

/*
 * The "device": plain memory where a real driver would have the address
 * ioremap() gave it.  Everything below reaches it through readl() and
 * writel() on example_base, as it would the real thing.
 */
static u32 example_regs[EXAMPLE_NR_REGS];
static void __iomem *example_base;

/* Serializes kicks, which update counter and two registers together. */
static DEFINE_MUTEX(example_lock);

/*
 * Module variables behind value files: dbgfs reads and writes them
 * directly, so they must live as long as the files (here, the module).
 */
static u32 knob = 10;
static u64 counter;

static struct dentry *example_dir;

/* The names regs shows, each at the offset dbgfs reads it from. */
static const struct dbgfs_reg32 example_reg32[] = {
	{ .name = "id",    .offset = EXAMPLE_REG_ID },
	{ .name = "ctrl",  .offset = EXAMPLE_REG_CTRL },
	{ .name = "batch", .offset = EXAMPLE_REG_BATCH },
	{ .name = "kicks", .offset = EXAMPLE_REG_KICKS },
};

static struct dbgfs_regset32 example_regset = {
	.regs = example_reg32,
	.nregs = ARRAY_SIZE(example_reg32),
};

/* What table lists: fixed properties of the pretend device's channels. */
struct example_channel {
	const char *name;
	unsigned int irq;
	unsigned int fifo_depth;
};

static const struct example_channel example_channels[] = {
	{ .name = "rx",  .irq = 32, .fifo_depth = 256 },
	{ .name = "tx",  .irq = 33, .fifo_depth = 128 },
	{ .name = "ctl", .irq = 34, .fifo_depth = 16 },
};

/*
 * table: a seq_file handles any length of output and any read size;
 * DEFINE_SHOW_ATTRIBUTE() makes the file_operations around this function.
 */
static int table_show(struct seq_file *s, void *unused)
{
	const struct example_channel *ch;
	unsigned int i;

	seq_puts(s, "channel  irq  fifo\n");
	for (i = 0; i < ARRAY_SIZE(example_channels); i++) {
		ch = &example_channels[i];
		seq_printf(s, "%-7s %4u %5u\n", ch->name, ch->irq,
			   ch->fifo_depth);
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(table);

/*
 * kick: an action rather than a value, so it has a set function instead
 * of a variable.  A plain value file cannot tell the module it was
 * written; this one runs kick_set() on each write.
 */
static int kick_set(void *data, u64 val)
{
	u32 batch;

	/* Only "1", so that a mistyped value does nothing. */
	if (val != 1)
		return -EINVAL;

	mutex_lock(&example_lock);
	/* The knob may change at any time: use one value for the whole kick. */
	batch = READ_ONCE(knob);
	counter += batch;
	writel(batch, example_base + EXAMPLE_REG_BATCH);
	writel(readl(example_base + EXAMPLE_REG_KICKS) + 1,
	       example_base + EXAMPLE_REG_KICKS);
	mutex_unlock(&example_lock);
	return 0;
}
DEFINE_DBGFS_ATTRIBUTE(kick_fops, NULL, kick_set, "%llu\n");

static void example_reset_device(void)
{
	writel(EXAMPLE_CHIP_ID, example_base + EXAMPLE_REG_ID);
	writel(EXAMPLE_CTRL_ENABLE, example_base + EXAMPLE_REG_CTRL);
	writel(knob, example_base + EXAMPLE_REG_BATCH);
	writel(0, example_base + EXAMPLE_REG_KICKS);
}

static int __init dbgfs_example_init(void)
{
	/* __force: ordinary memory posing as I/O memory, see example_regs. */
	example_base = (void __force __iomem *)example_regs;
	example_reset_device();
	example_regset.base = example_base;

	/*
	 * No error checks: like debugfs, a failed create returns an
	 * ERR_PTR() that the next calls accept as a parent and ignore, and
	 * a driver must work the same without its debug files.
	 */
	example_dir = dbgfs_create_dir(KBUILD_MODNAME, NULL);
	dbgfs_create_u32("knob", 0644, example_dir, &knob);
	/* Read-only: only kicks change the counter. */
	dbgfs_create_u64("counter", 0444, example_dir, &counter);
	dbgfs_create_file_unsafe("kick", 0200, example_dir, NULL, &kick_fops);
	dbgfs_create_file("table", 0444, example_dir, NULL, &table_fops);
	dbgfs_create_regset32("regs", 0444, example_dir, &example_regset);
	return 0;
}

static void __exit dbgfs_example_exit(void)
{
	/*
	 * Removes the directory and its files, and waits for handlers still
	 * running in them: after it, nothing reads the variables above.
	 */
	dbgfs_remove(example_dir);
}

module_init(dbgfs_example_init);
module_exit(dbgfs_example_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Example driver that exports its state through dbgfs");
