"""Short-term memory: per-session window, session state, hard facts, rolling summary and context assembly.

    from graphmem.short_term import Session
    s = Session("u1", "s1", system_prompt="You are a travel assistant.", retriever=my_retriever)
    s.add_user_message("帮我订一家酒店，预算五千")
    ctx = s.context("帮我订一家酒店，预算五千", budget=2000)   # ctx.messages, ctx.tokens, ctx.omitted
    s.add_assistant_message(reply)

Pure parts (no I/O, no models): :mod:`.tokens`, :mod:`.state`, :mod:`.facts`, :mod:`.summary`,
:mod:`.packing`, :mod:`.conflict`, :mod:`.tools`.
"""

from graphmem.short_term.conflict import MemoryItem, resolve
from graphmem.short_term.facts import FactLedger, HardFact
from graphmem.short_term.packing import Item, Layer, Omission, pack
from graphmem.short_term.session import Context, Message, Retriever, Session, Sessions, validate_message
from graphmem.short_term.state import SessionState, update_state
from graphmem.short_term.tokens import (BPECounter, HeuristicCounter, HFTokenizerCounter, TokenCounter,
                                        default_counter)
from graphmem.short_term.tools import ToolRecord, trim_result

__all__ = [
    "BPECounter", "Context", "FactLedger", "HFTokenizerCounter", "HardFact", "HeuristicCounter", "Item", "Layer",
    "MemoryItem", "Message", "Omission", "Retriever", "Session", "SessionState", "Sessions", "TokenCounter", "ToolRecord",
    "default_counter", "pack", "resolve", "trim_result", "update_state", "validate_message",
]
