// SPDX-License-Identifier: GPL-2.0-only
/*
 * compat32 - issue one ioctl from a 32-bit process (compat_ioctl)
 *
 * Built without a 32-bit libc (no gcc-multilib needed):
 *
 *	gcc -m32 -nostdlib -static -ffreestanding -fno-pic -o compat32 compat32.c
 *
 * Usage: compat32 FILE
 *
 * Opens FILE read-only and issues ioctl 0x5678 on it (what
 * tests/review/dbgfs_review.c's cover/ioctl32 answers with 0x1234).  Prints
 * the ioctl's return value and exits with 0 if it was 0x1234, 2 if it was
 * -ENOTTY, 3 for any other result, 4 if FILE could not be opened, 5 on a
 * usage error.
 */

#define SYS_EXIT	1
#define SYS_WRITE	4
#define SYS_OPEN	5
#define SYS_IOCTL	54
#define O_RDONLY	0
#define ENOTTY		25
#define IOCTL_CMD	0x5678
#define IOCTL_MAGIC	0x1234

static long syscall3(long nr, long a, long b, long c)
{
	long ret;

	__asm__ volatile ("int $0x80"
			  : "=a" (ret)
			  : "a" (nr), "b" (a), "c" (b), "d" (c)
			  : "memory");
	return ret;
}

static unsigned long str_len(const char *s)
{
	unsigned long n = 0;

	while (s[n])
		n++;
	return n;
}

static void put_str(const char *s)
{
	syscall3(SYS_WRITE, 1, (long)s, (long)str_len(s));
}

/* Print "LABEL N\n" with N in signed decimal. */
static void put_num(const char *label, long n)
{
	char buf[24];
	int i = sizeof(buf);
	int neg = n < 0;
	unsigned long u = neg ? -(unsigned long)n : (unsigned long)n;

	buf[--i] = '\0';
	buf[--i] = '\n';
	do {
		buf[--i] = '0' + u % 10;
		u /= 10;
	} while (u);
	if (neg)
		buf[--i] = '-';
	put_str(label);
	put_str(buf + i);
}

static void do_exit(int status)
{
	for (;;)
		syscall3(SYS_EXIT, status, 0, 0);
}

/* Called from _start with the initial stack: argc, then argv. */
void compat32_main(long *sp);

void compat32_main(long *sp)
{
	long argc = sp[0];
	char **argv = (char **)(sp + 1);
	long fd, ret;

	if (argc != 2) {
		put_str("usage: compat32 FILE\n");
		do_exit(5);
	}
	fd = syscall3(SYS_OPEN, (long)argv[1], O_RDONLY, 0);
	if (fd < 0) {
		put_num("open failed: ", fd);
		do_exit(4);
	}
	ret = syscall3(SYS_IOCTL, fd, IOCTL_CMD, 0);
	put_num("ioctl returned ", ret);
	if (ret == IOCTL_MAGIC)
		do_exit(0);
	do_exit(ret == -ENOTTY ? 2 : 3);
}

__asm__(".text\n"
	".globl _start\n"
	"_start:\n"
	"	xorl %ebp, %ebp\n"
	"	movl %esp, %eax\n"
	"	andl $-16, %esp\n"
	"	subl $12, %esp\n"
	"	pushl %eax\n"
	"	call compat32_main\n"
	"	hlt\n");
