"""Neo4j Browser links and the shipped style sheet.

``browse_url(store, user_id)`` builds a link to the Neo4j Browser served by the server
(``http://<bolt host>:<http_port>/browser/``) that

* points the connect form at our Bolt URL with the user name filled in (URL parameter ``connectURL``,
  which Browser 5.24 reads at start-up, plus ``db`` for the database), and
* fills the editor (``cmd=edit`` with one ``arg`` per line) with one ``:param`` command that sets
  ``$tenant`` and ``$user_id``, and the ``browser/user_subgraph`` query, which uses only those two. The user
  presses Run (Ctrl+Enter) once connected.

No value of the user's (user id, tenant) is ever written into the link. Browser runs
``:param x => <expr>`` as the Cypher ``RETURN <expr> AS x``, and Neo4j expands ``\\uXXXX`` escapes before it
parses, so no quoting of a value is safe there. Instead ``browse_url`` looks the user up (with parameters)
and the link names the user's node by its ``elementId`` — text the server made, checked to be only
``[A-Za-z0-9:_-]`` — in ``:param [{tenant, user_id}] => { <browser/user_params> }``, Browser's
destructuring form: the statement runs on the server and its row sets both parameters, so the values reach
Browser as data. A link opened after the user was forgotten finds no node and shows nothing.

``style_path()`` is the installed ``graphmem/docker/browser/style.grass``; apply it in Browser with
``:style`` followed by the file's text, or drag the file onto the Browser's favourites drawer
(see ``docker/browser/guide.md``).
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from urllib.parse import quote

from graphmem.errors import ConfigError, NotFound, StoreError
from graphmem.queries import query
from graphmem.settings import Settings

SUBGRAPH_QUERY = "browser/user_subgraph"
NODE_QUERY = "browser/user_node"
PARAMS_QUERY = "browser/user_params"
#: what an element id the server made looks like ("4:<database uuid>:<number>"); anything else is refused
_NODE_ID = re.compile(r"[A-Za-z0-9:_-]{1,200}")
_SIMPLE_USER = re.compile(r"^[A-Za-z0-9_.-]+$")


def params_command(node_id: str) -> str:
    """The Browser command that sets ``$tenant`` and ``$user_id`` from the User node ``node_id`` (an
    ``elementId``), read on the server (nothing is set if the node is gone)."""
    if not isinstance(node_id, str) or not _NODE_ID.fullmatch(node_id):
        raise StoreError(f"unexpected element id {node_id!r} from the server")
    body = " ".join(query(PARAMS_QUERY).split()).replace("$user_node", f'"{node_id}"')
    if re.search(r"[$&#{}]", body):   # Browser runs the body without parameters; URL args end at & and #
        raise ConfigError(f"cypher/{PARAMS_QUERY}.cypher must use no parameter but $user_node, and no & # {{ }}")
    return f":param [{{tenant, user_id}}] => {{ {body} }}"


def editor_lines(node_id: str) -> list[str]:
    """What the link puts into Browser's editor: the ``:param`` command, then the subgraph query."""
    text = query(SUBGRAPH_QUERY)
    if re.search(r"[&#]", text):  # Browser would cut the arg there
        raise ConfigError(f"cypher/{SUBGRAPH_QUERY}.cypher must not contain '&' or '#' to travel in a Browser URL")
    # ';' ends each command: Browser runs the editor as several statements only when they are ;-separated
    return [params_command(node_id) + ";", text]


def bolt_connect_url(settings: Settings) -> str:
    """The Bolt URL for Browser's connect form, with the user name when it needs no escaping."""
    scheme = settings.neo4j_uri.split("://", 1)[0]
    host, port = settings.bolt_host_port
    user = settings.neo4j_user
    userinfo = f"{user}@" if user and _SIMPLE_USER.match(user) else ""
    return f"{scheme}://{userinfo}{host}:{port}"


def link_url(settings: Settings, node_id: str) -> str:
    """The Browser link for the User node ``node_id`` (an ``elementId``) on ``settings``' server."""
    host, _ = settings.bolt_host_port
    base = f"http://{host}:{settings.http_port}/browser/"
    params = [("connectURL", bolt_connect_url(settings)), ("db", settings.database), ("cmd", "edit")]
    params += [("arg", line) for line in editor_lines(node_id)]
    return base + "?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in params)


def browse_url(store, user_id: str, *, tenant: str | None = None) -> str:
    """A Neo4j Browser link that connects to ``store``'s server and has the editor filled with the query for
    ``user_id``'s subgraph in ``tenant`` (default ``store.settings.tenant``). NotFound if there is no such user."""
    if not isinstance(user_id, str) or user_id == "":
        raise ValueError("user_id must be a non-empty string")
    tenant = store.settings.tenant if tenant is None else tenant
    rows = store.run(NODE_QUERY, {"tenant": tenant, "user_id": user_id})
    if not rows:
        raise NotFound(f"no user {user_id!r} in tenant {tenant!r} (see `graphmem users`)")
    return link_url(store.settings, rows[0]["user_node"])


def style_path() -> Path:
    """The installed Neo4j Browser style sheet (``docker/browser/style.grass``)."""
    path = Path(str(resources.files("graphmem.docker") / "browser" / "style.grass"))
    if not path.is_file():
        raise ConfigError(f"style sheet missing at {path}; reinstall graphmem")
    return path


def style_text() -> str:
    """The style sheet's text, e.g. to send as ``:style <text>``."""
    return style_path().read_text(encoding="utf-8")


def guide_path() -> Path:
    """The installed query guide (``docker/browser/guide.md``)."""
    return Path(str(resources.files("graphmem.docker") / "browser" / "guide.md"))
