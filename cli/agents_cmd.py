"""``graphmem agents grant|revoke|list``: which teams an agent belongs to, kept in the graph per tenant
(graphmem.grants). Every process that serves the tenant's agents (``graphmem mcp --agent``, Python agents,
``recall --agent``) reads them."""

from __future__ import annotations

import typer

from graphmem.cli.common import JSON_OPTION, confirm, console, emit_json, fails_cleanly, in_tenant, settings, store, table

app = typer.Typer(help="Grant, revoke and list agents' team memberships (who may read and write team:<id> memory).",
                  no_args_is_help=True, rich_markup_mode=None)
AGENT = typer.Argument(..., help="The agent id (as given to `graphmem mcp --agent` or Memory.agent).")
TEAM = typer.Argument(..., help="The team id (memory scope team:<id>).")
YES = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation.")


def _grants(s):
    from graphmem.grants import Grants
    return Grants(s, settings().tenant)


@fails_cleanly
def grant(agent: str = AGENT, team: str = TEAM, yes: bool = YES, as_json: bool = JSON_OPTION) -> None:
    """Make AGENT a member of TEAM: it then reads and writes team:TEAM memory of every user of the tenant."""
    from graphmem import scopes

    scopes.name(agent, "agent"), scopes.name(team, "team")
    confirm(f"Let agent {agent!r} read and write team:{team} memory of every user in tenant {settings().tenant!r}?",
            yes)
    with store() as s:
        row = _grants(s).grant(agent, team)
    if as_json:
        return emit_json(row)
    console.print(f"{agent} is {'now' if row['created'] else 'already'} a member of team {team}", highlight=False)


@fails_cleanly
def revoke(agent: str = AGENT, team: str = TEAM, yes: bool = YES, as_json: bool = JSON_OPTION) -> None:
    """End AGENT's membership of TEAM: it no longer reads or writes team:TEAM memory (the memory stays)."""
    from graphmem import scopes

    scopes.name(agent, "agent"), scopes.name(team, "team")
    confirm(f"Revoke agent {agent!r}'s membership of team {team!r} in tenant {settings().tenant!r}?", yes)
    with store() as s:
        removed = _grants(s).revoke(agent, team)
    if as_json:
        return emit_json({"agent": agent, "team": team, "revoked": removed})
    console.print(f"{agent} is no longer a member of team {team}" if removed
                  else f"{agent} was not a member of team {team}: nothing changed", highlight=False)


@fails_cleanly
def list_(agent: str = typer.Argument(None, help="Only this agent's teams."), as_json: bool = JSON_OPTION) -> None:
    """The tenant's team memberships: agent, team, when granted."""
    with store(fast=True) as s:
        rows = _grants(s).list(agent)
    if as_json:
        return emit_json(rows)
    table(f"team memberships in tenant {settings().tenant}" + (f" of {agent}" if agent else ""),
          ["agent", "team", "granted"], [[r["agent"], r["team"], r["granted_at"]] for r in rows])


EXAMPLES = {
    "grant": "\b\nExamples:\n  graphmem agents grant booker travel --yes\n  graphmem mcp --agent booker",
    "revoke": "\b\nExample:\n  graphmem agents revoke booker travel --yes",
    "list": "\b\nExamples:\n  graphmem agents list\n  graphmem agents list booker --json",
}
for _fn, _name in ((grant, "grant"), (revoke, "revoke"), (list_, "list")):
    app.command(name=_name, epilog=EXAMPLES[_name])(in_tenant(_fn))
