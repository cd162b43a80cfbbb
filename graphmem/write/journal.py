"""The durable local journal (stdlib sqlite3, WAL): an accepted turn is written here on the caller's thread
and leaves only after Neo4j committed it; whatever is left is replayed on start.

``synchronous=NORMAL`` in WAL mode survives a killed process (SIGKILL) — the data is in the OS — but not a
power cut of the machine; pass ``durable=True`` for ``synchronous=FULL`` (an fsync per turn).
One writer process per journal file.

Each caller thread appends on a connection of its own (up to ``MAX_APPENDERS``; further threads share one
behind a lock), one statement per turn and no Python lock: a caller that waits for the interpreter never
holds up the others. The worker takes, finishes and checkpoints on another connection (WAL lets them run side
by side), so no caller waits behind the worker's batch. The WAL is checkpointed by the worker (PASSIVE,
never blocking an append), not by whichever append crosses SQLite's auto-checkpoint threshold.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from graphmem.errors import ConfigError

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS journal (seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, "
    "payload TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, enqueued REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS dead (key TEXT PRIMARY KEY, payload TEXT NOT NULL, error TEXT NOT NULL, at REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seen (key TEXT PRIMARY KEY, at REAL NOT NULL)",
)
SEEN_KEEP = 200_000   # keys of turns the gate rejected, remembered locally (a repeat submit is skipped)
CHECKPOINT_EVERY = 64   # finished batches between the worker's WAL checkpoints
MAX_APPENDERS = 64      # caller threads with a connection of their own
APPEND = ("INSERT OR IGNORE INTO journal (key, payload, enqueued) SELECT ?, ?, ? "
          "WHERE NOT EXISTS (SELECT 1 FROM seen WHERE key = ?)")


SQLITE_FILES = ("", "-wal", "-shm")   # the database, its WAL and its shared memory: ``path`` + suffix
LOCK = ".lock"                        # ``path`` + this: the one writer's lock (``Journal._take_lock``)


def _private(path: Path) -> None:
    """The journal holds users' turns: owner-only (0600), its WAL and shared-memory files too (SQLite gives
    them the database file's mode)."""
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    for p in (Path(f"{path}{suffix}") for suffix in SQLITE_FILES):
        if p.exists():
            os.chmod(p, 0o600)


def remove(path: Path | str) -> None:
    """Delete a closed journal and the files beside it (WAL, shared memory, the writers' lock): what a benchmark
    or a test that made its own journal leaves behind."""
    for suffix in (*SQLITE_FILES, LOCK):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


@dataclass(frozen=True)
class Entry:
    seq: int
    key: str
    payload: dict
    attempts: int


