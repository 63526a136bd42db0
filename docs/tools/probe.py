#!/usr/bin/env python3
"""Hostile-input probes for the built gpulab (issue 23): every case runs the real launcher as a user would and is
judged from outside. Per category it counts stack traces, library log noise, hangs, partial or stray output files,
silent successes of input that must be refused, failures of cases that must succeed, exit codes, and the worst CPU
time and resident memory.

  python3 docs/tools/probe.py [--gpulab ./gpulab] [--work DIR] [--only CATEGORY,...] [--hang SECONDS]
                              [--big-dump [PODS]] [--json]

Targets (issue 23): 0 traces, 0 hangs, 0 partial files, 0 silent drops; every process under 20 s CPU and 2 GB
resident, or refused up front naming its limit. A case that must be refused fails the probe if it exits 0; one that
must succeed (valid input, --big-dump's import and run) fails it with any other exit code.
Exit code: 0 when every count is clean, 1 otherwise. The machine's load is printed (wall times under load say
little: CPU time is what the 20 s target is checked against here; hangs are judged by --hang wall seconds).
"""
import argparse
import json
import os
import re
import shlex
import signal
import shutil
import stat
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TRACE = re.compile(r"^\s+at [\w$.<>/]+\(|^Exception in thread|^Caused by: |^(java|javax|com|org|io|sun)\.[\w.$]+"
                   r"(Exception|Error)\b", re.M)
NOISE = re.compile(r"^(SLF4J|WARN |WARNING: |\d\d:\d\d:\d\d[.,]\d+ \[)|\bWARN\b.*\bio\.fabric8\b", re.M)
# stderr is always the terminal's: a control character from a file or server must arrive escaped (stdout is escaped
# only when it is a terminal; piped, it is data)
RAW = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
TMP = re.compile(r"^\..*\.gpulab-\d+-\d+\.tmp$")


class Result:
    def __init__(self, rc, out, err, wall, cpu, rss_kb, hung):
        self.rc, self.out, self.err, self.wall, self.cpu, self.rss_kb, self.hung = rc, out, err, wall, cpu, rss_kb, hung


class Probe:
    def __init__(self, gpulab, work, hang):
        self.gpulab, self.work, self.hang = gpulab, work, hang
        self.rows = []

    def run(self, args, cwd=None, env=None, stdin=None, kill_after=None, tty=False):
        """Runs gpulab ARGS under /usr/bin/time; kill_after: seconds after which the process gets SIGKILL; tty: on a
        pseudo-terminal (util-linux `script`), where what gpulab prints is what the user's terminal obeys."""
        timing = os.path.join(self.work, ".time")
        cmd = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", timing, self.gpulab] + args
        if tty:
            cmd = ["script", "-q", "-e", "-c", shlex.join(cmd), "/dev/null"]
        e = dict(os.environ)
        e.update(env or {})
        start = time.monotonic()
        p = subprocess.Popen(cmd, cwd=cwd or self.work, env=e, stdin=stdin or subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        hung = False
        try:
            out, err = p.communicate(timeout=kill_after if kill_after is not None else self.hang)
        except subprocess.TimeoutExpired:
            hung = kill_after is None
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
        wall = time.monotonic() - start
        cpu, rss = 0.0, 0
        try:
            with open(timing) as f:
                last = f.read().strip().splitlines()[-1].split()
                cpu, rss = float(last[1]) + float(last[2]), int(last[3])
        except (OSError, IndexError, ValueError):
            pass
        return Result(p.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), wall, cpu, rss,
                      hung)

    def record(self, category, name, r, must_fail=False, partial=False, stray=0, note="", must_pass=False):
        """must_fail: input that must be refused (exit 0 counts as silent); must_pass: a case that must succeed (any
        other exit counts as failed, and is printed)."""
        text = r.out + r.err
        row = {"category": category, "case": name, "rc": r.rc, "trace": bool(TRACE.search(text)),
               "noise": bool(NOISE.search(r.err)) or bool(RAW.search(r.err)), "hang": r.hung, "silent": must_fail and r.rc == 0 and not r.hung,
               "failed": must_pass and r.rc != 0 and not r.hung,
               "partial": partial, "stray": stray, "cpu": round(r.cpu, 1), "rss_mb": r.rss_kb // 1024,
               "wall": round(r.wall, 1), "long": len(r.err.splitlines()) > 12, "note": note,
               "first": (r.err.strip().splitlines() or r.out.strip().splitlines() or [""])[0][:200]}
        self.rows.append(row)
        flag = [k for k in ("trace", "noise", "hang", "silent", "failed", "partial") if row[k]] + (["stray"] if stray else [])
        print(f"{category:10} {name:48} rc={r.rc:<4} cpu={r.cpu:5.1f}s rss={row['rss_mb']:5}MB "
              f"{' '.join(flag) or 'ok':14} {row['first'][:90]}", flush=True)
        return row


def write(path, text, mode="w"):
    with open(path, mode) as f:
        f.write(text)
    return path


def strays(d):
    return [n for n in os.listdir(d) if TMP.match(n)]


BASE = """apiVersion: gpulab.io/v1
kind: Scenario
metadata: {name: probe}
lab:
  tenants:
    - name: tenant-a
      workers:
        - name: w-a
          cpu: 4
          cards:
            - {model: A100-80GB, count: 1}
steps:
  - submit:
      tenant: tenant-a
      pod:
        apiVersion: v1
        kind: Pod
        metadata: {name: p1}
        spec:
          containers:
            - name: main
              image: busybox
              resources:
                limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 20000}
    expect: {phase: Running, node: w-a}
"""


