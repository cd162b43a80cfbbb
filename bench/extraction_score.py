"""Scoring of the extraction bench (pure; no database). The matching rules, fixed before the first run:

* **Statements.** What the graph holds becomes items ``(turns, subject, kind, key, value, polarity, status)``:
  a fact (on the user's self entity: subject "user", or the participant who said it; a bare like/dislike on a
  thing's card: subject the user, key likes/dislikes, value the thing), a RELATED edge (either direction), an
  event statement (kind ``event``: subject the speaker, value any entity it mentions or a span of its text).
  A label matches an item when the label's turn is one of the item's turns (its own turn and the turns that
  repeated it), the subject matches ("user" = the self entity; a name matches alias-aware), the value matches
  (normalised: NFKC, case, punctuation, articles/possessives, plural s; any alias of a labelled entity; equal
  numbers when the label has one; or one contains the other and is at least half as long) and the kinds are
  compatible (``COMPAT``). A preference also needs the same polarity unless the label removes it.
  Precision = items that match a label / items; recall = labels matched by an item. Keys never decide a
  match; key agreement (same normalised key, or USE cosine >= 0.6) is reported over matched pairs.
* **Entities.** Non-self entities of the case's user. One matches a labelled (required or optional) entity
  when a normalised name or alias is equal (no containment: "House" is not "Noodle House"). An entity that
  matches nothing is junk, one that matches an entity an earlier one already took is a duplicate: both are
  errors. Recall is over required entities; type accuracy over matched required ones (``TYPE_MAP``).
* **Small talk.** A turn is stored when the graph holds its own event. Precision/recall of "stored" against
  "labelled not small talk", over all turns and over user/participant turns.
* **Final state.** A ``final_active`` triple agrees when an active item matches its subject and value (likes vs
  dislikes by polarity; a negated attribute, "no longer peanuts", holds no value); a ``final_outdated`` one when a
  matching item is outdated and none is active.
  ``multi_superseded`` counts final_active triples of multi-valued labels that the graph holds only as outdated.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict

COMPAT = {"attribute": {"attribute", "relation", "goal"}, "relation": {"relation", "attribute"},
          "preference": {"preference", "attribute", "goal"}, "event": {"event", "attribute", "relation", "goal"}}
LABEL_TYPES = {"person", "place", "organization", "product", "software", "food", "animal", "thing", "event",
               "other"}
TYPE_MAP = {"pet": "animal", "geo": "place", "city": "place", "country": "place", "restaurant": "organization",
            "cafe": "organization", "bar": "organization", "hotel": "organization", "venue": "organization",
            "shop": "organization", "gym": "organization", "school": "organization",
            "hospital": "organization", "org": "organization", "trip": "event", "movie": "other",
            "show": "other", "book": "product", "game": "product", "course": "other", "project": "other",
            "plan": "other", "style": "other", "device": "product", "computer": "product", "laptop": "product",
            "phone": "product", "tablet": "product", "headphones": "product", "camera": "product",
            "watch": "product", "monitor": "product", "keyboard": "product", "car": "product", "bike": "product",
            "appliance": "product", "furniture": "product", "clothing": "product"}
_PREFIXES = ("my ", "our ", "the ", "a ", "an ", "his ", "her ", "their ", "我们的", "我的", "她的", "他的", "咱们",
             "我", "咱")
_NUM = re.compile(r"\d+(?:\.\d+)?")
_CJK = re.compile(r"[\u3400-\u9fff]")


def norm(s: object) -> str:
    s = unicodedata.normalize("NFKC", str(s or "")).casefold()
    s = re.sub(r"(?<=\d),(?=\d{3})", "", s)
    s = re.sub(r"[^\w\u3400-\u9fff.]+", " ", s).replace("_", " ").strip(" .")
    changed = True
    while changed:
        changed = False
        for p in _PREFIXES:
            if s.startswith(p) and len(s) > len(p) + (1 if _CJK.match(p) else 0):
                s, changed = s[len(p):].strip(), True
    words = [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") and w.isascii() else w
             for w in s.split()]
    return " ".join(words)


def _contains(long: str, short: str) -> bool:
    if not short or len(short) * 2 < len(long):
        return False
    if _CJK.search(short):
        return short in long
    return re.search(rf"(?<!\w){re.escape(short)}(?!\w)", long) is not None


class Aliases:
    """The labelled entities of one case as alias groups (normalised names)."""

    def __init__(self, case: dict):
        ex = case["expect"]
        self.groups = [{norm(e["name"]), *(norm(a) for a in e.get("aliases", []))} - {""}
                       for e in ex.get("entities", []) + ex.get("optional_entities", [])]

    def closure(self, names) -> set[str]:
        out = {norm(n) for n in names} - {""}
        for g in self.groups:
            if out & g:
                out |= g
        return out


def _numbers(s: str) -> set[str]:
    """The numbers of a normalised string, a "万" multiplied out: "15万" and "150000" are one number."""
    def canon(x: float) -> str:
        return str(int(x)) if x.is_integer() else str(x)

    s = re.sub(r"(\d+(?:\.\d+)?)\s*万", lambda m: canon(round(float(m.group(1)) * 10000, 6)), s)
    return {canon(float(x)) for x in _NUM.findall(s)}


def strings_match(label: str, system: list, al: Aliases, loose: bool = True) -> bool:
    a, b = al.closure([label]), al.closure(system)
    if a & b:
        return True
    if not loose:
        return False
    nums = _numbers(norm(label))
    if nums:
        return any(_numbers(y) == nums for y in b)
    return any(_contains(y, x) or _contains(x, y) for x in a for y in b)


# -- the graph as items --------------------------------------------------------------------------------
def items_of(g: dict, case: dict) -> list[dict]:
    items = []
    for f in g["facts"]:
        turns = {_turn(t) for t in f["turns"]} | {_turn(f["turn_id"])}
        who = f["speaker"] or "user"
        subj = [who] if f["is_self"] else [f["entity"], *f["aliases"]]
        key, value, pol, kind = f["key"] or "", [f["value"] or ""], int(f["polarity"] or 0), f["kind"]
        if kind == "preference":
            if f["value"] in ("like", "dislike") and not f["is_self"]:
                subj, value = [who], [f["entity"], *f["aliases"]]
            key = "likes" if pol >= 0 and f["value"] != "dislike" else "dislikes"
        items.append({"src": "fact", "turns": turns - {None}, "subject": subj, "kind": kind, "key": key,
                      "value": value, "polarity": pol, "status": f["status"], "desc": _desc(subj, key, value),
                      "negated": kind != "preference" and pol < 0})
    for r in g["relations"]:
        subj = ["user"] if r["from_self"] else [r["from_name"], *r["from_aliases"]]
        obj = ["user"] if r["to_self"] else [r["to_name"], *r["to_aliases"]]
        items.append({"src": "relation", "turns": {_turn(r["turn_id"])} - {None}, "subject": subj, "kind": "relation",
                      "key": (r["type"] or "").lower(), "value": obj, "reverse": True, "polarity": 0,
                      "status": r["status"] or "active", "desc": _desc(subj, r["type"], obj)})
    for v in g["events"]:
        if v["kind"] != "event":
            continue
        subj = [v["speaker"] or "user"]
        items.append({"src": "event", "turns": {_turn(v["turn_id"])} - {None}, "subject": subj, "kind": "event",
                      "key": v["key"] or "", "value": [*v["mentions"], *v["mention_aliases"]], "text": v["text"],
                      "polarity": 0, "status": v["status"] or "active", "desc": _desc(subj, v["key"], [v["text"]])})
    return items


def _turn(t) -> int | None:
    try:
        return int(str(t).split(".")[0]) - 1
    except (TypeError, ValueError):
        return None


def _desc(subj, key, value) -> str:
    return f"{subj[0]} | {key} | {value[0] if value else ''}"


def _subject_ok(label: str, item: dict, al: Aliases, field: str = "subject") -> bool:
    sys_ = item[field]
    if item["kind"] == "event" and label != "user":   # an event is also about whom it mentions or names
        if strings_match(label, item["value"], al, loose=False) or _in_text(label, item, al):
            return True
    if label == "user" or "user" in sys_:
        return label == "user" and "user" in sys_
    return strings_match(label, sys_, al)


def _in_text(label: str, item: dict, al: Aliases) -> bool:
    """The label (or an alias of it) is a span of the event's text."""
    text = norm(item.get("text", ""))
    return any(x and (x in text if _CJK.search(x) else re.search(rf"(?<!\w){re.escape(x)}(?!\w)", text) is not None)
               for x in al.closure([label]))