class Journal:
    def __init__(self, path: Path | str, *, durable: bool = False):
        self.path = Path(path)
        self.durable = durable
        self._db: sqlite3.Connection | None = None       # the worker's connection (take, done, ...)
        self._adb: sqlite3.Connection | None = None      # the shared append connection (threads beyond the cap)
        self._mine = threading.local()                   # a caller thread's own append connection
        self._appenders: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._alock = threading.Lock()
        self._lock_fd: int | None = None
        self._done_batches = 0

    def open(self) -> "Journal":
        if self._db is None:
            if str(self.path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                self._take_lock()
                _private(self.path)
            db = self._connect()
            for stmt in SCHEMA:
                db.execute(stmt)
            self._db = db
            self._adb = db if str(self.path) == ":memory:" else self._connect()
            if self._adb is db:
                self._alock = self._lock
        return self

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None, timeout=30)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
        db.execute("PRAGMA wal_autocheckpoint=0")   # the worker checkpoints (see done)
        return db

    def close(self) -> None:
        with self._alock:
            for c in self._appenders:
                c.close()
            self._appenders = []
            self._mine = threading.local()
            if self._adb is not None and self._adb is not self._db:
                self._adb.close()
            self._adb = None
        with self._lock:
            if self._db is not None:
                self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                self._db.close()
                self._db = None
            if self._lock_fd is not None:
                os.close(self._lock_fd)   # releases the flock
                self._lock_fd = None

    def _take_lock(self) -> None:
        """One writer per journal: a second one would replay the same turns twice."""
        fd = os.open(f"{self.path}{LOCK}", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise ConfigError(f"the write journal {self.path} is in use by another writer; give each process "
                              f"its own journal_path (or GRAPHMEM_HOME)") from None
        self._lock_fd = fd

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            raise ConfigError(f"the write journal {self.path} is not open")
        return self._db

    def append(self, key: str, payload: dict) -> bool:
        """Store one turn; False if the same key is already waiting or was recently rejected (a repeat). A
        stored turn submitted again is journaled: the writer finds its Event and skips it, unless it was
        forgotten meanwhile (then it is stored again)."""
        data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        row = (key, data, time.time(), key)
        own = self._appender()
        if own is not None:
            return own.execute(APPEND, row).rowcount == 1   # one statement, one commit, no Python lock
        with self._alock:
            if self._adb is None:
                raise ConfigError(f"the write journal {self.path} is not open")
            return self._adb.execute(APPEND, row).rowcount == 1

    def _appender(self) -> sqlite3.Connection | None:
        """This thread's own append connection (made on its first append), or None: use the shared one."""
        own = getattr(self._mine, "db", None)
        if own is not None or self._adb is self._db:
            return own
        with self._alock:
            if self._adb is None:
                raise ConfigError(f"the write journal {self.path} is not open")
            if len(self._appenders) >= MAX_APPENDERS:
                return None
            own = self._mine.db = self._connect()
            self._appenders.append(own)
        return own

    def take(self, limit: int, after: int = 0) -> list[Entry]:
        """The oldest waiting entries (they stay until ``done``)."""
        with self._lock:
            rows = self.db.execute("SELECT seq, key, payload, attempts FROM journal WHERE seq > ? ORDER BY seq LIMIT ?",
                                   (after, limit)).fetchall()
        return [Entry(seq, key, json.loads(p), attempts) for seq, key, p, attempts in rows]

    def done(self, keys: list[str], remember: list[str] | None = None) -> None:
        """Committed (or rejected): leave the journal; ``remember`` (default: all of them) are recorded as seen,
        in one sqlite transaction."""
        now = time.time()
        remember = keys if remember is None else remember
        with self._lock:
            self.db.execute("BEGIN")
            self.db.executemany("DELETE FROM journal WHERE key = ?", [(k,) for k in keys])
            self.db.executemany("INSERT OR REPLACE INTO seen (key, at) VALUES (?, ?)", [(k, now) for k in remember])
            self._done_count = getattr(self, "_done_count", 0) + len(keys)
            if self._done_count > 10_000:
                self._done_count = 0
                self.db.execute("DELETE FROM seen WHERE key IN (SELECT key FROM seen ORDER BY at DESC LIMIT -1 OFFSET ?)",
                                (SEEN_KEEP,))
            self.db.execute("COMMIT")
            self._done_batches += 1
            if self._done_batches % CHECKPOINT_EVERY == 0:   # PASSIVE: appends go on meanwhile
                self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def failed_attempt(self, key: str) -> int:
        with self._lock:
            self.db.execute("UPDATE journal SET attempts = attempts + 1 WHERE key = ?", (key,))
            row = self.db.execute("SELECT attempts FROM journal WHERE key = ?", (key,)).fetchone()
        return row[0] if row else 0

    def bury(self, key: str, error: str) -> None:
        """Move a turn that keeps failing out of the way (kept in ``dead``, never dropped silently)."""
        with self._lock:
            self.db.execute("BEGIN")
            self.db.execute("INSERT OR REPLACE INTO dead (key, payload, error, at) "
                            "SELECT key, payload, ?, ? FROM journal WHERE key = ?", (error[:2000], time.time(), key))
            self.db.execute("DELETE FROM journal WHERE key = ?", (key,))
            self.db.execute("COMMIT")

    def pending(self) -> int:
        with self._lock:
            return self.db.execute("SELECT count(*) FROM journal").fetchone()[0]

    def dead(self) -> list[dict]:
        with self._lock:
            rows = self.db.execute("SELECT key, payload, error, at FROM dead ORDER BY at").fetchall()
        return [{"key": k, "payload": json.loads(p), "error": e, "at": a} for k, p, e, a in rows]
