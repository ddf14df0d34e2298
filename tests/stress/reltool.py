#!/usr/bin/python3
"""reltool - the precise parts of tests/guest/check-reliability.

Each subcommand prints result lines for the calling script to number:
"ok DESCRIPTION", "not ok DESCRIPTION" and "# diagnostic" lines; figures
come as "# " lines too.  Works on the tree of tests/stress/dbgfs_stress.c,
mounted at /sys/kernel/dbgfs.

    reltool.py removal depopulate|unload   fds stay safe after removal
    reltool.py blocked depopulate|async    a blocked reader is cancelled
    reltool.py hostile                     bad input on every writable type
    reltool.py worker SECONDS SEED         churn: open/read/write/close loop
                                           (until $RELTOOL_STOP exists)
    reltool.py rand SEED STEPS             randomized ops against a model
    reltool.py faults SEED STEPS PERCENT   lazy entries under allocation
                                           failures (failslab and
                                           fail_page_alloc, debug kernel)
    reltool.py lazy-marks                  lazy entries: times, inotify and
                                           fanotify marks across reclaim
                                           and removal
    reltool.py mount SOURCE TARGET DATA    raw mount(2), prints OK or errno
    reltool.py remount TARGET DATA         raw mount(2) with MS_REMOUNT
                                           (and nosuid, nodev, noexec)
    reltool.py finit FILE [PARAMS]         finit_module(2) of FILE: prints
                                           OK or the errno's name
    reltool.py try open PATH r|w|rw        one system call, its errno by
    reltool.py try read PATH               name: OK or EPERM, EACCES, ...
    reltool.py try chmod PATH MODE         (read: open read-only and
    reltool.py try chown PATH UID GID      read(2); MODE in octal)

The errno names are those of tests/guest/errno-names.h, as the C helper
dbgfs-io prints them.
"""
import ctypes
import errno
import json
import os
import random
import re
import select
import signal
import struct
import subprocess
import sys
import time

MNT = '/sys/kernel/dbgfs'
TOP = MNT + '/dbgfs_stress'
FILES = TOP + '/files'
CTL = TOP + '/ctl'
PARAMS = '/sys/module/dbgfs_stress/parameters'

# name: (writable, full proxy of dbgfs_stress, seekable, valid write)
# Full-proxy files of dbgfs_stress whose fops have a poll (POLLHUP once
# removed; link opens proxy); the others have none, and neither has the
# proxy.
POLLING = {'proxy', 'link'}

FILE_TYPES = {
    'u8': (True, False, False, b'1\n'),
    'u16': (True, False, False, b'1\n'),
    'u32': (True, False, False, b'1\n'),
    'u64': (True, False, False, b'1\n'),
    'ulong': (True, False, False, b'1\n'),
    'size_t': (True, False, False, b'1\n'),
    'x8': (True, False, False, b'1\n'),
    'x16': (True, False, False, b'1\n'),
    'x32': (True, False, False, b'1\n'),
    'x64': (True, False, False, b'1\n'),
    'atomic_t': (True, False, False, b'-1\n'),
    'bool': (True, False, False, b'n\n'),
    'str': (True, False, True, b'x'),
    'blob': (True, False, True, b'b'),
    'attr': (True, False, False, b'5\n'),
    'ro_u32': (False, False, False, None),
    'regset32': (False, True, True, None),
    'u32_array': (False, False, False, None),
    'sub/deep/u32': (True, False, False, b'1\n'),
    'proxy': (True, True, True, b'p'),
    'ro_proxy': (False, True, True, None),
    'ioctl_ro': (False, True, True, None),
    'mmap_ro': (False, True, True, None),
    'link': (True, True, True, b'p'),
}

n_ok = 0
n_fail = 0


def ok(desc):
    global n_ok
    n_ok += 1
    print('ok ' + desc, flush=True)


def not_ok(desc, *diag):
    global n_fail
    n_fail += 1
    print('not ok ' + desc, flush=True)
    for d in diag:
        for line in str(d).splitlines():
            print('# ' + line, flush=True)


def check(cond, desc, *diag):
    if cond:
        ok(desc)
    else:
        not_ok(desc, *diag)
    return cond


def figure(text):
    print('# ' + text, flush=True)


# The errno names: the table dbgfs-io.c compiles in (tests/guest/
# errno-names.h), so that C, Python and the shell print one name for one
# error ("E#N" for one not listed there).
ERRNO_NAMES = {
    getattr(errno, name): name for name in re.findall(
        r'ERRNO_NAME\((E\w+)\)',
        open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          '..', 'guest', 'errno-names.h')).read())}


def ename(e):
    return ERRNO_NAMES.get(e, 'E#%d' % e)


def attempt(fn, *args):
    """Run fn; return ('ok', result) or ('err', errno name)."""
    try:
        return ('ok', fn(*args))
    except OSError as e:
        return ('err', ename(e.errno))


def ctl(name, text=b'1', ctl_dir=None):
    """Write text to ctl/name in one write; return None or errno name.

    ctl_dir: the ctl directory of another test module (review.py's)."""
    try:
        fd = os.open((ctl_dir or CTL) + '/' + name, os.O_WRONLY)
    except OSError as e:
        return ename(e.errno)
    try:
        os.write(fd, text)
        return None
    except OSError as e:
        return ename(e.errno)
    finally:
        os.close(fd)


def param(name, params_dir=None):
    with open((params_dir or PARAMS) + '/' + name) as f:
        return f.read().strip()


def read_all(path):
    fd = os.open(path, os.O_RDONLY)
    try:
        out = b''
        while True:
            b = os.read(fd, 4096)
            if not b:
                return out
            out += b
    finally:
        os.close(fd)


def write_once(path, data, offset=None):
    """One open and one write (pwrite at offset); return count or errno."""
    fd = os.open(path, os.O_WRONLY)
    try:
        if offset is None:
            return os.write(fd, data)
        return os.pwrite(fd, data, offset)
    except OSError as e:
        return ename(e.errno)
    finally:
        os.close(fd)


def write_once_err(path, data):
    """As write_once, None on success, errno name on failure."""
    try:
        r = write_once(path, data)
    except OSError as e:
        return ename(e.errno)
    return None if isinstance(r, int) else r


def poll_mask(fd):
    p = select.poll()
    p.register(fd, select.POLLIN | select.POLLOUT)
    res = p.poll(1000)
    return res[0][1] if res else 0


# --- 1: removal while open ------------------------------------------------