def scenarios(p, d):
    """`run` on scenarios a hand or a broken tool wrote: each must be refused in one line naming file and line."""
    cases = {
        "gpu-2^64+1": BASE.replace("nvidia.com/gpu: 1,", 'nvidia.com/gpu: "18446744073709551617",'),
        "gpumem-huge-Ei": BASE.replace("gpumem: 20000", "gpumem: 99999999999999999999999Ei"),
        "memory-9999999Gi": BASE.replace("gpumem: 20000", "gpumem: 20000, memory: 9999999Gi"),
        "gpu-fraction": BASE.replace("nvidia.com/gpu: 1,", "nvidia.com/gpu: 1.5,"),
        "gpu-negative": BASE.replace("nvidia.com/gpu: 1,", "nvidia.com/gpu: -1,"),
        "cpu-word": BASE.replace("cpu: 4", "cpu: four"),
        "cpu-2^63": BASE.replace("cpu: 4", "cpu: 9223372036854775808"),
        "unknown-key": BASE.replace("cpu: 4", "cpu: 4\n          gpus: 2"),
        "duplicate-key": BASE.replace("cpu: 4", "cpu: 4\n          cpu: 8"),
        "no-metadata": BASE.replace("metadata: {name: p1}\n", ""),
        "bad-name": BASE.replace("name: p1", "name: P_1"),
        "nul-byte": BASE.replace("busybox", "busy\0box"),
        "escape-seq": BASE.replace("name: probe", "name: \"probe\\e[31mred\\e]0;title\\a\""),
        "tab-indent": BASE.replace("  tenants:", "\ttenants:"),
        "truncated": BASE[: len(BASE) // 2],
        "empty": "",
        "not-yaml": "\x89PNG\r\n\x1a\n" + "\x00" * 64,
        "list-not-map": "- a\n- b\n",
        "billion-laughs": "a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                          "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
                          "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
                          "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: [*g,*g,*g,*g,*g,*g,*g,*g,*g,*g]\n",
        "deep-nesting": "a: " + "[" * 5000 + "]" * 5000 + "\n",
        "long-line": BASE.replace("busybox", "x" * 300_000),
        "advance-huge": BASE + "  - advance: 2562047788015216h\n",
        "wrong-apiversion": BASE.replace("gpulab.io/v1", "gpulab.io/v2"),
        "quota-huge": BASE.replace("    - name: tenant-a\n", "    - name: tenant-a\n      resourceQuotas:\n"
                                   "        - {apiVersion: v1, kind: ResourceQuota, metadata: {name: q}, "
                                   "spec: {hard: {limits.nvidia.com/gpumem: \"99999999999999999999\"}}}\n"),
        "cut-generated": None,   # a gpulab-written scenario cut in the middle: the end marker must catch it
    }
    for name, text in cases.items():
        f = os.path.join(d, name + ".yaml")
        if text is None:
            r = p.run(["import", "openb", OPENB_NODES, OPENB_PODS, "--out", os.path.join(d, "whole.yaml"), "--force"])
            whole = open(os.path.join(d, "whole.yaml")).read() if r.rc == 0 else BASE
            text = whole[: len(whole) * 2 // 3]
            text = text[: text.rfind("\n  - ") + 1]   # cut at a step boundary: the worst case
        write(f, text)
        p.record("scenario", name, p.run(["run", f]), must_fail=name != "escape-seq")
    for name, path in (("fifo", os.path.join(d, "fifo.yaml")), ("directory", d), ("dev-zero", "/dev/zero"),
                       ("missing", os.path.join(d, "nope.yaml"))):
        if name == "fifo":
            fifo(path)
        p.record("scenario", name, p.run(["run", path]), must_fail=True)
    p.record("scenario", "valid-base", p.run(["run", write(os.path.join(d, "ok.yaml"), BASE)]), must_pass=True)


def traces(p, d):
    """`trace` and `why-pending --snapshot` with awkward pods and tenants."""
    ok = write(os.path.join(d, "ok.yaml"), BASE)
    # why-pending --snapshot reads the pods a snapshot holds (no step is played): an imported one, with pending pods
    gen_dump(os.path.join(d, "dump.yaml"), 40)
    snap = os.path.join(d, "snap.yaml")
    p.run(["import", "snapshot", "--tenant", "tenant-a=" + os.path.join(d, "dump.yaml"), "--out", snap, "--force"])
    for name, args, bad in (
            ("trace-unknown-pod", ["trace", ok, "--pod", "default/nope"], True),
            ("trace-no-slash", ["trace", ok, "--pod", "nope"], True),
            ("trace-escape-pod", ["trace", ok, "--pod", "default/\x1b[31mx"], True),
            ("trace-unknown-tenant", ["trace", ok, "--pod", "default/p1", "--tenant", "zz"], True),
            ("trace-json", ["trace", "article", "--pod", "default/gpu-pod-4", "--json"], False),
            ("trace-article", ["trace", "article", "--pod", "default/gpu-pod-3"], False),
            ("why-pending-snapshot-missing", ["why-pending", "--tenant", "tenant-a", "--pod", "default/p1",
                                              "--snapshot", os.path.join(d, "nope.yaml")], True),
            ("why-pending-snapshot-json", ["why-pending", "--tenant", "tenant-a", "--pod", "team-0/train-0-abcde",
                                           "--snapshot", snap, "--json"], False),
            ("why-pending-snapshot-fifo", ["why-pending", "--tenant", "tenant-a", "--pod", "default/p1",
                                           "--snapshot", fifo(os.path.join(d, "s.fifo"))], True),
    ):
        p.record("trace", name, p.run(args), must_fail=bad, must_pass=not bad)


OPENB_NODES = OPENB_PODS = ""


def fifo(path):
    if not os.path.exists(path):
        os.mkfifo(path)
    return path


def gen_openb(d, nodes, pods):
    """openb-shaped CSVs (the FGD artifact's columns and value ranges), fixed seed."""
    import random
    r = random.Random(23)
    n = os.path.join(d, "openb_node_list_gpu_node.csv")
    with open(n, "w") as f:
        f.write("sn,cpu_milli,memory_mib,gpu,model\n")
        for i in range(nodes):
            f.write("openb-node-%04d,%d,%d,%d,%s\n" % (i, r.choice([32000, 64000, 96000]),
                                                     r.choice([262144, 393216, 786432]), r.choice([1, 2, 4, 8]),
                                                     r.choice(["P100", "T4", "V100M16", "V100M32", "A10"])))
    q = os.path.join(d, "openb_pod_list_default.csv")
    with open(q, "w") as f:
        f.write("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,"
                "scheduled_time\n")
        t = 0
        for i in range(pods):
            t += r.randrange(0, 600)
            g = r.choice([0, 1, 1, 1, 2])
            f.write("openb-pod-%04d,%d,%d,%d,%d,,LS,Running,%d,%d,%d\n" % (
                i, r.choice([1000, 4000, 12000]), r.choice([1024, 8192, 16384]), g,
                r.choice([100, 250, 500, 1000]) if g == 1 else (1000 if g else 0), t, t + r.randrange(60, 86400), t))
    return n, q


def openb(p, d):
    """`import openb` on hostile CSVs: every bad row or header refused with file:line, nothing half written."""
    nodes = "sn,cpu_milli,memory_mib,gpu,model\nn0,64000,262144,2,V100M16\n"
    head = "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time," \
           "scheduled_time\n"
    row = "p0,1000,1024,1,500,,LS,Running,0,100,0\n"
    nf = write(os.path.join(d, "nodes.csv"), nodes)
    cases = {
        "dup-column": (nodes, head.replace("qos", "cpu_milli") + row),
        "neg-cpu": (nodes, head + row.replace("1000,1024", "-1000,1024")),
        "huge-gpu": (nodes, head + row.replace(",1,500,", ",99999999999999999999,500,")),
        "gpu-milli-2000": (nodes, head + row.replace(",500,", ",2000,")),
        "nul": (nodes, head + row.replace("p0", "p\0")),
        "missing-column": (nodes, head.replace(",qos", "") + row),
        "empty-pods": (nodes, ""),
        "header-only-nodes": ("sn,cpu_milli,memory_mib,gpu,model\n", head + row),
        "unknown-model": (nodes.replace("V100M16", "B300"), head + row),
        "creation-2^63": (nodes, head + row.replace("Running,0,100", "Running,9223372036854775807,100")),
        "quoted-newline": (nodes, head + '"p\n0",1000,1024,1,500,,LS,Running,0,100,0\n'),
        "200k-rows": (nodes, head + "".join("p%d,1000,1024,1,500,,LS,Running,%d,%d,%d\n" % (i, i, i + 9, i)
                                            for i in range(200_000))),
    }
    for name, (n, pods) in cases.items():
        out = os.path.join(d, name + ".out.yaml")
        r = p.run(["import", "openb", write(os.path.join(d, name + ".nodes.csv"), n),
                   write(os.path.join(d, name + ".pods.csv"), pods), "--out", out])
        partial = r.rc != 0 and os.path.exists(out)
        row = p.record("openb", name, r, must_fail=True, partial=partial, stray=len(strays(d)))
        if r.rc == 0:   # what import writes, run accepts
            rr = p.run(["run", out])
            if rr.rc not in (0, 1):
                row["silent"] = True
                row["note"] = "import wrote a scenario run refuses: " + rr.err.strip()[:120]
    p.record("openb", "fifo-pods", p.run(["import", "openb", nf, fifo(os.path.join(d, "pods.fifo")),
                                          "--out", os.path.join(d, "f.yaml")]), must_fail=True)
    out = os.path.join(d, "real.yaml")
    r = p.run(["import", "openb", OPENB_NODES, OPENB_PODS, "--out", out, "--force"])
    p.record("openb", "real-default", r, must_pass=True)
    if r.rc == 0:
        p.record("openb", "real-default-run", p.run(["run", out]), must_pass=True)


def annotations(p, d):
    """`import snapshot` with hostile HAMi annotations, objects and sizes; each output is run."""
    def node(name, reg, extra=""):
        return ('- apiVersion: v1\n  kind: Node\n  metadata:\n    name: %s\n    annotations:\n'
                '      hami.io/node-nvidia-register: %s\n%s  status:\n    capacity: {cpu: "8", memory: 64Gi}\n'
                % (name, json.dumps(reg), extra))
    good = json.dumps([{"id": "GPU-0", "count": 10, "devmem": 81920, "devcore": 100, "type": "NVIDIA A100",
                        "health": True}])
    cases = {
        "garbage-register": node("n1", "{{{"),
        "8MB-register": node("n1", "x" * 8_000_000),
        "dup-gpu-id": node("n1", good) + node("n2", good),
        "dup-node": node("n1", good) + node("n1", good),
        "no-metadata": "- apiVersion: v1\n  kind: Node\n  status: {}\n",
        "pod-no-metadata": node("n1", good) + "- apiVersion: v1\n  kind: Pod\n  spec: {}\n",
        "quota-no-metadata": "- apiVersion: v1\n  kind: ResourceQuota\n  spec: {hard: {pods: '1'}}\n",
        "escape-in-name": node("n1\x1b[2J", good),
        "alias-bomb": "x: &a [1,1,1,1,1,1,1,1,1,1]\ny: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                      "z: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nw: &e [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
                      "v: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\nu: [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f]\n",
        "cpu-2^64+1": node("n1", good).replace('cpu: "8"', 'cpu: "18446744073709551617"'),
        "pod-gpu-1.5": node("n1", good) + "- apiVersion: v1\n  kind: Pod\n  metadata: {name: p, namespace: d}\n"
                       "  spec:\n    containers:\n    - name: m\n      resources: {limits: {nvidia.com/gpu: '1.5'}}\n",
        "pod-gpu-huge": node("n1", good) + "- apiVersion: v1\n  kind: Pod\n  metadata: {name: p, namespace: d}\n"
                        "  spec:\n    containers:\n    - name: m\n      resources: {limits: {nvidia.com/gpu: "
                        "'18446744073709551617'}}\n",
    }
    for name, items in cases.items():
        dump = os.path.join(d, name + ".dump.yaml")
        write(dump, items if name == "alias-bomb" else "apiVersion: v1\nkind: List\nitems:\n" + items)
        out = os.path.join(d, name + ".out.yaml")
        r = p.run(["import", "snapshot", "--tenant", "tenant-a=" + dump, "--out", out])
        row = p.record("annotation", name, r, partial=r.rc != 0 and os.path.exists(out), stray=len(strays(d)))
        if r.rc == 0 and "not imported" not in r.out + r.err:   # every case here holds something run would refuse
            row["silent"] = True
            row["note"] = "exit 0 and nothing listed under 'not imported'"
        if r.rc == 0:
            rr = p.run(["run", out])
            if rr.rc not in (0, 1):
                row["silent"] = True
                row["note"] = "import wrote a scenario run refuses: " + rr.err.strip()[:120]
                print("           -> run refuses the import:", rr.err.strip()[:150])
    dump = os.path.join(d, "dup-gpu-id.dump.yaml")
    p.record("annotation", "tenant-twice", p.run(["import", "snapshot", "--tenant", "tenant-a=" + dump, "--tenant",
                                                  "tenant-a=" + dump, "--out", os.path.join(d, "t2.yaml")]),
             must_fail=True)
    p.record("annotation", "hami-values-passwd", p.run(["import", "snapshot", "--tenant", "tenant-a=" + dump,
                                                        "--hami-values", "/etc/passwd",
                                                        "--out", os.path.join(d, "hv.yaml")]), must_fail=True)


PLAN = """apiVersion: gpulab.io/v1
kind: Plan
metadata: {name: probe}
workload:
  pods:
    - {name: t0, count: 20, gpuMemMB: 12000, gpuCores: 5, cpu: "1", memory: 8Gi}
candidates:
  - {name: a100, worker: {cpu: 128, memoryMiB: 1048576, cards: [{model: A100-80GB, count: 8}]}, workers: 2}
  - {name: l4, worker: {cpu: 64, memoryMiB: 524288, cards: [{model: L4-24GB, count: 8}]}, workers: 2}
"""


# the plan's workload read from a live cluster (every tenant the cluster backend can read)
CLUSTER_PLAN = PLAN.replace(
    "  pods:\n    - {name: t0, count: 20, gpuMemMB: 12000, gpuCores: 5, cpu: \"1\", memory: 8Gi}\n",
    "  cluster: {pendingOnly: false}\n")


def plans(p, d):
    """`plan` on unbounded or broken plan files: refused at their line with the limit, within bounded memory."""
    cases = {
        "workers-1e9": PLAN.replace("workers: 2}", "workers: 1000000000}", 1),
        "count-1e6": PLAN.replace("count: 20", "count: 1000000"),
        "maxWorkers-1e6": PLAN.replace("workers: 2}", "minimize: workers, maxWorkers: 1000000}", 1),
        "1001-templates": PLAN.replace("    - {name: t0, count: 20, gpuMemMB: 12000, gpuCores: 5, cpu: \"1\", "
                                       "memory: 8Gi}\n", "".join("    - {name: t%d, count: 1, gpus: 1}\n" % i
                                                                 for i in range(1001))),
        "51-candidates": PLAN + "".join("  - {name: c%d, worker: {cards: [{model: L4-24GB, count: 1}]}, "
                                        "workers: 1}\n" % i for i in range(50)),
        "one-candidate": PLAN[: PLAN.index("  - {name: l4")],
        "price-1e308": PLAN + "prices: {currency: EUR, period: month, cards: {A100-80GB: 1e308, L4-24GB: 1}}\n",
        "question-escape": PLAN.replace("name: probe}", "name: probe}\nquestion: \"a\\e[2Jb\\0c\""),
        "unknown-model": PLAN.replace("model: L4-24GB", "model: B300"),
        "gpus-1.5": PLAN.replace("gpuMemMB: 12000, gpuCores: 5", "gpus: 1.5"),
        "cpu-huge": PLAN.replace('cpu: "1"', 'cpu: "99999999999999999999999"'),
        # within every count's bound, but ran past 120 s and 2 GB: refused up front by its work estimate
        "199082-pods-on-100000-workers": PLAN.replace("count: 20", "count: 199082").replace("workers: 2}",
                                                                                           "workers: 100000}", 1),
    }
    for name, text in cases.items():
        f = write(os.path.join(d, name + ".plan.yaml"), text)
        r = p.run(["plan", f])
        bad = name not in ("price-1e308", "question-escape")
        row = p.record("plan", name, r, must_fail=bad, must_pass=name == "question-escape")
        if name == "199082-pods-on-100000-workers" and r.rc == 2 and "--max-work" not in r.err:
            row["note"] = "refused, but not by its work estimate"
        if name == "price-1e308" and ("Infinity" in r.out or "E16" in r.out):
            row["silent"] = True
            row["note"] = "Infinity or a float exponent in the cost"
    # the same lifted past its work bound: it would take the process past 2 GB, so it is refused up front by its
    # memory estimate, with the estimate and the limit, and writes nothing
    pdf = os.path.join(d, "lifted.pdf")
    r = p.run(["plan", os.path.join(d, "199082-pods-on-100000-workers.plan.yaml"), "--max-work", "100000000",
               "--out", pdf])
    row = p.record("plan", "199082-pods-max-work-lifted", r, must_fail=True, partial=os.path.exists(pdf))
    if r.rc == 2 and not ("this plan needs about" in r.err and "more than the" in r.err):
        row["note"] = "refused, but not by its memory estimate"
    p.record("plan", "valid", p.run(["plan", write(os.path.join(d, "ok.plan.yaml"), PLAN)]), must_pass=True)
    # within its estimate (2,291 steps), but 1,000 pods of 57 % of an L4 on the workers their demand needs hold
    # only 576 at once, and every departure rechecks the ~400 waiting (~90,000 rechecks): stopped while replaying,
    # one line naming the steps done, nothing written
    steps = "".join("  - submit: {tenant: t, pod: {apiVersion: v1, kind: Pod, metadata: {name: p%d}, spec: "
                    "{containers: [{name: m, image: busybox, resources: {limits: {nvidia.com/gpu: 1, "
                    "nvidia.com/gpumem: 14000}}}]}}}\n" % i for i in range(1, 1001))
    steps += "".join("  - delete: {tenant: t, pod: p%d}\n" % i for i in range(1, 1001))
    write(os.path.join(d, "waits.yaml"), "apiVersion: gpulab.io/v1\nkind: Scenario\nmetadata: {name: waits}\n"
          "lab:\n  tenants: [{name: t, workers: [{name: w, cards: [{model: L4}]}]}]\nsteps:\n" + steps)
    f = write(os.path.join(d, "waits.plan.yaml"), "apiVersion: gpulab.io/v1\nkind: Plan\nmetadata: {name: waits}\n"
              "workload: {scenario: waits.yaml}\ncandidates:\n"
              "  - {name: l4, worker: {cpu: 64, memoryMiB: 262144, cards: [{model: L4-24GB, count: 8}]}, workers: 72}\n"
              "  - {name: a100, worker: {cpu: 64, memoryMiB: 262144, cards: [{model: A100-80GB, count: 8}]}, "
              "workers: 25}\n")
    pdf = os.path.join(d, "waits.pdf")
    r = p.run(["plan", f, "--max-work", "5000", "--out", pdf])
    row = p.record("plan", "stopped-past-bound-while-replaying", r, must_fail=True, partial=os.path.exists(pdf),
                   stray=len(strays(d)))
    last = (r.err.strip().splitlines() or [""])[-1]
    if r.rc == 2 and not last.startswith("gpulab plan: this plan was stopped after "):
        row["note"] = "refused, but not stopped by the steps it replayed"


def outputs(p, d):
    """Output files: symlinks, directories, foreign files, FIFOs, and kill -9 at several moments mid-write."""
    home = os.path.join(d, "home")
    os.makedirs(home, exist_ok=True)
    secret = write(os.path.join(home, "secret.txt"), "keep me\n")
    writers = {
        "report": lambda t: ["report", "article", "--out", t],
        "screenshot": lambda t: ["screenshot", "article", "--out", t],
        "openb": lambda t: ["import", "openb", OPENB_NODES, OPENB_PODS, "--out", t],
        "plan-pdf": lambda t: ["plan", os.path.join(d, "ok.plan.yaml"), "--out", t],
    }
    ext = {"report": ".pdf", "screenshot": ".png", "openb": ".yaml", "plan-pdf": ".pdf"}
    write(os.path.join(d, "ok.plan.yaml"), PLAN)
    for w, args in writers.items():
        x = ext[w]
        t = os.path.join(d, "link-" + w + x)
        if not os.path.lexists(t):
            os.symlink(secret, t)
        r = p.run(args(t))
        p.record("output", w + "-symlink", r, must_fail=True,
                 partial=open(secret).read() != "keep me\n" or not os.path.islink(t), stray=len(strays(d)))
        t = os.path.join(d, "dangling-" + w + x)
        if not os.path.lexists(t):
            os.symlink(os.path.join(d, "nowhere", "x"), t)
        p.record("output", w + "-dangling-symlink", p.run(args(t)), must_fail=True,
                 partial=not os.path.islink(t), stray=len(strays(d)))
        t = os.path.join(d, "dir-" + w + x)
        os.makedirs(t, exist_ok=True)
        p.record("output", w + "-empty-dir", p.run(args(t)), must_fail=True, partial=not os.path.isdir(t),
                 stray=len(strays(d)))
        t = write(os.path.join(d, "foreign-" + w + x), "hand-made\n")
        p.record("output", w + "-foreign-file", p.run(args(t)), must_fail=True,
                 partial=open(t).read() != "hand-made\n", stray=len(strays(d)))
        t = fifo(os.path.join(d, "fifo-" + w + x))
        p.record("output", w + "-fifo", p.run(args(t)), must_fail=True, stray=len(strays(d)))
        t = os.path.join(d, "ro", "x" + x)
        os.makedirs(os.path.dirname(t), exist_ok=True)
        os.chmod(os.path.dirname(t), 0o555)
        if os.geteuid() != 0:   # root writes anyway
            p.record("output", w + "-read-only-dir", p.run(args(t)), must_fail=True)
        os.chmod(os.path.dirname(t), 0o755)
        # kill -9 at several moments: the final name holds nothing or a complete file
        for delay in (1.5, 3, 5, 8):
            t = os.path.join(d, "kill-%s-%s%s" % (w, delay, x))
            if os.path.exists(t):
                os.remove(t)
            r = p.run(args(t), kill_after=delay)
            complete = not os.path.exists(t) or whole(t, x)
            p.record("output", "%s-kill9-%ss" % (w, delay), r, partial=not complete, stray=0,
                     note="" if complete else "partial file under the final name")
    for n in strays(d):   # what kill -9 leaves: only hidden temp files, removed by the next write
        os.remove(os.path.join(d, n))


def whole(path, ext):
    data = open(path, "rb").read()
    if ext == ".pdf":
        return data.rstrip().endswith(b"%%EOF")
    if ext == ".png":
        return b"IEND" in data[-16:]
    if ext == ".yaml":
        return b"end of scenario" in data[-400:] or b"generator" in data[:4096] and data.endswith(b"\n")
    return True


def arguments(p, d):
    """Arguments a user mistypes or pushes: each refused in one line with the bound, none runs away."""
    env_missing = {"KUBECONFIG": os.path.join(d, "no-such-kubeconfig")}
    for name, args, bad, env in (
            ("bench-nodes-1e9", ["bench", "--nodes", "1000000000"], True, None),
            ("bench-cards-100000", ["bench", "--cards-per-node", "100000"], True, None),
            ("bench-pods-maxint", ["bench", "--pods", "2147483647"], True, None),
            ("bench-nodes-word", ["bench", "--nodes", "many"], True, None),
            ("screenshot-3000x2000-scale2", ["screenshot", "article", "--size", "3000x2000", "--scale", "2",
                                             "--out", os.path.join(d, "big.png")], False, None),
            ("screenshot-size-0x0", ["screenshot", "article", "--size", "0x0", "--out", os.path.join(d, "z.png")],
             True, None),
            ("screenshot-size-huge", ["screenshot", "article", "--size", "100000x100000",
                                      "--out", os.path.join(d, "h.png")], True, None),
            ("unknown-command", ["frobnicate"], True, None),
            ("unknown-option", ["run", "article", "--frob"], True, None),
            ("run-unknown-builtin", ["run", "no-such-scenario"], True, None),
            ("report-steps-negative", ["report", "article", "--steps", "-1", "--out", os.path.join(d, "n.pdf")],
             True, None),
            ("verify-missing-kubeconfig", ["verify", "article", "--backend", "cluster"], True, env_missing),
            ("why-pending-missing-kubeconfig", ["why-pending", "--tenant", "tenant-a", "--pod", "default/x"], True,
             env_missing),
            ("plan-cluster-refused", ["plan", os.path.join(d, "cluster.plan.yaml")], True,
             {"KUBECONFIG": write(os.path.join(d, "refused.kubeconfig"), KUBECONFIG_REFUSED)}),
            ("kind-bad-docker-host", ["kind", "preflight", "--docker-host", "tcp://[::1"], True, None),
            # what-if reads a snapshot (gpulab import snapshot), never a scenario name
            ("what-if-snapshot", ["what-if", "--snapshot", os.path.join(d, "snap.yaml"), "--add-worker",
                                  "tenant-a:A100-80GB"], False, None),
            ("catalog", ["catalog"], False, None),
            ("help", ["--help"], False, None),
    ):
        if name == "what-if-snapshot":
            gen_dump(os.path.join(d, "dump.yaml"), 40)
            p.run(["import", "snapshot", "--tenant", "tenant-a=" + os.path.join(d, "dump.yaml"), "--out",
                   os.path.join(d, "snap.yaml"), "--force"])
        if name == "plan-cluster-refused":
            # the plan format's cluster workload (docs/plan-format.md), so the plan is read and the cluster is dialled
            write(os.path.join(d, "cluster.plan.yaml"), CLUSTER_PLAN)
        r = p.run(args, env=env)
        row = p.record("argument", name, r, must_fail=bad, must_pass=not bad)
        if name == "plan-cluster-refused":
            # a refused connection is said as such, in one line: never "the cluster has no GPU pods", never a bad plan
            lines = [x for x in r.err.splitlines() if x.strip()]
            if "no GPU pods" in r.out + r.err:
                row["silent"] = True
                row["note"] = "a refused connection read as a cluster without GPU pods"
            elif len(lines) != 1 or "connection refused" not in r.err or "127.0.0.1:1" not in r.err:
                row["noise"] = True
                row["note"] = "not one line naming the refused connection: %d lines" % len(lines)
            if row["note"]:
                print("%10s %s" % ("", row["note"]))


KUBECONFIG_REFUSED = """apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: u, user: {token: probe-token}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
"""


def big_dump(p, d, pods):
    """A kubectl-like dump of PODS pods (~2 KB each: 100,000 pods over 5,000 nodes are 202 MB of YAML): import, then run."""
    dump = os.path.join(d, "dump-%d.yaml" % pods)
    if not os.path.exists(dump):
        gen_dump(dump, pods)
    size = os.path.getsize(dump)
    out = os.path.join(d, "dump-%d.out.json" % pods)
    r = p.run(["import", "snapshot", "--tenant", "tenant-a=" + dump, "--out", out, "--force"],
              env={"GPULAB_JAVA_OPTS": "-Xmx2g"})
    p.record("big-dump", "import %d pods %d MB" % (pods, size >> 20), r, must_pass=True,
             note="wall %.0f s, cpu %.1f s, maxrss %d MB" % (r.wall, r.cpu, r.rss_kb >> 10))
    if r.rc == 0:
        rr = p.run(["run", out], env={"GPULAB_JAVA_OPTS": "-Xmx2g"})
        p.record("big-dump", "run the import", rr, must_pass=True, note="wall %.0f s, cpu %.1f s, maxrss %d MB"
                                                        % (rr.wall, rr.cpu, rr.rss_kb >> 10))


def gen_dump(path, pods):
    nodes = max(1, pods // 20)
    reg = lambda i: json.dumps([{"id": "GPU-%d-%d" % (i, k), "count": 10, "devmem": 81920, "devcore": 100,
                                 "type": "NVIDIA A100", "mode": "hami-core", "health": True} for k in range(8)])
    env = "".join("      - name: VAR_%02d\n        value: \"%s\"\n" % (k, "v" * 24) for k in range(14))
    with open(path, "w") as f:
        f.write("apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: \"\"\nitems:\n")
        for i in range(nodes):
            f.write("- apiVersion: v1\n  kind: Node\n  metadata:\n    name: node-%d\n    labels:\n"
                    "      kubernetes.io/hostname: node-%d\n    annotations:\n      hami.io/node-nvidia-register: '%s'\n"
                    "  status:\n    capacity:\n      cpu: \"64\"\n      memory: 528280312Ki\n"
                    "      nvidia.com/gpu: \"80\"\n    conditions:\n    - type: Ready\n      status: \"True\"\n"
                    % (i, i, reg(i)))
        for i in range(pods):
            f.write("""- apiVersion: v1
  kind: Pod
  metadata:
    name: train-%d-abcde
    namespace: team-%d
    uid: 6f1c2a7e-%08x-4c1e-9a1b-2f3e4d5c6b7a
    labels: {app: train, pod-template-hash: 7d9f8c6b5}
    annotations:
      kubectl.kubernetes.io/restartedAt: "2024-01-01T00:00:00Z"
    managedFields:
    - apiVersion: v1
      fieldsType: FieldsV1
      fieldsV1:
        f:metadata: {f:labels: {.: {}, f:app: {}}}
        f:spec: {f:containers: {'k:{"name":"main"}': {.: {}, f:image: {}, f:env: {}}}}
      manager: kube-controller-manager
      operation: Update
  spec:
    nodeName: node-%d
    schedulerName: hami-scheduler
    containers:
    - name: main
      image: registry.example.com/ml/train:v1.2.3
      env:
%s      resources:
        limits: {nvidia.com/gpu: "1", nvidia.com/gpumem: "8000", nvidia.com/gpucores: "20"}
        requests: {cpu: 500m, memory: 2Gi}
  status:
    phase: %s
    conditions:
    - {type: Ready, status: "True", lastTransitionTime: "2024-01-01T00:00:00Z"}
""" % (i, i % 50, i, i % nodes, env, "Running" if i % 10 else "Pending"))


# What a hostile or broken API server sends: ESC sequences (clear screen, set the window title), BEL and NUL.
EVIL = "evil\u001b[2J\u001b]0;pwned\u0007\u0000end"
EVIL_RAW = ("\x1b[2J", "\x1b]0;", "\x07", "\x00")


class FakeApiServer:
    """A Kubernetes API server on loopback (plain HTTP): mode "401" refuses every request; mode "esc" serves one node
    with HAMi's register annotation, one pending pod and a FailedScheduling event whose texts hold EVIL."""

    def __init__(self, mode):
        node = {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "w1", "resourceVersion": "1", "annotations": {
            "hami.io/node-nvidia-register": json.dumps([{"id": "GPU-0", "count": 10, "devmem": 81920, "devcore": 100,
                                                          "type": "NVIDIA A100", "health": True}])}},
                "status": {"capacity": {"cpu": "8", "memory": "64Gi"}, "allocatable": {"cpu": "8", "memory": "64Gi"},
                           "conditions": [{"type": "Ready", "status": "True"}]}}
        pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "x", "namespace": "default",
                                                               "resourceVersion": "1", "annotations": {"note": EVIL}},
               "spec": {"schedulerName": "hami-scheduler", "containers": [{"name": "m", "image": "i", "resources": {
                   "limits": {"nvidia.com/gpu": "1", "nvidia.com/gpumem": "900000"}}}]},
               "status": {"phase": "Pending", "conditions": [{"type": "PodScheduled", "status": "False",
                                                              "message": EVIL}]}}
        event = {"apiVersion": "v1", "kind": "Event", "metadata": {"name": "x.1", "namespace": "default",
                                                                   "resourceVersion": "1"},
                 "involvedObject": {"kind": "Pod", "name": "x", "namespace": "default"}, "reason": "FailedScheduling",
                 "message": EVIL, "type": "Warning", "lastTimestamp": "2026-01-01T00:00:00Z", "count": 1}

        def lst(kind, items):
            return {"apiVersion": "v1", "kind": kind + "List", "metadata": {"resourceVersion": "1"}, "items": items}
        routes = {"/nodes": lst("Node", [node]), "/nodes/w1": node, "/pods": lst("Pod", [pod]), "/pods/x": pod,
                  "/events": lst("Event", [event]), "/resourcequotas": lst("ResourceQuota", []),
                  "/version": {"major": "1", "minor": "32", "gitVersion": "v1.32.0"}}
        self.requests = 0
        probe = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def send(self, code, body):
                b = json.dumps(body).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(b)))
                self.end_headers()
                self.wfile.write(b)

            def do_GET(self):
                probe.requests += 1
                path = self.path.split("?")[0]
                if mode == "401":
                    return self.send(401, {"kind": "Status", "apiVersion": "v1", "status": "Failure",
                                           "message": "Unauthorized", "reason": "Unauthorized", "code": 401})
                if "watch=true" in self.path:   # a watch that stays open and quiet
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    return
                for suffix, body in routes.items():
                    if path.endswith(suffix):
                        return self.send(200, body)
                return self.send(404, {"kind": "Status", "apiVersion": "v1", "status": "Failure",
                                       "message": "not found", "reason": "NotFound", "code": 404})

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def kubeconfig(self, path, token):
        return write(path, KUBECONFIG_REFUSED.replace("https://127.0.0.1:1", self.url).replace("probe-token", token))

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def servers(p, d):
    """A tenant whose API server refuses our credentials (401): every command that reads it fails in one line that
    names the tenant and the server and says the refusal once; no credential is printed; verify still writes its
    report."""
    srv = FakeApiServer("401")
    try:
        kc = "tenant-a=" + srv.kubeconfig(os.path.join(d, "kc-401"), "probe-s3cr3t")
        plan = write(os.path.join(d, "cluster.plan.yaml"), CLUSTER_PLAN)
        tenant = ["--no-management", "--tenant-kubeconfig", kc]
        shot = os.path.join(d, "s.png")
        for name, args in (
                ("plan-401", ["plan", plan] + tenant),
                ("why-pending-401", ["why-pending", "--tenant", "tenant-a", "--pod", "default/x"] + tenant),
                ("what-if-401", ["what-if", "--add-worker", "tenant-a:A100-80GB:1"] + tenant),
                ("screenshot-401", ["screenshot", "article", "--backend", "cluster", "--out", shot] + tenant),
                ("verify-401", ["verify", "article", "--backend", "cluster", "--report",
                                os.path.join(d, "report")] + tenant)):
            r = p.run(args)
            row = p.record("server", name, r, must_fail=True, partial=os.path.exists(shot))
            lines = [x for x in r.err.splitlines() if x.strip()]
            problems = []
            if len(lines) != 1:
                problems.append("%d lines on stderr" % len(lines))
            if r.err.count("401") != 1:
                problems.append("401 said %d times" % r.err.count("401"))
            if srv.url not in r.err or "tenant-a" not in r.err:
                problems.append("the tenant or its server not named")
            if "probe-s3cr3t" in r.out + r.err:
                problems.append("the token printed")
            if name == "verify-401" and not os.path.isdir(os.path.join(d, "report")):
                problems.append("no report written")
            if problems:
                row["noise"] = True
                row["note"] = "; ".join(problems)
                print("%10s %s" % ("", row["note"]))
    finally:
        srv.close()


