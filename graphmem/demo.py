"""The demo: the seed's scenarios in Chinese and English over several simulated days, turn by turn, then a
long history (``demo_long``: six weeks, several hundred turns) played quickly and questioned at the end.

For each narrated user turn it shows what long-term memory recalled (and by which paths), what the write path
stored or turned away, and the tokens injected against the full history. A short history costs less than the
context around it; the long one shows the saving. No LLM: the assistant's replies are scripted; everything
graphmem does is rules, spaCy/jieba and embeddings.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Callable

from graphmem import curate
from graphmem.errors import NotFound
from graphmem.memory import Memory
from graphmem.model import WriteStats
from graphmem.settings import Settings
from graphmem.short_term import default_counter

DEMO_TENANT = "graphmem-demo"


@dataclass
class DemoReport:
    turns: int = 0
    stored: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    facts_created: int = 0
    facts_superseded: int = 0
    injected_tokens: list[int] = field(default_factory=list)
    history_tokens: list[int] = field(default_factory=list)
    llm_calls: int = 0
    final: dict[str, list[str]] = field(default_factory=dict)
    long_history: dict = field(default_factory=dict)   # the long segment: turns, tokens at its last questions


def script() -> dict:
    from graphmem import demo_long

    data = json.loads((Path(__file__).parent / "data" / "demo.json").read_text(encoding="utf-8"))
    data["users"].append(demo_long.user())
    return data


def run(settings: Settings, say: Callable[[str], None] = print, users: list[str] | None = None,
        budget: int = 1500, tenant: str = DEMO_TENANT) -> DemoReport:
    """Play the scripted days for each demo user in the demo tenant (reset first) and narrate them."""
    settings = settings.with_(tenant=tenant)
    data = script()
    report = DemoReport()
    counter = default_counter()
    with Memory(settings, session_defaults={"system_prompt": data["system_prompt"]}) as mem:
        for user in data["users"]:
            if users and user["user_id"] not in users:
                continue
            _reset(mem, user["user_id"])
            say(f"\n=== {user['title']} — user id {user['user_id']} (tenant {tenant}) ===")
            if user.get("long"):
                _play_long(mem, user, budget, counter, say, report)
            else:
                _play(mem, user, budget, counter, say, report)
            report.final[user["user_id"]] = _final(mem, user["user_id"], say)
        stats = mem.writer.stats()
        report.llm_calls = stats.llm_calls
    say(f"\nLLM calls: {report.llm_calls}.  Turns: {report.turns}, stored {report.stored}, "
        f"turned away {sum(report.rejected.values())} {report.rejected}.")
    if report.long_history:
        lh = report.long_history
        say(f"Long history: {lh['turns']} turns over {lh['weeks']} weeks; at its last questions the prompt held "
            f"{lh['injected'][-2]} tokens against a full history of {lh['history']} "
            f"({lh['injected'][-2] / lh['history']:.1%}); the question nothing in memory is about got "
            f"{lh['off_topic_memories']} memories.")
    return report


def _play_long(mem: Memory, user: dict, budget: int, counter, say, report: DemoReport) -> None:
    """The long history: every turn goes through the session and the write path, a line per week; the last
    session is narrated turn by turn."""
    from graphmem import demo_long

    history_tokens = counter(mem.session(user["user_id"], "_").system_prompt or "")
    mem.end_session(user["user_id"], "_")
    days, turns, week = user["days"], 0, None
    for d, day in enumerate(days):
        start = datetime.fromisoformat(day["day"])
        if day.get("narrate"):
            assert mem.flush(600), "the long history was not stored in time"
            say(f"\n--- {len(days) - 1} sessions later: {start:%a %d %b %Y} ---")
            session = mem.session(user["user_id"], f"s-{d + 1}", write_assistant=True, at=start)
            injected = []
            for t, turn in enumerate(day["turns"]):
                ctx = session.context(turn["user"], budget=budget)
                history_tokens += counter(turn["user"])
                session.add_user_message(turn["user"], at=start + timedelta(minutes=2 * t))
                report.turns += 1
                say(f"\nuser: {turn['user']}")
                for item in ctx.long_term[:4]:
                    paths = ",".join(getattr(item.source, "paths", ()) or ())
                    say(f"  recalled: {item.text}   [{paths}; score {item.score:.2f}]")
                if not ctx.long_term:
                    say("  recalled: (nothing relevant in long-term memory)")
                say(f"  tokens: injected {ctx.tokens} vs full history {history_tokens} "
                    f"({ctx.tokens / max(history_tokens, 1):.1%})")
                injected.append(ctx.tokens)
                report.injected_tokens.append(ctx.tokens)
                report.history_tokens.append(history_tokens)
                if turn["user"] == demo_long.FINAL_OFF_TOPIC:
                    report.long_history["off_topic_memories"] = len(ctx.long_term)
                session.add_assistant_message(turn["assistant"], at=start + timedelta(minutes=2 * t + 1))
                history_tokens += counter(turn["assistant"])
                say(f"assistant: {turn['assistant']}")
            report.long_history.update({"turns": turns + len(day["turns"]), "weeks": demo_long.WEEKS,
                                        "history": history_tokens, "injected": injected})
            continue
        session = mem.session(user["user_id"], f"s-{d + 1}", write_assistant=True, at=start)
        if week != (start - datetime.fromisoformat(days[0]["day"])).days // 7:
            week = (start - datetime.fromisoformat(days[0]["day"])).days // 7
            say(f"week {week + 1} ({start:%d %b}): {turns} turns so far, a full history of {history_tokens} tokens")
        for t, turn in enumerate(day["turns"]):
            at = start + timedelta(minutes=3 * t)
            session.add_user_message(turn["user"], at=at)
            session.add_assistant_message(turn["assistant"], at=at + timedelta(minutes=1))
            history_tokens += counter(turn["user"]) + counter(turn["assistant"])
            turns += 1
            report.turns += 1
        mem.end_session(user["user_id"], f"s-{d + 1}")


def _reset(mem: Memory, user_id: str) -> None:
    try:
        curate.forget(mem.store, user_id, everything=True)
    except NotFound:
        pass


def _play(mem: Memory, user: dict, budget: int, counter, say, report: DemoReport) -> None:
    history_tokens = counter(mem.session(user["user_id"], "_").system_prompt or "")
    mem.end_session(user["user_id"], "_")
    for d, day in enumerate(user["days"]):
        start = datetime.fromisoformat(day["day"])
        session = mem.session(user["user_id"], f"day-{d + 1}", write_assistant=True)
        say(f"\n--- day {d + 1}: {start:%a %d %b %Y} ---")
        for t, turn in enumerate(day["turns"]):
            at = start + timedelta(minutes=2 * t)
            text = turn["user"]
            ctx = session.context(text, budget=budget)
            history_tokens += counter(text)
            before = mem.writer.stats()
            session.add_user_message(text, at=at)
            mem.flush(60)
            after = mem.writer.stats()
            report.turns += 1
            say(f"\nuser: {text}")
            for item in ctx.long_term[:4]:
                paths = ",".join(getattr(item.source, "paths", ()) or ())
                say(f"  recalled: {item.text}   [{paths}; score {item.score:.2f}]")
            if not ctx.long_term:
                say("  recalled: (nothing relevant in long-term memory)")
            say("  " + _stored(before, after, report))
            share = ctx.tokens / max(history_tokens, 1)
            say(f"  tokens: injected {ctx.tokens} vs full history {history_tokens} ({share:.0%})")
            report.injected_tokens.append(ctx.tokens)
            report.history_tokens.append(history_tokens)
            state = session.state
            if state.goal:
                say(f"  session state: task {state.goal_text!r}, topic {state.topic!r}, "
                    f"still needed {', '.join(state.pending) or 'nothing'}")
            before = mem.writer.stats()
            session.add_assistant_message(turn["assistant"], at=at + timedelta(minutes=1))
            mem.flush(60)
            history_tokens += counter(turn["assistant"])
            say(f"assistant: {turn['assistant']}")
            say("  " + _stored(before, mem.writer.stats(), None))
        mem.end_session(user["user_id"], f"day-{d + 1}")


def _stored(before: WriteStats, after: WriteStats, report: DemoReport | None) -> str:
    """What the write path did with one turn (the stats moved by exactly that turn); counted for user turns."""
    rejected = {k: v - before.rejected.get(k, 0) for k, v in after.rejected.items() if v - before.rejected.get(k, 0)}
    created = after.facts_created - before.facts_created
    superseded = after.facts_superseded - before.facts_superseded
    if report is not None:
        for k, v in rejected.items():
            report.rejected[k] = report.rejected.get(k, 0) + v
        report.stored += not rejected
        report.facts_created += created
        report.facts_superseded += superseded
    if rejected:
        return f"stored: nothing (write gate: {', '.join(rejected)})"
    parts = [f"event logged, {created} new fact version(s)"]
    if superseded:
        parts.append(f"{superseded} superseded (old kept as outdated)")
    if after.facts_repeated > before.facts_repeated:
        parts.append(f"{after.facts_repeated - before.facts_repeated} repeat(s) counted")
    return "stored: " + ", ".join(parts)


def _final(mem: Memory, user_id: str, say) -> list[str]:
    say(f"\n--- what {user_id} looks like now ---")
    lines = []
    profile = mem.profile(user_id)
    say(f"profile: {profile.text}")
    lines.append(profile.text)
    for key in ("budget", "rent"):
        try:
            versions = mem.history(user_id, "me", key)
        except NotFound:
            versions = []
        for v in versions:
            line = f"{key} = {v.value} ({v.status}, from {v.valid_from:%d %b})"
            say("history: " + line)
            lines.append(line)
    say(f"inspect it: graphmem card {user_id} me   |   graphmem browse {user_id}   "
        f"(GRAPHMEM_TENANT={mem.settings.tenant})")
    return lines
