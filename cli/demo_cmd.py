"""``graphmem demo``: the seed's scenarios played turn by turn."""

from __future__ import annotations

import typer

from graphmem.cli.common import JSON_OPTION, console, emit_json, fails_cleanly, settings


def register(app: typer.Typer) -> None:
    app.command()(demo)


@fails_cleanly
def demo(user: list[str] = typer.Option(None, "--user", help="Only this demo user (demo-zh, demo-en, demo-long)."),
         budget: int = typer.Option(1500, help="Context budget in tokens."), as_json: bool = JSON_OPTION) -> None:
    """Play Chinese and English conversations over several days, turn by turn (recall, storage, tokens), then six
    weeks of one person's chats (demo-long, several hundred turns) questioned at the end: the tokens a turn's
    prompt holds against the whole history."""
    from graphmem import demo as scenario

    say = (lambda _line: None) if as_json else (lambda line: console.print(line, markup=False, highlight=False))
    report = scenario.run(settings(), say, users=user or None, budget=budget)
    if as_json:
        emit_json(report)
