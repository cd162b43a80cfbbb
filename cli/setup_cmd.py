"""``graphmem init`` and ``graphmem doctor``."""

from __future__ import annotations

import typer

from graphmem.cli.common import JSON_OPTION, console, emit_json, fails_cleanly, settings


def register(app: typer.Typer) -> None:
    app.command()(init)
    app.command()(doctor)


@fails_cleanly
def init(timeout: float = typer.Option(120.0, help="Seconds to wait for indexes to come ONLINE."),
         as_json: bool = JSON_OPTION) -> None:
    """Apply the schema (constraints, vector and full-text indexes) once; wait until indexes are ONLINE."""
    from graphmem import admin

    result = admin.init(settings(), timeout)
    if as_json:
        emit_json(result)
        return
    console.print(f"schema version {result.version}: {len(result.applied)} migration(s) applied, "
                  f"{result.indexes_online} indexes ONLINE, vectors {result.dimensions}-d")


@fails_cleanly
def doctor(as_json: bool = JSON_OPTION) -> None:
    """Check Neo4j, schema, indexes and models: one line each; exit 1 if any check fails."""
    from graphmem import admin

    checks = admin.doctor(settings())
    if as_json:
        emit_json(checks)
    else:
        for c in checks:
            mark = "[green]ok  [/green]" if c.ok else "[red]FAIL[/red]"
            hint = f"  → {c.hint}" if (c.hint and not c.ok) else ""
            console.print(f"{mark} {c.name}: {c.detail}{hint}", highlight=False)
    if not all(c.ok for c in checks):
        raise typer.Exit(1)
