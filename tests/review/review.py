#!/usr/bin/python3
"""review - the precise parts of tests/guest/check-review (issue 16).

Each subcommand prints result lines for the calling script to number:
"ok DESCRIPTION", "not ok DESCRIPTION" and "# diagnostic" lines.  Works on
the tree of tests/review/dbgfs_review.c, mounted at /sys/kernel/dbgfs.

    review.py load              2: removal under load returns, readers EIO
    review.py rename            3: rename during the removal is refused
    review.py swap              4: fops swapped in open, both proxies
    review.py strlock           5a: a string write stuck in a page fault
                                (userfaultfd) blocks no other write and
                                no removal
    review.py cancel            5b: two cancellations and a driver lock
    review.py tick              6: byte-by-byte read of a changing value
    review.py cover COMPAT32    8: what the full proxy passes on
    review.py big               9b: a u32 array of 11,000,000 bytes
"""
import ctypes
import errno
import fcntl
import mmap
import os
import select
import subprocess
import sys
import threading
import time

MNT = '/sys/kernel/dbgfs'
TOP = MNT + '/dbgfs_review'
CTL = TOP + '/ctl'
PARAMS = '/sys/module/dbgfs_review/parameters'
REFCNT = '/sys/module/dbgfs_review/refcnt'

# The result lines and errno helpers are reltool's (tests/stress), which
# counts them too.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'stress'))
import reltool  # noqa: E402
from reltool import attempt, check, ename, figure, not_ok, ok, wait_for  # noqa: E402,F401


def ctl(name, text=b'1'):
    """Write text to dbgfs_review's ctl/name; return None or errno name."""
    return reltool.ctl(name, text, CTL)


def param(name):
    return reltool.param(name, PARAMS)


def refcnt():
    with open(REFCNT) as f:
        return int(f.read())


def read_fd_all(fd, size=4096):
    out = b''
    while True:
        b = os.read(fd, size)
        if not b:
            return out
        out += b


def read_all(path):
    fd = os.open(path, os.O_RDONLY)
    try:
        return read_fd_all(fd, 1 << 20)
    finally:
        os.close(fd)


def start(fn, *args):
    t = threading.Thread(target=fn, args=args, daemon=True)
    t.start()
    return t


class Call(threading.Thread):
    """fn(*args) in a thread of its own; .result once joined."""

    def __init__(self, fn, *args):
        super().__init__(daemon=True)
        self.fn, self.args, self.result = fn, args, None
        self.start()

    def run(self):
        try:
            self.result = self.fn(*self.args)
        except OSError as e:
            self.result = ename(e.errno)


# --- 2: removal under load ---------------------------------------------------

# Flags the parent shares with the reader processes, one byte each.
FLAG_REMOVED, FLAG_STOP = 0, 1


def reader_proc(flags, path, fd, out):
    """A child: reads in a loop until an error or FLAG_STOP.  With an fd
    it preads at offset 0 (slow); without, it opens, reads and closes the
    path each time (val: a value file cannot pread, and one at EOF need
    not ask the variable again).  Writes "COUNT ERRNO AFTER" to out, AFTER
    1 if a read succeeded once FLAG_REMOVED was set."""
    reads, err, after = 0, '-', 0
    while not flags[FLAG_STOP]:
        removed = flags[FLAG_REMOVED]
        try:
            if fd is not None:
                os.pread(fd, 16, 0)
            else:
                f = os.open(path, os.O_RDONLY)
                try:
                    os.read(f, 16)
                finally:
                    os.close(f)
            reads += 1
            if removed:
                after = 1
        except OSError as e:
            err = ename(e.errno)
            break
    os.write(out, ('%d %s %d' % (reads, err, after)).encode())
    os._exit(0)


