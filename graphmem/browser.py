"""Neo4j Browser links and the shipped style sheet.

``browse_url(settings, user_id)`` builds a link to the Neo4j Browser served by the server
(``http://<bolt host>:<http_port>/browser/``) that

* points the connect form at our Bolt URL with the user name filled in (URL parameter ``connectURL``,
  which Browser 5.24 reads at start-up, plus ``db`` for the database), and
* fills the editor (``cmd=edit`` with one ``arg`` per line) with ``:param tenant => "…"``,
  ``:param user_id => "…"`` and the ``browser/user_subgraph`` query, which uses only ``$tenant`` and
  ``$user_id``. The user presses Run (Ctrl+Enter) once connected.

Values never enter the query text. Each ``:param`` value is a JSON string literal (also a valid Cypher
string literal; Browser evaluates ``:param x => <literal>`` by running ``RETURN <literal> AS x``) in which
the characters that Browser's URL and ``:param`` parsing would split on are written as ``\\uXXXX``:
Browser decodes the whole URL before splitting ``arg`` values at ``&``/``#``, and takes the
expression after the *last* ``=>`` and only if it has no ``$``.

``style_path()`` is the installed ``graphmem/docker/browser/style.grass``; apply it in Browser with
``:style`` followed by the file's text, or drag the file onto the Browser's favourites drawer
(see ``docker/browser/guide.md``).
"""

from __future__ import annotations

import re
import unicodedata
from importlib import resources
from pathlib import Path
from urllib.parse import quote

from graphmem.errors import ConfigError
from graphmem.queries import query
from graphmem.settings import Settings

SUBGRAPH_QUERY = "browser/user_subgraph"
#: characters written as \\uXXXX inside :param literals (see the module docstring)
_UNSAFE = set("&#$<>=;?%+'`\\")
_UNSAFE_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # controls, format, surrogates, unassigned, line breaks
_SIMPLE_USER = re.compile(r"^[A-Za-z0-9_.-]+$")


def param_literal(value: str) -> str:
    """``value`` as a double-quoted string literal that Cypher and JSON both read back as ``value``.
    ``"`` becomes ``\\"``; ``& # $ < > = ; ? % + ' ` \\``, control/format characters, line separators and
    lone surrogates become ``\\uXXXX``; other text (Chinese included) stays readable."""
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {type(value).__name__}")
    out = []
    for ch in value:
        if ch == '"':
            out.append('\\"')
        elif ch in _UNSAFE or unicodedata.category(ch) in _UNSAFE_CATEGORIES:
            out.extend(f"\\u{unit:04x}" for unit in _utf16_units(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _utf16_units(ch: str) -> list[int]:
    data = ch.encode("utf-16-be", "surrogatepass")
    return [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)]


def param_command(name: str, value: str) -> str:
    """The Browser command that sets parameter ``$name`` to the string ``value``."""
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise ValueError(f"bad parameter name {name!r}")
    return f":param {name} => {param_literal(value)}"


def editor_lines(settings: Settings, user_id: str, *, tenant: str | None = None) -> list[str]:
    """What the link puts into Browser's editor: two ``:param`` commands, then the subgraph query."""
    text = query(SUBGRAPH_QUERY)
    if re.search(r"[&#]", text):  # Browser would cut the arg there
        raise ConfigError(f"cypher/{SUBGRAPH_QUERY}.cypher must not contain '&' or '#' to travel in a Browser URL")
    # ';' ends each command: Browser runs the editor as several statements only when they are ;-separated
    return [param_command("tenant", tenant or settings.tenant) + ";", param_command("user_id", str(user_id)) + ";", text]


def bolt_connect_url(settings: Settings) -> str:
    """The Bolt URL for Browser's connect form, with the user name when it needs no escaping."""
    scheme = settings.neo4j_uri.split("://", 1)[0]
    host, port = settings.bolt_host_port
    user = settings.neo4j_user
    userinfo = f"{user}@" if user and _SIMPLE_USER.match(user) else ""
    return f"{scheme}://{userinfo}{host}:{port}"


def browse_url(settings: Settings, user_id: str, *, tenant: str | None = None) -> str:
    """A Neo4j Browser link that connects to ``settings``' server and has the editor filled with the
    query for ``user_id``'s subgraph in ``tenant`` (default ``settings.tenant``)."""
    if user_id is None or str(user_id) == "":
        raise ValueError("user_id must not be empty")
    host, _ = settings.bolt_host_port
    base = f"http://{host}:{settings.http_port}/browser/"
    params = [("connectURL", bolt_connect_url(settings)), ("db", settings.neo4j_database), ("cmd", "edit")]
    params += [("arg", line) for line in editor_lines(settings, user_id, tenant=tenant)]
    return base + "?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in params)


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
