"""``graphmem mcp``: serve graphmem to agents over the Model Context Protocol (stdio or streamable HTTP)."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from graphmem.cli.common import fails_cleanly, settings
from graphmem.errors import ConfigError, InputError

TOKEN_ENV = "GRAPHMEM_MCP_TOKEN"


def register(app: typer.Typer) -> None:
    app.command()(mcp)


@fails_cleanly
def mcp(transport: str = typer.Option("stdio", help="stdio, or http (streamable HTTP at http://HOST:PORT/mcp)."),
        host: str = typer.Option("127.0.0.1", help="HTTP bind address; anything but loopback requires a token."),
        port: int = typer.Option(8765, help="HTTP port."),
        journal: Path = typer.Option(None, help="Write journal file (default: GRAPHMEM_HOME/journal.sqlite3); "
                                                "one server per journal."),
        warm: bool = typer.Option(True, "--warm/--no-warm", help="Load the models before serving."),
        agent: str = typer.Option(None, "--agent", help="Serve this agent: it reads only its private memory, the "
                                                        "user's shared memory and its teams'."),
        team: list[str] = typer.Option(None, "--team", help="Only this of the agent's teams (repeatable; narrows "
                                                            "the teams `graphmem agents grant` gave it, never widens)."),
        scope: str = typer.Option("private", "--scope", help="Where the agent's writes go by default: private, "
                                                              "shared or team:<id>.")) -> None:
    """Serve memory to agents over MCP: tools add_messages, context, recall, card, history, as_of, profile,
    forget; resources for profiles and entity cards. HTTP needs a bearer token when GRAPHMEM_MCP_TOKEN is set or
    the host is not loopback (then one is generated and printed once to stderr)."""
    if transport not in ("stdio", "http"):
        raise InputError(f"--transport must be stdio or http, got {transport!r}")
    if team and not agent:
        raise InputError("--team needs --agent (the agent that belongs to the team)")
    who = {"agent": agent, "teams": tuple(team) if team else None, "scope": scope} if agent else {}
    try:
        from graphmem import mcp_server
    except ImportError as e:
        raise ConfigError(f"the MCP server needs the mcp extra: pip install 'graphmem[mcp]' ({e})") from None
    from graphmem.memory import Memory

    memory = Memory(settings(), journal_path=journal)
    try:
        if warm:
            memory.warm()
        if transport == "stdio":
            mcp_server.serve_stdio(memory, **who)
        else:
            mcp_server.serve_http(memory, host, port, os.environ.get(TOKEN_ENV) or None, **who)
    finally:
        memory.close(timeout=30)
