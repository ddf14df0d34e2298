// SPDX-License-Identifier: GPL-2.0-only
/*
 * dbgfs-io: one system call at a time, for tests/guest/check-functional
 *
 * Each operation does exactly one system call (or one open and one write)
 * and prints "OK" (with the byte count for writes) or the symbolic errno,
 * so the shell can compare errors precisely: EPERM, not "Operation not
 * permitted" in whatever locale.  Data arguments take the escapes \n, \t,
 * \0, \\ and \xHH, so a write can carry a NUL byte.
 *
 *	dbgfs-io write PATH DATA	open O_WRONLY, one write(2) of DATA
 *	dbgfs-io seqwrite PATH DATA...	open O_WRONLY, one write(2) of each
 *					DATA in turn; the results on one line
 *	dbgfs-io pwrite PATH OFF DATA	open O_WRONLY, one pwrite(2) at OFF
 *	dbgfs-io lseek PATH		open O_RDONLY, lseek(2) to 1
 *	dbgfs-io read PATH		whole content, escaped (see below)
 *	dbgfs-io escape			stdin to stdout, escaped
 *	dbgfs-io create PATH		open O_CREAT|O_EXCL
 *	dbgfs-io mkdir PATH
 *	dbgfs-io mknod PATH		a FIFO
 *	dbgfs-io rename OLD NEW
 *	dbgfs-io link OLD NEW
 *	dbgfs-io symlink TARGET PATH
 *	dbgfs-io unlink PATH
 *	dbgfs-io rmdir PATH
 *	dbgfs-io serve			the above, one per line of stdin (see serve())
 *
 * Escaped output: printable ASCII as is, '\\' as "\\\\", newline as "\\n",
 * anything else as "\\xHH"; no newline is added at the end.
 * The errno names are those of errno-names.h, shared with reltool.py.
 * Exit status: 0 when the operation ran (whatever its result), 2 on usage
 * errors.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ERRNO_NAME(e) { e, #e },

static const struct {
	int err;
	const char *name;
} errnames[] = {
#include "errno-names.h"
};

static const char *errno_name(int err)
{
	static char buf[16];
	size_t i;

	for (i = 0; i < sizeof(errnames) / sizeof(errnames[0]); i++) {
		if (errnames[i].err == err)
			return errnames[i].name;
	}
	snprintf(buf, sizeof(buf), "E#%d", err);
	return buf;
}

static void print_errno(FILE *out, const char *prefix, int err)
{
	fprintf(out, "%s%s\n", prefix, errno_name(err));
}

static void print_result(FILE *out, int ret)
{
	if (ret < 0)
		print_errno(out, "", errno);
	else
		fprintf(out, "OK\n");
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decodes the escapes of @in into @out; returns the length. */
static size_t unescape(const char *in, char *out)
{
	size_t n = 0;

	while (*in) {
		if (*in != '\\' || !in[1]) {
			out[n++] = *in++;
			continue;
		}
		in++;
		switch (*in) {
		case 'n':
			out[n++] = '\n';
			break;
		case 't':
			out[n++] = '\t';
			break;
		case '0':
			out[n++] = '\0';
			break;
		case 'x':
			if (hexval(in[1]) >= 0 && hexval(in[2]) >= 0) {
				out[n++] = (char)(hexval(in[1]) * 16 +
						  hexval(in[2]));
				in += 2;
				break;
			}
			out[n++] = 'x';
			break;
		default:
			out[n++] = *in;
			break;
		}
		in++;
	}
	return n;
}

static void escape_fd(int fd, FILE *out)
{
	unsigned char buf[4096];
	ssize_t len, i;

	while ((len = read(fd, buf, sizeof(buf))) > 0) {
		for (i = 0; i < len; i++) {
			if (buf[i] == '\\')
				fputs("\\\\", out);
			else if (buf[i] == '\n')
				fputs("\\n", out);
			else if (buf[i] >= 0x20 && buf[i] < 0x7f)
				putc(buf[i], out);
			else
				fprintf(out, "\\x%02x", buf[i]);
		}
	}
	if (len < 0)
		print_errno(out, "read:", errno);
}

/*
 * write and seqwrite (@off < 0: one write(2) of each of the @n @data in
 * turn on one open file, the results separated by blanks) or pwrite (@off
 * >= 0, one datum).
 */
static int do_writes(FILE *out, const char *path, long long off,
		     int n, char **data)
{
	ssize_t ret;
	size_t len;
	char *buf;
	int fd, i;

	fd = open(path, O_WRONLY);
	if (fd < 0) {
		print_errno(out, "open:", errno);
		return 0;
	}
	for (i = 0; i < n; i++) {
		buf = malloc(strlen(data[i]) + 1);
		if (!buf)
			break;
		len = unescape(data[i], buf);
		ret = off < 0 ? write(fd, buf, len) : pwrite(fd, buf, len, off);
		free(buf);
		if (i)
			putc(' ', out);
		if (ret < 0)
			fputs(errno_name(errno), out);
		else
			fprintf(out, "OK %zd", ret);
	}
	putc('\n', out);
	close(fd);
	return i < n ? 2 : 0;
}

