#!/usr/bin/env python3
"""Turns a JMH JSON result file of the storage benchmarks into benchmarks/results/jmh-storage-protocol.md.

Every number in the report comes from the JMH JSON, from the reference targets file, or from the machine the
report is generated on (CPU count); nothing measured is written here by hand. Missing pieces (a benchmark or a mode
that was not run) show as "n/a", so a partial run still gives a report.

Usage:
  storage_commit_report.py --json results.json --out report.md --command "java -jar ..." \
      [--targets reference/tidb-5.0-commit-targets.json] [--build-command "mvn ..."]
"""

import argparse
import datetime
import json
import math
import os
import platform
import sys

# µs per unit of time, to normalise every latency to µs and every throughput to ops/s
TIME_UNITS_IN_US = {"ns": 1e-3, "us": 1.0, "\u00b5s": 1.0, "ms": 1e3, "s": 1e6, "min": 60e6}

# what each commit benchmark method writes, and which path pairs are compared on it
WORKLOADS = {
    "oneShard": "1 key (one row), one shard",
    "twoShards": "2 keys (row + index entry), two shards",
}
COMPARISONS = [
    # (label, benchmark method, candidate path, baseline path, key in the targets file)
    ("async vs 2PC", "twoShards", "async", "2pc", "async"),
    ("1PC vs 2PC", "oneShard", "1pc", "2pc", "1pc"),
]
PATH_ORDER = ["1pc", "async", "2pc"]
SINGLE = "CommitPathBenchmark"
CONCURRENT = "ConcurrentCommitBenchmark"


def number(v):
    """JMH writes NaN (e.g. the error of a single iteration) as the string "NaN"."""
    if v is None:
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(f) or math.isinf(f) else f


def unit_parts(score_unit):
    """'us/op' -> ('latency', 'us'); 'ops/ms' -> ('throughput', 'ms')."""
    a, _, b = score_unit.partition("/")
    if a == "ops":
        return "throughput", b
    return "latency", a


def to_us(value, score_unit):
    kind, u = unit_parts(score_unit)
    if value is None or kind != "latency" or u not in TIME_UNITS_IN_US:
        return None
    return value * TIME_UNITS_IN_US[u]


def to_ops_per_s(value, score_unit):
    kind, u = unit_parts(score_unit)
    if value is None or kind != "throughput" or u not in TIME_UNITS_IN_US:
        return None
    return value / (TIME_UNITS_IN_US[u] / TIME_UNITS_IN_US["s"])


def fmt(v, digits=1):
    if v is None:
        return "n/a"
    if abs(v) >= 100:
        return f"{v:,.0f}"
    return f"{v:,.{digits}f}"


def fmt_err(v, digits=1):
    return "n/a" if v is None else "\u00b1 " + fmt(v, digits)


def fmt_pct(v):
    if v is None:
        return "n/a"
    sign = "\u2212" if v < 0 else "+"
    return f"{sign}{abs(v):.1f}%"


def change_pct(candidate, baseline):
    if candidate is None or baseline is None or baseline == 0:
        return None
    return (candidate - baseline) / baseline * 100.0


def split_name(benchmark):
    """(simple class name, method) of a fully qualified JMH benchmark name."""
    cls, _, method = benchmark.rpartition(".")
    return cls.rpartition(".")[2], method


def sample_count(primary):
    hist = primary.get("rawDataHistogram")
    if not hist:
        return None
    n = 0
    for fork in hist:
        for iteration in fork:
            for _value, count in iteration:
                n += count
    return n


def index_results(results):
    """{(class, method, path): {mode: result}}; the commit benchmarks have no parameter besides path."""
    out = {}
    for r in results:
        cls, method = split_name(r["benchmark"])
        path = (r.get("params") or {}).get("path")
        out.setdefault((cls, method, path), {})[r["mode"]] = r
    return out


def latency_stats(modes):
    """avg/error from AverageTime (else the SampleTime mean), percentiles from SampleTime, all in µs."""
    s = {"avg": None, "err": None, "avg_from": None, "sample_mean": None, "p50": None, "p99": None, "p999": None,
         "samples": None}
    avgt = modes.get("avgt")
    sample = modes.get("sample")
    if avgt:
        pm = avgt["primaryMetric"]
        s["avg"] = to_us(number(pm["score"]), pm["scoreUnit"])
        s["err"] = to_us(number(pm.get("scoreError")), pm["scoreUnit"])
        s["avg_from"] = "avgt"
    if sample:
        pm = sample["primaryMetric"]
        pct = pm.get("scorePercentiles") or {}
        s["p50"] = to_us(number(pct.get("50.0")), pm["scoreUnit"])
        s["p99"] = to_us(number(pct.get("99.0")), pm["scoreUnit"])
        s["p999"] = to_us(number(pct.get("99.9")), pm["scoreUnit"])
        s["samples"] = sample_count(pm)
        s["sample_mean"] = to_us(number(pm["score"]), pm["scoreUnit"])
        if s["avg"] is None:
            s["avg"] = to_us(number(pm["score"]), pm["scoreUnit"])
            s["err"] = to_us(number(pm.get("scoreError")), pm["scoreUnit"])
            s["avg_from"] = "sample"
    return s


