#!/usr/bin/env python3
"""report.py - the dbgfs/debugfs benchmark report, from run-in-guest's output

    python3 bench/report.py [--suite SUITE] RESULTS_DIR OUT_DIR

Reads RESULTS_DIR/raw.tsv ("FS N REP METRIC VALUE"), meta.txt and, when
the guest had perf, profile.tsv ("FS OP PERCENT DSO SYMBOL OWN"); writes
OUT_DIR/report.md (Markdown: medians, min-max, ratios dbgfs/debugfs) and
OUT_DIR/bench.gp + bench.dat, the gnuplot script and data of bench.png.
Only the Python standard library is used.
"""

import argparse
import collections
import os
import statistics
import sys

FS = ("dbgfs", "debugfs")

# metric: (label, unit, higher is better)
METRICS = collections.OrderedDict([
    ("create", ("create a u32 file (kernel, ktime)", "ns/entry", False)),
    ("remove", ("remove the directory recursively, every entry looked up "
                "and read", "ns/entry", False)),
    ("remove_unread", ("remove the directory recursively, no entry looked "
                       "up (created again for it)", "ns/entry", False)),
    ("lookup_cold", ("stat every entry once after drop_caches (first "
                     "lookup)", "ns/entry", False)),
    ("ls_l_cold", ("ls -l of the directory after drop_caches (first "
                   "lookup)", "ns/entry", False)),
    ("ls_l_warm", ("ls -l of the directory again (warm)", "ns/entry",
                   False)),
    ("read", ("open+read+close a random u32 file", "ns/op", False)),
    ("stat", ("stat a random entry", "ns/op", False)),
    ("write", ("write \"12345\\n\" to a u32 file (open fd)", "ns/write", False)),
    ("read_1proc", ("contention: open+read+close, 1 process", "ns/op", False)),
    ("read_2proc", ("contention: open+read+close, 2 processes, per process",
                    "ns/op", False)),
    ("read_2proc_wall", ("contention: 2 processes, wall time / all ops",
                         "ns/op", False)),
    ("bulk_seq_4k", ("1 MiB seq_file, 4 KiB reads", "MB/s", True)),
    ("bulk_seq_64k", ("1 MiB seq_file, 64 KiB reads", "MB/s", True)),
    ("bulk_blob_4k", ("1 MiB blob, 4 KiB reads", "MB/s", True)),
    ("bulk_blob_64k", ("1 MiB blob, 64 KiB reads", "MB/s", True)),
    ("mem_slab", ("kernel memory: Slab delta (/proc/meminfo)", "B/entry",
                  False)),
    ("mem_pages", ("kernel memory: slab pages (/proc/slabinfo)", "B/entry",
                   False)),
    ("mem_free", ("kernel memory: MemFree drop (noisy, includes the above)",
                  "B/entry", False)),
    ("mem_slab_looked_up", ("kernel memory: Slab delta with every file "
                            "looked up (ls -l)", "B/entry", False)),
    ("mem_slab_dropped", ("kernel memory: Slab delta after that and "
                          "drop_caches", "B/entry", False)),
])

# dbgfs reloaded with lazy=0 in the same boot, against debugfs again; and
# both with the files spread over many directories.
FS_LAZY0 = ("dbgfs-lazy0", "debugfs-lazy0")
FS_SPREAD = ("dbgfs-spread", "debugfs-spread")
FS_LAZY0_SPREAD = ("dbgfs-lazy0-spread", "debugfs-lazy0-spread")