def _value_ok(label: str, item: dict, al: Aliases, field: str = "value") -> bool:
    vals = item[field]
    if "user" in vals:
        return label == "user"
    if strings_match(label, vals, al):
        return True
    return item["kind"] == "event" and _in_text(label, item, al)   # a span of the event's text


def statement_matches(s: dict, item: dict, al: Aliases) -> bool:
    if s["turn"] not in item["turns"] or item["kind"] not in COMPAT[s["kind"]]:
        return False
    if s["kind"] == "preference" and item["kind"] == "preference" and s["op"] != "remove":
        if (s.get("polarity") == "dislike") != (item["key"] == "dislikes"):
            return False
    return _says(s["subject"], s["value"], item, al)


def triple_matches(t: dict, item: dict, al: Aliases) -> bool:
    if t["key"] in ("likes", "dislikes") and item["key"] in ("likes", "dislikes") and t["key"] != item["key"]:
        return False
    return _says(t["subject"], t["value"], item, al)


def _says(subject: str, value, item: dict, al: Aliases) -> bool:
    """The stored item gives ``value`` for ``subject`` (a relation the graph may hold either way round)."""
    if _subject_ok(subject, item, al) and _value_ok(str(value), item, al):
        return True
    if not item.get("reverse"):
        return False
    flipped = {**item, "subject": item["value"], "value": item["subject"]}
    return _subject_ok(subject, flipped, al) and _value_ok(str(value), flipped, al)