def cmd_load():
    slow = TOP + '/load/slow'
    val = TOP + '/load/val'
    flags = mmap.mmap(-1, 2)	# shared with the children
    fds = [os.open(slow, os.O_RDONLY) for _ in range(4)]
    val_fd = os.open(val, os.O_RDONLY)	# not read before the removal
    readers = []
    for fd, path in [(fd, slow) for fd in fds] + [(None, val)]:
        rfd, wfd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(rfd)
            reader_proc(flags, path, fd, wfd)
        os.close(wfd)
        readers.append((pid, rfd))
    time.sleep(2)
    t0 = time.monotonic()
    err = ctl('remove_load')
    took = time.monotonic() - t0
    flags[FLAG_REMOVED] = 1
    figure('ctl/remove_load took %.3f s' % took)
    check(err is None, 'review 2: dbgfs_remove() of load/ returns under '
          'constant reads (4 processes on a 20 ms full-proxy read, 1 on '
          'a u32), within the 30 s watchdog', 'trigger write gave %s '
          '(ETIMEDOUT: the removal still waited after 30 s), timeouts=%s'
          % (err, param('timeouts')))
    if err is not None:
        # let the old code's removal finish: stop the readers
        flags[FLAG_STOP] = 1
    results = []
    for pid, rfd in readers:
        if not select.select([rfd], [], [], 60)[0]:
            flags[FLAG_STOP] = 1
            select.select([rfd], [], [], 60)
        results.append(os.read(rfd, 64).decode().split() or ['?', '?', '?'])
        os.close(rfd)
        os.waitpid(pid, 0)
    figure('readers (reads, error, a read after the removal): %s'
           % results)
    if err is None:
        check(all(r[1] == 'EIO' for r in results[:4]),
              'review 2: the next read of each slow reader gives EIO')
        check(results[4][1] in ('EIO', 'ENOENT'),
              'review 2: the val reader ends with EIO or ENOENT')
        check(all(r[2] == '0' for r in results),
              'review 2: no read succeeds once the removal returned')
        r = attempt(os.read, val_fd, 16)
        check(r == ('err', 'EIO'), 'review 2: the first read of a val fd '
              'opened before the removal gives EIO', 'got %r' % (r,))
    else:
        not_ok('review 2: the next read of each slow reader gives EIO',
               'not checked: the removal did not return')
        wait_for(lambda: not os.path.exists(TOP + '/load'), 60)
    for fd in fds + [val_fd]:
        os.close(fd)
    check(not os.path.exists(TOP + '/load'),
          'review 2: load/ is gone at the end')


# --- 3: rename during removal ----------------------------------------------

def cmd_rename():
    ffd = os.open(TOP + '/D/F', os.O_RDONLY)
    check(os.pread(ffd, 16, 0) == b'F\n', 'review 3: D/F reads "F\\n" '
          'before the removal')
    res = {}

    def blocked_read():
        fd = os.open(TOP + '/D/S/slow2', os.O_RDONLY)
        res['slow2'] = attempt(os.read, fd, 16)
        os.close(fd)

    t = start(blocked_read)
    blocked = wait_for(lambda: param('blocked2') == '1', 30)
    check(blocked, 'review 3: a reader waits in D/S/slow2',
          'blocked2=%s' % param('blocked2'))
    if not blocked:
        t.join(60)
        os.close(ffd)
        return
    err = ctl('rename_during_remove')
    check(err is None, 'review 3: the removal of D/ returns (watchdogs)',
          'trigger write gave %s, timeouts=%s' % (err, param('timeouts')))
    t.join(60)
    check(res.get('slow2') == ('err', 'EIO'),
          'review 3: the reader of slow2 ends with EIO',
          'got %r' % (res.get('slow2'),))
    check(param('rename_err') == '-2', 'review 3: dbgfs_change_name() of '
          'D/F while D is being removed fails with -ENOENT',
          'rename_err=%s (0: F became G and escaped the removal)'
          % param('rename_err'))
    r = attempt(os.pread, ffd, 16, 0)
    check(r == ('err', 'EIO'), 'review 3: the fd on D/F gives EIO after '
          'the removal', 'got %r (b"F\\n": F is still live)' % (r,))
    for name in ('D', 'D/G', 'D/F'):
        check(not os.path.lexists(TOP + '/' + name),
              'review 3: %s does not exist' % name)
    os.close(ffd)


# --- 4: fops swapped in open -----------------------------------------------