def cmd_removal(mode):
    fds = {}
    snap = {}
    for name, (wr, full, seek, good) in FILE_TYPES.items():
        path = FILES + '/' + name
        try:
            fds[name] = os.open(path, os.O_RDWR if wr else os.O_RDONLY)
        except OSError as e:
            not_ok('open files/%s before the removal' % name, ename(e.errno))
    if 'u32_array' in fds:
        snap['u32_array'] = read_all(FILES + '/u32_array')
    ok('opened %d files of every type' % len(fds))

    if mode == 'unload':
        r = subprocess.run(['rmmod', 'dbgfs_stress'], capture_output=True,
                           text=True)
        check(r.returncode != 0 and 'in use' in r.stderr,
              'rmmod dbgfs_stress refused while its full-proxy files '
              'are open', 'rmmod status %d: %s' % (r.returncode, r.stderr))
        # Files whose fops belong to dbgfs_stress pin it while open: the
        # full-proxy ones and attr (DEFINE_DBGFS_ATTRIBUTE, THIS_MODULE).
        # regset32's fops are dbgfs's own, as are the value files'.
        for name in [n for n in fds if (FILE_TYPES[n][1] and
                                        n != 'regset32') or n == 'attr']:
            os.close(fds.pop(name))
        t0 = time.monotonic()
        r = subprocess.run(['rmmod', 'dbgfs_stress'], capture_output=True,
                           text=True)
        check(r.returncode == 0,
              'rmmod dbgfs_stress with value files still open',
              r.stderr)
        figure('rmmod took %.3f s' % (time.monotonic() - t0))
    else:
        t0 = time.monotonic()
        err = ctl('depopulate')
        check(err is None, 'remove files/ (ctl/depopulate) with %d fds open'
              % len(fds), 'write gave %s' % err)
        figure('removal took %.3f s' % (time.monotonic() - t0))

    for name, fd in fds.items():
        wr, full, seek, good = FILE_TYPES[name]
        what = 'files/%s after %s' % (name, mode)
        r = attempt(os.read, fd, 64)
        if name == 'u32_array':
            # formatted at open: the read may serve that snapshot
            check(r == ('err', 'EIO') or r == ('ok', snap['u32_array']),
                  'read of %s: EIO or the text formatted at open' % what,
                  'got %r' % (r,))
        else:
            check(r == ('err', 'EIO'), 'read of %s: EIO' % what,
                  'got %r' % (r,))
        if wr:
            r = attempt(os.write, fd, good)
            check(r == ('err', 'EIO'), 'write of %s: EIO' % what,
                  'got %r' % (r,))
        r = attempt(os.lseek, fd, 0, os.SEEK_SET)
        if full:
            check(r == ('err', 'EIO'), 'lseek of %s: EIO' % what,
                  'got %r' % (r,))
        else:
            exp = ('ok', 0) if seek else ('err', 'ESPIPE')
            check(r == exp, 'lseek of %s: %r (runs no client code)'
                  % (what, exp), 'got %r' % (r,))
        m = poll_mask(fd)
        if full and name in POLLING:
            check(m & select.POLLHUP, 'poll of %s: POLLHUP' % what,
                  'mask 0x%x' % m)
        elif full:
            # No poll in its fops, so none in the proxy's (as in
            # mainline): it polls as any such file, at once.
            want = select.POLLIN | select.POLLOUT
            check(m == want, 'poll of %s (fops without poll): POLLIN|'
                  'POLLOUT at once, as any file without poll' % what,
                  'mask 0x%x' % m)
        else:
            check(m != 0, 'poll of %s returns at once' % what,
                  'mask 0x%x' % m)
        r = attempt(os.close, fd)
        check(r[0] == 'ok', 'close of %s' % what, 'got %r' % (r,))

    for name in ('u32', 'proxy'):
        r = attempt(os.open, FILES + '/' + name, os.O_RDONLY)
        if r[0] == 'ok':
            os.close(r[1])
        check(r == ('err', 'ENOENT'), 'open of removed files/%s: ENOENT'
              % name, 'got %r' % (r,))


# --- 1b: a blocked reader and a cancellation --------------------------------

