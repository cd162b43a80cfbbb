"""Helper process for the SIGKILL test (not a test module): journals N turns, then kills itself with SIGKILL
inside the first batch, either just before the Neo4j commit or just after it (before the journal is cleared).
A fifth argument ``mixed`` journals greetings and exact repeats of one fact instead (turns the gate turns away)."""

from __future__ import annotations

import os
import signal
import sys
import threading

from graphmem.model import FactInput
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.write import Writer


def main() -> None:
    tenant, journal, mode, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    mixed = sys.argv[5:] == ["mixed"]
    all_journaled = threading.Event()

    def die() -> None:
        all_journaled.wait(120)
        os.kill(os.getpid(), signal.SIGKILL)

    settings = Settings.from_env(tenant=tenant)
    w = Writer(Store(settings), settings, journal_path=journal, hooks={mode: die}, batch_size=1000)
    for i in range(n):
        if mixed and i % 2 == 0:
            w.add("u1", "s1", i, "Hello there!")
        elif mixed:
            w.add("u1", "s1", i, "My budget is 8000.", facts=[FactInput("attribute", "", "budget", 8000)])
        else:
            w.add("u1", "s1", i, f"fact number {i} is {i * 7}", facts=[FactInput("attribute", "", f"k{i}", i * 7)])
    print("journaled", n, flush=True)
    all_journaled.set()
    w.flush(120)
    sys.exit(3)  # never reached: the process is killed in the first batch


if __name__ == "__main__":
    main()