def cmd_swap():
    fd = os.open(TOP + '/swap_unsafe', os.O_RDONLY)
    r = attempt(read_fd_all, fd)
    os.close(fd)
    check(r == ('ok', b'swapped\n'), 'review 4: swap_unsafe '
          '(create_file_unsafe): the fops set by the real open are kept',
          'read %r ("real": the open proxy overwrote them)' % (r,))

    before = refcnt()
    fd = os.open(TOP + '/swap_full', os.O_RDONLY)
    during = refcnt()
    r = attempt(read_fd_all, fd)
    os.close(fd)
    after = refcnt()
    figure('dbgfs_review refcnt: %d before the open, %d open, %d after the '
           'close' % (before, during, after))
    check(r == ('ok', b'swapped\n'), 'review 4: swap_full (create_file): '
          'read gives the swapped fops\' "swapped\\n"', 'read %r' % (r,))
    check(after == before, 'review 4: swap_full: the module reference is '
          'back after the close (no leak)',
          'refcnt %d before, %d after' % (before, after))


# --- 5a: a string write stuck in a page fault ------------------------------

NR_USERFAULTFD = 323	# x86_64
UFFD_API = 0xAA
UFFDIO_REGISTER_MODE_MISSING = 1
UFFD_EVENT_PAGEFAULT = 0x12


def _iowr(nr, size):
    return (3 << 30) | (size << 16) | (0xAA << 8) | nr


UFFDIO_API = _iowr(0x3F, 24)		# struct uffdio_api
UFFDIO_REGISTER = _iowr(0x00, 32)	# struct uffdio_register
UFFDIO_COPY = _iowr(0x03, 40)		# struct uffdio_copy


class UffdioApi(ctypes.Structure):
    _fields_ = [('api', ctypes.c_uint64), ('features', ctypes.c_uint64),
                ('ioctls', ctypes.c_uint64)]


class UffdioRegister(ctypes.Structure):
    _fields_ = [('start', ctypes.c_uint64), ('len', ctypes.c_uint64),
                ('mode', ctypes.c_uint64), ('ioctls', ctypes.c_uint64)]


class UffdioCopy(ctypes.Structure):
    _fields_ = [('dst', ctypes.c_uint64), ('src', ctypes.c_uint64),
                ('len', ctypes.c_uint64), ('mode', ctypes.c_uint64),
                ('copy', ctypes.c_int64)]


libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                      ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.ioctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p]
libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
MAP_FAILED = ctypes.c_void_p(-1).value


def map_page(fd):
    """mmap(2) one shared read-only page of fd: its address.  Python's
    mmap refuses a length beyond st_size, 0 for a dbgfs file."""
    addr = libc.mmap(None, mmap.PAGESIZE, mmap.PROT_READ, mmap.MAP_SHARED,
                     fd, 0)
    if addr in (None, MAP_FAILED):
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e))
    return addr


def read_mapped(fd, n):
    addr = map_page(fd)
    data = ctypes.string_at(addr, n)
    libc.munmap(addr, mmap.PAGESIZE)
    return data


def uffd_ioctl(fd, req, arg):
    if libc.ioctl(fd, req, ctypes.byref(arg)) < 0:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e))


def uffd_page():
    """A userfaultfd and a registered, unpopulated page: (uffd, addr)."""
    uffd = libc.syscall(NR_USERFAULTFD, os.O_CLOEXEC)
    if uffd < 0:
        e = ctypes.get_errno()
        raise OSError(e, 'userfaultfd: ' + os.strerror(e))
    api = UffdioApi(api=UFFD_API)
    uffd_ioctl(uffd, UFFDIO_API, api)
    page = mmap.PAGESIZE
    addr = libc.mmap(None, page, mmap.PROT_READ | mmap.PROT_WRITE,
                     mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, -1, 0)
    if addr in (None, MAP_FAILED):
        raise OSError(ctypes.get_errno(), 'mmap')
    reg = UffdioRegister(start=addr, len=page,
                         mode=UFFDIO_REGISTER_MODE_MISSING)
    uffd_ioctl(uffd, UFFDIO_REGISTER, reg)
    return uffd, addr


