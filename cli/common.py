"""What every command shares: settings from the environment, JSON or Rich output, error handling."""

from __future__ import annotations

import functools
import json
from dataclasses import asdict, is_dataclass
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Callable

import typer
from rich.console import Console
from rich.table import Table

from graphmem.errors import GraphmemError
from graphmem.settings import Settings

console = Console(soft_wrap=True)
JSON_OPTION = typer.Option(False, "--json", help="Print JSON instead of a table.")


def _wide(value: bool) -> bool:
    console.width = 100_000 if value else None   # None: the terminal's width again (CliRunner reuses the console)
    return value


WIDE_OPTION = typer.Option(False, "--wide", callback=_wide, is_eager=True,
                           help="Full ids and text, one line per row however wide (for copying ids).")


def light_params() -> None:
    """Typer 0.29 builds a pydantic TypeAdapter to convert each parameter (about 0.25 s of imports on every
    run, ``--help`` included); plain ``str``/``int``/``float``/``bool``/``Path`` parameters without bounds or
    choices are converted by their type instead. Anything else keeps Typer's own conversion."""
    from typer import core
    from typer._coercion import RuntimeParam

    if getattr(core._TyperParameter.get_runtime_param, "graphmem", False):
        return
    original = core._TyperParameter.get_runtime_param

    class Plain(RuntimeParam):
        def _coerce_value(self, value, param, ctx):
            kind = self.annotation
            if isinstance(value, kind):
                return value
            if kind is bool and isinstance(value, str) and value.lower() in _BOOLS:
                return _BOOLS[value.lower()]
            try:
                if kind is bool:
                    raise ValueError(value)
                return kind(value)
            except (TypeError, ValueError):
                raise typer.BadParameter(f"{value!r} is not a valid {kind.__name__}", ctx=ctx, param=param) from None

    def get_runtime_param(self):
        d = self.type_descriptor
        info = d.parameter_info
        if (self._runtime_param is None and d.annotation in (str, int, float, bool, Path) and not d.is_choice
                and getattr(info, "min", None) is None and getattr(info, "max", None) is None
                and d.file_annotation is None and getattr(info, "parser", None) is None):
            self._runtime_param = Plain(parameter_info=info, annotation=d.annotation)
        return original(self)

    get_runtime_param.graphmem = True
    core._TyperParameter.get_runtime_param = get_runtime_param


_BOOLS = {"1": True, "true": True, "yes": True, "y": True, "on": True,
          "0": False, "false": False, "no": False, "n": False, "off": False}


def settings() -> Settings:
    return Settings.from_env()