class KeySimilarity:
    """Key agreement: equal normalised keys, or USE cosine >= 0.6 of the keys as words."""

    def __init__(self, embedder, threshold: float = 0.6):
        self.embedder, self.threshold, self.cache = embedder, threshold, {}

    def __call__(self, a: str, b: str) -> bool:
        a, b = norm(a), norm(b)
        if not a or not b:
            return False
        if a == b:
            return True
        import numpy as np
        for x in (a, b):
            if x not in self.cache:
                self.cache[x] = self.embedder.embed([x])[0]
        va, vb = self.cache[a], self.cache[b]
        return float(va @ vb / ((np.linalg.norm(va) * np.linalg.norm(vb)) or 1.0)) >= self.threshold


# -- one case ------------------------------------------------------------------------------------------
def score_case(case: dict, g: dict, keysim) -> dict:
    ex, al = case["expect"], Aliases(case)
    items = items_of(g, case)
    c = defaultdict(int)
    notes = {"missed": [], "spurious": [], "junk": [], "dup": [], "final_wrong": [], "multi_superseded": [],
             "gate_wrong": []}
    used = set()
    for s in ex["statements"]:
        hits = [j for j, it in enumerate(items) if statement_matches(s, it, al)]
        c["labels"] += 1
        if hits:
            c["labels_hit"] += 1
            used.update(hits)
            c["key_pairs"] += 1
            c["key_agree"] += int(any(keysim(s["key"], items[j]["key"]) for j in hits))
        else:
            notes["missed"].append(f"t{s['turn']} {s['subject']} | {s['kind']} {s['key']} {s['op']} | {s['value']}")
    c["items"] = len(items)
    c["items_hit"] = len(used)
    notes["spurious"] = [f"t{sorted(it['turns'])} {it['kind']} {it['desc']}" for j, it in enumerate(items)
                         if j not in used]
    # entities
    # sorted: the graph read has no order, and which of two entities of one label takes it decides its type
    ents = sorted((e for e in g["entities"] if not e["is_self"]), key=lambda e: (norm(e["name"]), e["type"] or ""))
    required = ex.get("entities", [])
    groups = [(e, {norm(e["name"]), *(norm(a) for a in e.get("aliases", []))} - {""}, i < len(required))
              for i, e in enumerate(required + ex.get("optional_entities", []))]
    taken: dict[int, dict] = {}
    for e in ents:
        names = {norm(e["name"]), *(norm(a) for a in e["aliases"])} - {""}
        hit = [i for i, (_, grp, _) in enumerate(groups) if names & grp]
        c["entities"] += 1
        free = [i for i in hit if i not in taken]
        if free:
            taken[free[0]] = e
            c["entities_ok"] += 1
        elif hit:
            notes["dup"].append(e["name"])
        else:
            notes["junk"].append(e["name"])
    for i, (lab, _, req) in enumerate(groups):
        if not req:
            continue
        c["required"] += 1
        if i in taken:
            c["required_hit"] += 1
            c["typed"] += int(_label_type(taken[i]["type"]) == lab["type"])
    # small talk
    own = {_turn(v["turn_id"]) for v in g["events"] if not v["derived"]}
    for i, (t, st) in enumerate(zip(case["turns"], ex["small_talk"])):
        stored = i in own
        for pre in ("", "sp_") if t["role"] != "assistant" else ("",):
            c[pre + "turns"] += 1
            c[pre + "stored"] += int(stored)
            c[pre + "informative"] += int(not st)
            c[pre + "stored_informative"] += int(stored and not st)
        if stored == st:
            notes["gate_wrong"].append(f"t{i} {'stored' if stored else 'dropped'}: {t['text'][:60]}")
    # final state
    multi = {(s["subject"], s["key"], norm(s["value"])) for s in ex["statements"] if s["cardinality"] == "multi"}
    for which in ("final_active", "final_outdated"):
        for t in ex.get(which, []):
            m = [it for it in items if triple_matches(t, it, al)]
            # "no longer X" holds no X; an event ("I sold the X") records a happening, not that X is current
            active = any(it["status"] == "active" and not it.get("negated")
                         and (which == "final_active" or it["kind"] != "event") for it in m)
            outdated = any(it["status"] in ("outdated", "archived") for it in m)
            ok = active if which == "final_active" else (outdated and not active)
            c[which] += 1
            c[which + "_ok"] += int(ok)
            if not ok:
                notes["final_wrong"].append(f"{which}: {t['subject']} | {t['key']} | {t['value']}"
                                            f" (found {'active' if active else 'outdated' if outdated else 'none'})")
            if which == "final_active" and (t["subject"], t["key"], norm(t["value"])) in multi:
                c["multi_checked"] += 1
                if outdated and not active:
                    c["multi_superseded"] += 1
                    notes["multi_superseded"].append(f"{case['id']}: {t['subject']} | {t['key']} | {t['value']}")
    return {"counts": dict(c), "notes": notes}


