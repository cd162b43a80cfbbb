"""Embedding on another core: the settings' model in worker processes, serving ``embed(texts)`` over a pipe.

A thread cannot do this. USE's forward pass is many small numpy calls, and with spaCy's parse on the next thread the
two take turns on the interpreter (LoCoMo turns: parse and embedding on two threads take their sum; a worker
overlaps them; ``bench/results/session_caller.md``, stop 46). A worker is a child Python process (``python -m
graphmem.embed_process``) that loads the same embedder from the same packages, offline, and runs each call as one
``embed(texts)`` of its own: the rows are the in-process embedder's to the bit (the same code on the same batches;
``tests/unit/test_embed_process.py``).

Nothing waits for a worker. Until one has loaded its model, while every worker is busy, and after one has died, a call
is embedded in process as before. A worker exits when its pipe closes (this process exiting, even killed).
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import struct
import subprocess
import sys
import threading
from pathlib import Path
from typing import Sequence

import numpy as np

log = logging.getLogger(__name__)

_HEAD = struct.Struct(">cI")   # a frame: one status byte, the payload's length
READY, ROWS, FAILED = b"R", b"V", b"E"


def default_workers() -> int:
    """One worker for each core beyond the caller's, at most two (none on one core: it would only take turns)."""
    return max(0, min(2, (os.cpu_count() or 1) - 1))


class ProcessEmbedder:
    """``inner`` (a built-in embedder the settings chose: ``kind``, ``model``, ``cache_dir``) with its calls run by
    up to ``workers`` worker processes, started on the first call; any call no idle worker takes runs in process."""

    def __init__(self, inner, kind: str, model: str | None, cache_dir, workers: int) -> None:
        self.inner, self.name = inner, inner.name
        self._argv = [sys.executable, "-m", "graphmem.embed_process", kind, model or "", str(cache_dir or "")]
        self._wanted = workers
        self._idle: list[_Worker] = []
        self._all: list[_Worker] = []
        self._lock = threading.Lock()

    @property
    def dimensions(self) -> int:
        return self.inner.dimensions

    def __getattr__(self, name):   # batch_size and the like: the in-process embedder's
        return getattr(self.inner, name)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        worker = self._take() if texts else None
        if worker is None:
            return self.inner.embed(texts)
        try:
            rows = worker.embed(texts)
        except (OSError, EOFError, ValueError, _WorkerFailed) as e:
            log.warning("embedding worker %s stopped (%s); embedding in this process", worker.pid, e)
            worker.close()
            return self.inner.embed(texts)
        with self._lock:
            self._idle.append(worker)
        return rows

    def _take(self) -> "_Worker | None":
        with self._lock:
            if len(self._all) < self._wanted:   # the first call starts them; they take calls once loaded
                self._all += [_Worker(self._argv, self._ready) for _ in range(self._wanted - len(self._all))]
            return self._idle.pop() if self._idle else None

    def _ready(self, worker: "_Worker") -> None:
        with self._lock:
            self._idle.append(worker)

    @property
    def workers(self) -> int:
        """Workers loaded and alive."""
        return len(self.pids)

    @property
    def pids(self) -> list[int]:
        """The process ids of the workers loaded and alive (their CPU is not this process's)."""
        return [w.pid for w in self._all if w.alive]

    def close(self) -> None:
        with self._lock:
            workers, self._all, self._idle, self._wanted = self._all, [], [], 0
        for w in workers:
            w.close()


class _WorkerFailed(Exception):
    pass


class _Worker:
    def __init__(self, argv: list[str], on_ready) -> None:
        root = str(Path(__file__).resolve().parent.parent)
        env = {**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
               "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env=env, close_fds=True)
        self.pid, self.alive = self.proc.pid, False
        _LIVE.add(self)
        threading.Thread(target=self._await, args=(on_ready,), name=f"graphmem-embed-worker-{self.pid}",
                         daemon=True).start()

    def _await(self, on_ready) -> None:
        try:
            status, _ = _read_frame(self.proc.stdout)
        except (OSError, EOFError, ValueError):
            status = FAILED
        if status == READY:
            self.alive = True
            on_ready(self)
        else:
            log.info("embedding worker %s did not start; embedding in this process", self.pid)
            self.close()

    def embed(self, texts: list[str]) -> np.ndarray:
        _write_frame(self.proc.stdin, ROWS, json.dumps(texts, ensure_ascii=False).encode())
        status, payload = _read_frame(self.proc.stdout)
        if status != ROWS:
            raise _WorkerFailed(payload.decode(errors="replace")[:200])
        rows = np.frombuffer(payload, dtype=np.float32)
        return rows.reshape(len(texts), -1).copy()

    def close(self) -> None:
        loaded, self.alive = self.alive, False
        _LIVE.discard(self)
        try:
            self.proc.stdin.close()   # a loaded worker reads the pipe's end and exits
        except OSError:
            pass
        if not loaded:   # one still loading its model would read it only then: a short-lived process does not wait
            self.proc.kill()
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc.kill()


_LIVE: set[_Worker] = set()
atexit.register(lambda: [w.close() for w in list(_LIVE)])


def _write_frame(out, status: bytes, payload: bytes) -> None:
    out.write(_HEAD.pack(status, len(payload)) + payload)
    out.flush()


def _read_frame(src) -> tuple[bytes, bytes]:
    head = _read_exact(src, _HEAD.size)
    status, n = _HEAD.unpack(head)
    return status, _read_exact(src, n)


def _read_exact(src, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = src.read(n - len(data))
        if not chunk:
            raise EOFError("the embedding worker's pipe closed")
        data += chunk
    return data


def serve(kind: str, model: str | None, cache_dir: str | None) -> None:
    """A worker's loop: load the embedder, say ready, then answer each frame of texts with their rows."""
    import signal

    from graphmem.embedders import _shared

    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the parent's Ctrl-C is the parent's; the pipe's end stops this
    src, out = sys.stdin.buffer, sys.stdout.buffer
    try:
        embedder = _shared(kind, model, Path(cache_dir) if cache_dir else None)
        embedder.embed(["warm up"])
    except Exception as e:   # noqa: BLE001 - the parent embeds in process and reports its own error
        _write_frame(out, FAILED, str(e).encode())
        return
    _write_frame(out, READY, b"")
    while True:
        try:
            _, payload = _read_frame(src)
        except EOFError:
            return
        try:
            rows = np.ascontiguousarray(embedder.embed(json.loads(payload)), dtype=np.float32)
        except Exception as e:   # noqa: BLE001 - this call fails over to the parent's own embedder
            _write_frame(out, FAILED, f"{type(e).__name__}: {e}".encode())
            continue
        _write_frame(out, ROWS, rows.tobytes())


if __name__ == "__main__":
    serve(sys.argv[1], sys.argv[2] or None, sys.argv[3] or None)