def fails_cleanly(fn: Callable) -> Callable:
    """Turn a GraphmemError into one line on stderr and the error's exit code (no traceback); a user that is not
    in this tenant but in others gets a hint where."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except GraphmemError as e:
            typer.echo(f"graphmem: {e}{_elsewhere(getattr(e, 'user_id', None))}", err=True)
            raise typer.Exit(e.exit_code) from None

    return wrapper


def in_tenant(fn: Callable) -> Callable:
    """Commands that read or change a tenant's memory say which tenant on stderr, to a person at a terminal (not
    with --json, not to scripts)."""
    import sys

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if not kwargs.get("as_json") and sys.stderr.isatty():
            try:
                typer.echo(f"tenant: {settings().tenant}", err=True)
            except GraphmemError:
                pass   # the command reports the bad setting
        return fn(*args, **kwargs)

    return wrapper


def _elsewhere(user_id: str | None) -> str:
    """'; it is in tenant ...' for a user found in other tenants, or the tenants that have users at all."""
    if not user_id:
        return ""
    from graphmem import curate

    try:
        with store(fast=True) as s:
            found = [t["tenant"] for t in curate.tenants(s, user_id)]
            if found:
                return (f"; {user_id!r} is in tenant {', '.join(map(repr, found))}: "
                        f"GRAPHMEM_TENANT={found[0]} graphmem ...")
            if not s.run("curate/users", {"tenant": settings().tenant}):
                return "; this tenant has no users" + tenant_hint(s)
    except GraphmemError:
        pass
    return ""


def tenant_hint(s) -> str:
    """'; tenants with users: ...' when other tenants have users."""
    from graphmem import curate

    others = [t for t in curate.tenants(s) if t["tenant"] != settings().tenant]
    if not others:
        return ""
    return ("; tenants with users: " + ", ".join(f"{t['tenant']} ({t['users']})" for t in others[:5])
            + f" (set GRAPHMEM_TENANT, e.g. GRAPHMEM_TENANT={others[0]['tenant']} graphmem users)")


def plain(value: Any) -> Any:
    """Dataclasses, paths and times as JSON-ready values (times in ISO 8601)."""
    if hasattr(value, "to_native"):      # the driver's time types
        value = value.to_native()
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if is_dataclass(value):
        return plain(asdict(value))
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def emit_json(value: Any) -> None:
    typer.echo(json.dumps(plain(value), ensure_ascii=False, indent=2))


def cell(value: Any) -> str:
    """A table cell: times in ISO 8601, in UTC to the minute (2026-03-05T09:00Z; --json has them in full),
    nothing for None."""
    if hasattr(value, "to_native"):
        value = value.to_native()
    if isinstance(value, datetime):
        if value.tzinfo is None:
            return value.isoformat(timespec="minutes")
        return value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
    if isinstance(value, date):
        return value.isoformat()
    return "" if value is None else str(value)


def confirm(question: str, yes: bool) -> None:
    """Ask before a change unless ``--yes``; no (or no terminal to answer on) stops with exit code 1."""
    if yes:
        return
    if not typer.confirm(question, default=False, err=True):
        typer.echo("nothing changed", err=True)
        raise typer.Exit(1)


TEXT_MIN = 24   # characters a text column needs beside whole ids and times; a table that cannot give them is a list


def table(title: str, columns: list[str], rows: list[list[Any]]) -> None:
    """A Rich table; "<title>: none" instead of an empty one. Ids, times and numbers are never cut. A table the
    terminal is too narrow for (whole ids and times beside ``TEXT_MIN`` characters of each text column) is
    printed as a list instead, a row a paragraph of "column: value" (``--wide``: always the table)."""
    if not rows:
        console.print(f"{title}: none", highlight=False)
        return
    cells = [[cell(v) for v in r] for r in rows]
    cols = list(zip(*cells))
    fixed = [all(len(v) <= 32 and " " not in v for v in col) for col in cols]   # ids, times, numbers
    widths = [max(len(h), *map(len, col)) for h, col in zip(columns, cols)]
    if sum(w if f else min(w, TEXT_MIN) for w, f in zip(widths, fixed)) + 3 * len(columns) + 1 > console.width:
        return _listed(title, columns, cells)
    t = Table(title=title)
    for c, f, w in zip(columns, fixed, widths):
        if f:
            t.add_column(c, no_wrap=True, overflow="fold", min_width=w)
        else:
            t.add_column(c, overflow="fold")
    for r in cells:
        t.add_row(*r)
    console.print(t)


def _listed(title: str, columns: list[str], cells: list[list[str]]) -> None:
    """``table``'s rows as a list: a row a paragraph of its non-empty cells, wrapped at the terminal's width between
    cells or between a text's words, never inside a column's name, an id or a time."""
    from rich.text import Text

    console.print(Text(title, style="italic"))
    width = max(20, console.width - 2)
    for r in cells:
        units: list[tuple[str, str, str]] = []   # (gap before, bold column name or "", words)
        for c, v in ((c, v) for c, v in zip(columns, r) if v):
            first, *rest = v.split(" ")
            units.append(("   " if units else "", f"{c}: ", first))
            units += [(" ", "", w) for w in rest]
        lines = [Text("• ")]
        for gap, name, words in units:
            if lines[-1].cell_len > 2 and lines[-1].cell_len + len(gap + name + words) > width:
                lines.append(Text("  "))
                gap = ""
            lines[-1].append(gap)
            lines[-1].append(name, style="bold")
            lines[-1].append(words)
        for line in lines:
            console.print(line, soft_wrap=True)


def store(fast: bool = False):
    """A Store for the configured server (use as a context manager). ``fast``: reads over HTTP, no driver
    import (read-only commands; curation keeps reads and writes on one connection)."""
    from graphmem.store import Store

    return Store(settings(), http_reads=fast)


def memory(models: bool = True):
    """The Memory facade for the configured server (use as a context manager). ``models``: the command will
    embed and parse text, so the embedder starts loading on a thread while the rest imports."""
    import threading

    from graphmem.embedders import get_embedder

    s = settings()
    if models:
        threading.Thread(target=_load_quietly, args=(get_embedder(s),), name="graphmem-embedder-load",
                         daemon=True).start()
    from graphmem.memory import Memory

    return Memory(s)


def _load_quietly(embedder) -> None:
    try:
        getattr(embedder, "model", None)
    except GraphmemError:
        pass   # the command's own call reports it
