"""Neo4j Community without Docker: jars from Maven Central, our own neo4j.conf, JDK 17, one pid file.

Layout under ``settings.neo4j_dir``: ``conf/neo4j.conf``, ``data/``, ``logs/``, ``run/``, ``neo4j.pid``,
``password`` (mode 0600). Jars live in ``settings.cache / "neo4j" / <version>-<pom hash> / lib``.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Callable
from string import Template

from graphmem.errors import (AuthError, AuthRateLimited, ConfigError, InputError, PortInUseError, ServerError,
                             StoreError)
from graphmem.settings import Settings

ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
ADMIN_TOOL = "org.neo4j.cli.AdminTool"   # neo4j-admin, in the same jars
LOG_FILES = ("neo4j.log", "debug.log", "console.log", "http.log", "query.log", "security.log")
JAVA_VERSIONS = (17, 21)  # the JDKs Neo4j 5.26 supports
INITIAL_PASSWORD = "neo4j"
JVM_FLAGS = [  # the server's own defaults, which its shell script would pass
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+UnlockExperimentalVMOptions",
    "-XX:+TrustFinalNonStaticFields",
    "-XX:+DisableExplicitGC",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Djdk.tls.ephemeralDHKeySize=2048",
    "-Djdk.tls.rejectClientInitiatedRenegotiation=true",
    "-XX:FlightRecorderOptions=stackdepth=256",
    "-XX:+UnlockDiagnosticVMOptions",
    "-XX:+DebugNonSafepoints",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "-Dlog4j2.disable.jmx=true",
    "-Dfile.encoding=UTF-8",
]


@dataclass(frozen=True)
class Status:
    running: bool
    pid: int | None
    version: str
    bolt: str
    http: str
    stale_pid: bool = False


def _resource(name: str) -> str:
    return resources.files("graphmem.docker").joinpath(name).read_text(encoding="utf-8")


def neo4j_version() -> str:
    return re.search(r"<neo4j.version>([^<]+)</neo4j.version>", _resource("pom.xml")).group(1)


def jar_dir(settings: Settings) -> Path:
    """Cache folder for this pom's jars, keyed by version and the pom's content."""
    digest = hashlib.sha256(_resource("pom.xml").encode()).hexdigest()[:10]
    return settings.cache / "neo4j" / f"{neo4j_version()}-{digest}" / "lib"


def provision(settings: Settings) -> Path:
    """Download the server jars once (Maven), return the lib folder."""
    lib = jar_dir(settings)
    done = lib.parent / ".complete"
    if done.exists():
        return lib
    mvn = shutil.which("mvn")
    if mvn is None:
        raise ConfigError("Maven (mvn) is not installed: `apt-get install maven` (needed once to fetch Neo4j jars)")
    lib.parent.mkdir(parents=True, exist_ok=True)
    pom = lib.parent / "pom.xml"
    pom.write_text(_resource("pom.xml"), encoding="utf-8")
    tmp = lib.parent / "lib.partial"
    shutil.rmtree(tmp, ignore_errors=True)
    proc = subprocess.run(
        [mvn, "-q", "-B", "-f", str(pom), "dependency:copy-dependencies",
         f"-DoutputDirectory={tmp}", "-DincludeScope=runtime"],
        capture_output=True, text=True,
    )
    if proc.returncode != 0:
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-5:]
        raise ServerError("could not fetch Neo4j jars from Maven Central: " + " | ".join(tail))
    shutil.rmtree(lib, ignore_errors=True)
    tmp.rename(lib)
    done.touch()
    return lib


def find_java(java_home: str | None = None, jvm_dir: Path = Path("/usr/lib/jvm"), path: str | None = None) -> str:
    """A java binary of a supported version: JAVA_HOME, the Debian JDK 17 or 21, then PATH."""
    java_home = os.environ.get("JAVA_HOME") if java_home is None else java_home
    candidates = [Path(java_home) / "bin" / "java"] if java_home else []
    candidates += sorted(jvm_dir.glob("java-17-openjdk*/bin/java")) + sorted(jvm_dir.glob("java-21-openjdk*/bin/java"))
    on_path = shutil.which("java", path=path)
    if on_path:
        candidates.append(Path(on_path))
    for java in candidates:
        if java.exists() and _java_major(java) in JAVA_VERSIONS:
            return str(java)
    raise ConfigError("no Java 17 found for Neo4j 5.26: `apt-get install openjdk-17-jre-headless` "
                      "or set JAVA_HOME to a JDK 17")


def _java_major(java: Path) -> int | None:
    try:
        out = subprocess.run([str(java), "-version"], capture_output=True, text=True, timeout=30).stderr
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r'version "(\d+)', out)
    return int(m.group(1)) if m else None


def _private_dir(path: Path) -> None:
    """A folder only its owner can enter (0700): the store, logs and password are nobody else's to read."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path, 0o700)


