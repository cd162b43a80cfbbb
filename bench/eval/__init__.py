"""The cross-session evaluation suite: hand-written test users over many days, probes with expected memories,
one judge for graphmem and the baselines, and the harness that runs them side by side.

    python -m bench.eval.run            # full suite (all users), writes bench/results/eval.json
    python -m bench.report              # runs nothing new: regenerates bench/REPORT.md + PNGs from results
    python -m bench.report --run        # full suite + perf bench + report in one command

Data: ``bench/eval/users/*.yaml`` (one file per user, format in :mod:`bench.eval.data`).
"""