# The goals of issue 14 (lazy entries): metric, N (None: the largest),
# the most the paired ratio dbgfs/debugfs may be, what it is.
GOALS = (
    ("mem_slab", None, 0.25, "bytes per value file, never looked up"),
    ("mem_slab_dropped", None, 0.25,
     "bytes per value file, all looked up, then drop_caches"),
    ("mem_slab_looked_up", None, 1.05,
     "bytes per value file with every entry looked up"),
    ("create", 100000, 0.5, "create, per entry"),
    ("remove_unread", 100000, 0.5, "remove, per entry, never looked up"),
    ("remove", 100000, None, "remove, per entry, every entry looked up "
     "(no goal: dbgfs frees what debugfs frees, and the record)"),
    ("read", 100000, 1.05, "warm open+read+close"),
    ("stat", 100000, 1.05, "warm stat"),
    ("lookup_cold", 100000, 1.5, "cold first lookup"),
    ("ls_l_cold", 10000, 1.2, "ls -l of 10,000 entries, cold"),
    ("ls_l_warm", 10000, 1.2, "ls -l of 10,000 entries, warm"),
)

PLOT_OPS = ("create", "remove", "read", "stat", "write")
PROFILE_OPS = PLOT_OPS + ("seq64k",)


def load(results):
    data = collections.defaultdict(list)     # (fs, n, metric) -> [values]
    reps = collections.defaultdict(dict)     # (fs, n, metric) -> {rep: v}
    with open(os.path.join(results, "raw.tsv")) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 5 or not parts[4]:
                continue
            fs, n, rep, metric, value = parts
            key = (fs, int(n), metric)
            data[key].append(float(value))
            reps[key][int(rep)] = float(value)
    meta = collections.OrderedDict()
    try:
        with open(os.path.join(results, "meta.txt")) as f:
            for line in f:
                k, _, v = line.strip().partition(" ")
                meta[k] = v
    except FileNotFoundError:
        pass
    return data, reps, meta


def load_profile(results):
    """(fs, op) -> [(percent, dso, symbol, own)], best first; {} without
    perf.  own: the symbol is the filesystem's own code (run-in-guest
    decides, from the dbgfs module's symbol list)."""
    prof = collections.defaultdict(list)
    try:
        with open(os.path.join(results, "profile.tsv")) as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 6:
                    fs, op, pct, dso, sym, own = parts
                    prof[(fs, op)].append((float(pct), dso, sym, own == "1"))
    except FileNotFoundError:
        pass
    return prof


def profile_section(prof, meta):
    md = [f"\nProfile (`perf record -e cpu-clock`, N = "
          f"{meta.get('profile_n', '?')}, "
          f"{meta.get('profile_iters', '?')} operations per loop, "
          f"{meta.get('profile_writes', '?')} writes, "
          f"{meta.get('profile_seq_reads', '?')} whole reads of the 1 MiB "
          f"seq_file with 64 KiB reads (seq64k); full reports in "
          f"`results/profile/`): the top symbols of each operation, in "
          f"percent of its samples, the filesystem's own in bold; "
          f"**own** = the share in the filesystem's own code (the dbgfs "
          f"module; fs/debugfs's functions in the kernel), the rest being "
          f"the VFS, the allocators and the system call path they share.\n"]
    for op in PROFILE_OPS:
        rows = [prof.get((fs, op), []) for fs in FS]
        if not any(rows):
            continue
        own = [sum(p for p, d, s, o in r if o) for r in rows]
        md.append(f"| {op}: dbgfs (own {own[0]:.1f}%) | % | debugfs (own "
                  f"{own[1]:.1f}%) | % |")
        md.append("|---|---:|---|---:|")
        for i in range(min(8, max(len(r) for r in rows))):
            cells = []
            for r in rows:
                if i < len(r):
                    p, d, s, o = r[i]
                    where = "" if d == "[kernel.kallsyms]" else f" ({d})"
                    name = f"**`{s}`**" if o else f"`{s}`"
                    cells += [name + where, f"{p:.1f}"]
                else:
                    cells += ["", ""]
            md.append("| " + " | ".join(cells) + " |")
        for fs, r in zip(FS, rows):
            mine = [f"`{s}` {p:.1f}" for p, d, s, o in r if o]
            md.append(f"\n{fs}'s own code in {op}: "
                      f"{', '.join(mine) if mine else 'no sample'}.")
        md.append("")
    return md


