"""One frozen settings object. Environment variables are read only by ``Settings.from_env``."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import urlparse

from graphmem.errors import ConfigError

URI_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
EMBEDDERS = ("use", "st", "use+st")

ENV = {
    "neo4j_uri": "GRAPHMEM_NEO4J_URI",
    "neo4j_user": "GRAPHMEM_NEO4J_USER",
    "neo4j_password": "GRAPHMEM_NEO4J_PASSWORD",
    "neo4j_database": "GRAPHMEM_NEO4J_DATABASE",
    "home": "GRAPHMEM_HOME",
    "embedder": "GRAPHMEM_EMBEDDER",
    "st_model": "GRAPHMEM_ST_MODEL",
    "tenant": "GRAPHMEM_TENANT",
    "cache": "GRAPHMEM_CACHE",
    "http_port": "GRAPHMEM_HTTP_PORT",
    "neo4j_heap": "GRAPHMEM_NEO4J_HEAP",
    "neo4j_pagecache": "GRAPHMEM_NEO4J_PAGECACHE",
    "tenant_databases": "GRAPHMEM_TENANT_DATABASES",
    "embed_workers": "GRAPHMEM_EMBED_WORKERS",
}


def default_home() -> Path:
    return Path.home() / ".graphmem"


def default_cache() -> Path:
    return Path.home() / ".cache" / "graphmem"


@dataclass(frozen=True)
class Settings:
    """Everything configurable. ``neo4j_password=None`` means: read the launcher's password file."""

    neo4j_uri: str = "bolt://127.0.0.1:7687"
    neo4j_user: str = "neo4j"
    neo4j_password: str | None = field(default=None, repr=False)
    neo4j_database: str = "neo4j"
    home: Path = field(default_factory=default_home)
    embedder: str = "use"
    st_model: str | None = None
    tenant: str = "default"
    cache: Path = field(default_factory=default_cache)
    http_port: int = 7474
    neo4j_heap: str = "2g"
    neo4j_pagecache: str = "1g"
    #: (tenant, database) pairs: a tenant mapped here lives in its own Neo4j database (Enterprise, Aura); the others
    #: in ``neo4j_database``. From the environment: ``GRAPHMEM_TENANT_DATABASES="acme=acme,globex=globex-eu"``.
    tenant_databases: tuple[tuple[str, str], ...] = ()
    #: worker processes that run the embedder's calls on other cores (``graphmem.embed_process``); None: one for
    #: each core beyond the first, at most two; 0: embed in process only
    embed_workers: int | None = None

    def __post_init__(self) -> None:
        scheme = urlparse(self.neo4j_uri).scheme
        if scheme not in URI_SCHEMES:
            raise ConfigError(
                f"GRAPHMEM_NEO4J_URI {self.neo4j_uri!r} has scheme {scheme!r}; use one of {', '.join(URI_SCHEMES)}"
            )
        if self.embedder not in EMBEDDERS:
            raise ConfigError(f"GRAPHMEM_EMBEDDER {self.embedder!r} is unknown; use one of {', '.join(EMBEDDERS)}")
        if not self.tenant:
            raise ConfigError("tenant must not be empty")
        object.__setattr__(self, "home", Path(self.home).expanduser())
        object.__setattr__(self, "cache", Path(self.cache).expanduser())
        try:
            object.__setattr__(self, "http_port", int(self.http_port))
        except ValueError:
            raise ConfigError(f"GRAPHMEM_HTTP_PORT {self.http_port!r} is not a port number") from None
        object.__setattr__(self, "tenant_databases", _databases(self.tenant_databases))
        if self.embed_workers is not None:
            try:
                workers = int(self.embed_workers)
            except (TypeError, ValueError):
                workers = -1
            if not 0 <= workers <= 16:
                raise ConfigError(f"GRAPHMEM_EMBED_WORKERS {self.embed_workers!r} is not a number of processes (0-16)")
            object.__setattr__(self, "embed_workers", workers)

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides) -> "Settings":
        """Settings from ``GRAPHMEM_*`` variables; keyword overrides win."""
        env = os.environ if environ is None else environ
        if ENV["tenant"] in env and not env[ENV["tenant"]].strip():   # set but empty: not silently "default"
            raise ConfigError("GRAPHMEM_TENANT is set but empty: name a tenant, or unset it for 'default'")
        values = {name: env[var] for name, var in ENV.items() if env.get(var)}
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    def with_(self, **changes) -> "Settings":
        return replace(self, **changes)

    def database_for(self, tenant: str | None = None) -> str:
        """The Neo4j database that holds ``tenant`` (default: this settings' tenant)."""
        return dict(self.tenant_databases).get(self.tenant if tenant is None else tenant, self.neo4j_database)

    @property
    def workers_for_embedding(self) -> int:
        """``embed_workers``, its default resolved for this machine."""
        if self.embed_workers is not None:
            return self.embed_workers
        from graphmem.embed_process import default_workers

        return default_workers()

    @property
    def database(self) -> str:
        return self.database_for(self.tenant)

    @property
    def bolt_host_port(self) -> tuple[str, int]:
        u = urlparse(self.neo4j_uri)
        return u.hostname or "127.0.0.1", u.port or 7687

    @property
    def neo4j_dir(self) -> Path:
        """Where the local launcher keeps conf, data, logs, pid and password."""
        return self.home / "neo4j"

    @property
    def password_file(self) -> Path:
        return self.neo4j_dir / "password"

    @property
    def journal_path(self) -> Path:
        return self.home / "journal.sqlite3"

    def resolved_password(self) -> str:
        """The explicit password, else the one the local launcher generated."""
        if self.neo4j_password is not None:
            return self.neo4j_password
        try:
            return self.password_file.read_text().strip()
        except FileNotFoundError:
            raise ConfigError(
                f"no Neo4j password: set GRAPHMEM_NEO4J_PASSWORD or run `graphmem neo4j up` "
                f"(which writes {self.password_file})"
            ) from None


_DB_NAME = re.compile(r"[A-Za-z][A-Za-z0-9.-]{2,62}")


def _databases(value) -> tuple[tuple[str, str], ...]:
    """``tenant_databases`` from ``"t1=db1,t2=db2"``, a mapping or pairs; ConfigError for a malformed one."""
    if isinstance(value, str):
        pairs = []
        for item in filter(None, (x.strip() for x in value.split(","))):
            tenant, sep, db = item.partition("=")
            if not sep:
                raise ConfigError(f"GRAPHMEM_TENANT_DATABASES: {item!r} is not tenant=database")
            pairs.append((tenant.strip(), db.strip()))
    else:
        pairs = list(value.items() if isinstance(value, dict) else value)
    seen: dict[str, str] = {}
    for tenant, db in pairs:
        if not isinstance(tenant, str) or not tenant or not isinstance(db, str) or not _DB_NAME.fullmatch(db):
            raise ConfigError(f"GRAPHMEM_TENANT_DATABASES: {tenant!r} -> {db!r}: a tenant maps to a database name "
                              f"(3-63 characters: a letter, then letters, digits, dots or dashes)")
        if seen.get(tenant, db) != db:
            raise ConfigError(f"GRAPHMEM_TENANT_DATABASES maps tenant {tenant!r} twice")
        seen[tenant] = db
    return tuple(sorted(seen.items()))
