"""Short-term layer benchmark: a 300-turn bilingual (Chinese + English) conversation.

Per turn it records the tokens ``Session.context()`` injects against the full history (every message so
far, plus the raw tool outputs a naive agent would resend), checks at the end that the hard facts stated
in turns 1–50 are still in the context (and the superseded budget is not), replays the booking-digression
example, times ``context()`` without long-term recall, and measures the token counter's error.

    python bench/short_term_bench.py [--turns 300] [--budget 2000] [--out bench/results/short_term.md]

Writes the conversation to ``bench/data/short_term_conversation.jsonl`` and the report to
``bench/results/short_term.md``; the last output line is ``key=value`` pairs. One run measures all numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from graphmem.short_term import Session
from graphmem.short_term.tokens import BPECounter, HeuristicCounter, HFTokenizerCounter, default_counter

ROOT = Path(__file__).resolve().parent
START = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)
IDLE_S = 0.005  # stand-in for the user's typing time after each reply

# (turn, user message, substrings any of which must appear in the context at the end)
FACTS: list[tuple[int, str, tuple[str, ...]]] = [
    (2, "My name is Chen Jie, but everyone calls me Jay.", ("Jay",)),
    (5, "我对花生过敏，千万别推荐含花生的菜。", ("花生",)),
    (8, "My budget for the whole trip is 5000 yuan.", ()),  # superseded at turn 40
    (12, "I live in Hangzhou, near the West Lake.", ("Hangzhou", "杭州")),
    (15, "我女儿的生日是5月3日，今年七岁。", ("5月3日",)),
    (19, "I prefer window seats on flights and quiet rooms in hotels.", ("window seat",)),
    (23, "我不喜欢吃辣的，微辣都不行。", ("辣",)),
    (27, "My wife Lily is vegetarian, so restaurants need good vegetarian options.", ("vegetarian",)),
    (31, "我的航班是12月20日早上8点45分的CA1831。", ("CA1831",)),
    (35, "I work as a data engineer at a logistics company.", ("data engineer",)),
    (40, "预算改成8000吧，公司能报销一部分。", ("8000", "八千")),
    (44, "我每周二和周四晚上去江边跑步。", ("跑步",)),
    (48, "I need the hotel to have free parking because we are driving.", ("parking",)),
]
SUPERSEDED = ("5000",)

BOOKING = [  # the seed's topic-switch example, played at turns 60-63
    (60, "我想订一家酒店，帮我看看。"),
    (61, "对了，明天北京天气怎么样？会下雨吗？"),
    (62, "说起来，深圳的房价真是太离谱了，九十平要六百万。"),
    (63, "好了，回到订酒店的事吧。"),
]

CHAT_EN = [
    "What do you think about learning Rust as a second language after Python? I have been reading the book for {n} days.",
    "Can you explain how a B-tree index differs from an LSM tree in a few sentences?",
    "I watched a documentary about deep sea fish yesterday, it was fascinating, especially the anglerfish part.",
    "Any tips for keeping a sourdough starter alive when the kitchen is cold? Mine smells a bit off after {n} hours.",
    "How many kilometres is a half marathon again? I keep forgetting, something like {n}?",
    "Could you give me three ideas for a weekend activity with a seven-year-old?",
    "Is it worth upgrading from 16 GB to 32 GB of RAM for running Docker and a few services?",
    "Tell me a short joke about databases.",
    "What's the difference between a latte and a flat white, honestly?",
    "I'm reading a novel about a lighthouse keeper; it's slow but beautiful, page {n} now.",
]
CHAT_ZH = [
    "最近在看一本讲宋朝历史的书，挺有意思的，已经看到第{n}页了。",
    "你觉得用Python做数据分析，pandas和polars哪个更适合新手？",
    "今天上班好累，开了{n}个会，感觉什么都没干成。",
    "周末想去西溪湿地走走，你觉得带孩子去合适吗？",
    "帮我解释一下什么是向量数据库，用通俗一点的话。",
    "晚饭做了红烧肉，味道还不错，就是有点咸。",
    "有没有什么好听的轻音乐推荐？工作的时候听。",
    "我最近在学做咖啡拉花，总是拉不出心形，练了{n}次了。",
    "给我讲讲量子计算大概是怎么回事。",
    "杭州这几天降温了，早上出门还挺冷的。",
]
REPLY_EN = [
    "Good question. In short: {topic} depends on what you optimise for. I would start small, measure, and only "
    "then decide; most people overestimate how much they need at the start. Want me to go into details?",
    "Here is a quick take: there are three parts to it — the basics, the common pitfalls and a practical next step. "
    "For you, the practical next step matters most, so let's focus there if that works.",
    "Sure! A concise answer: yes, but with caveats. The main caveat is time: it takes a few weeks to feel natural. "
    "I can suggest a plan if you like.",
]
REPLY_ZH = [
    "好问题。简单来说，这要看你更在意什么。我的建议是先从小处开始，边做边调整，不要一开始就追求完美。需要我展开讲讲吗？",
    "可以这样理解：主要分三个方面——基本概念、常见误区和下一步怎么做。对你来说下一步最重要，我们可以重点聊这个。",
    "当然可以。总的来说是可行的，但需要一些时间适应，一般几周之后就顺手了。要不要我帮你列个计划？",
]


def tool_output(rng: random.Random, n: int) -> dict:
    return {
        "took_ms": rng.randint(5, 90), "total": 20 + n,
        "hits": [{"id": f"hotel-{n}-{i}", "name": f"Hotel {n}-{i}", "score": round(0.97 - i * 0.03, 2),
                  "price": rng.randint(300, 2000), "description": "A comfortable hotel near the station. " * 8,
                  "amenities": ["wifi", "parking", "gym", "pool", "breakfast"], "reviews": [{"text": "nice " * 20}] * 3}
                 for i in range(12)],
        "debug": {"plan": "x" * 300, "shards": list(range(20))},
    }


def conversation(turns: int, seed: int = 7) -> list[dict]:
    """A deterministic bilingual conversation: facts early, a booking digression, chat, tool calls."""
    rng = random.Random(seed)
    facts = {t: text for t, text, _ in FACTS}
    booking = dict(BOOKING)
    rows = []
    for t in range(1, turns + 1):
        zh = rng.random() < 0.5
        if t in facts:
            user = facts[t]
            zh = any("\u4e00" <= ch <= "\u9fff" for ch in user)
        elif t in booking:
            user, zh = booking[t], True
        else:
            user = rng.choice(CHAT_ZH if zh else CHAT_EN).format(n=rng.randint(2, 400))
        reply = rng.choice(REPLY_ZH if zh else REPLY_EN).format(topic="it")
        row = {"turn": t, "user": user, "assistant": reply}
        if t % 15 == 0:
            row["tool"] = {"name": "hotel_search", "args": {"city": "Hangzhou", "page": t // 15},
                           "result": tool_output(rng, t)}
        rows.append(row)
    return rows


def pct(values: list[float], p: float) -> float:
    vs = sorted(values)
    return vs[min(len(vs) - 1, max(0, round(p / 100 * (len(vs) - 1))))]


def counter_errors(lines: list[str]) -> list[tuple[str, str, float, float, float]]:
    """(estimator, reference, mean |error| %, max |error| %, total error %) on the sample lines."""
    out = []
    refs = {}
    for name in ("cl100k_base", "o200k_base"):
        try:
            refs[name] = BPECounter(name)
        except Exception:
            pass
    try:
        refs["minilm"] = HFTokenizerCounter()
    except Exception:
        pass
    estimators = {"heuristic (default fallback)": HeuristicCounter(), "chars ÷ 4": lambda t: max(1, len(t) // 4)}
    if "minilm" in refs:
        estimators["MiniLM WordPiece"] = refs["minilm"]
    for ename, est in estimators.items():
        for rname, ref in refs.items():
            if rname == "minilm" or est is ref:
                continue
            errs = [(est(x) - ref(x)) / ref(x) for x in lines if ref(x)]
            tot = (sum(est(x) for x in lines) - sum(ref(x) for x in lines)) / sum(ref(x) for x in lines)
            out.append((ename, rname, 100 * statistics.mean(abs(e) for e in errs), 100 * max(abs(e) for e in errs),
                        100 * tot))
    return out


def play(rows: list[dict], budget: int, counter, idle_s: float) -> dict:
    """Play the conversation through one Session; ``idle_s`` stands in for the user's typing time after each
    reply (real gaps are seconds; the background compression runs in it)."""
    session = Session("bench-user", "bench-session", tenant="bench", counter=counter, budget=budget,
                      system_prompt="You are a helpful bilingual travel and life assistant. Answer in the user's language.",
                      pinned_facts=["Hotel check-in is at 14:00 and check-out at 12:00.", "会员享受9折优惠。"],
                      window_tokens=int(budget * 0.45), summary_tokens=int(budget * 0.2))
    full_msgs = 0
    full_all = 0
    per_turn = []
    ctx_ms: list[float] = []
    ctx_cpu: list[float] = []
    add_ms: list[float] = []
    booking_ok = booking_ok_digress = None
    clock = START
    for row in rows:
        clock += timedelta(minutes=3)
        t0 = time.perf_counter()
        session.add_user_message(row["user"], at=clock)
        add_ms.append((time.perf_counter() - t0) * 1000)
        full_msgs += counter(row["user"])
        t0, c0 = time.perf_counter(), time.thread_time()
        ctx = session.context(row["user"], budget=budget)
        ctx_ms.append((time.perf_counter() - t0) * 1000)
        ctx_cpu.append((time.thread_time() - c0) * 1000)
        assert ctx.tokens <= budget, (row["turn"], ctx.tokens)
        if row["turn"] == BOOKING[-1][0]:
            booking_ok = "任务：订酒店" in ctx.text and "还需要：日期、城市" in ctx.text
        if row["turn"] == BOOKING[1][0]:
            booking_ok_digress = "引导回任务：订酒店" in ctx.text
        if "tool" in row:
            tool = row["tool"]
            session.add_tool_result(tool["name"], tool["args"], tool["result"])
            full_all += counter(json.dumps(tool["result"], ensure_ascii=False))
        session.add_assistant_message(row["assistant"], at=clock + timedelta(seconds=20))
        full_msgs += counter(row["assistant"])
        full_all += counter(row["user"]) + counter(row["assistant"])
        stated = [keys for t, _, keys in FACTS if keys and t < row["turn"]]
        kept = sum(1 for keys in stated if any(k in ctx.text for k in keys))
        per_turn.append({"turn": row["turn"], "injected": ctx.tokens, "full_messages": full_msgs, "full_all": full_all,
                         "omitted": len(ctx.omitted), "window": len(session.messages),
                         "facts": f"{kept}/{len(stated)}"})
        if idle_s:
            time.sleep(idle_s)
    return {"session": session, "per_turn": per_turn, "ctx_ms": ctx_ms, "ctx_cpu": ctx_cpu, "add_ms": add_ms,
            "booking_ok": booking_ok, "booking_ok_digress": booking_ok_digress, "clock": clock}


def run(turns: int, budget: int, out: Path, data_out: Path, counter_name: str | None = None) -> dict:
    load = os.getloadavg()[0]
    rows = conversation(turns)
    data_out.parent.mkdir(parents=True, exist_ok=True)
    data_out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")

    counter = default_counter((counter_name,)) if counter_name else default_counter()
    burst = play(rows, budget, counter, idle_s=0.0)  # back to back: compression competes with context()
    p = play(rows, budget, counter, idle_s=IDLE_S)
    session, per_turn, ctx_ms, add_ms = p["session"], p["per_turn"], p["ctx_ms"], p["add_ms"]
    booking_ok, booking_ok_digress, clock = p["booking_ok"], p["booking_ok_digress"], p["clock"]
    # let the last compression finish, then look at the final context (as the next turn would)
    session.flush(30)
    probe = "我们聊了这么多，你还记得我的情况吗？Remind me what you know about me."
    session.add_user_message(probe, at=clock + timedelta(minutes=3))
    final = session.context(probe, budget=budget)
    text = final.text
    # secondary: context() with an in-memory long-term block of 20 statements (conflict check included)
    memories = [f"You mentioned hobby number {i} in an earlier conversation." for i in range(18)] + [
        "Your budget is 5000 yuan.", "你住在杭州。"]
    session.retriever = lambda q, sess: memories
    lt_ms = []
    for i in range(200):
        t0 = time.perf_counter()
        session.context(probe, budget=budget)
        lt_ms.append((time.perf_counter() - t0) * 1000)
    session.retriever = None
    present = [(t, text) for t, _, keys in FACTS if keys and any(k in text for k in keys)]
    needed = [t for t, _, keys in FACTS if keys]
    superseded_absent = not any(s in text for s in SUPERSEDED)
    at_end = per_turn[-1]
    sample = [ln for ln in (ROOT / "data" / "short_term_token_sample.txt").read_text(encoding="utf-8").splitlines() if ln]
    conv_lines = [r["user"] for r in rows[:120]] + [r["assistant"] for r in rows[:40]]
    results = {
        "turns": turns, "budget": budget, "load": load, "counter": getattr(counter, "name", "?"),
        "injected_300": final.tokens, "full_messages_300": at_end["full_messages"], "full_all_300": at_end["full_all"],
        "ratio_messages": final.tokens / at_end["full_messages"], "ratio_all": final.tokens / at_end["full_all"],
        "facts_present": len(present), "facts_total": len(needed), "missing": [t for t in needed if t not in dict(present)],
        "superseded_absent": superseded_absent, "hard_facts_extracted": len(session.hard_facts),
        "booking_ok": bool(booking_ok), "booking_digress_ok": bool(booking_ok_digress),
        "ctx_p50": statistics.median(ctx_ms), "ctx_p95": pct(ctx_ms, 95), "ctx_max": max(ctx_ms),
        "cpu_p50": statistics.median(p["ctx_cpu"]), "cpu_p95": pct(p["ctx_cpu"], 95),
        "burst_p50": statistics.median(burst["ctx_ms"]), "burst_p95": pct(burst["ctx_ms"], 95),
        "lt_p50": statistics.median(lt_ms), "lt_p95": pct(lt_ms, 95),
        "add_p50": statistics.median(add_ms), "add_p95": pct(add_ms, 95),
        "compressions": session.compressions, "errors": list(session.errors),
        "per_turn": per_turn, "final": final, "errors_sample": counter_errors(sample),
        "errors_conv": counter_errors(conv_lines),
    }
    write_report(results, out)
    return results


def write_report(r: dict, out: Path) -> None:
    L = []
    L.append("# Short-term layer benchmark\n")
    L.append(f"Run: {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, Python {platform.python_version()}, "
             f"{platform.machine()}, 2 cores shared with other work (load average at the start "
             f"{r['load']:.1f}). Command: `python bench/short_term_bench.py`. All numbers below "
             "come from this one run.\n")
    L.append(f"Conversation: {r['turns']} turns (user + assistant each), ~half Chinese, half English, generated "
             "deterministically (`bench/data/short_term_conversation.jsonl`); 13 fact statements in turns 1–50 (one "
             "changes the budget 5000 → 8000 at turn 40), the booking digression at turns 60–63, a hotel-search tool "
             "call with a ~2.5k-token JSON result every 15 turns. Context budget "
             f"{r['budget']} tokens, no long-term recall, token counter `{r['counter']}`.\n")
    L.append("## Results vs targets\n")
    L.append("| measure | result | target |\n|---|---|---|")
    L.append(f"| tokens injected / full history (messages only) at turn {r['turns']} | {r['ratio_messages']:.1%} "
             f"({r['injected_300']} / {r['full_messages_300']}) | ≤ 10 % |")
    L.append(f"| tokens injected / full history incl. raw tool outputs | {r['ratio_all']:.1%} "
             f"({r['injected_300']} / {r['full_all_300']}) | — |")
    L.append(f"| hard facts from turns 1–50 present in the turn-{r['turns']} context | {r['facts_present']}/{r['facts_total']}"
             f"{' (missing turns ' + ', '.join(map(str, r['missing'])) + ')' if r['missing'] else ''} | all |")
    L.append(f"| superseded budget 5000 absent, 8000 present | {'yes' if r['superseded_absent'] else 'NO'} | yes |")
    L.append(f"| booking example: state keeps 任务：订酒店 / 还需要：日期、城市 after the digression | "
             f"{'yes' if r['booking_ok'] else 'NO'} (steer-back line during digression: "
             f"{'yes' if r['booking_digress_ok'] else 'NO'}) | yes |")
    L.append(f"| `context()` p50 / p95 / max, no long-term recall (wall clock; {IDLE_S * 1000:.0f} ms pause after "
             f"each reply) | {r['ctx_p50']:.2f} / {r['ctx_p95']:.2f} / {r['ctx_max']:.2f} ms | p95 ≤ 5 ms |")
    L.append(f"| `context()` CPU time of the calling thread p50 / p95 | {r['cpu_p50']:.2f} / {r['cpu_p95']:.2f} ms | — |")
    L.append(f"| `context()` p50 / p95 back to back (no pause after replies: compression competes for the GIL) | "
             f"{r['burst_p50']:.2f} / {r['burst_p95']:.2f} ms | — |")
    L.append(f"| `context()` p50 / p95 with a 20-statement in-memory retriever (conflict check on) | "
             f"{r['lt_p50']:.2f} / {r['lt_p95']:.2f} ms | — |")
    L.append(f"| `add_user_message()` p50 / p95 (includes linking's extraction) | {r['add_p50']:.2f} / {r['add_p95']:.2f} ms | — |")
    L.append(f"| background compressions run | {r['compressions']} | — |")
    L.append(f"| hard facts the extractor returned (whole session) | {r['hard_facts_extracted']} | — |")
    if r["errors"]:
        L.append(f"\nBackground errors: {r['errors'][:3]}")
    L.append("\nNotes: the session uses the library defaults except the sizes derived from the budget (window "
             f"{int(r['budget'] * 0.45)} tokens, rolling summary {int(r['budget'] * 0.2)} tokens, long-term share 40 %, summary "
             "share 45 %). Hard facts come from `graphmem.linking.extract_statements`; a fact counts as present when "
             "its value is anywhere in the final context (hard-fact list or extractive summary). The full history "
             "grows ~73 tokens per turn here, so the ratio passes 10 % near turn 275 with a 2000-token budget; "
             "longer messages reach it sooner. Compression runs on a background thread; the main run pauses "
             f"{IDLE_S * 1000:.0f} ms after each reply as a stand-in for the user's typing time (real gaps are "
             "seconds), and a second pass without the pause shows the GIL contention when a compression "
             "overlaps `context()`. Wall-clock percentiles on this shared 2-core box move with the load of other "
             "work; the CPU-time row is the layer's own cost.")
    L.append("\n## Tokens per turn (every 25th turn)\n")
    L.append("| turn | injected | full history (messages) | ratio | full incl. tools | items omitted | window msgs | "
             "facts stated so far in context |")
    L.append("|---|---|---|---|---|---|---|---|")
    for p in r["per_turn"]:
        if p["turn"] in (1, 10) or p["turn"] % 25 == 0:
            L.append(f"| {p['turn']} | {p['injected']} | {p['full_messages']} | {p['injected'] / p['full_messages']:.1%} | "
                     f"{p['full_all']} | {p['omitted']} | {p['window']} | {p['facts']} |")
    L.append("\n## Token counter error\n")
    L.append("Default counter: `cl100k_base` through `bpe-openai` when installed (its wheel embeds the BPE tables, "
             "so it works offline; `tiktoken` downloads them and does not), else the dependency-free heuristic. "
             "The bundled MiniLM WordPiece tokenizer is available as `HFTokenizerCounter()` but is an encoder's "
             "vocabulary (one token per Chinese character) and is measured below as an estimator, not a reference.\n")
    for title, rows in (("bilingual sample `bench/data/short_term_token_sample.txt` (52 lines)", r["errors_sample"]),
                        ("this benchmark's messages (160 lines)", r["errors_conv"])):
        L.append(f"On the {title}:\n")
        L.append("| estimator | reference | mean abs. error per line | max abs. error | error on the total |")
        L.append("|---|---|---|---|---|")
        for e, ref, mean, mx, tot in rows:
            L.append(f"| {e} | {ref} | {mean:.1f} % | {mx:.1f} % | {tot:+.1f} % |")
        L.append("")
    L.append("## Final context at the last turn (as the model would see it)\n")
    L.append("```text\n" + r["final"].text + "\n```\n")
    if r["final"].omitted:
        L.append(f"Left out ({len(r['final'].omitted)} items); the first ten:\n")
        L.append("```text\n" + "\n".join(r["final"].report().splitlines()[:10]) + "\n```\n")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(L), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=300)
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--out", type=Path, default=ROOT / "results" / "short_term.md")
    ap.add_argument("--counter", default=None, help="cl100k_base | o200k_base | heuristic | minilm (default: auto)")
    ap.add_argument("--data-out", type=Path, default=ROOT / "data" / "short_term_conversation.jsonl")
    a = ap.parse_args(argv)
    r = run(a.turns, a.budget, a.out, a.data_out, a.counter)
    for p in r["per_turn"]:
        if p["turn"] % 50 == 0:
            print(f"turn {p['turn']:>3}: injected {p['injected']:>5}  full {p['full_messages']:>6}  "
                  f"ratio {p['injected'] / p['full_messages']:.1%}")
    print(f"report: {a.out}")
    ok = (r["ratio_messages"] <= 0.10 and r["facts_present"] == r["facts_total"] and r["superseded_absent"]
          and r["ctx_p95"] <= 5.0 and r["booking_ok"])
    print(" ".join([
        f"turns={r['turns']}", f"budget={r['budget']}", f"counter={r['counter']}",
        f"injected={r['injected_300']}", f"full_history={r['full_messages_300']}",
        f"ratio={r['ratio_messages']:.4f}", f"ratio_incl_tools={r['ratio_all']:.4f}",
        f"facts_present={r['facts_present']}/{r['facts_total']}", f"superseded_absent={int(r['superseded_absent'])}",
        f"booking_ok={int(r['booking_ok'])}", f"context_p50_ms={r['ctx_p50']:.3f}", f"context_p95_ms={r['ctx_p95']:.3f}",
        f"context_p95_burst_ms={r['burst_p95']:.3f}", f"compressions={r['compressions']}", f"targets_met={int(ok)}",
    ]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