def terminal(p, d):
    """Control characters from a file or a server reach a real terminal escaped: a plan's question, and an API
    server's pod annotation, condition and event message (why-pending, live), each run on a pseudo-terminal."""
    if not shutil.which("script"):
        print("terminal: skipped (no `script` from util-linux)")
        return
    q = write(os.path.join(d, "q.plan.yaml"), PLAN.replace("metadata: {name: probe}",
                                                           "metadata: {name: probe}\nquestion: \"a\\e[2Jb\\0c\""))
    srv = FakeApiServer("esc")
    try:
        kc = "tenant-a=" + srv.kubeconfig(os.path.join(d, "kc-esc"), "probe-s3cr3t")
        for name, args in (
                ("plan-question-esc", ["plan", q]),
                ("why-pending-server-esc", ["why-pending", "--tenant", "tenant-a", "--pod", "default/x",
                                            "--no-management", "--tenant-kubeconfig", kc]),
                ("why-pending-server-esc-json", ["why-pending", "--tenant", "tenant-a", "--pod", "default/x",
                                                 "--no-management", "--tenant-kubeconfig", kc, "--json"])):
            r = p.run(args, tty=True)
            raw = [repr(x) for x in EVIL_RAW if x in r.out + r.err]
            row = p.record("terminal", name, r)
            if raw:
                row["noise"] = True
                row["note"] = "raw on the terminal: " + " ".join(raw)
                print("%10s %s" % ("", row["note"]))
    finally:
        srv.close()