def throughput_stats(modes):
    t = modes.get("thrpt")
    if not t:
        return None, None
    pm = t["primaryMetric"]
    return to_ops_per_s(number(pm["score"]), pm["scoreUnit"]), to_ops_per_s(number(pm.get("scoreError")),
                                                                             pm["scoreUnit"])


def paths_of(index, cls, method):
    found = {p for (c, m, p) in index if c == cls and m == method}
    return sorted(found, key=lambda p: (PATH_ORDER.index(p) if p in PATH_ORDER else len(PATH_ORDER), str(p)))


def threads_of(index, cls):
    ts = sorted({r["threads"] for (c, _m, _p), modes in index.items() if c == cls for r in modes.values()})
    return ", ".join(str(t) for t in ts) if ts else "n/a"


def settings_line(results):
    combos = []
    for r in results:
        combo = (f"forks {r.get('forks')}, warmup {r.get('warmupIterations')} \u00d7 {r.get('warmupTime')}, "
                 f"measurement {r.get('measurementIterations')} \u00d7 {r.get('measurementTime')}")
        if combo not in combos:
            combos.append(combo)
    return "; ".join(combos) if combos else "n/a"


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def single_section(index, lines):
    lines.append(f"## Commit latency, one committer (`{SINGLE}`)")
    lines.append("")
    lines.append("Average from JMH AverageTime (error = half-width of the 99.9% confidence interval; n/a with a "
                 "single measurement iteration); sample mean and p50/p99/p99.9 from SampleTime, a separate trial, "
                 "so a large gap between the two means says one trial was disturbed; ops/s = 1 / average (one "
                 "thread).")
    lines.append("")
    any_rows = False
    for method, workload in WORKLOADS.items():
        paths = paths_of(index, SINGLE, method)
        if not paths:
            continue
        any_rows = True
        lines.append(f"### `{method}`: {workload}")
        lines.append("")
        lines.append("| path | avg \u00b5s | error \u00b5s | sample mean \u00b5s | p50 \u00b5s | p99 \u00b5s | "
                     "p99.9 \u00b5s | ops/s | samples |")
        lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for p in paths:
            s = latency_stats(index[(SINGLE, method, p)])
            ops = None if not s["avg"] else TIME_UNITS_IN_US["s"] / s["avg"]
            avg = fmt(s["avg"]) + (" (sample mean)" if s["avg_from"] == "sample" else "")
            lines.append(f"| {p} | {avg} | {fmt_err(s['err'])} | {fmt(s['sample_mean'])} | {fmt(s['p50'])} | "
                         f"{fmt(s['p99'])} | {fmt(s['p999'])} | {fmt(ops)} | {fmt(s['samples'], 0)} |")
        lines.append("")
    if not any_rows:
        lines.append("_Not run._")
        lines.append("")


def concurrent_section(index, lines):
    lines.append(f"## Concurrent committers (`{CONCURRENT}`, threads: {threads_of(index, CONCURRENT)})")
    lines.append("")
    lines.append("Throughput from JMH Throughput mode (summed over all threads); average latency of one commit from "
                 "AverageTime under the same load. Errors are 99.9% confidence half-widths.")
    lines.append("")
    any_rows = False
    for method, workload in WORKLOADS.items():
        paths = paths_of(index, CONCURRENT, method)
        if not paths:
            continue
        any_rows = True
        lines.append(f"### `{method}`: {workload}")
        lines.append("")
        lines.append("| path | ops/s | error ops/s | avg \u00b5s | error \u00b5s |")
        lines.append("|---|---:|---:|---:|---:|")
        for p in paths:
            modes = index[(CONCURRENT, method, p)]
            ops, ops_err = throughput_stats(modes)
            s = latency_stats(modes)
            lines.append(f"| {p} | {fmt(ops)} | {fmt_err(ops_err)} | {fmt(s['avg'])} | {fmt_err(s['err'])} |")
        lines.append("")
    if not any_rows:
        lines.append("_Not run._")
        lines.append("")