def uffd_wait_fault(uffd, timeout):
    """The address of the first page-fault event, or None."""
    if not select.select([uffd], [], [], timeout)[0]:
        return None
    msg = os.read(uffd, 32)
    if len(msg) < 24 or msg[0] != UFFD_EVENT_PAGEFAULT:
        return None
    return int.from_bytes(msg[16:24], 'little')


def uffd_resolve(uffd, addr, data):
    page = mmap.PAGESIZE
    src = ctypes.create_string_buffer(data.ljust(page, b'\0'), page)
    cp = UffdioCopy(dst=addr, src=ctypes.addressof(src), len=page, mode=0)
    uffd_ioctl(uffd, UFFDIO_COPY, cp)


def cmd_strlock():
    try:
        uffd, addr = uffd_page()
    except OSError as e:
        not_ok('review 5a: userfaultfd is available to stall a string '
               'write in copy_from_user', '%s (%s)' % (e, ename(e.errno)))
        return
    ok('review 5a: userfaultfd is available to stall a string write in '
       'copy_from_user')
    res = {}
    a_fd = os.open(TOP + '/sa/str_a', os.O_WRONLY)
    b_fd = os.open(TOP + '/str_b', os.O_WRONLY)
    buf = (ctypes.c_char * 2).from_address(addr)	# "x\n" once resolved

    def write_a():
        res['a'] = attempt(os.write, a_fd, buf)

    def write_b():
        res['b'] = attempt(os.write, b_fd, b'b')

    ta = start(write_a)
    fault = uffd_wait_fault(uffd, 30)
    check(fault is not None, 'review 5a: the write to sa/str_a faults on '
          'the registered page')
    if fault is None:
        uffd_resolve(uffd, addr, b'x\n')
        ta.join(30)
        return
    t0 = time.monotonic()
    tb = start(write_b)
    tb.join(20)
    figure('the write to str_b took %.3f s%s' % (
        time.monotonic() - t0, '' if not tb.is_alive() else ' (and waits)'))
    check(not tb.is_alive() and res.get('b') == ('ok', 1),
          'review 5a: a write to str_b completes while a write to str_a '
          'is stuck in a page fault',
          'str_b write: %s' % (res.get('b', 'still blocked after 20 s '
                                       '(behind the one string mutex)'),))
    check(ta.is_alive(), 'review 5a: the str_a write is still stuck then')
    t0 = time.monotonic()
    err = ctl('remove_str')
    figure('ctl/remove_str took %.3f s' % (time.monotonic() - t0))
    check(err is None, 'review 5a: the removal of sa/ returns while the '
          'str_a write is stuck in its page fault',
          'trigger write gave %s (ETIMEDOUT: waited 30 s)' % err)
    uffd_resolve(uffd, addr, b'x\n')
    ta.join(30)
    tb.join(30)
    check(not ta.is_alive(), 'review 5a: the str_a write ends once the '
          'fault is resolved')
    exp = ('err', 'EIO') if err is None else ('ok', 2)
    check(res.get('a') in (exp, ('ok', 2)),
          'review 5a: the str_a write gives %r (or success)' % (exp,),
          'got %r' % (res.get('a'),))
    check(wait_for(lambda: not os.path.exists(TOP + '/sa'), 30),
          'review 5a: sa/ is gone at the end')
    os.close(a_fd)
    os.close(b_fd)
    os.close(uffd)


# --- 5b: two cancellations and a driver lock -------------------------------

