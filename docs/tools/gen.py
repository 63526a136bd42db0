# Generates a large lab scenario (docs/benchmarks.md): python3 gen.py WORKERS CARDS PODS SEED [--cpu] > out.json
# One tenant "t" of WORKERS workers (96 CPU, 768 GiB, CARDS x A100-80GB), then PODS submits of one-container pods:
# d = random(); with --cpu d < 0.10 is CPU-only; d < 0.45 asks a whole card (gpucores 100), else a share
# (gpucores = gpumem-percentage: 10/20/25/30/50/60/75 %, with --cpu 25/50/60/75 %); with --cpu every pod also
# requests 1/2/4/8 cores and 8/16/32/64 GiB. Same arguments, same file.
import json, random, sys
workers, cards, pods, seed = map(int, sys.argv[1:5])
cpu = "--cpu" in sys.argv
r = random.Random(seed)
ws = [{"name": "w-%05d" % i, "cpu": 96, "memoryMiB": 786432,
       "cards": [{"model": "A100-80GB", "count": cards}]} for i in range(workers)]
steps = []
for i in range(pods):
    d = r.random()
    res = {}
    if d < 0.10 and cpu:
        limits = None
    elif d < 0.45:
        limits = {"nvidia.com/gpu": 1, "nvidia.com/gpucores": 100}
    else:
        share = r.choice([10, 20, 25, 30, 50, 60, 75]) if not cpu else r.choice([25, 50, 60, 75])
        limits = {"nvidia.com/gpu": 1, "nvidia.com/gpucores": share, "nvidia.com/gpumem-percentage": share}
    if limits:
        res["limits"] = limits
    if cpu:
        res["requests"] = {"cpu": "%dm" % (1000 * r.choice([1, 2, 4, 8])), "memory": "%dMi" % (1024 * r.choice([8, 16, 32, 64]))}
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p-%06d" % i},
           "spec": {"containers": [{"name": "main", "image": "busybox", "resources": res}]}}
    steps.append({"submit": {"tenant": "t", "pod": pod}})
print(json.dumps({"apiVersion": "gpulab.io/v1", "kind": "Scenario", "metadata": {"name": "w%dx%d" % (workers, cards)},
                  "lab": {"tenants": [{"name": "t", "workers": ws}]}, "steps": steps}))
