"""What every command shares: settings from the environment, JSON or Rich output, error handling."""

from __future__ import annotations

import functools
import json
from dataclasses import asdict, is_dataclass
from typing import Any, Callable

import typer
from rich.console import Console
from rich.table import Table

from graphmem.errors import GraphmemError
from graphmem.settings import Settings

console = Console(soft_wrap=True)
JSON_OPTION = typer.Option(False, "--json", help="Print JSON instead of a table.")


def settings() -> Settings:
    return Settings.from_env()


def fails_cleanly(fn: Callable) -> Callable:
    """Turn a GraphmemError into one line on stderr and the error's exit code (no traceback)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except GraphmemError as e:
            typer.echo(f"graphmem: {e}", err=True)
            raise typer.Exit(e.exit_code) from None

    return wrapper


def plain(value: Any) -> Any:
    """Dataclasses, paths and datetimes as JSON-ready values."""
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


def table(title: str, columns: list[str], rows: list[list[Any]]) -> None:
    t = Table(title=title)
    for c in columns:
        t.add_column(c)
    for r in rows:
        t.add_row(*["" if v is None else str(v) for v in r])
    console.print(t)


def store():
    """A Store for the configured server (use as a context manager)."""
    from graphmem.store import Store

    return Store(settings())


def memory():
    """The Memory facade for the configured server (use as a context manager)."""
    from graphmem.memory import Memory

    return Memory(settings())