def _write_private(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(path, 0o600)


def write_conf(settings: Settings) -> Path:
    root = settings.neo4j_dir
    dirs = {name: root / name for name in ("conf", "data", "logs", "run")}
    _private_dir(root)
    for d in dirs.values():
        _private_dir(d)
    conf = Template(_resource("neo4j.conf.template")).substitute(
        data=dirs["data"], logs=dirs["logs"], run=dirs["run"], bolt_port=settings.bolt_host_port[1],
        http_port=settings.http_port, heap=settings.neo4j_heap, pagecache=settings.neo4j_pagecache,
    )
    path = dirs["conf"] / "neo4j.conf"
    _write_private(path, conf)
    return path


# -- process ------------------------------------------------------------------------------------------

def _pid_file(settings: Settings) -> Path:
    return settings.neo4j_dir / "neo4j.pid"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a pid reused by another program is stale too
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return True
    return ENTRY_POINT.encode() in cmdline


def _read_pid(settings: Settings) -> int | None:
    try:
        return int(_pid_file(settings).read_text().strip())
    except (FileNotFoundError, ValueError):
        return None


def status(settings: Settings) -> Status:
    pid = _read_pid(settings)
    running = pid is not None and _alive(pid)
    host, bolt = settings.bolt_host_port
    return Status(running=running, pid=pid if running else None, version=neo4j_version(),
                  bolt=f"bolt://{host}:{bolt}", http=f"http://127.0.0.1:{settings.http_port}/browser/",
                  stale_pid=pid is not None and not running)


def _port_taken(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def up(settings: Settings, timeout: float = 180.0) -> Status:
    """Start Neo4j (provisioning jars and password on first use); harmless when already running."""
    current = status(settings)
    if current.running:
        _wait_ready(settings, lambda: _alive(current.pid), timeout)
        return current
    if current.stale_pid:
        _pid_file(settings).unlink(missing_ok=True)
    for port in (settings.bolt_host_port[1], settings.http_port):
        if _port_taken(port):
            raise PortInUseError(f"port {port} is already in use by another process; stop it or set "
                                 f"GRAPHMEM_NEO4J_URI / GRAPHMEM_HTTP_PORT to free ports")
    java = find_java()
    lib = provision(settings)
    conf = write_conf(settings)
    if not (settings.neo4j_dir / "data" / "databases" / "system").exists():
        _preset_password(settings, java)   # before the first start: no window for anyone else
    fd = os.open(settings.neo4j_dir / "logs" / "console.log", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    log = os.fdopen(fd, "ab")
    cmd = [java, f"-Xms{settings.neo4j_heap}", f"-Xmx{settings.neo4j_heap}", *JVM_FLAGS,
           "-cp", f"{lib}/*", ENTRY_POINT, f"--home-dir={settings.neo4j_dir}", f"--config-dir={conf.parent}"]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True, cwd=settings.neo4j_dir, umask=0o077)
    log.close()
    _write_private(_pid_file(settings), str(proc.pid))
    try:
        _wait_ready(settings, lambda: proc.poll() is None, timeout)
    except ServerError:
        down(settings)
        raise
    return status(settings)


def down(settings: Settings, timeout: float = 60.0) -> bool:
    """Stop Neo4j with SIGTERM (SIGKILL after ``timeout``). Returns whether it was running."""
    current = status(settings)
    if not current.running:
        _pid_file(settings).unlink(missing_ok=True)
        return False
    os.kill(current.pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while _alive(current.pid) and time.monotonic() < deadline:
        _reap(current.pid)
        time.sleep(0.2)
    if _alive(current.pid):
        os.kill(current.pid, signal.SIGKILL)
    _reap(current.pid)
    _pid_file(settings).unlink(missing_ok=True)
    return True


def _reap(pid: int) -> None:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


def logs(settings: Settings, lines: int = 50, name: str = "neo4j.log") -> str:
    """The last ``lines`` of a server log (``neo4j.log``, ``debug.log`` or ``console.log``; only Neo4j's own
    log files, never a path)."""
    if name not in LOG_FILES:
        raise InputError(f"--file must be one of {', '.join(LOG_FILES)} (the server's log files), got {name!r:.80}")
    path = settings.neo4j_dir / "logs" / name
    if not path.exists():
        return ""
    return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


# -- readiness and password ---------------------------------------------------------------------------

def _wait_ready(settings: Settings, running: Callable[[], bool], timeout: float) -> None:
    """Poll until Bolt answers ``RETURN 1``; set the generated password on first start."""
    from graphmem.store import Store

    password = _ensure_password_file(settings)
    deadline = time.monotonic() + timeout
    while True:
        if not running():
            raise ServerError("Neo4j exited during start-up; last console lines:\n" + logs(settings, 8, "console.log"))
        try:
            with Store(settings.with_(neo4j_password=password)) as store:
                store.ping()
            return
        except AuthRateLimited:   # another local process failed to log in: wait the lock out
            if time.monotonic() > deadline:
                raise ServerError("Neo4j kept refusing logins (authentication rate limit): another local process "
                                  "is trying passwords") from None
            time.sleep(1.0)
        except AuthError:
            _set_initial_password(settings, password)
        except StoreError:
            if time.monotonic() > deadline:
                raise ServerError(f"Neo4j did not answer on {settings.neo4j_uri} within {timeout:.0f}s: "
                                  "see `graphmem neo4j logs`") from None
            time.sleep(0.5)


def _ensure_password_file(settings: Settings) -> str:
    """The password to use: GRAPHMEM_NEO4J_PASSWORD if set, else the generated one (created once, 0600)."""
    if settings.neo4j_password is not None:
        return settings.neo4j_password
    path = settings.password_file
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    password = secrets.token_hex(24)   # never starts with "-": neo4j-admin read "-…" in its argument file as an option
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(password)
    return password


def admin_command(settings: Settings, *args: str, java: str | None = None) -> list[str]:
    """``neo4j-admin ARGS`` for the launcher's home, from the same jars (run it with ``admin_env``)."""
    return [java or find_java(), "-cp", f"{jar_dir(settings)}/*", ADMIN_TOOL, *args]


def admin_env(settings: Settings) -> dict[str, str]:
    return {**os.environ, "NEO4J_HOME": str(settings.neo4j_dir), "NEO4J_CONF": str(settings.neo4j_dir / "conf")}


def admin(settings: Settings, args: list[str]) -> int:
    """Run ``neo4j-admin ARGS`` on the launcher's home (``database dump neo4j --to-path=...``, ``database load``,
    ``database info``...); its output goes to this process's. Returns its exit code. Community dumps and loads
    only a stopped database: ``graphmem neo4j down`` first."""
    provision(settings)
    write_conf(settings)
    return subprocess.run(admin_command(settings, *args), env=admin_env(settings), umask=0o077).returncode


def _preset_password(settings: Settings, java: str) -> None:
    """First start: ``neo4j-admin dbms set-initial-password`` writes our password into the store before the
    server listens, so no local process can claim the initial one first. The password reaches neo4j-admin in a
    0600 argument file (``@file``), never on a command line."""
    password = _ensure_password_file(settings)
    args = settings.neo4j_dir / "run" / "initial-password.args"
    fd = os.open(args, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write('"' + password.replace("\\", "\\\\").replace('"', '\\"') + '"\n')
    try:
        proc = subprocess.run(admin_command(settings, "dbms", "set-initial-password", f"@{args}", java=java),
                              env=admin_env(settings), capture_output=True, text=True, timeout=120, umask=0o077)
    finally:
        args.unlink(missing_ok=True)
    if proc.returncode != 0:
        raise ServerError("neo4j-admin could not set the initial password: " + (proc.stdout + proc.stderr)[-300:])


def _set_initial_password(settings: Settings, password: str) -> None:
    """First start: the server still has the initial password; change it to ours."""
    from graphmem.store import Store

    with Store(settings.with_(neo4j_password=INITIAL_PASSWORD)) as store:
        try:
            store.run_auto("admin/set_password", {"old": INITIAL_PASSWORD, "new": password}, database="system")
        except StoreError as e:
            raise ServerError(
                f"Neo4j rejected both the stored password ({settings.password_file}) and the initial one; "
                f"the data in {settings.neo4j_dir / 'data'} belongs to another password ({e})") from None