def cmd_cancel():
    res = {}

    def read(name, path):
        fd = os.open(TOP + '/' + path, os.O_RDONLY)
        res[name] = attempt(os.read, fd, 16)
        os.close(fd)

    ta = start(read, 'a', 'ca/cancel_a')
    check(wait_for(lambda: param('a_blocked') == '1', 30),
          'review 5b: a reader waits in ca/cancel_a')
    tb = start(read, 'b', 'cancel_b')
    check(wait_for(lambda: param('b_waiting') == '1', 30),
          'review 5b: a reader of cancel_b holds the driver lock')
    t0 = time.monotonic()
    err = ctl('remove_ca')
    figure('ctl/remove_ca took %.3f s' % (time.monotonic() - t0))
    check(err is None, 'review 5b: the removal of ca/ returns',
          'trigger write gave %s' % err)
    ta.join(60)
    tb.join(60)
    check(param('deadlocks') == '0', 'review 5b: cancel_a\'s cancel gets '
          'the driver lock while cancel_b leaves its cancellation '
          'holding it (no deadlock between two files\' cancellations)',
          'deadlocks=%s (the cancel gave up after 20 s)'
          % param('deadlocks'))
    check(res.get('a') == ('err', 'EIO'), 'review 5b: the read of '
          'cancel_a returns EIO', 'got %r' % (res.get('a'),))
    check(res.get('b') == ('ok', b''), 'review 5b: the read of cancel_b '
          'returns', 'got %r' % (res.get('b'),))


# --- 6: value reads ---------------------------------------------------------

def cmd_tick():
    path = TOP + '/tick'
    fd = os.open(path, os.O_RDONLY)
    text = os.read(fd, 1)
    w = os.open(path, os.O_WRONLY)
    os.write(w, b'123456789\n')
    os.close(w)
    while True:
        b = os.read(fd, 1)
        if not b:
            break
        text += b
        if len(text) > 64:
            break
    os.close(fd)
    check(text == b'7\n', 'review 6: a 1-byte read of tick, a write of '
          '123456789, then 1-byte reads to EOF give "7\\n" (formatted '
          'once per open)', 'got %r' % text)
    check(read_all(path) == b'123456789\n', 'review 6: a new open reads '
          'the new value')


# --- 8: the full proxy's coverage -------------------------------------------