def comparison_section(index, targets, lines):
    lines.append("## Latency change against 2PC, next to TiDB 5.0")
    lines.append("")
    lines.append("Change = (path \u2212 2PC) / 2PC on the same workload; negative is faster.")
    lines.append("")
    lines.append("| comparison | workload | avg, 1 committer | p99, 1 committer | avg, concurrent | "
                 "throughput, concurrent | TiDB 5.0 avg | TiDB 5.0 p99 |")
    lines.append("|---|---|---:|---:|---:|---:|---:|---:|")
    tmap = targets.get("targets", {}) if targets else {}
    for label, method, cand, base, tkey in COMPARISONS:
        def stats(cls, path):
            modes = index.get((cls, method, path))
            return latency_stats(modes) if modes else None

        sc, sb = stats(SINGLE, cand), stats(SINGLE, base)
        cc, cb = stats(CONCURRENT, cand), stats(CONCURRENT, base)
        avg1 = change_pct(sc and sc["avg"], sb and sb["avg"])
        p99 = change_pct(sc and sc["p99"], sb and sb["p99"])
        avgc = change_pct(cc and cc["avg"], cb and cb["avg"])
        tc = index.get((CONCURRENT, method, cand))
        tb = index.get((CONCURRENT, method, base))
        thr = change_pct(throughput_stats(tc)[0] if tc else None, throughput_stats(tb)[0] if tb else None)
        t = tmap.get(tkey, {})
        lines.append(f"| {label} | `{method}`: {WORKLOADS[method]} | {fmt_pct(avg1)} | {fmt_pct(p99)} | "
                     f"{fmt_pct(avgc)} | {fmt_pct(thr)} | {fmt_pct(number(t.get('avg_latency_change_pct')))} | "
                     f"{fmt_pct(number(t.get('p99_latency_change_pct')))} |")
    lines.append("")
    if targets:
        lines.append(f"TiDB 5.0 figures: {targets.get('source', 'source not given')}.")
        for _label, _m, _c, _b, tkey in COMPARISONS:
            t = tmap.get(tkey)
            if t and t.get("workload"):
                lines.append(f"{tkey}: {t['workload']}.")
        if targets.get("caveat"):
            lines.append(f"Caveat: {targets['caveat']}.")
        lines.append("")


def other_section(results, lines):
    """Every result outside the two commit benchmarks, one row per benchmark, parameter set and mode."""
    rows = []

    def key(r):
        cls, method = split_name(r["benchmark"])
        return cls, method, sorted((r.get("params") or {}).items()), r["mode"]

    for r in sorted(results, key=key):
        cls, method = split_name(r["benchmark"])
        if cls in (SINGLE, CONCURRENT):
            continue
        pm = r["primaryMetric"]
        params = ", ".join(f"{k}={v}" for k, v in (r.get("params") or {}).items()) or "\u2013"
        rows.append(f"| `{cls}.{method}` | {params} | {r['mode']} | {r['threads']} | "
                    f"{fmt(number(pm['score']), 3)} | {fmt_err(number(pm.get('scoreError')), 3)} | "
                    f"{pm['scoreUnit']} |")
    lines.append("## Micro-benchmarks")
    lines.append("")
    if not rows:
        lines.append("_Not run._")
    else:
        lines.append("| benchmark | params | mode | threads | score | error | unit |")
        lines.append("|---|---|---|---:|---:|---:|---|")
        lines.extend(rows)
    lines.append("")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", required=True, help="JMH result file (-rf json)")
    ap.add_argument("--out", required=True, help="markdown report to write")
    ap.add_argument("--command", required=True, help="the exact JMH command that produced the JSON")
    ap.add_argument("--build-command", help="the build command run before it")
    ap.add_argument("--targets", help="reference targets JSON (TiDB 5.0 figures)")
    ap.add_argument("--data-dir", help="where the benchmark stores lived (fsync target)")
    args = ap.parse_args()

    with open(args.json, encoding="utf-8") as f:
        results = json.load(f)
    if not results:
        sys.exit(f"{args.json} holds no results")
    targets = None
    if args.targets:
        with open(args.targets, encoding="utf-8") as f:
            targets = json.load(f)

    index = index_results(results)
    first = results[0]
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = ["# Storage commit paths: JMH results", ""]
    lines.append(f"Generated by `benchmarks/scripts/storage_commit_report.py` from `{os.path.basename(args.json)}`; "
                 "do not edit by hand, re-run `benchmarks/run-storage-benchmarks.sh`.")
    lines.append("")
    lines.append(f"- Date: {now}")
    lines.append(f"- JDK: {first.get('jdkVersion', '?')} ({first.get('vmName', '?')} {first.get('vmVersion', '?')})")
    jvm_args = " ".join(first.get("jvmArgs") or [])
    if jvm_args:
        lines.append(f"- JVM arguments: `{jvm_args}`")
    lines.append(f"- CPUs: {os.cpu_count()} \u00d7 {cpu_model()}; OS: {platform.system()} {platform.release()}")
    if args.data_dir:
        lines.append(f"- Store directories under: `{args.data_dir}` (production StoreConfig defaults, "
                     "rocksdb.sync_decisive_writes = true; every commit waits for fsyncs there)")
    lines.append(f"- JMH settings: {settings_line(results)}")
    if args.build_command:
        lines.append(f"- Build: `{args.build_command}`")
    lines.append(f"- Command: `{args.command}`")
    lines.append("")

    comparison_section(index, targets, lines)
    single_section(index, lines)
    concurrent_section(index, lines)
    other_section(results, lines)

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines).rstrip() + "\n")


if __name__ == "__main__":
    main()
