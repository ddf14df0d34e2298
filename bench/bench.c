// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench.c - the userspace side of the dbgfs/debugfs benchmark
 *
 * Built and run in the guest by bench/run-in-guest.  Each mode runs one
 * timed loop and prints one line "KEY VALUE" per figure on stdout.
 *
 *   bench read  DIR N ITERS [NPROC]   open+read+close DIR/fK, K random < N
 *   bench stat  DIR N ITERS [NPROC]   stat DIR/fK, K random < N
 *   bench lookup DIR N                stat DIR/fK once for each K < N, in
 *                                     order: after drop_caches, every
 *                                     stat is a first lookup
 *   bench write PATH ITERS            write "12345\n" ITERS times to one fd
 *   bench bulk  PATH BUFSIZE ITERS    read PATH whole ITERS times
 *
 * read/stat print ns_per_op (the mean of each process's own ns/op), and
 * with NPROC > 1 also wall_ns_per_op (wall time / all operations); the
 * NPROC processes start together behind a pipe.  write prints ns_per_op,
 * bulk MB_per_s (10^6 bytes per second) and bytes.
 *
 * With BENCH_DIRS=D in the environment (D > 1), the files are spread over
 * D directories as the bench module makes them: DIR/dJ/fK, J = K mod D.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PATH_LEN 96

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* The path of file K under DIR, in one directory or spread (BENCH_DIRS). */
static void file_path(char *buf, const char *dir, unsigned long k)
{
	static unsigned long dirs;

	if (!dirs) {
		const char *env = getenv("BENCH_DIRS");

		dirs = env ? strtoul(env, NULL, 0) : 1;
		if (!dirs)
			dirs = 1;
	}
	if (dirs > 1)
		snprintf(buf, PATH_LEN, "%s/d%lu/f%lu", dir, k % dirs, k);
	else
		snprintf(buf, PATH_LEN, "%s/f%lu", dir, k);
}

/*
 * The paths of one loop, made before the clock starts: random ones with
 * a seed, or each file once in order (seed 0).
 */
static char *make_paths(const char *dir, unsigned long n, unsigned long iters,
			unsigned int seed)
{
	char *paths = malloc(iters * PATH_LEN);
	uint64_t x = 0x9e3779b97f4a7c15ull ^ seed;
	unsigned long i;

	if (!paths)
		die("malloc");
	for (i = 0; i < iters; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		file_path(paths + i * PATH_LEN, dir, seed ? x % n : i % n);
	}
	return paths;
}

/* One process's loop; returns its ns per operation. */
static double access_loop(int do_stat, const char *paths, unsigned long iters)
{
	char buf[64];
	struct stat st;
	unsigned long i;
	uint64_t t0, t1;

	t0 = now_ns();
	for (i = 0; i < iters; i++) {
		const char *p = paths + i * PATH_LEN;

		if (do_stat) {
			if (stat(p, &st))
				die(p);
		} else {
			int fd = open(p, O_RDONLY);

			if (fd < 0)
				die(p);
			if (read(fd, buf, sizeof(buf)) <= 0)
				die("read");
			close(fd);
		}
	}
	t1 = now_ns();
	return (double)(t1 - t0) / iters;
}

static int cmd_access(int do_stat, int argc, char **argv)
{
	unsigned long n, iters;
	int nproc, i, go[2], res[2];
	double sum = 0;
	uint64_t t0, t1;

	if (argc < 3)
		return 2;
	n = strtoul(argv[1], NULL, 0);
	iters = strtoul(argv[2], NULL, 0);
	nproc = argc > 3 ? atoi(argv[3]) : 1;
	if (!n || !iters || nproc < 1)
		return 2;

	if (nproc == 1) {
		char *paths = make_paths(argv[0], n, iters, getpid());

		access_loop(do_stat, paths, iters < 100 ? iters : 100);
		printf("ns_per_op %.1f\n", access_loop(do_stat, paths, iters));
		return 0;
	}

	if (pipe(go) || pipe(res))
		die("pipe");
	for (i = 0; i < nproc; i++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (!pid) {
			char *paths = make_paths(argv[0], n, iters, getpid());
			double ns;
			char c;

			close(go[1]);
			access_loop(do_stat, paths, iters < 100 ? iters : 100);
			if (read(go[0], &c, 1) < 0)
				die("read go");
			ns = access_loop(do_stat, paths, iters);
			if (write(res[1], &ns, sizeof(ns)) != sizeof(ns))
				die("write res");
			_exit(0);
		}
	}
	close(go[0]);
	usleep(200000);		/* let every child reach the barrier */
	t0 = now_ns();
	close(go[1]);
	for (i = 0; i < nproc; i++) {
		double ns;

		if (read(res[0], &ns, sizeof(ns)) != sizeof(ns))
			die("read res");
		sum += ns;
	}
	t1 = now_ns();
	while (wait(NULL) > 0)
		;
	printf("ns_per_op %.1f\n", sum / nproc);
	printf("wall_ns_per_op %.1f\n", (double)(t1 - t0) / (iters * nproc));
	return 0;
}

/* Every file once, with no warm-up: the first lookup of each. */
static int cmd_lookup(int argc, char **argv)
{
	unsigned long n;
	char *paths;

	if (argc < 2)
		return 2;
	n = strtoul(argv[1], NULL, 0);
	if (!n)
		return 2;
	paths = make_paths(argv[0], n, n, 0);
	printf("ns_per_op %.1f\n", access_loop(1, paths, n));
	free(paths);
	return 0;
}

static int cmd_write(int argc, char **argv)
{
	static const char text[] = "12345\n";
	unsigned long iters, i;
	uint64_t t0, t1;
	int fd;

	if (argc < 2)
		return 2;
	iters = strtoul(argv[1], NULL, 0);
	fd = open(argv[0], O_WRONLY);
	if (fd < 0)
		die(argv[0]);
	t0 = now_ns();
	for (i = 0; i < iters; i++)
		if (write(fd, text, sizeof(text) - 1) != sizeof(text) - 1)
			die("write");
	t1 = now_ns();
	close(fd);
	printf("ns_per_op %.1f\n", (double)(t1 - t0) / iters);
	return 0;
}

static int cmd_bulk(int argc, char **argv)
{
	unsigned long bufsize, iters, i;
	uint64_t t0, t1, bytes = 0;
	char *buf;

	if (argc < 3)
		return 2;
	bufsize = strtoul(argv[1], NULL, 0);
	iters = strtoul(argv[2], NULL, 0);
	buf = malloc(bufsize);
	if (!buf || !bufsize || !iters)
		return 2;
	t0 = now_ns();
	for (i = 0; i < iters; i++) {
		int fd = open(argv[0], O_RDONLY);
		ssize_t r;

		if (fd < 0)
			die(argv[0]);
		while ((r = read(fd, buf, bufsize)) > 0)
			bytes += r;
		if (r < 0)
			die("read");
		close(fd);
	}
	t1 = now_ns();
	printf("MB_per_s %.2f\n", bytes * 1000.0 / (t1 - t0));
	printf("bytes %llu\n", (unsigned long long)(bytes / iters));
	return 0;
}

int main(int argc, char **argv)
{
	int ret = 2;

	if (argc >= 2 && !strcmp(argv[1], "read"))
		ret = cmd_access(0, argc - 2, argv + 2);
	else if (argc >= 2 && !strcmp(argv[1], "stat"))
		ret = cmd_access(1, argc - 2, argv + 2);
	else if (argc >= 2 && !strcmp(argv[1], "lookup"))
		ret = cmd_lookup(argc - 2, argv + 2);
	else if (argc >= 2 && !strcmp(argv[1], "write"))
		ret = cmd_write(argc - 2, argv + 2);
	else if (argc >= 2 && !strcmp(argv[1], "bulk"))
		ret = cmd_bulk(argc - 2, argv + 2);
	if (ret == 2)
		fprintf(stderr, "usage: bench read|stat DIR N ITERS [NPROC] | lookup DIR N | write PATH ITERS | bulk PATH BUFSIZE ITERS\n");
	return ret;
}
