"""Context packing: fit prioritised layers into a token budget. Pure, no I/O.

Layers are filled in priority order (system prompt and pinned facts are required; then long-term memory,
summary, session state, recent turns newest first, tool records). Inside a layer, items come in their own
priority order; a layer can be ``contiguous`` (recent turns: once one does not fit, older ones are left out
too, so the model never sees a turn without the turns after it) and can have a share cap. Everything left
out is reported with its reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from graphmem.errors import InputError

SYSTEM, PINNED, LONG_TERM, SUMMARY, STATE, RECENT, TOOLS, INPUT = (
    "system", "pinned", "long_term", "summary", "state", "recent", "tools", "input")
PRIORITY = (SYSTEM, PINNED, INPUT, LONG_TERM, SUMMARY, STATE, RECENT, TOOLS)
MESSAGE_OVERHEAD = 4  # tokens a chat format spends per message (role markers); counted for every message


@dataclass(frozen=True)
class Item:
    layer: str
    text: str
    tokens: int
    label: str = ""        # what it is, for the omission report ("turn 12 user", "fact: budget")
    role: str = "system"   # "system" items go into the system message; "user"/"assistant" are messages
    order: int = 0         # position in the final prompt within its layer (chronological for turns)


@dataclass(frozen=True)
class Layer:
    name: str
    items: Sequence[Item]
    header: str = ""       # printed once before the layer's items when any is included
    required: bool = False
    contiguous: bool = False
    cap: float | None = None   # at most this share of the budget


@dataclass(frozen=True)
class Omission:
    layer: str
    label: str
    tokens: int
    reason: str            # "budget", "layer cap", "older than an omitted turn", "contradicted: …"


@dataclass
class Packed:
    items: list[Item]
    omitted: list[Omission]
    used: int
    layer_tokens: dict[str, int] = field(default_factory=dict)


def pack(layers: Sequence[Layer], budget: int, counter: Callable[[str], int]) -> Packed:
    """Choose items so that their tokens (plus headers and per-message overhead) stay ≤ ``budget``.

    Raises :class:`InputError` when the required layers alone do not fit.
    """
    if budget <= 0:
        raise InputError(f"context budget must be positive, got {budget}")
    used = MESSAGE_OVERHEAD  # the system message
    chosen: list[Item] = []
    omitted: list[Omission] = []
    per_layer: dict[str, int] = {}
    for layer in layers:
        header_cost = counter(layer.header) + 2 if layer.header else 0  # header line + blank line
        limit = budget if layer.cap is None else min(budget, int(budget * layer.cap))
        spent = 0
        stopped = False
        for item in layer.items:
            cost = item.tokens + (MESSAGE_OVERHEAD if item.role != "system" else 1)
            extra = header_cost if spent == 0 else 0
            if layer.required:
                if used + cost + extra > budget:
                    raise InputError(
                        f"the {layer.name} layer alone needs more than the budget of {budget} tokens; "
                        "raise the budget or shorten it")
            elif stopped:
                omitted.append(Omission(layer.name, item.label, item.tokens, "older than an omitted turn"))
                continue
            elif layer.cap is not None and spent + cost + extra > limit:
                omitted.append(Omission(layer.name, item.label, item.tokens, "layer cap"))
                stopped = layer.contiguous
                continue
            elif used + cost + extra > budget:
                omitted.append(Omission(layer.name, item.label, item.tokens, "budget"))
                stopped = layer.contiguous
                continue
            used += cost + extra
            spent += cost + extra
            chosen.append(item)
        if spent:
            per_layer[layer.name] = spent
    return Packed(chosen, omitted, used, per_layer)


def assemble(packed: Packed, layers: Sequence[Layer]) -> list[dict]:
    """Chat messages: one system message (layers in prompt order, with headers), then the turns."""
    by_layer: dict[str, list[Item]] = {}
    for it in packed.items:
        by_layer.setdefault(it.layer, []).append(it)
    blocks: list[str] = []
    turns: list[Item] = []
    tail: list[Item] = []
    for layer in layers:
        items = sorted(by_layer.get(layer.name, []), key=lambda i: i.order)
        if not items:
            continue
        if layer.name == INPUT:
            tail.extend(items)
            continue
        sys_items = [i for i in items if i.role == "system"]
        turns.extend(i for i in items if i.role != "system")
        if sys_items:
            body = "\n".join(i.text for i in sys_items)
            blocks.append(f"{layer.header}\n{body}" if layer.header else body)
    messages = []
    if blocks:
        messages.append({"role": "system", "content": "\n\n".join(blocks)})
    turns.sort(key=lambda i: i.order)
    messages.extend({"role": i.role, "content": i.text} for i in turns + tail)
    return messages


def count_messages(messages: Sequence[dict], counter: Callable[[str], int]) -> int:
    """Tokens of a message list as :func:`pack` accounts them (content plus per-message overhead)."""
    return sum(counter(m["content"]) + MESSAGE_OVERHEAD for m in messages)
