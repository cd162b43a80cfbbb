import random

import pytest

from graphmem.errors import InputError
from graphmem.short_term.packing import Item, Layer, assemble, count_messages, pack
from graphmem.short_term.tokens import HeuristicCounter

H = HeuristicCounter()


def item(layer, text, role="system", order=0):
    return Item(layer, text, H(text), f"{layer}:{text[:10]}", role=role, order=order)


def layers(n_recent=10, n_lt=5, n_tools=3):
    return [
        Layer("system", [item("system", "You are a helpful assistant.")], required=True),
        Layer("pinned", [item("pinned", "- Check-in is at 14:00")], header="Business facts:", required=True),
        Layer("input", [item("input", "what about tomorrow?", role="user")], required=True),
        Layer("long_term", [item("long_term", f"- long-term statement {i} about the user", order=i) for i in range(n_lt)],
              header="Memory:"),
        Layer("summary", [item("summary", "- (t1) user: my budget is 8000")], header="Earlier:"),
        Layer("state", [item("state", "Session state:\n- task: book a hotel")]),
        Layer("recent", [item("recent", f"recent message number {i} " * 3, role="user" if i % 2 else "assistant",
                               order=i) for i in reversed(range(n_recent))], contiguous=True),
        Layer("tools", [item("tools", f"[tool] search {i} → 3 results") for i in range(n_tools)], header="Tools:"),
    ]


def test_never_exceeds_budget_random():
    rng = random.Random(7)
    for _ in range(200):
        ls = layers(rng.randint(0, 30), rng.randint(0, 10), rng.randint(0, 5))
        budget = rng.randint(60, 600)
        packed = pack(ls, budget, H)
        msgs = assemble(packed, ls)
        assert packed.used <= budget
        assert count_messages(msgs, H) <= budget
        assert len(packed.items) + len(packed.omitted) == sum(len(l.items) for l in ls)


def test_priority_tools_go_first_then_oldest_turns():
    ls = layers()
    full = pack(ls, 10_000, H)
    assert not full.omitted
    tight = pack(ls, full.used - 10, H)
    assert {o.layer for o in tight.omitted} == {"tools"}
    tighter = pack(ls, full.used - 80, H)
    recent_kept = [i.order for i in tighter.items if i.layer == "recent"]
    assert recent_kept == sorted(recent_kept, reverse=True) and recent_kept[0] == 9  # newest kept first
    assert any(o.layer == "recent" and o.reason in ("budget", "older than an omitted turn") for o in tighter.omitted)
    assert any(i.layer == "state" for i in tighter.items) and any(i.layer == "long_term" for i in tighter.items)


def test_contiguous_recent_never_skips_a_turn():
    ls = [Layer("recent", [item("recent", "short", "user", 3), item("recent", "long " * 200, "assistant", 2),
                           item("recent", "short", "user", 1)], contiguous=True)]
    packed = pack(ls, 80, H)
    assert [i.order for i in packed.items] == [3]
    assert [o.reason for o in packed.omitted] == ["budget", "older than an omitted turn"]


def test_layer_cap_and_assembly_order():
    ls = layers()
    ls[3] = Layer("long_term", ls[3].items, header="Memory:", cap=0.05)
    packed = pack(ls, 1000, H)
    assert any(o.reason == "layer cap" for o in packed.omitted)
    msgs = assemble(packed, ls)
    assert msgs[0]["role"] == "system" and msgs[0]["content"].startswith("You are a helpful assistant.")
    assert msgs[-1] == {"role": "user", "content": "what about tomorrow?"}
    orders = [m["content"] for m in msgs[1:-1]]
    assert orders[0].startswith("recent message number 0")  # chronological in the prompt


def test_required_layers_that_do_not_fit_raise():
    with pytest.raises(InputError):
        pack(layers(), 10, H)
    with pytest.raises(InputError):
        pack(layers(), 0, H)