def fmt(v):
    if v is None:
        return "-"
    if abs(v) >= 100:
        return f"{v:,.0f}"
    return f"{v:.1f}"


def cell(values):
    if not values:
        return "-"
    med = statistics.median(values)
    return f"{fmt(med)} ({fmt(min(values))}-{fmt(max(values))})"


def cost_ratio(a, b, higher_better):
    """dbgfs/debugfs as a cost: below 1.00 means dbgfs is cheaper."""
    if a is None or b is None or a == 0 or b == 0:
        return None
    return b / a if higher_better else a / b


def paired_ratio(reps, n, metric, higher_better, fs=FS):
    """Median over repetitions of the ratio within each repetition."""
    a, b = reps.get((fs[0], n, metric), {}), reps.get((fs[1], n, metric), {})
    r = [cost_ratio(a[k], b[k], higher_better) for k in a if k in b]
    r = [x for x in r if x is not None]
    return statistics.median(r) if r else None


def median(data, key):
    v = data.get(key)
    return statistics.median(v) if v else None


def sizes_of(data, metric, pair=FS):
    return sorted({n for (fs, n, m) in data if m == metric and fs in pair})


def pair_section(data, reps, pair, title):
    """The rows of one more pair of labels, if the run has them."""
    if not any(fs == pair[0] for (fs, n, m) in data):
        return []
    md = [f"\n{title}\n",
          f"| operation | N | unit | {pair[0]} | {pair[1]} | ratio | paired |",
          "|---|---:|---|---:|---:|---:|---:|"]
    for metric, (label, unit, hb) in METRICS.items():
        for n in sizes_of(data, metric, pair):
            a = median(data, (pair[0], n, metric))
            b = median(data, (pair[1], n, metric))
            r = cost_ratio(a, b, hb)
            p = paired_ratio(reps, n, metric, hb, pair)
            md.append(f"| {label} | {n if n else '-'} | {unit} "
                      f"| {cell(data.get((pair[0], n, metric), []))} "
                      f"| {cell(data.get((pair[1], n, metric), []))} "
                      f"| {'-' if r is None else f'{r:.2f}'} "
                      f"| {'-' if p is None else f'{p:.2f}'} |")
    return md


