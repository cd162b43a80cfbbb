"""The public API of graphmem.linking in one importable module (see ``linking/__init__.py``)."""


from .gate import classify_message, is_advice
from .gazetteer import Gazetteer
from .mentions import common_word_name, descriptions, en_appositions, extract_mentions, extract_mentions_batch, is_english_text
from .normalize import detect_language, normalise, parse_number
from .resolve import learn_aliases, link, record_links, renews_slot
from .slots import Slot, SlotTable
from .statements import extract_statements
from .timeexpr import find_times, resolve_time
from .types import Candidate, GateVerdict, KnownEntity, Link, Mention, Statement

__all__ = [
    "Candidate", "GateVerdict", "Gazetteer", "KnownEntity", "Link", "Mention", "Slot", "SlotTable", "Statement",
    "classify_message", "common_word_name", "descriptions", "detect_language", "extract_mentions", "extract_mentions_batch", "extract_statements",
    "find_times", "is_advice", "is_english_text", "learn_aliases", "link", "normalise", "parse_number", "record_links", "renews_slot", "resolve_time",
]
