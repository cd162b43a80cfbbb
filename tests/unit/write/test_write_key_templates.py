"""Every attribute key the write side can emit reads as words in every language, never as the raw key (issue 17:
"Your shopping for is laptop", a Chinese profile printing ``shopping_for``)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from graphmem import lang
from graphmem.cardinality import DATA, _table
from graphmem.linking import intents
from graphmem.recall.rewrite import rewrite
from graphmem.recall.types import Candidate
from graphmem.write import profile_text

ROOT = Path(__file__).resolve().parents[3]
NOW = datetime(2026, 6, 1, tzinfo=timezone.utc)
NOT_ATTRIBUTES = {"reschedule"}   # an event's key (a moved date), told as the turn's words
_KEY_LITERALS = re.compile(r"""\bkey\s*=\s*"(\w+)"(?:\s+if\s.*?\selse\s+"(\w+)")?|\b_st\("(\w+)",\s*(?!\s)(?!clause\b|c\b)""")


def emitted_keys() -> set[str]:
    """The keys in linking's code (``key="job"``, others.py's ``_st("problem", ...)``), the packs' attribute cues
    and the intents."""
    found = set()
    for path in [*(ROOT / "linking").glob("*.py"), *(ROOT / "graphmem" / "lang").glob("*/rules.py")]:
        for m in _KEY_LITERALS.finditer(path.read_text(encoding="utf-8")):
            found |= {g for g in m.groups() if g}
    for p in lang.packs():
        found |= set(p.table("attribute_cues").values())
    return (found | {key for _, key in intents.KEYS}) - NOT_ATTRIBUTES


def test_the_scan_finds_keys_of_every_source():
    keys = emitted_keys()
    assert {"job", "age", "problem", "learning", "target_weight", "school", "employer", "budget",
            "shopping_for", "uses", "pet", "species"} <= keys


def test_every_emitted_key_is_in_the_attribute_schema():
    missing = emitted_keys() - set(_table())
    assert not missing, f"keys the write side emits but {DATA.name} does not list: {sorted(missing)}"


@pytest.mark.parametrize("code", ["en", "zh"])
def test_every_schema_key_has_a_label_and_its_sentences(code):
    rows = {r[0]: r for r in lang.pack(code).rows("keys")}
    missing = [k for k in _table() if k not in rows or len(rows[k]) < 2 or not rows[k][1].strip()]
    assert not missing, f"{code}/keys.tsv has no label for {missing}"
    for k, r in rows.items():
        assert len(r) in (2, 5, 8), f"{code}/keys.tsv row {k}: {len(r)} cells"


def _facts(key: str, value: str, sister: str) -> list[Candidate]:
    t0, t1 = NOW - timedelta(days=60), NOW - timedelta(days=3)
    out = []
    for entity, is_self in ((None, True), (sister, False), ("Tom", False)):
        out += [Candidate(id="a", label="fact", kind="attribute", key=key, value=value, entity=entity,
                          is_self=is_self, t_from=t1, last_seen=t1),
                Candidate(id="o", label="fact", kind="attribute", key=key, value=value, entity=entity,
                          is_self=is_self, status="outdated", t_from=t0, t_to=t1),
                Candidate(id="r", label="fact", kind="attribute", key=key, value=value, entity=entity,
                          is_self=is_self, polarity=-1, t_from=t1, last_seen=t1)]
    return out


def _profile(key: str, value: str, code: str) -> str:
    def row(entity, status, days, is_self):
        return {"kind": "attribute", "key": key, "value": value, "entity": entity, "status": status,
                "valid_from": NOW - timedelta(days=days), "valid_to": None, "polarity": 1, "is_self": is_self,
                "language": code, "mention_count": 1, "importance": 0.5}
    rows = [row("u1", "active", 1, True), row("u1", "outdated", 40, True), row("Tom", "active", 2, False)]
    return profile_text.build("u1" if code == "en" else "小王", rows, language=code, now=NOW).text


@pytest.mark.parametrize("code,value,sister", [("en", "Zed", "my sister"), ("zh", "样例", "我妹妹")])
def test_no_rendering_shows_a_key_name(code, value, sister):
    bad = []
    for key in _table():
        said = [rewrite(c, NOW, code) for c in _facts(key, value, sister)] + [_profile(key, value, code)]
        for text in said:
            raw = "_" in text or "{" in text or (code == "zh" and re.search(r"[A-Za-z]", text.replace("Tom", "")
                                                                                .replace(value, "")))
            if raw or re.search(rf"\b{re.escape(key)}\b", text) and "_" in key:
                bad.append((key, text))
    assert not bad, bad


def test_intents_read_as_sentences():
    c = Candidate(id="a", label="fact", kind="attribute", key="shopping_for", value="laptop", is_self=True)
    u = Candidate(id="a", label="fact", kind="attribute", key="uses", value="Neovim", is_self=True)
    assert rewrite(c, NOW, "en") == "You are shopping for laptop."
    assert rewrite(u, NOW, "en") == "You use Neovim."
    assert rewrite(Candidate(**{**c.__dict__, "value": "笔记本电脑"}), NOW, "zh") == "你想买笔记本电脑。"
    assert rewrite(Candidate(**{**u.__dict__, "entity": "Tom", "is_self": False}), NOW, "en") == "Tom uses Neovim."
    allergy = Candidate(id="a", label="fact", kind="attribute", key="allergy", value="peanuts", is_self=True,
                        polarity=-1)
    assert rewrite(allergy, NOW, "en") == "You are no longer allergic to peanuts."
    rows = [{"kind": "attribute", "key": "shopping_for", "value": "笔记本电脑", "entity": "u1", "status": "active",
             "valid_from": NOW, "valid_to": None, "polarity": 1, "is_self": True, "language": "zh"}]
    assert "想买：笔记本电脑" in profile_text.build("u1", rows, language="zh", now=NOW).text