def wait_for(cond, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


def cmd_blocked(mode):
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(rfd)
        try:
            fd = os.open(FILES + '/blocking', os.O_RDONLY)
            try:
                os.read(fd, 16)
                res = 'read returned data'
            except OSError as e:
                res = ename(e.errno)
            os.close(fd)
        except OSError as e:
            res = 'open: ' + ename(e.errno)
        os.write(wfd, res.encode())
        os._exit(0)
    os.close(wfd)
    blocked = wait_for(lambda: param('blocked') == '1', 60)
    check(blocked, 'a reader blocks in files/blocking',
          'blocked=%s' % param('blocked'))
    if not blocked:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        return
    time.sleep(0.2)
    done_before = int(param('async_done'))
    t0 = time.monotonic()
    signal.alarm(120)	# a hung removal kills us rather than the run
    if mode == 'async':
        err = ctl('remove_async')
        check(err is None, 'queue the removal on a workqueue', err)
        check(wait_for(lambda: int(param('async_done')) > done_before, 60),
              'the workqueue removal of files/ returns',
              'async_done=%s' % param('async_done'))
    else:
        err = ctl('depopulate')
        check(err is None, 'ctl/depopulate returns while a reader is '
              'blocked inside a cancellation section', err)
    signal.alarm(0)
    figure('removal with a blocked reader (%s) took %.3f s'
           % (mode, time.monotonic() - t0))
    got = b''
    while wait_for(lambda: select.select([rfd], [], [], 0)[0], 30):
        b = os.read(rfd, 64)
        if not b:
            break
        got += b
    os.waitpid(pid, 0)
    check(got == b'EIO', 'the cancelled reader gets EIO', 'got %r' % got)
    check(param('blocked') == '0', 'no reader is left blocked',
          'blocked=%s' % param('blocked'))
    check(not os.path.exists(FILES), 'files/ is gone')


# --- 3: hostile input -------------------------------------------------------

U_BITS = {'u8': 8, 'u16': 16, 'u32': 32, 'u64': 64, 'ulong': 64,
          'size_t': 64, 'x8': 8, 'x16': 16, 'x32': 32, 'x64': 64,
          'sub/deep/u32': 32}
MIB = 1 << 20


def hostile_common():
    """Inputs that every number and bool file refuses, with the errno."""
    return [
        (b'', 'EINVAL'), (b' ', 'EINVAL'), (b'\n', 'EINVAL'),
        (b' \t\n', 'EINVAL'), (b'+', 'EINVAL'), (b'-', 'EINVAL'),
        (b'x5', 'EINVAL'), (b'5x', 'EINVAL'), (b' 5', 'EINVAL'),
        (b'5 ', 'EINVAL'), (b'5\n\n', 'EINVAL'), (b'5\0', 'EINVAL'),
        (b'\x005', 'EINVAL'), (b'1\x002', 'EINVAL'), (b'0x', 'EINVAL'),
        (b'0x1g', 'EINVAL'), (b'08', 'EINVAL'), (b'1.5', 'EINVAL'),
        (b'9' * 32, 'EINVAL'), (b'1' * MIB, 'EINVAL'),
        (b'\xff\xfe', 'EINVAL'),
    ]


def number_cases(name):
    if name == 'atomic_t':
        lo, hi = -(1 << 31), (1 << 31) - 1
        cases = [(str(hi + 1).encode(), 'ERANGE'),
                 (str(lo - 1).encode(), 'ERANGE'),
                 (b'9223372036854775808', 'ERANGE'),
                 (b'-99999999999999999999999999', 'ERANGE'),
                 (str(hi).encode(), hi), (str(lo).encode() + b'\n', lo),
                 (b'+7', 7), (b'-0x10', -16)]
    else:
        hi = (1 << U_BITS[name]) - 1
        cases = [(str(hi + 1).encode(), 'ERANGE'),
                 (b'18446744073709551616', 'ERANGE'),
                 (b'999999999999999999999999999999', 'ERANGE'),
                 (b'0x' + b'f' * 17, 'ERANGE'),
                 (b'-1', 'EINVAL'), (b'-0', 'EINVAL'),
                 (str(hi).encode() + b'\n', hi), (b'+5', 5),
                 (b'0x1f', 31), (b'017\n', 15), (b'0', 0)]
    return hostile_common() + cases


def parse_value(name, text):
    text = text.decode()
    if name == 'bool':
        return {'Y\n': True, 'N\n': False}.get(text, text)
    if name.startswith('x'):
        return int(text, 16)
    return int(text)


def hostile_value_file(name):
    path = FILES + '/' + name
    if name == 'bool':
        cases = hostile_common() + [
            (b'yolo', 'EINVAL'), (b'2', 'EINVAL'), (b'yes please', 'EINVAL'),
            (b'Y\n', True), (b'off', False), (b'ENABLE', True),
            (b'0', False)]
    else:
        cases = number_cases(name)
    bad = []
    for data, exp in cases:
        before = read_all(path)
        got = write_once(path, data)
        after = read_all(path)
        if isinstance(exp, str):
            if got != exp or after != before:
                bad.append('write %r: expected %s, unchanged %r; got %r, '
                           'now %r' % (data[:40], exp, before, got, after))
        elif got != len(data) or parse_value(name, after) != exp:
            bad.append('write %r: expected %d bytes and value %r; got %r, '
                       'now %r' % (data[:40], len(data), exp, got, after))
    before = read_all(path)
    got = write_once(path, b'1', offset=1)
    if got != 'ESPIPE' or read_all(path) != before:
        bad.append('pwrite at offset 1: expected ESPIPE, got %r' % (got,))
    check(not bad, 'files/%s: %d hostile and valid writes give the '
          'documented errno or value' % (name, len(cases) + 1), *bad)


def hostile_str():
    path = FILES + '/str'
    bad = []
    write_once(path, b'abc')
    for data, off, exp, now in [
            (b'x', 5, 'EINVAL', b'abc\n'),
            (b'x', 1, 'EINVAL', b'abc\n'),
            (b'y' * 4096, 0, 'E2BIG', b'abc\n'),
            (b'y' * MIB, 0, 'E2BIG', b'abc\n'),
            (b'de', 3, 2, b'abcde\n'),
            (b'  padded \n', 0, 10, b'padded\n'),
            (b'', 0, 0, b'\n')]:
        got = write_once(path, data, offset=off)
        after = read_all(path)
        if got != exp or (now is not None and after != now):
            bad.append('pwrite %r at %d: expected %r and %r; got %r and %r'
                       % (data[:20], off, exp, now, got, after))
    check(not bad, 'files/str: offsets, E2BIG at PAGE_SIZE and 1 MiB, '
          'trimming', *bad)


def hostile_blob():
    path = FILES + '/blob'
    size = 32
    orig = read_all(path)
    bad = []
    got = write_once(path, b'Z', offset=size)
    if got != 'ENOSPC':
        bad.append('write at the end: expected ENOSPC, got %r' % (got,))
    got = write_once(path, b'Z', offset=size + 100)
    if got != 'ENOSPC':
        bad.append('write past the end: expected ENOSPC, got %r' % (got,))
    if read_all(path) != orig:
        bad.append('refused writes changed the blob')
    got = write_once(path, b'Q' * MIB, offset=0)
    if got != size or read_all(path) != b'Q' * size:
        bad.append('1 MiB write: expected a short write of %d, got %r'
                   % (size, got))
    got = write_once(path, b'\0\0', offset=3)
    if got != 2 or read_all(path) != b'QQQ\0\0' + b'Q' * (size - 5):
        bad.append('NUL bytes at offset 3: got %r' % (got,))
    write_once(path, orig, offset=0)
    check(not bad and read_all(path) == orig, 'files/blob: ENOSPC at and '
          'past the end, a 1 MiB write is cut to the size, NULs in place',
          *bad)


def hostile_attr():
    path = FILES + '/attr'
    bad = []
    write_once(path, b'100')
    for data, exp in [(b'', 'EINVAL'), (b'abc', 'EINVAL'),
                      (b'1000001', 'ERANGE'), (b'1' * MIB, None),
                      (b'18446744073709551616', 'ERANGE'), (b'42\n', 3)]:
        got = write_once(path, data)
        if exp is None:
            if isinstance(got, int):
                bad.append('1 MiB write accepted: %r' % (got,))
            continue
        if got != exp:
            bad.append('write %r: expected %r, got %r' % (data[:20], exp, got))
    if read_all(path) != b'42\n':
        bad.append('value is %r, expected 42' % read_all(path))
    check(not bad, 'files/attr (DEFINE_DBGFS_ATTRIBUTE): bad writes refused'
          ', the set callback\'s ERANGE passed on', *bad)


def reads_everywhere(name):
    """Reads of every size at every offset agree with one whole read."""
    path = FILES + '/' + name
    full = read_all(path)
    seek = FILE_TYPES[name][2]
    bad = []
    fd = os.open(path, os.O_RDONLY)
    try:
        for size in range(0, len(full) + 3):
            for off in range(0, len(full) + 3):
                r = attempt(os.pread, fd, size, off)
                exp = ('ok', full[off:off + size]) if seek else \
                    ('err', 'ESPIPE')
                if r != exp:
                    bad.append('pread(%d, %d): %r, expected %r'
                               % (size, off, r, exp))
    finally:
        os.close(fd)
    for size in range(1, len(full) + 3):
        fd = os.open(path, os.O_RDONLY)
        out = b''
        while True:
            b = os.read(fd, size)
            if not b:
                break
            out += b
        os.close(fd)
        if out != full:
            bad.append('reads of %d bytes gave %r' % (size, out))
    check(not bad, 'files/%s: reads of every size at every offset (%d '
          'bytes)' % (name, len(full)), *bad[:5])


def cmd_hostile():
    for name in list(U_BITS) + ['atomic_t', 'bool']:
        hostile_value_file(name)
    hostile_str()
    hostile_blob()
    hostile_attr()
    for name in FILE_TYPES:
        if name not in ('link', 'sub/deep/u32'):
            reads_everywhere(name)
    r = write_once(FILES + '/ro_u32', b'1')
    check(r == 'EINVAL' or r == 'EBADF' or r == 'EPERM' or r == 'EACCES',
          'root cannot write the 0444 value file ro_u32', 'got %r' % (r,))
    check(read_all(FILES + '/ro_u32') == b'7\n', 'ro_u32 still reads 7')


# --- 2: churn worker --------------------------------------------------------

EXPECTED_CHURN = {'ENOENT', 'EIO', 'ENXIO', 'ENOTDIR'}


def drop_caches():
    with open('/proc/sys/vm/drop_caches', 'w') as f:
        f.write('2\n')


def cmd_worker(seconds, seed):
    rng = random.Random(seed)
    paths = [FILES + '/' + n for n in FILE_TYPES] + \
        [TOP + '/churn/c/' + n for n in ('u32', 'proxy', 'link', 'bool',
                                         'proxy1', 'proxy3', 'x32',
                                         'x32r')]
    dirs = [FILES, TOP + '/churn/c', TOP + '/churn']
    writes = {'str': b'churn', 'blob': b'c', 'atomic_t': b'3',
              'bool': b'y', 'proxy': b'w', 'link': b'w', 'proxy1': b'w',
              'proxy3': b'w'}
    stats = {'ops': 0, 'ok': 0}
    unexpected = []
    end = time.monotonic() + seconds
    stop = os.environ.get('RELTOOL_STOP', '/nonexistent')
    while time.monotonic() < end and not os.path.exists(stop):
        path = rng.choice(paths)
        base = path.rsplit('/', 1)[1]
        stats['ops'] += 1
        r = rng.random()
        if r < 0.1:
            # readdir while the kernel thread creates, renames and removes
            # (lazy entries among them): every name at most once
            d = rng.choice(dirs)
            try:
                # (name, inode): an entry removed and made again under the
                # same name between two getdents calls is another entry
                names = [(e.name, e.inode()) for e in os.scandir(d)]
            except OSError as e:
                n = ename(e.errno)
                stats[n] = stats.get(n, 0) + 1
                if n not in EXPECTED_CHURN:
                    unexpected.append('readdir %s: %s' % (d, n))
                continue
            stats['readdir'] = stats.get('readdir', 0) + 1
            if len(names) != len(set(names)):
                unexpected.append('readdir %s: duplicates in %r' %
                                  (d, sorted(names)))
            continue
        if r < 0.102:
            # reclaim: unused dentries and inodes of lazy entries go
            drop_caches()
            stats['drop_caches'] = stats.get('drop_caches', 0) + 1
            continue
        try:
            fd = os.open(path, os.O_RDWR if rng.random() < 0.5
                         else os.O_RDONLY)
        except OSError as e:
            n = ename(e.errno)
            if n in ('EACCES', 'EPERM', 'EISDIR'):
                n = 'ENOENT' if not os.path.exists(path) else n
            stats[n] = stats.get(n, 0) + 1
            if n not in EXPECTED_CHURN | {'EACCES'}:
                unexpected.append('open %s: %s' % (path, n))
            continue
        try:
            for _ in range(rng.randint(1, 4)):
                if rng.random() < 0.6:
                    os.read(fd, 64)
                else:
                    os.write(fd, writes.get(base, b'1'))
            stats['ok'] += 1
        except OSError as e:
            n = ename(e.errno)
            stats[n] = stats.get(n, 0) + 1
            # EBADF/EINVAL: a write to a read-only file; ENOSPC: writes
            # walked past the end of the 32-byte blob
            if n not in EXPECTED_CHURN | {'EBADF', 'EINVAL'} and \
                    not (n == 'ENOSPC' and base == 'blob'):
                unexpected.append('%s: %s' % (path, n))
        finally:
            os.close(fd)
        if stats['ops'] % 20 == 0:
            time.sleep(0.001)	# leave the CPUs to insmod and rmmod now and then
    print(json.dumps({'stats': stats, 'unexpected': unexpected[:10],
                      'n_unexpected': len(unexpected)}), flush=True)


# --- 6: randomized operations against a model -------------------------------

class Model:
    """rand/ as the tests expect it: path -> ('dir',) / ('u32', slot) /
    ('link', target)."""

    def __init__(self):
        self.tree = {}
        self.slots = {}
        self.modes = {}		# u32 path -> mode set by chmod
        self.inos = {}		# path -> inode number first seen

    def children(self, d):
        pre = d + '/' if d else ''
        return [p for p in self.tree if p.startswith(pre) and
                '/' not in p[len(pre):]]

    def parent_ok(self, path):
        parent = path.rsplit('/', 1)[0] if '/' in path else ''
        if parent == '':
            return None
        if parent not in self.tree:
            # the first missing component decides
            parts = parent.split('/')
            for i in range(1, len(parts) + 1):
                p = '/'.join(parts[:i])
                if p not in self.tree:
                    return 'ENOENT'
                if self.tree[p][0] != 'dir':
                    return 'ENOTDIR'
            return 'ENOENT'
        if self.tree[parent][0] != 'dir':
            return 'ENOTDIR'
        return None

    def first_bad(self, path):
        parts = path.split('/')
        for i in range(1, len(parts)):
            p = '/'.join(parts[:i])
            if p not in self.tree:
                return 'ENOENT'
            if self.tree[p][0] != 'dir':
                return 'ENOTDIR'
        return None

    def apply(self, op, path, arg):
        if op == 'set':
            self.slots[int(path)] = int(arg)
            return None
        err = self.first_bad(path)
        if err:
            return err
        if op in ('dir', 'u32', 'link'):
            if path in self.tree:
                return 'EEXIST'
            self.tree[path] = (op, int(arg)) if op == 'u32' else \
                (op, arg) if op == 'link' else ('dir',)
            return None
        if path not in self.tree:
            return 'ENOENT'
        if op == 'rm':
            for p in list(self.tree):
                if p == path or p.startswith(path + '/'):
                    del self.tree[p]
                    self.modes.pop(p, None)
                    self.inos.pop(p, None)
            return None
        # mv within the directory
        parent = path.rsplit('/', 1)[0] + '/' if '/' in path else ''
        new = parent + arg
        if new == path:
            return None
        if new in self.tree:
            return 'EINVAL'
        for p in sorted(self.tree):
            if p == path or p.startswith(path + '/'):
                self.tree[new + p[len(path):]] = self.tree.pop(p)
                for d in (self.modes, self.inos):
                    if p in d:
                        d[new + p[len(path):]] = d.pop(p)
        return None


def scan_tree(base, dups=None, stats=None):
    """The tree below base as the model has it; names listed twice by
    readdir go to dups, (mode, ino) of every entry to stats."""
    tree = {}
    for dirpath, dirnames, filenames in os.walk(base):
        rel = os.path.relpath(dirpath, base)
        rel = '' if rel == '.' else rel + '/'
        names = dirnames + filenames
        if dups is not None and len(names) != len(set(names)):
            dups.append('%s: %r' % (rel or '.', sorted(names)))
        if stats is not None:
            for n in names:
                try:
                    st = os.lstat(os.path.join(dirpath, n))
                    stats[rel + n] = (st.st_mode & 0o7777, st.st_ino)
                except OSError:
                    pass
        for d in dirnames:
            p = os.path.join(dirpath, d)
            if os.path.islink(p):
                tree[rel + d] = ('link', os.readlink(p))
            else:
                tree[rel + d] = ('dir',)
        for f in filenames:
            p = os.path.join(dirpath, f)
            if os.path.islink(p):
                tree[rel + f] = ('link', os.readlink(p))
            else:
                tree[rel + f] = ('u32', int(read_all(p)))
    return tree


def cmd_rand(seed, steps):
    rng = random.Random(seed)
    base = TOP + '/rand'
    m = Model()
    names = ['a', 'b', 'c', 'dd', 'e1', 'longer_name']
    next_slot = 0
    mismatches = []
    counts = {}
    t0 = time.monotonic()
    for step in range(steps):
        existing = sorted(m.tree)
        kind = rng.random()
        if existing and kind < 0.3:
            path = rng.choice(existing)
        else:
            dirs = [''] + [p for p in existing if m.tree[p][0] == 'dir']
            d = rng.choice(dirs)
            path = (d + '/' if d else '') + rng.choice(names)
        op = rng.choice(['dir', 'dir', 'u32', 'u32', 'u32', 'link', 'rm',
                         'mv', 'mv', 'set', 'uwrite', 'uread', 'ulookup',
                         'uunlink', 'uchmod', 'drop'])
        arg = None
        if op == 'u32':
            arg = str(next_slot)
            next_slot += 1
        elif op == 'link':
            arg = rng.choice(names)
        elif op == 'mv':
            arg = rng.choice(names)
        elif op == 'set':
            path = str(rng.randrange(max(next_slot, 1)))
            arg = str(rng.randrange(1 << 32))
        counts[op] = counts.get(op, 0) + 1
        full = base + '/' + path
        if op == 'uwrite':
            val = rng.randrange(1 << 32)
            got = write_once_err(full, str(val).encode())
            ent, hops = m.tree.get(path), 0
            cur = path
            while ent and ent[0] == 'link' and hops < 8:
                cur = (cur.rsplit('/', 1)[0] + '/' if '/' in cur else '') + \
                    ent[1]
                ent, hops = m.tree.get(cur), hops + 1
            if ent and ent[0] == 'u32':
                exp = {None}
                m.slots[ent[1]] = val
            elif ent and ent[0] == 'dir':
                exp = {'EISDIR'}
            else:
                exp = {'ENOENT', 'ELOOP'}
            if got not in exp:
                mismatches.append('step %d uwrite %s: %r, expected %r'
                                  % (step, path, got, exp))
        elif op in ('uread', 'ulookup'):
            exists = os.path.lexists(full)
            if exists != (path in m.tree):
                mismatches.append('step %d lookup %s: exists=%s, model %s'
                                  % (step, path, exists, path in m.tree))
        elif op == 'uchmod':
            # kept by the lazy entry's record across reclaim ('drop')
            mode = rng.choice([0o600, 0o640, 0o644, 0o444])
            r = attempt(os.chmod, full, mode) \
                if path in m.tree and m.tree[path][0] == 'u32' else None
            if r is not None:
                if r[0] != 'ok':
                    mismatches.append('step %d chmod %s: %r' %
                                      (step, path, r))
                m.modes[path] = mode
        elif op == 'drop':
            drop_caches()
        elif op == 'uunlink':
            r = attempt(os.unlink, full)
            if r[0] == 'ok' or (path in m.tree and r[1] not in
                                ('EPERM', 'EISDIR')):
                mismatches.append('step %d unlink %s from userspace: %r'
                                  % (step, path, r))
        else:
            cmd = ' '.join(x for x in (op, path, arg) if x is not None)
            got = ctl('rand', cmd.encode())
            exp = m.apply(op, path, arg)
            if got != exp:
                mismatches.append('step %d "%s": kernel %s, model %s'
                                  % (step, cmd, got, exp))
        # the whole tree against the model, values included
        want = {}
        for p, v in m.tree.items():
            want[p] = ('u32', m.slots.get(v[1], 0)) if v[0] == 'u32' else v
        dups, stats = [], {}
        seen = scan_tree(base, dups, stats)
        if dups:
            mismatches.append('step %d after %s %s: readdir listed twice: %s'
                              % (step, op, path, dups[:2]))
        for p, (mode, ino) in stats.items():
            if p not in m.tree:
                continue
            if m.tree[p][0] == 'u32' and mode != m.modes.get(p, 0o644):
                mismatches.append('step %d after %s %s: %s mode %o, model %o'
                                  % (step, op, path, p, mode,
                                     m.modes.get(p, 0o644)))
            if m.inos.setdefault(p, ino) != ino:
                mismatches.append('step %d after %s %s: %s ino %d, was %d'
                                  % (step, op, path, p, ino, m.inos[p]))
        if seen != want:
            extra = sorted(set(seen.items()) - set(want.items()))
            missing = sorted(set(want.items()) - set(seen.items()))
            mismatches.append('step %d after %s %s: extra %r missing %r'
                              % (step, op, path, extra[:4], missing[:4]))
            m.tree = {p: v for p, v in m.tree.items() if p in seen}
        if len(mismatches) > 5:
            break
    figure('randomized test: seed %d, %d steps, %d entries at the end, '
           '%.1f s; ops %s' % (seed, steps, len(m.tree),
                               time.monotonic() - t0,
                               ' '.join('%s=%d' % kv for kv in
                                        sorted(counts.items()))))
    check(not mismatches, 'randomized test (seed %d, %d steps): the tree '
          'and every value match the model after each step' % (seed, steps),
          *mismatches[:6])
    ctl('rand', b'rm ' + b'x')
    for p in sorted(m.children('')):
        ctl('rand', ('rm ' + p).encode())
    check(os.listdir(base) == [], 'rand/ is empty after removing every '
          'top-level entry', os.listdir(base))


# --- raw mount(2) -----------------------------------------------------------

MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT = 2, 4, 8, 32


def raw_mount(source, target, fstype, flags, data):
    libc = ctypes.CDLL(None, use_errno=True)
    r = libc.mount(source.encode(), target.encode(),
                   fstype.encode() if fstype else None,
                   ctypes.c_ulong(flags), data.encode() if data else None)
    print('OK' if r == 0 else ename(ctypes.get_errno()))


# --- lazy entries under marks (issue #26) -------------------------------------

RAND = TOP + '/rand'
LIBC = ctypes.CDLL(None, use_errno=True)
IN_ACCESS, IN_ATTRIB, IN_OPEN = 0x1, 0x4, 0x20
IN_DELETE_SELF, IN_IGNORED = 0x400, 0x8000
FAN_CLASS_NOTIF = 0
FAN_REPORT_FID, FAN_REPORT_DIR_FID, FAN_REPORT_NAME = 0x200, 0x400, 0x800
FAN_REPORT_TARGET_FID = 0x1000
FAN_MARK_ADD = 0x1
FAN_CREATE, FAN_DELETE = 0x100, 0x200
FAN_EVENT_INFO_TYPE_FID = 1
AT_FDCWD = -100


def inotify_events(fd):
    """The masks of the events waiting on inotify fd (non-blocking)."""
    masks = []
    try:
        buf = os.read(fd, 65536)
    except BlockingIOError:
        return masks
    off = 0
    while off + 16 <= len(buf):
        _wd, mask, _cookie, nlen = struct.unpack_from('iIII', buf, off)
        masks.append(mask)
        off += 16 + nlen
    return masks


def lazy_times():
    """Times beyond 2262 and their nanoseconds survive reclaim."""
    path = RAND + '/t'
    err = ctl('rand', b'lazy t 1')
    check(err is None, 'lazy-marks: rand/t created', str(err))
    want = 99999999999 * 10**9 + 123456789
    os.utime(path, ns=(want, want))
    drop_caches()
    built = param_dbgfs('lazy_inodes')
    st = os.stat(path)
    check((st.st_atime_ns, st.st_mtime_ns) == (want, want),
          'lazy entry: atime and mtime of year 5138 with nanoseconds '
          'survive reclaim (touch -d @99999999999.123456789)',
          'got %d %d, want %d' % (st.st_atime_ns, st.st_mtime_ns, want),
          'lazy_inodes before the stat: %s' % built)
    ctl('rand', b'rm t')


def param_dbgfs(name):
    with open('/sys/module/dbgfs/parameters/' + name) as f:
        return f.read().strip()


def lazy_inotify(keep_dentry):
    """A watched lazy entry keeps its inode and events across reclaim, and
    its removal frees its record although the watch holds the inode."""
    how = 'looked up' if keep_dentry else 'reclaimed'
    path = RAND + '/w'
    before = int(param_dbgfs('lazy_records'))
    check(ctl('rand', b'lazy w 2') is None, 'lazy-marks: rand/w created')
    ino = os.stat(path).st_ino
    fd = LIBC.inotify_init1(os.O_NONBLOCK)
    wd = LIBC.inotify_add_watch(fd, path.encode(),
                                IN_OPEN | IN_ACCESS | IN_ATTRIB |
                                IN_DELETE_SELF)
    check(fd >= 0 and wd >= 0, 'inotify watch on a lazy entry',
          'errno %s' % ename(ctypes.get_errno()))
    drop_caches()
    st = os.stat(path)
    with open(path) as f:
        f.read()
    os.chmod(path, 0o640)
    masks = inotify_events(fd)
    seen = 0
    for m in masks:
        seen |= m
    check(st.st_ino == ino and seen & IN_OPEN and seen & IN_ACCESS and
          seen & IN_ATTRIB,
          'a watched lazy entry: the same inode after drop_caches, and '
          'its watch sees open, access and attrib',
          'inode %d then %d; event masks %s' % (ino, st.st_ino,
                                               [hex(m) for m in masks]))
    # Looked up: a dentry shows the inode at removal ('rm' looks it up
    # too).  Reclaimed: only the mark holds it, and 'unlink' removes the
    # entry by name, with no lookup.
    if keep_dentry:
        check(ctl('rand', b'rm w') is None, 'lazy-marks: rand/w removed')
    else:
        drop_caches()
        check(ctl('rand', b'unlink w') is None,
              'lazy-marks: rand/w removed by name')
    after = int(param_dbgfs('lazy_records'))
    check(after == before,
          'removing a watched lazy entry (%s) frees its record '
          '(lazy_records as before it)' % how,
          'lazy_records %d before, %d after' % (before, after))
    masks = inotify_events(fd)
    seen = 0
    for m in masks:
        seen |= m
    check(seen & IN_DELETE_SELF and seen & IN_IGNORED,
          'its watch sees IN_DELETE_SELF and IN_IGNORED, as an eager '
          "file's does (%s)" % how,
          'event masks %s' % [hex(m) for m in masks])
    os.close(fd)


def fanotify_fid_ino(buf, off, end):
    """The inode number in the FID record of an event: FILEID_INO64_GEN."""
    while off + 4 <= end:
        info_type, _pad, length = struct.unpack_from('BBH', buf, off)
        if info_type == FAN_EVENT_INFO_TYPE_FID:
            hbytes, _htype = struct.unpack_from('Ii', buf, off + 12)
            if hbytes >= 8:
                return struct.unpack_from('Q', buf, off + 20)[0]
            return None
        if length == 0:
            break
        off += length
    return None


def lazy_fanotify():
    """Create and delete events of a lazy entry report the entry itself
    (FAN_REPORT_TARGET_FID), not its directory."""
    flags = (FAN_CLASS_NOTIF | FAN_REPORT_FID | FAN_REPORT_DIR_FID |
             FAN_REPORT_NAME | FAN_REPORT_TARGET_FID)
    fd = LIBC.fanotify_init(flags, os.O_RDONLY)
    if fd < 0:
        print('ok fanotify target FID of a lazy entry # SKIP '
              'fanotify_init: %s' % ename(ctypes.get_errno()))
        return
    LIBC.fanotify_mark.argtypes = [ctypes.c_int, ctypes.c_uint,
                                   ctypes.c_uint64, ctypes.c_int,
                                   ctypes.c_char_p]
    if LIBC.fanotify_mark(fd, FAN_MARK_ADD, FAN_CREATE | FAN_DELETE,
                          AT_FDCWD, RAND.encode()) < 0:
        print('ok fanotify target FID of a lazy entry # SKIP '
              'this kernel reports no FID for dbgfs (fanotify_mark: %s)'
              % ename(ctypes.get_errno()))
        os.close(fd)
        return
    check(ctl('rand', b'lazy f 3') is None, 'lazy-marks: rand/f created')
    ino = os.stat(RAND + '/f').st_ino
    dir_ino = os.stat(RAND).st_ino
    drop_caches()
    check(ctl('rand', b'rm f') is None, 'lazy-marks: rand/f removed')
    buf = os.read(fd, 65536)
    got = {}
    off = 0
    while off + 24 <= len(buf):
        elen, _v, _r, mlen, mask = struct.unpack_from('IBBHQ', buf, off)
        # fanotify merges the two events when they name one object
        for bit in (FAN_CREATE, FAN_DELETE):
            if mask & bit:
                got[bit] = fanotify_fid_ino(buf, off + mlen, off + elen)
        off += elen
    os.close(fd)
    check(got.get(FAN_CREATE) == ino and got.get(FAN_DELETE) == ino,
          'fanotify: the create and delete events of a lazy entry name '
          'the entry (its inode number in the target FID)',
          'entry %d, directory %d, events %s' % (ino, dir_ino, got))


def lazy_security_xattr():
    """security.* on a lazy entry: refused as on an eager one (no LSM of
    the stock kernels keeps it on the inode, so reclaim loses nothing)."""
    check(ctl('rand', b'lazy x 4') is None, 'lazy-marks: rand/x created')
    got = {}
    for name, path in (('lazy', RAND + '/x'), ('eager', FILES + '/proxy')):
        try:
            os.setxattr(path, 'security.dbgfs_test', b'1')
            got[name] = 'set'
        except OSError as e:
            got[name] = ename(e.errno)
    want = ename(errno.EOPNOTSUPP)     # errno-names.h: not ENOTSUP
    check(got['lazy'] == got['eager'] == want,
          'setxattr security.* on a lazy entry: EOPNOTSUPP, as on an '
          'eager one', str(got))
    ctl('rand', b'rm x')


def cmd_lazy_marks():
    lazy_times()
    lazy_security_xattr()
    lazy_inotify(keep_dentry=False)
    lazy_inotify(keep_dentry=True)
    lazy_fanotify()


# --- allocation failures (issue #26, the sanitizer lane) ----------------------

FAULT_DIRS = {
    '/sys/kernel/debug/failslab': {'ignore-gfp-wait': 'N'},
    '/sys/kernel/debug/fail_page_alloc': {'ignore-gfp-wait': 'N',
                                          'ignore-gfp-highmem': 'N',
                                          'min-order': '0'},
}


def fault_setup(percent):
    """failslab and fail_page_alloc for the tasks that ask (make-it-fail)."""
    if not os.path.isdir('/sys/kernel/debug/failslab'):
        subprocess.run(['mount', '-t', 'debugfs', 'none', '/sys/kernel/debug'],
                       check=False)
    for d, extra in FAULT_DIRS.items():
        conf = {'task-filter': 'Y', 'probability': str(percent),
                'interval': '1', 'times': '-1', 'space': '0', 'verbose': '0'}
        conf.update(extra)
        for k, v in conf.items():
            with open(d + '/' + k, 'w') as f:
                f.write(v + '\n')


def fault_teardown():
    for d in FAULT_DIRS:
        with open(d + '/probability', 'w') as f:
            f.write('0\n')


class Faults:
    """Allocations of this task fail at random while on."""
    def __init__(self):
        self.fd = os.open('/proc/self/make-it-fail', os.O_WRONLY)
        self.enomem = 0

    def run(self, fn, *args):
        """fn(*args) with faults on: ('ok', result) or ('err', errno)."""
        os.pwrite(self.fd, b'1', 0)
        try:
            out = attempt(fn, *args)
        finally:
            os.pwrite(self.fd, b'0', 0)
        if out == ('err', 'ENOMEM'):
            self.enomem += 1
        return out

    def ctl(self, text):
        os.pwrite(self.fd, b'1', 0)
        try:
            err = ctl('rand', text)
        finally:
            os.pwrite(self.fd, b'0', 0)
        if err == 'ENOMEM':
            self.enomem += 1
        return err


def fault_entry_ok(name, slot):
    """The entry name exists, faults off, as made: mode, value."""
    path = RAND + '/' + name
    st = os.stat(path)
    with open(path) as f:
        val = f.read().strip()
    return (st.st_mode & 0o7777) == 0o644 and val == str(1000 + slot)


def cmd_faults(seed, steps, percent):
    """Create, look up, list, read, rename and remove lazy entries with
    allocations failing at random: errors only (ENOMEM, or ENOENT where
    dbgfs_lookup() could not build the entry), never a wrong entry."""
    rng = random.Random(seed)
    figure('fault injection: seed %d, %d steps, %d%% of allocations'
           % (seed, steps, percent))
    before = int(param_dbgfs('lazy_records'))
    for slot in range(64):
        ctl('rand', ('set %d %d' % (slot, 1000 + slot)).encode())
    fault_setup(percent)
    fi = Faults()
    model = {}          # name -> slot
    inos = {}           # name -> inode number seen
    wrong = []
    allowed = {None, 'ENOMEM', 'ENOENT'}
    try:
        for step in range(steps):
            op = rng.choice(('create', 'create', 'stat', 'list', 'read',
                             'mv', 'rm', 'drop'))
            names = sorted(model)
            if op == 'create' or not names:
                name = 'f%d' % rng.randrange(40)
                slot = rng.randrange(64)
                err = fi.ctl(('lazy %s %d' % (name, slot)).encode())
                exists = os.path.exists(RAND + '/' + name)
                if name in model:
                    if not exists:
                        wrong.append('%d: create over %s removed it' % (step, name))
                    continue
                if err not in allowed:
                    wrong.append('%d: create %s: %s' % (step, name, err))
                if exists:
                    model[name] = slot
                continue
            name = rng.choice(names)
            path = RAND + '/' + name
            if op == 'stat':
                res = fi.run(os.stat, path)
                if res[0] == 'ok':
                    if inos.setdefault(name, res[1].st_ino) != res[1].st_ino:
                        wrong.append('%d: %s changed inode' % (step, name))
                elif res[1] not in allowed:
                    wrong.append('%d: stat %s: %s' % (step, name, res[1]))
            elif op == 'list':
                res = fi.run(os.listdir, RAND)
                if res[0] == 'ok' and sorted(res[1]) != names:
                    wrong.append('%d: listing %s, model %s'
                                 % (step, sorted(res[1]), names))
                elif res[0] == 'err' and res[1] not in allowed:
                    wrong.append('%d: listdir: %s' % (step, res[1]))
            elif op == 'read':
                res = fi.run(read_all, path)
                if res[0] == 'ok' and res[1].strip() != \
                        str(1000 + model[name]).encode():
                    wrong.append('%d: %s reads %r' % (step, name, res[1]))
                elif res[0] == 'err' and res[1] not in allowed:
                    wrong.append('%d: read %s: %s' % (step, name, res[1]))
            elif op == 'mv':
                new = 'f%d' % rng.randrange(40)
                if new in model:
                    continue
                err = fi.ctl(('mv %s %s' % (name, new)).encode())
                old_there = os.path.exists(path)
                new_there = os.path.exists(RAND + '/' + new)
                if err is None and new_there and not old_there:
                    model[new] = model.pop(name)
                    inos.pop(name, None)
                elif err is None or old_there == new_there or \
                        err not in allowed:
                    wrong.append('%d: mv %s %s: %s, old %s, new %s'
                                 % (step, name, new, err, old_there,
                                    new_there))
            elif op == 'rm':
                err = fi.ctl(('rm %s' % name).encode())
                there = os.path.exists(path)
                if err is None and not there:
                    del model[name]
                    inos.pop(name, None)
                elif err is None or not there or err not in allowed:
                    wrong.append('%d: rm %s: %s, still there %s'
                                 % (step, name, err, there))
            else:
                drop_caches()
    finally:
        fault_teardown()
    check(not wrong, 'under allocation failures every operation gave '
          'its result or an error, never a wrong entry', *wrong[:20])
    check(fi.enomem > 0, 'allocation failures were injected (%d ENOMEM)'
          % fi.enomem)
    drop_caches()
    listed = sorted(os.listdir(RAND))
    bad = [n for n in listed if not fault_entry_ok(n, model.get(n, -1))]
    check(listed == sorted(model) and not bad,
          'the tree is whole afterwards: %d entries, each with its mode '
          'and value' % len(model),
          'listed %s' % listed, 'model %s' % sorted(model), 'bad %s' % bad)
    for name in list(model):
        ctl('rand', ('rm %s' % name).encode())
    after = int(param_dbgfs('lazy_records'))
    check(after == before, 'every record freed once removed '
          '(lazy_records %d, before %d)' % (after, before))


def cmd_finit(path, params):
    """finit_module(2) (x86_64's number 313): OK or the errno's name."""
    fd = os.open(path, os.O_RDONLY)
    try:
        if LIBC.syscall(313, fd, params.encode(), 0) == 0:
            print('OK')
        else:
            print(ename(ctypes.get_errno()))
    finally:
        os.close(fd)


def cmd_try(op, path, *args):
    try:
        if op == 'open':
            flags = {'r': os.O_RDONLY, 'w': os.O_WRONLY, 'rw': os.O_RDWR}
            os.close(os.open(path, flags[args[0]]))
        elif op == 'read':
            fd = os.open(path, os.O_RDONLY)
            try:
                os.read(fd, 4096)
            finally:
                os.close(fd)
        elif op == 'chmod':
            os.chmod(path, int(args[0], 8))
        elif op == 'chown':
            os.chown(path, int(args[0]), int(args[1]))
        else:
            print(__doc__, file=sys.stderr)
            sys.exit(2)
        print('OK')
    except OSError as e:
        print(ename(e.errno))


def main():
    a = sys.argv[1:]
    if not a:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    if a[0] == 'removal':
        cmd_removal(a[1])
    elif a[0] == 'blocked':
        cmd_blocked(a[1])
    elif a[0] == 'hostile':
        cmd_hostile()
    elif a[0] == 'worker':
        cmd_worker(float(a[1]), int(a[2]))
        return
    elif a[0] == 'rand':
        cmd_rand(int(a[1]), int(a[2]))
    elif a[0] == 'lazy-marks':
        cmd_lazy_marks()
    elif a[0] == 'faults':
        cmd_faults(int(a[1]), int(a[2]), int(a[3]))
    elif a[0] == 'mount':
        raw_mount(a[1], a[2], 'dbgfs', 0, a[3])
        return
    elif a[0] == 'finit':
        cmd_finit(a[1], a[2] if len(a) > 2 else '')
        return
    elif a[0] == 'try':
        cmd_try(*a[1:])
        return
    elif a[0] == 'remount':
        # keep the flags the tests mount with, as the unit does
        raw_mount('dbgfs', a[1], None,
                  MS_REMOUNT | MS_NOSUID | MS_NODEV | MS_NOEXEC, a[2])
        return
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(1 if n_fail else 0)


if __name__ == '__main__':
    main()