def goals_section(data, reps, meta):
    """Issue 14's goals: the paired ratios, one directory and spread."""
    layouts = [("one directory", FS), ("one directory, lazy=0", FS_LAZY0),
               (f"{meta.get('spread_dirs', '?')} directories", FS_SPREAD),
               (f"{meta.get('spread_dirs', '?')} directories, lazy=0",
                FS_LAZY0_SPREAD)]
    layouts = [(name, pair) for name, pair in layouts
               if any(fs == pair[0] for (fs, n, m) in data)]
    if not layouts:
        return []
    md = ["\nGoals of lazy entries (issue 14): paired ratio dbgfs/debugfs "
          "(median of the per-repetition ratios), goal met or not; the "
          "memory rows at the memory run's N.\n",
          "| goal | at most | " + " | ".join(n for n, p in layouts) + " |",
          "|---|---:|" + "---:|" * len(layouts)]
    for metric, n, limit, what in GOALS:
        cells = []
        for name, pair in layouts:
            ns = sizes_of(data, metric, pair)
            at = n if n in ns else (ns[-1] if ns else None)
            p = None if at is None else paired_ratio(
                reps, at, metric, METRICS[metric][2], pair)
            if p is None:
                cells.append("-")
            elif limit is None:
                cells.append(f"{p:.2f}")
            else:
                mark = "yes" if p <= limit else "**no**"
                cells.append(f"{p:.2f} ({mark})")
        at_most = "-" if limit is None else f"{limit:.2f}"
        md.append(f"| {what} | {at_most} | " + " | ".join(cells) + " |")
    return md


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", default="?")
    ap.add_argument("results")
    ap.add_argument("out")
    args = ap.parse_args()
    data, reps, meta = load(args.results)
    prof = load_profile(args.results)
    os.makedirs(args.out, exist_ok=True)

    md = []
    md.append("# dbgfs vs debugfs benchmark\n")
    md.append(f"Suite **{args.suite}**, kernel **{meta.get('kernel', '?')}** "
              f"({meta.get('kernel_version', '?')}), dbgfs-dkms "
              f"{meta.get('dbgfs_version', '?')}, {meta.get('cpus', '?')} "
              f"CPUs ({meta.get('cpu', '?')}), "
              f"{int(meta.get('mem_total_kB', '0')) // 1024} MiB, one boot.\n")
    md.append(f"Parameters: {meta.get('reps', '?')} repetitions of N = "
              f"{meta.get('sizes', '?')} (dbgfs and debugfs alternately, "
              f"ABBA order); {meta.get('iters', '?')} operations per "
              f"access/stat/write loop; {meta.get('contention_iters', '?')} "
              f"per process in the contention loops; "
              f"{meta.get('bulk_reps', '?')} bulk repetitions of 3 whole "
              f"reads each; memory with N = {meta.get('mem_n', '?')}, "
              f"{meta.get('mem_reps', '?')} repetitions per filesystem. "
              f"Guest benchmark time: {meta.get('guest_seconds', '?')} s.\n")
    md.append("Cells: median (min-max) over repetitions. **ratio** = "
              "dbgfs/debugfs of the medians, as a cost (for MB/s the "
              "inverse, so below 1.00 always means dbgfs is cheaper); "
              "**paired** = median of the ratios within each repetition "
              "(both measured back to back, less noisy). The tmpfs floor "
              "is the same loop on a one-file tmpfs directory: the system "
              "calls alone.\n")
    md.append("| operation | N | unit | dbgfs | debugfs | ratio | paired "
              "| tmpfs floor |")
    md.append("|---|---:|---|---:|---:|---:|---:|---:|")
    for metric, (label, unit, hb) in METRICS.items():
        for n in sizes_of(data, metric):
            a = median(data, ("dbgfs", n, metric))
            b = median(data, ("debugfs", n, metric))
            r = cost_ratio(a, b, hb)
            p = paired_ratio(reps, n, metric, hb)
            floor = cell(data.get(("tmpfs", n, metric), []))
            md.append(f"| {label} | {n if n else '-'} | {unit} "
                      f"| {cell(data.get(('dbgfs', n, metric), []))} "
                      f"| {cell(data.get(('debugfs', n, metric), []))} "
                      f"| {'-' if r is None else f'{r:.2f}'} "
                      f"| {'-' if p is None else f'{p:.2f}'} | {floor} |")

    md += goals_section(data, reps, meta)
    md += pair_section(
        data, reps, FS_LAZY0,
        f"With dbgfs reloaded with **lazy=0** (every entry made at "
        f"creation, as before lazy entries), same boot, "
        f"{meta.get('lazy0_reps', '?')} repetitions:")
    md += pair_section(
        data, reps, FS_SPREAD,
        f"The files **spread over {meta.get('spread_dirs', '?')} "
        f"directories** (dJ/fK, J = K mod {meta.get('spread_dirs', '?')}; "
        f"ls -lR of the tree; the directories count in the bytes per "
        f"file), {meta.get('spread_reps', '?')} repetitions:")
    md += pair_section(
        data, reps, FS_LAZY0_SPREAD,
        f"Spread over {meta.get('spread_dirs', '?')} directories with "
        f"dbgfs **lazy=0**, {meta.get('spread_reps', '?')} repetitions:")

    # Where the memory goes.
    slabs = sorted({(fs, m) for (fs, n, m) in data if m.startswith("slab:")})
    if slabs:
        md.append("\nSlab caches that grew with the files (bytes per entry, "
                  "median):\n")
        md.append("| filesystem | cache | B/entry |")
        md.append("|---|---|---:|")
        for fs in FS:
            rows = [(m, statistics.median(v)) for (f, n, m), v in data.items()
                    if f == fs and m.startswith("slab:")]
            for m, v in sorted(rows, key=lambda x: -x[1]):
                md.append(f"| {fs} | {m[5:]} | {v:.0f} |")

    # The goals of issue 6.
    ns = sorted({n for (fs, n, m) in data if m == "read" and fs in FS})
    if len(ns) >= 2:
        lo, hi = ns[0], ns[-1]
        md.append(f"\nScaling, median cost at N = {hi:,} over N = {lo:,} "
                  "(goal: within 1.5 for lookup and access; removal "
                  "linear, i.e. ns/entry about constant):\n")
        md.append("| operation | dbgfs | debugfs |")
        md.append("|---|---:|---:|")
        for metric in ("read", "stat", "create", "remove"):
            row = [f"| {METRICS[metric][0]} "]
            for fs in FS:
                a = median(data, (fs, hi, metric))
                b = median(data, (fs, lo, metric))
                row.append(f"| {a / b:.2f} " if a and b else "| - ")
            md.append("".join(row) + "|")

    if prof:
        md += profile_section(prof, meta)

    md.append(f"\nPlot: `bench.png` (regenerate with `bench/run --suite "
              f"{args.suite}`, or `bench/run --report-only` from the saved "
              f"results).\n")
    with open(os.path.join(args.out, "report.md"), "w") as f:
        f.write("\n".join(md))

    # gnuplot data: one block per (op, fs): N median min max
    dat = os.path.join(args.out, "bench.dat")
    blocks = []
    with open(dat, "w") as f:
        for op in PLOT_OPS:
            for fs in FS + ("tmpfs",):
                pts = [(n, data[(fs, n, op)]) for n in sizes_of(data, op)
                       if data.get((fs, n, op))]
                if not pts:
                    continue
                f.write(f"# {op} {fs}\n")
                for n, v in pts:
                    f.write(f"{n} {statistics.median(v)} {min(v)} {max(v)}\n")
                f.write("\n\n")
                blocks.append((op, fs))
    colors = {"create": "#1b9e77", "remove": "#d95f02", "read": "#7570b3",
              "stat": "#e7298a", "write": "#66a61e"}
    dash = {"dbgfs": 1, "debugfs": 2, "tmpfs": 3}
    plots = []
    for i, (op, fs) in enumerate(blocks):
        lw = 2 if fs == "dbgfs" else 1.5
        pt = {"dbgfs": 7, "debugfs": 5, "tmpfs": 1}[fs]
        title = f"{op} {fs}" + (" (floor)" if fs == "tmpfs" else "")
        plots.append(
            f"'{dat}' index {i} using 1:2:3:4 with yerrorlines "
            f"dt {dash[fs]} lw {lw} pt {pt} lc rgb '{colors[op]}' "
            f"title '{title}'")
    gp = [
        "set terminal pngcairo size 1100,700 font 'sans,10'",
        f"set output '{os.path.join(args.out, 'bench.png')}'",
        f"set title 'dbgfs (solid) vs debugfs (dashed), kernel "
        f"{meta.get('kernel', '?')}, TCG guest: median and min-max "
        f"over {meta.get('reps', '?')} repetitions'",
        "set logscale x 10",
        "set logscale y 10",
        "set xlabel 'N (entries in the directory)'",
        "set ylabel 'ns per operation'",
        "set xrange [500:200000]",
        "set grid",
        "set key outside right top",
        "plot " + ", \\\n     ".join(plots),
    ]
    with open(os.path.join(args.out, "bench.gp"), "w") as f:
        f.write("\n".join(gp) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