static int do_lseek(FILE *out, const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		print_errno(out, "open:", errno);
		return 0;
	}
	print_result(out, lseek(fd, 1, SEEK_SET) < 0 ? -1 : 0);
	close(fd);
	return 0;
}

static int do_read(FILE *out, const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		print_errno(out, "open:", errno);
		return 0;
	}
	escape_fd(fd, out);
	close(fd);
	return 0;
}

static int usage(void)
{
	fputs("usage: dbgfs-io write PATH DATA | read PATH | escape |\n"
	      "       seqwrite PATH DATA... | pwrite PATH OFFSET DATA |\n"
	      "       lseek PATH |\n"
	      "       create|mkdir|mknod|unlink|rmdir PATH |\n"
	      "       rename|link OLD NEW | symlink TARGET PATH | serve\n",
	      stderr);
	return 2;
}

/*
 * One operation (@argv[0]: its name), its result on @out; returns 0 when
 * the operation ran, whatever its result, and -1 on a usage error.
 */
static int run_op(FILE *out, int argc, char **argv)
{
	const char *op = argc > 0 ? argv[0] : "";
	int fd;

	if (!strcmp(op, "write") && argc == 3)
		return do_writes(out, argv[1], -1, 1, argv + 2);
	if (!strcmp(op, "seqwrite") && argc >= 3)
		return do_writes(out, argv[1], -1, argc - 2, argv + 2);
	if (!strcmp(op, "pwrite") && argc == 4)
		return do_writes(out, argv[1], atoll(argv[2]), 1, argv + 3);
	if (!strcmp(op, "lseek") && argc == 2)
		return do_lseek(out, argv[1]);
	if (argc == 2) {
		if (!strcmp(op, "read"))
			return do_read(out, argv[1]);
		if (!strcmp(op, "create")) {
			fd = open(argv[1], O_WRONLY | O_CREAT | O_EXCL, 0644);
			print_result(out, fd);
			if (fd >= 0)
				close(fd);
			return 0;
		}
		if (!strcmp(op, "mkdir"))
			print_result(out, mkdir(argv[1], 0755));
		else if (!strcmp(op, "mknod"))
			print_result(out, mknod(argv[1], S_IFIFO | 0644, 0));
		else if (!strcmp(op, "unlink"))
			print_result(out, unlink(argv[1]));
		else if (!strcmp(op, "rmdir"))
			print_result(out, rmdir(argv[1]));
		else
			return -1;
		return 0;
	}
	if (argc == 3) {
		if (!strcmp(op, "rename"))
			print_result(out, rename(argv[1], argv[2]));
		else if (!strcmp(op, "link"))
			print_result(out, link(argv[1], argv[2]));
		else if (!strcmp(op, "symlink"))
			print_result(out, symlink(argv[1], argv[2]));
		else
			return -1;
		return 0;
	}
	return -1;
}

/*
 * serve: the operations above, one per line of standard input (fields
 * separated by tabs: "write\tPATH\tDATA"), each answered by one line: what
 * the one-shot command prints, without its trailing newlines, then "\n"
 * ("E#USAGE" for a bad line).  A test runs it as a coprocess, so that a
 * check costs no fork and exec (about 75 ms each under TCG).  Every reply
 * of the one-shot command is one line already: read output is escaped.
 */
static int serve(void)
{
	char *line = NULL, *reply = NULL, *fields[4], *p;
	size_t cap = 0, reply_len;
	ssize_t len;
	FILE *out;
	int n;

	while ((len = getline(&line, &cap, stdin)) > 0) {
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		n = 0;
		for (p = line; n < 4; n++) {
			fields[n] = strsep(&p, "\t");
			if (!p) {
				n++;
				break;
			}
		}
		out = open_memstream(&reply, &reply_len);
		if (!out)
			return 2;
		if (p || run_op(out, n, fields) < 0)
			fputs("E#USAGE", out);
		fclose(out);
		while (reply_len && reply[reply_len - 1] == '\n')
			reply[--reply_len] = '\0';
		printf("%s\n", reply);
		fflush(stdout);
		free(reply);
		reply = NULL;
	}
	free(line);
	return 0;
}

int main(int argc, char **argv)
{
	const char *op = argc > 1 ? argv[1] : "";
	int status;

	if (!strcmp(op, "escape") && argc == 2) {
		escape_fd(0, stdout);
		return 0;
	}
	if (!strcmp(op, "serve") && argc == 2)
		return serve();
	status = run_op(stdout, argc - 1, argv + 1);
	return status < 0 ? usage() : status;
}