def full_disk(p, d):
    """Every writer on a full disk (a 512 KiB tmpfs, filled but for FILL_ROOM bytes, and filled whole): one line
    naming the full disk, nothing under the final name, no temporary file left. Needs root (mount); skipped
    otherwise."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        print("disk: skipped (mounting a small tmpfs needs root)")
        return
    mnt = os.path.join(d, "full")
    os.makedirs(mnt, exist_ok=True)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", mnt]).returncode != 0:
        print("disk: skipped (mount failed)")
        return
    try:
        plan = write(os.path.join(d, "ok.plan.yaml"), PLAN)
        dump = os.path.join(d, "dump-200.yaml")
        gen_dump(dump, 200)
        shot = os.path.join(d, "shot.png")
        writers = {
            "openb": lambda t: ["import", "openb", OPENB_NODES, OPENB_PODS, "--out", t],
            "snapshot-yaml": lambda t: ["import", "snapshot", "--tenant", "tenant-a=" + dump, "--out", t],
            "snapshot-json": lambda t: ["import", "snapshot", "--tenant", "tenant-a=" + dump, "--out", t + ".json"],
            "report": lambda t: ["report", "article", "--out", t + ".pdf"],
            "plan-pdf": lambda t: ["plan", plan, "--out", t + ".pdf"],
            "plan-csv": lambda t: ["plan", plan, "--csv", t],
            "screenshot": lambda t: ["screenshot", "article", "--out", t + ".png"],
            "screenshot-layout": lambda t: ["screenshot", "article", "--out", shot, "--force", "--layout",
                                            t + ".json"],
            "screenshot-scenario": lambda t: ["screenshot", "article", "--out", shot, "--force", "--scenario-out",
                                              t + ".yaml"],
            "verify-report": lambda t: ["verify", "article", "--report", t],
            "isolation": lambda t: ["isolation", "article", "--out", t + ".pdf"],
        }
        for room, label in ((20_000, "20KB-free"), (0, "no-room")):
            for w, args in writers.items():
                for n in os.listdir(mnt):
                    path = os.path.join(mnt, n)
                    shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
                free = os.statvfs(mnt).f_bavail * os.statvfs(mnt).f_frsize
                with open(os.path.join(mnt, "filler"), "wb", buffering=0) as f:
                    try:
                        f.write(b"\0" * max(0, free - room))
                        while room == 0:
                            f.write(b"\0" * 4096)
                    except OSError:
                        pass   # full: what the case wants
                r = p.run(args(os.path.join(mnt, "out")))
                left = [n for n in os.listdir(mnt) if n != "filler"]
                # with 20 KB free a small output fits and is written whole (exit 0); a failure is one error line
                # (progress lines such as plan's are not errors) that says the disk is full, and leaves nothing
                fitted = r.rc == 0 and room > 0
                row = p.record("disk", "%s-%s" % (w, label), r, must_fail=room == 0,
                               partial=bool(left) and not fitted, stray=len([n for n in left if TMP.match(n)]))
                errors = [x for x in r.err.splitlines() if x.startswith("gpulab")]
                if not fitted and (len(errors) != 1 or "no space left" not in errors[0]):
                    row["noise"] = True
                    row["note"] = "%d error lines, %s" % (len(errors), "says the disk is full" if "no space left"
                                                          in r.err else "does not say the disk is full")
                elif fitted:
                    row["note"] = "fitted in 20 KB: " + " ".join(left)
                if left and not fitted:
                    row["note"] = (row["note"] + "; " if row["note"] else "") + "left: " + " ".join(left)
                if row["note"]:
                    print("%10s %s" % ("", row["note"]))
    finally:
        subprocess.run(["umount", mnt])


CATEGORIES = {"scenario": scenarios, "trace": traces, "openb": openb, "annotation": annotations, "plan": plans,
              "output": outputs, "argument": arguments, "server": servers, "terminal": terminal, "disk": full_disk}


def main():
    global OPENB_NODES, OPENB_PODS
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    a.add_argument("--gpulab", default=os.path.join(root, "gpulab"))
    a.add_argument("--work", default="/tmp/gpulab-probe")
    a.add_argument("--only", default=",".join(CATEGORIES), help="categories, comma-separated; import = openb,annotation")
    a.add_argument("--hang", type=float, default=120, help="wall seconds after which a case counts as hung")
    a.add_argument("--big-dump", type=int, nargs="?", const=100000, default=0, metavar="PODS",
                   help="also import a generated dump of PODS pods (alone: 100000, ~200 MB, minutes) and run the "
                   "result under -Xmx2g; both must succeed")
    a.add_argument("--openb", metavar="DIR", help="openb_node_list_gpu_node.csv and openb_pod_list_default.csv "
                   "from the openb traces (default: generated ones of the same shape, 300 nodes, 8,000 pods)")
    a.add_argument("--json", action="store_true", help="print every case as JSON at the end")
    o = a.parse_args()
    os.makedirs(o.work, exist_ok=True)
    if o.openb:
        OPENB_NODES = os.path.join(o.openb, "openb_node_list_gpu_node.csv")
        OPENB_PODS = os.path.join(o.openb, "openb_pod_list_default.csv")
    else:
        OPENB_NODES, OPENB_PODS = gen_openb(o.work, 300, 8000)
    p = Probe(os.path.abspath(o.gpulab), o.work, o.hang)
    with open("/proc/loadavg") as f:
        print("load average before:", f.read().split()[:3], flush=True)
    p.run(["--version"])   # builds and prepares the launcher's archive once, outside the figures
    for c in o.only.replace("import", "openb,annotation").split(","):
        d = os.path.join(o.work, c)
        os.makedirs(d, exist_ok=True)
        CATEGORIES[c](p, d)
    if o.big_dump:
        d = os.path.join(o.work, "big")
        os.makedirs(d, exist_ok=True)
        big_dump(p, d, o.big_dump)
    with open("/proc/loadavg") as f:
        print("load average after:", f.read().split()[:3])
    print()
    print("%-10s %5s %6s %6s %5s %7s %7s %6s %6s %8s %7s %8s  %s" % ("category", "cases", "traces", "noise",
                                                                     "hangs", "partial", "silent", "failed", "stray",
                                                                     "max cpu", "max MB", ">12 ln", "exit codes"))
    bad = 0
    for c in list(CATEGORIES) + ["big-dump"]:
        rows = [r for r in p.rows if r["category"] == c]
        if not rows:
            continue
        codes = {}
        for r in rows:
            codes[r["rc"]] = codes.get(r["rc"], 0) + 1
        n = lambda k: sum(1 for r in rows if r[k])
        over = sum(1 for r in rows if r["cpu"] > 20 or r["rss_mb"] > 2048)
        bad += n("trace") + n("hang") + n("partial") + n("silent") + n("failed") + sum(r["stray"] for r in rows) \
            + n("noise")
        print("%-10s %5d %6d %6d %5d %7d %7d %6d %6d %7.1fs %7d %8d  %s%s" % (
            c, len(rows), n("trace"), n("noise"), n("hang"), n("partial"), n("silent"), n("failed"),
            sum(r["stray"] for r in rows),
            max(r["cpu"] for r in rows), max(r["rss_mb"] for r in rows), n("long"),
            " ".join("%s:%d" % (k, v) for k, v in sorted(codes.items())),
            "  (%d over 20 s CPU or 2 GB)" % over if over else ""))
    for r in p.rows:
        if r["trace"] or r["hang"] or r["partial"] or r["silent"] or r["failed"] or r["stray"] or r["noise"]:
            print("  !", r["category"], r["case"], r["rc"], r["note"] or r["first"])
    if o.json:
        print(json.dumps(p.rows, indent=1))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