def cmd_cover(compat32):
    cov = TOP + '/cover/'
    fds = {}
    for name, mode in (('ioctl32', os.O_RDONLY), ('iter', os.O_RDWR),
                       ('mapped', os.O_RDONLY)):
        fds[name] = os.open(cov + name, mode)

    r = subprocess.run([compat32, cov + 'ioctl32'], capture_output=True,
                       text=True)
    check(r.returncode == 0, 'review 8a: compat_ioctl: a 32-bit program\'s '
          'ioctl reaches the real compat_ioctl (0x1234)',
          'compat32 exit %d (2: ENOTTY): %s%s'
          % (r.returncode, r.stdout, r.stderr))
    r = attempt(fcntl.ioctl, fds['ioctl32'], 0x5678)
    check(r == ('ok', 0x1234), 'review 8a: a 64-bit ioctl gives 0x1234',
          'got %r' % (r,))

    for name, exp in (('nopoll', 'EPERM'), ('poll', None)):
        fd = os.open(cov + name, os.O_RDONLY)
        ep = select.epoll()
        r = attempt(ep.register, fd, select.EPOLLIN)
        got = None if r[0] == 'ok' else r[1]
        if exp:
            check(got == exp, 'review 8b: epoll_ctl ADD of %s (no .poll) '
                  'fails with EPERM' % name, 'got %s' % got)
        else:
            check(got is None, 'review 8b: epoll_ctl ADD of %s (.poll) '
                  'works' % name, 'got %s' % got)
            ev = ep.poll(1)
            check(ev and ev[0][1] & select.EPOLLIN, 'review 8b: %s polls '
                  'readable' % name, 'events %r' % ev)
        ep.close()
        os.close(fd)

    r = attempt(os.pread, fds['iter'], 64, 0)
    check(r == ('ok', b'iter\n'), 'review 8c: read of iter (only '
          'read_iter) gives "iter\\n"', 'got %r' % (r,))
    r = attempt(os.write, fds['iter'], b'12345')
    check(r == ('ok', 5) and param('iter_written') == '5',
          'review 8c: write of iter (only write_iter) works',
          'got %r, iter_written=%s' % (r, param('iter_written')))

    r = attempt(read_mapped, fds['mapped'], 6)
    check(r == ('ok', b'mapped'), 'review 8d: mmap of mapped shows its '
          'page', 'got %r' % (r,))

    before = int(param('fasync_calls'))
    fd = os.open(cov + 'async', os.O_RDONLY)
    try:
        fl = fcntl.fcntl(fd, fcntl.F_GETFL)
        fcntl.fcntl(fd, fcntl.F_SETFL, fl | os.O_ASYNC)
        res = None
    except OSError as e:
        res = ename(e.errno)
    after = int(param('fasync_calls'))
    check(res is None and after > before, 'review 8e: fcntl O_ASYNC calls '
          'the real fasync', 'fcntl: %s, fasync_calls %d -> %d'
          % (res, before, after))
    os.close(fd)

    # 8g: pollers wait on the open file's queue, not on the creator's
    wa = os.open(cov + 'waitq', os.O_RDONLY)
    wb = os.open(cov + 'waitq', os.O_RDONLY)
    ep_in, ep_hup = select.epoll(), select.epoll()
    ep_in.register(wa, select.EPOLLIN)
    ep_hup.register(wb, select.EPOLLOUT)     # never ready, but for EPOLLHUP
    check(ep_in.poll(0.2) == [], 'review 8g: epoll of waitq before it is '
          'ready reports nothing', 'got %r' % (ep_in.poll(0),))
    got_in = Call(ep_in.poll, 10)
    time.sleep(0.3)
    err = ctl('waitq_ready')
    got_in.join(15)
    check(err is None and got_in.result and
          got_in.result[0][1] & select.EPOLLIN,
          'review 8g: a wakeup on the creator\'s wait queue reaches an '
          'epoll waiter (EPOLLIN)', 'ctl: %s, epoll_wait gave %r'
          % (err, got_in.result))
    got_hup = Call(ep_hup.poll, 10)
    time.sleep(0.3)

    err = ctl('remove_cover')
    check(err is None, 'review 8f: remove cover/ with fds open',
          'trigger write gave %s' % err)
    got_hup.join(15)
    check(got_hup.result and got_hup.result[0][1] & select.EPOLLHUP,
          'review 8g: removal wakes an epoll waiter with EPOLLHUP',
          'epoll_wait (10 s) gave %r' % (got_hup.result,))
    check(param('waitq_left') == '0', 'review 8g: once removed, no poller '
          'is left on the creator\'s wait queue (it may free it)',
          'waitq_left=%s' % param('waitq_left'))
    ep_in.close()
    ep_hup.close()
    os.close(wa)
    os.close(wb)
    checks = (
        ('read', lambda: os.pread(fds['iter'], 64, 0)),
        ('write', lambda: os.write(fds['iter'], b'1')),
        ('ioctl', lambda: fcntl.ioctl(fds['ioctl32'], 0x5678)),
        ('mmap', lambda: read_mapped(fds['mapped'], 6)),
    )
    for what, fn in checks:
        r = attempt(fn)
        check(r == ('err', 'EIO'), 'review 8f: %s on a removed file\'s fd '
              'gives EIO' % what, 'got %r' % (r,))
    for fd in fds.values():
        os.close(fd)


# --- 9b: a large u32 array ---------------------------------------------------

def cmd_big():
    r = attempt(read_all, TOP + '/big')
    if r[0] != 'ok':
        not_ok('review 9b: big (1,000,000 u32) reads 11,000,000 bytes',
               'read failed: %s' % r[1])
        return
    data = r[1]
    check(len(data) == 11000000 and data.endswith(b'1000000000\n'),
          'review 9b: big (1,000,000 u32) reads 11,000,000 bytes ending '
          'in a newline', 'read %d bytes, ending %r' % (len(data),
                                                       data[-12:]))


def main():
    a = sys.argv[1:]
    cmds = {'load': cmd_load, 'rename': cmd_rename, 'swap': cmd_swap,
            'strlock': cmd_strlock, 'cancel': cmd_cancel, 'tick': cmd_tick,
            'big': cmd_big}
    if a and a[0] in cmds and len(a) == 1:
        cmds[a[0]]()
    elif len(a) == 2 and a[0] == 'cover':
        cmd_cover(a[1])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(1 if reltool.n_fail else 0)


if __name__ == '__main__':
    main()