def _label_type(t: str) -> str:
    t = (t or "").lower()
    if t in LABEL_TYPES:
        return t
    return TYPE_MAP.get(t, t)


def _ratio(a: int, b: int) -> float:
    return round(a / b, 3) if b else 0.0


def figures(c: dict) -> dict:
    p, r = _ratio(c.get("items_hit", 0), c.get("items", 0)), _ratio(c.get("labels_hit", 0), c.get("labels", 0))
    return {"statement_precision": p, "statement_recall": r,
            "statement_f1": round(2 * p * r / (p + r), 3) if p + r else 0.0,
            "key_agreement": _ratio(c.get("key_agree", 0), c.get("key_pairs", 0)),
            "entity_precision": _ratio(c.get("entities_ok", 0), c.get("entities", 0)),
            "entity_recall": _ratio(c.get("required_hit", 0), c.get("required", 0)),
            "entity_type_accuracy": _ratio(c.get("typed", 0), c.get("required_hit", 0)),
            "stored_precision": _ratio(c.get("stored_informative", 0), c.get("stored", 0)),
            "stored_recall": _ratio(c.get("stored_informative", 0), c.get("informative", 0)),
            "stored_precision_speakers": _ratio(c.get("sp_stored_informative", 0), c.get("sp_stored", 0)),
            "stored_recall_speakers": _ratio(c.get("sp_stored_informative", 0), c.get("sp_informative", 0)),
            "final_active": _ratio(c.get("final_active_ok", 0), c.get("final_active", 0)),
            "final_outdated": _ratio(c.get("final_outdated_ok", 0), c.get("final_outdated", 0)),
            "multi_superseded": c.get("multi_superseded", 0)}


def score_all(cases: list[dict], graph: dict, keysim) -> dict:
    per, total = {}, defaultdict(int)
    groups: dict[str, dict[str, dict]] = {"by_lang": defaultdict(lambda: defaultdict(int)),
                                          "by_category": defaultdict(lambda: defaultdict(int))}
    junk, multi = [], []
    for case in cases:
        r = score_case(case, graph[case["id"]], keysim)
        per[case["id"]] = {**figures(r["counts"]), **r}
        for k, v in r["counts"].items():
            total[k] += v
            groups["by_lang"][case["lang"]][k] += v
            groups["by_category"][case["category"]][k] += v
        junk += [f"{x} ({case['id']})" for x in r["notes"]["junk"] + r["notes"]["dup"]]
        multi += r["notes"]["multi_superseded"]
    summary = {**figures(total), "counts": dict(total)}
    return {"summary": summary,
            **{g: {k: figures(v) for k, v in sorted(d.items())} for g, d in groups.items()},
            "junk_entities": junk, "multi_superseded_list": multi, "cases_detail": per}
