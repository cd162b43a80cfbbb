"""Benchmark of graphmem.linking on the hand-written bilingual set in bench/data/linking_*.

    python bench/linking_bench.py [--embedder use] [--no-write]

Measures, per language: linking accuracy on demonstrative/anaphoric mentions (multi-turn snippets) and on
named mentions/aliases, statement-extraction F1, small-talk precision/recall of the write gate, and the
throughput of extraction + linking against 1,000 known entities (the benchmark user's 45 entities padded
with generated distractors). Accuracy is reported against the user's own 45-entity graph (the world the
labels were written for) and again against the padded 1,000-entity graph.

Writes bench/results/linking.md; the last output line is ``key=value`` pairs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from datetime import date, datetime
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

from graphmem.linking.api import (Gazetteer, KnownEntity, SlotTable, classify_message,  # noqa: E402
                                  extract_statements, link, normalise)
from graphmem.linking.mentions import extract_mentions_batch  # noqa: E402

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
RESULTS = HERE / "results" / "linking.md"
NOW = datetime(2026, 3, 11, 10, 0)   # a Wednesday; every statement case is dated to it

TARGETS = {"demonstrative": 0.90, "named": 0.95, "statement_f1": 0.85, "smalltalk_precision": 0.95,
           "smalltalk_recall": 0.85, "msgs_per_s": 300}


def load_jsonl(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


# ---- the known-entity world -----------------------------------------------------------------------------------

def world() -> list[KnownEntity]:
    raw = json.loads((DATA / "linking_world.json").read_text(encoding="utf-8"))["entities"]
    return [KnownEntity(e["id"], e["name"], e["type"], tuple(e["aliases"])) for e in raw]


_EN_FIRST = ["James", "Olivia", "Liam", "Emma", "Noah", "Ava", "Ethan", "Mia", "Lucas", "Chloe", "Mason",
             "Grace", "Logan", "Zoe", "Aiden", "Nora", "Caleb", "Ruby", "Owen", "Hannah", "Isaac", "Leah",
             "Julian", "Stella", "Adrian", "Violet", "Miles", "Aurora", "Felix", "Iris"]
_EN_LAST = ["Johnson", "Brown", "Garcia", "Martinez", "Davis", "Lopez", "Wilson", "Anderson", "Thomas",
            "Moore", "Jackson", "Martin", "Thompson", "White", "Harris", "Clark", "Lewis", "Walker", "Young",
            "King", "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Hill", "Campbell"]
_ZH_SUR = list("赵钱孙周吴郑冯陈褚卫蒋沈韩杨朱秦许何吕施孔曹严华金魏陶姜谢邹喻柏水窦章云苏潘葛范彭郎鲁韦昌马苗凤方俞任袁柳鲍史唐")
_ZH_GIVEN = ["建国", "秀英", "志强", "海燕", "晓东", "雪梅", "子涵", "浩然", "梓萱", "宇航", "欣怡", "俊杰",
             "思远", "雨桐", "嘉怡", "明轩", "若曦", "一鸣", "佳琪", "文博"]
_PRODUCTS = [("Asus", "laptop", ["ZenBook 14", "VivoBook 15", "ROG Zephyrus G14", "ExpertBook B9"]),
             ("HP", "laptop", ["Spectre x360", "Envy 13", "EliteBook 840", "Pavilion Aero"]),
             ("Acer", "laptop", ["Swift 5", "Aspire 7", "Predator Helios"]),
             ("Samsung", "phone", ["Galaxy S24", "Galaxy A55", "Galaxy Z Flip5"]),
             ("Xiaomi", "phone", ["14 Ultra", "Redmi Note 13", "Mix Fold 3"]),
             ("OPPO", "phone", ["Find X7", "Reno 11"]), ("vivo", "phone", ["X100 Pro", "S18"]),
             ("Garmin", "watch", ["Forerunner 265", "Fenix 7"]), ("Canon", "camera", ["EOS R6", "G7 X III"]),
             ("Fujifilm", "camera", ["X-T5", "X100VI"]), ("LG", "monitor", ["UltraFine 27", "27GP850"]),
             ("BenQ", "monitor", ["PD2705U", "EW3280U"]), ("Keychron", "keyboard", ["K2", "Q1 Pro"]),
             ("Bose", "headphones", ["QC Ultra", "QC45"]), ("Jabra", "headphones", ["Elite 8"]),
             ("Xpeng", "car", ["P7", "G6"]), ("NIO", "car", ["ET5", "ES6"]), ("Volkswagen", "car", ["ID.4"]),
             ("Philips", "appliance", ["Airfryer XXL", "Sonicare 9900"]), ("Roborock", "appliance", ["S8 Pro"])]
_REST_A = ["Golden", "Red", "Jade", "Lucky", "Silver", "Old", "Little", "Happy", "Royal", "Green", "Sunny"]
_REST_B = ["Dragon", "Lantern", "Garden", "Bamboo", "Harbor", "Oak", "Pepper", "Lotus", "Olive", "Maple"]
_REST_C = ["Kitchen", "Bistro", "Grill", "Noodle House", "Dumpling Bar", "Tavern", "Diner"]
_ZH_REST = ["老王烧烤", "外婆家", "西贝莜面村", "太二酸菜鱼", "南京大牌档", "绿茶餐厅", "鼎泰丰", "巴奴毛肚火锅",
            "喜茶", "奈雪的茶", "一点点", "茶颜悦色", "麦当劳", "肯德基", "必胜客", "萨莉亚", "胖哥俩", "很久以前",
            "探鱼", "九毛九", "陶陶居", "点都德", "费大厨", "湘村黑猪", "眉州东坡", "大董", "新荣记", "云海肴",
            "蛙来哒", "乐凯撒"]
_ZH_ORG = ["腾讯", "阿里巴巴", "美团", "京东", "拼多多", "百度", "网易", "小红书", "快手", "蚂蚁集团", "滴滴",
           "携程", "米哈游", "大疆", "商汤", "寒武纪"]
_EN_ORG = ["Globex", "Initech", "Umbrella Labs", "Stark Industries", "Wayne Enterprises", "Hooli", "Pied Piper",
           "Vandelay Industries", "Cyberdyne", "Soylent Corp", "Wonka Foods", "Aperture Science"]
_CITIES = ["London", "Paris", "Seoul", "Sydney", "Toronto", "Vancouver", "Osaka", "Bangkok", "Dubai", "Lisbon",
           "Madrid", "Rome", "Vienna", "Prague", "Zurich", "广州", "深圳", "南京", "苏州", "武汉", "重庆", "长沙",
           "厦门", "青岛", "大连", "昆明", "三亚", "天津"]
_BOOKS = ["Sapiens", "Atomic Habits", "Dune", "The Martian", "Project Hail Mary", "活着", "围城", "平凡的世界",
          "百年孤独", "红楼梦", "明朝那些事儿", "人类简史"]
_HOTELS = ["Marriott Bund", "Four Seasons Pudong", "Grand Hyatt Tokyo", "汉庭酒店", "全季酒店", "亚朵酒店",
           "Ritz-Carlton Beijing", "Holiday Inn Express"]


def distractors(n: int, forbidden_text: str) -> list[KnownEntity]:
    """Deterministic generated entities the labelled cases never mention (so the labels stay true)."""
    rng = random.Random(20260311)
    pool: list[tuple[str, str, tuple[str, ...]]] = []
    for f in _EN_FIRST:
        for last in _EN_LAST:
            pool.append((f"{f} {last}", "person", ()))
    for s in _ZH_SUR:
        for g in _ZH_GIVEN:
            pool.append((s + g, "person", ()))
    for brand, typ, models in _PRODUCTS:
        for mdl in models:
            pool.append((f"{brand} {mdl}", typ, (mdl,)))
    for a in _REST_A:
        for b in _REST_B:
            pool.append((f"{a} {b} {rng.choice(_REST_C)}", "restaurant", ()))
    pool += [(r, "restaurant", ()) for r in _ZH_REST]
    pool += [(o, "organization", ()) for o in _ZH_ORG + _EN_ORG]
    pool += [(c, "city", ()) for c in _CITIES]
    pool += [(b, "book", ()) for b in _BOOKS]
    pool += [(h, "hotel", ()) for h in _HOTELS]
    rng.shuffle(pool)
    text = normalise(forbidden_text).replace(" ", "")
    out, seen = [], set()
    for name, typ, aliases in pool:
        keys = [normalise(x).replace(" ", "") for x in (name, *aliases)]
        if any(k in text for k in keys) or keys[0] in seen:
            continue
        seen.add(keys[0])
        out.append(KnownEntity(f"x{len(out):04d}", name, typ, aliases))
        if len(out) >= n:
            break
    return out


# ---- scoring ----------------------------------------------------------------------------------------------------

def _span(text: str, surface: str) -> tuple[int, int]:
    """First occurrence of the gold surface; Latin-script surfaces only as whole words ("it" ≠ "wr*it*e")."""
    if surface.isascii():
        m = re.search(r"(?<![A-Za-z0-9])" + re.escape(surface) + r"(?![A-Za-z0-9])", text)
        if m:
            return m.start(), m.end()
    i = text.find(surface)
    return i, i + len(surface)


def _judge(links, text: str, surface: str, expected: str):
    s, e = _span(text, surface)
    overlapping = [lk for lk in links if not (lk.mention.end <= s or lk.mention.start >= e)]
    if not overlapping:
        return False, "no mention extracted"
    lk = max(overlapping, key=lambda x: min(x.mention.end, e) - max(x.mention.start, s))
    if expected == "NEW":
        ok = lk.status == "new"
    elif expected == "AMBIGUOUS":
        ok = lk.status == "ambiguous"
    else:
        ok = lk.status == "linked" and lk.entity_id == expected
    got = lk.entity_id if lk.status == "linked" else lk.status.upper()
    return ok, f"{lk.mention.surface!r}[{lk.mention.kind}] → {got} ({lk.reason})"


def run_linking(cases, gaz_entities, world_by_id, embedder=None, *, with_history: bool):
    gaz = Gazetteer(gaz_entities)
    res = []
    for c in cases:
        slots = SlotTable()
        if with_history:
            for t, (htext, ents) in enumerate(c.get("history", []), start=1):
                for ent in ents:
                    if isinstance(ent, dict):
                        slots.mention(ent["id"], ent["name"], ent["type"], t, ent["name"])
                    else:
                        w = world_by_id[ent]
                        slots.mention(w.id, w.name, w.type, t, w.name)
        turn = len(c.get("history", [])) + 1 if with_history else None   # a pronoun's reach counts back from it
        links = link(c["text"], slots, gaz, embedder, turn=turn, record=False)
        for surface, expected in c["expect"]:
            ok, why = _judge(links, c["text"], surface, expected)
            res.append({"id": c["id"], "lang": c["lang"], "ok": ok, "surface": surface, "expected": expected,
                        "why": why, "text": c["text"]})
    return res


def _num_eq(a, b) -> bool:
    try:
        return abs(float(a) - float(b)) < 1e-6
    except (TypeError, ValueError):
        return False


def _contains(a: str, b: str) -> bool:
    a, b = normalise(str(a)).replace(" ", ""), normalise(str(b)).replace(" ", "")
    return bool(a) and bool(b) and (a in b or b in a)


def _when_ok(gold: str, pred) -> bool:
    if pred is None:
        return False
    d = pred.date() if isinstance(pred, datetime) else pred
    if "/" in gold:
        lo, hi = (date.fromisoformat(x) for x in gold.split("/"))
        return lo <= d <= hi
    return d.isoformat().startswith(gold)


def stmt_match(g: dict, p) -> bool:
    if p.kind != g["kind"] or bool(g.get("is_change", False)) != bool(p.is_change):
        return False
    k = g["kind"]
    if k == "preference":
        return p.polarity == g["polarity"] and _contains(g["subject"], p.subject or p.value or "")
    if k == "attribute":
        if p.key != g["key"]:
            return False
        gv = g["value"]
        if isinstance(gv, (int, float)):
            return _num_eq(gv, p.value)
        if isinstance(p.value, (datetime, date)):
            return _when_ok(gv, p.value)
        return _contains(gv, p.value or "")
    if k == "goal":
        return _contains(g["value"], p.value or p.text)
    if k == "event":
        return "when" not in g or _when_ok(g["when"], p.when)
    if k == "relation":
        return p.key == g["key"] and _contains(g["subject"], p.subject or p.value or "")
    return False


def run_statements(cases):
    out = []
    for c in cases:
        preds = extract_statements(c["text"], NOW)
        gold = c["expect"]
        used = set()
        tp = 0
        for g in gold:
            hit = next((i for i, p in enumerate(preds) if i not in used and stmt_match(g, p)), None)
            if hit is not None:
                used.add(hit)
                tp += 1
        out.append({"id": c["id"], "lang": c["lang"], "tp": tp, "fp": len(preds) - len(used),
                    "fn": len(gold) - tp, "text": c["text"], "gold": gold,
                    "pred": [_stmt_str(p) for p in preds]})
    return out


def _stmt_str(p) -> str:
    parts = [p.kind]
    if p.subject:
        parts.append(f"subj={p.subject}")
    if p.key:
        parts.append(f"key={p.key}")
    if p.value not in (None, ""):
        parts.append(f"value={p.value.isoformat() if isinstance(p.value, (datetime, date)) else p.value}")
    if p.polarity:
        parts.append(f"pol={p.polarity:+d}")
    if p.is_change:
        parts.append("change")
    if p.when:
        parts.append(f"when={p.when.date().isoformat()}")
    return " ".join(parts)


def run_gate(cases):
    out = []
    for c in cases:
        v = classify_message(c["text"])
        out.append({"id": c["id"], "lang": c["lang"], "gold_small": c["label"] != "informative",
                    "pred_small": not v.has_information, "gold": c["label"], "pred": v.label,
                    "text": c["text"], "reasons": v.reasons})
    return out


# ---- throughput ---------------------------------------------------------------------------------------------------

def throughput(texts: list[str], entities: list[KnownEntity], rounds: int = 3, embedder=None) -> dict:
    gaz = Gazetteer(entities)
    for t in texts[:20]:
        link(t, SlotTable(), gaz, embedder)           # warm-up: models, jieba user dictionary
    # CPU time of this process (1 thread): "messages per second on one core", robust to other load on the
    # shared box; wall-clock is reported too
    best_single = best_batch = best_wall = 0.0
    for _ in range(rounds):
        slots = SlotTable()
        t0, w0 = time.process_time(), time.perf_counter()
        for i, t in enumerate(texts):
            link(t, slots, gaz, embedder, turn=i)
        best_single = max(best_single, len(texts) / (time.process_time() - t0))
        best_wall = max(best_wall, len(texts) / (time.perf_counter() - w0))
        slots = SlotTable()
        t0 = time.process_time()
        for i, (t, ms) in enumerate(zip(texts, extract_mentions_batch(texts, gaz))):
            link(ms, slots, gaz, embedder, turn=i)
        best_batch = max(best_batch, len(texts) / (time.process_time() - t0))
    return {"single": best_single, "batch": best_batch, "wall": best_wall, "n": len(texts), "entities": len(gaz)}


# ---- report -------------------------------------------------------------------------------------------------------

def acc(rows, lang=None):
    rows = [r for r in rows if lang is None or r["lang"] == lang]
    return (sum(r["ok"] for r in rows) / len(rows)) if rows else float("nan"), len(rows)


def prf(rows, lang=None):
    rows = [r for r in rows if lang is None or r["lang"] == lang]
    tp, fp, fn = (sum(r[k] for r in rows) for k in ("tp", "fp", "fn"))
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0), tp + fn


def gate_pr(rows, lang=None):
    rows = [r for r in rows if lang is None or r["lang"] == lang]
    tp = sum(r["gold_small"] and r["pred_small"] for r in rows)
    fp = sum((not r["gold_small"]) and r["pred_small"] for r in rows)
    fn = sum(r["gold_small"] and not r["pred_small"] for r in rows)
    p = tp / (tp + fp) if tp + fp else 1.0
    rc = tp / (tp + fn) if tp + fn else 1.0
    return p, rc, len(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--embedder", choices=["none", "use"], default="none")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    embedder = None
    if args.embedder == "use":
        from graphmem.embedders import UseEmbedder

        embedder = UseEmbedder()

    sets = {}
    for tag, prefix in (("dev", "linking_"), ("heldout", "linking_heldout_"), ("heldout2", "linking_heldout2_")):
        sets[tag] = {k: load_jsonl(f"{prefix}{k}.jsonl") for k in ("demonstratives", "named", "statements", "gate")}
    all_cases = [c for st in sets.values() for cs in st.values() for c in cs]
    n_zh = sum(c["lang"] == "zh" for c in all_cases)
    demo_all = [c for st in sets.values() for c in st["demonstratives"]]

    w = world()
    by_id = {e.id: e for e in w}
    forbidden = " ".join([c["text"] for c in all_cases] + [h[0] for c in demo_all for h in c["history"]])
    padded = w + distractors(1000 - len(w), forbidden)

    t0 = time.perf_counter()
    R: dict[str, dict[str, list]] = {}
    for tag, st in sets.items():
        R[tag] = {
            "demo": run_linking(st["demonstratives"], w, by_id, None, with_history=True),
            "named": run_linking(st["named"], w, by_id, None, with_history=False),
            "demo1k": run_linking(st["demonstratives"], padded, by_id, None, with_history=True),
            "named1k": run_linking(st["named"], padded, by_id, None, with_history=False),
            "stmt": run_statements(st["statements"]),
            "gate": run_gate(st["gate"]),
        }
        for rows in R[tag].values():
            for r in rows:
                r["set"] = tag
    R["all"] = {k: [r for tag in sets for r in R[tag][k]] for k in R["dev"]}
    E = None
    if embedder is not None:
        E = {}
        for tag, st in sets.items():
            E[tag] = {
                "demo": run_linking(st["demonstratives"], w, by_id, embedder, with_history=True),
                "named": run_linking(st["named"], w, by_id, embedder, with_history=False),
                "demo1k": run_linking(st["demonstratives"], padded, by_id, embedder, with_history=True),
                "named1k": run_linking(st["named"], padded, by_id, embedder, with_history=False),
            }
            for rows in E[tag].values():
                for r in rows:
                    r["set"] = tag
        E["all"] = {k: [r for tag in sets for r in E[tag][k]] for k in E["dev"]}
    eval_s = time.perf_counter() - t0

    texts = [c["text"] for c in all_cases] + [h[0] for c in demo_all for h in c["history"]]
    tp = throughput(texts, padded, rounds=args.rounds, embedder=None)
    tp_e = throughput(texts, padded, rounds=1, embedder=embedder) if embedder is not None else None

    L = ["en", "zh", None]
    lines = []
    P = lines.append
    counts = {tag: {k: len(v) for k, v in st.items()} for tag, st in sets.items()}
    P("# graphmem.linking benchmark")
    P("")
    P(f"Generated by `bench/linking_bench.py{' --embedder use' if embedder else ''}` on "
      f"{datetime.now().strftime('%Y-%m-%d %H:%M')} UTC. Cases: {len(all_cases)} hand-written "
      f"({n_zh} Chinese = {n_zh / len(all_cases):.0%}). Dev set (the rules were developed against it): "
      f"{counts['dev']}. Held-out set (written after the rules were frozen, run once): {counts['heldout']}. "
      "Main tables: no embedder (rapidfuzz + slot table + types)"
      f"{'; a second table adds the USE multilingual v3 embedder' if embedder else ''}.")
    P("")

    def table(tag):
        r = R[tag]
        P("| metric | en | zh | all | target |")
        P("|---|---|---|---|---|")

        def row(name, f, target):
            vals = []
            for lang in L:
                v, n = f(lang)
                vals.append(f"{v:.3f} (n={n})")
            P(f"| {name} | {' | '.join(vals)} | {target} |")

        row("demonstrative/anaphora linking accuracy (45-entity graph)", lambda lg: acc(r["demo"], lg), "≥ 0.90")
        row("named/alias linking accuracy (45-entity graph)", lambda lg: acc(r["named"], lg), "≥ 0.95")
        row("demonstrative/anaphora accuracy (1,000-entity graph)", lambda lg: acc(r["demo1k"], lg), "—")
        row("named/alias accuracy (1,000-entity graph)", lambda lg: acc(r["named1k"], lg), "—")
        row("statement precision", lambda lg: (prf(r["stmt"], lg)[0], prf(r["stmt"], lg)[3]), "—")
        row("statement recall", lambda lg: (prf(r["stmt"], lg)[1], prf(r["stmt"], lg)[3]), "—")
        row("statement F1", lambda lg: (prf(r["stmt"], lg)[2], prf(r["stmt"], lg)[3]), "≥ 0.85")
        row("small-talk precision (never drop information)",
            lambda lg: (gate_pr(r["gate"], lg)[0], gate_pr(r["gate"], lg)[2]), "≥ 0.95")
        row("small-talk recall", lambda lg: (gate_pr(r["gate"], lg)[1], gate_pr(r["gate"], lg)[2]), "≥ 0.85")
        P("")

    P("## Reading these numbers")
    P("")
    P("- The **dev set** (345 cases) was written before any code, but the rules and seed lists were then "
      "developed against it, so its near-perfect scores are optimistic.")
    P("- The **held-out set** (145 cases) was written after the rules were frozen and run once; that first run "
      "is recorded verbatim below. On unseen data it **missed three targets**: demonstratives 0.875 (< 0.90), "
      "named 0.909 (< 0.95) and small-talk recall 0.70 (English 0.50). The misses were generic gaps (object "
      "pronouns missed by the parser, plural/which references, a short alias inside a longer name — "
      "'Tom' in 'Tom Hanks' —, type words counted as distinguishing modifiers, untyped heads, elided subjects, "
      "'dropped to' as a change, seed phrases such as 'how was your weekend', elongated 'heyyy').")
    P("- A **second held-out set** (80 cases) was then written and run once after those fixes; it **missed the "
      "same three targets** (demonstratives 0.810, named 0.929, small-talk recall 0.70; statement F1 0.941 and "
      "small-talk precision 1.0 held). New gaps: 'the Sony ones'/'the tesla' (a brand after a determiner), "
      "'Which car', '这两个项目' (plural), 'MacBook Air M3' (a model variant of a known name), "
      "'我不太能吃辣', '我的手机是华为Mate 60', 'yo what's good', 'haha fair'. They were fixed generically too.")
    P("- No case was removed or relabelled after its set's first run (one heldout2 label was corrected before "
      "it ran: see git history). After the fixes neither held-out set is unseen any more, so the honest "
      "expectation on new data is the first-run numbers: roughly 0.8–0.9 for demonstratives, 0.9–0.93 for named "
      "mentions, ~0.93 statement F1, precision 1.0 / recall ~0.7 for small talk (the gate errs towards "
      "keeping: unknown phrasing is stored, never dropped).")
    P("- Failures that remain and why (homophone typos of Chinese names, '杭洲' for '杭州', are linked since "
      "issue 17 by their pinyin, one character off, never a person's or a dictionary word): a type-only reference with no session "
      "antecedent ('上次住的那个酒店') is correctly linked when the user knows one hotel but ambiguous once the "
      "1,000-entity graph holds several (KnownEntity.last_seen would break that tie; the benchmark gives none); "
      "idiomatic small talk ('Mondays, am I right?'); "
      "references that need world knowledge without an embedder ('the Japanese restaurant you recommended' → "
      "Sushi Zen, 'that Italian place' → Trattoria Roma: the USE embedder resolves both). ('年底有十三薪' was "
      "read as an event until stop 62: N薪 is a standing term of the pay, not a happening.) Two extras are true facts the "
      "gold does not list, counted as errors all the same: the employer of 'I started a new job at Acme three "
      "weeks ago' and the diet of 'I'm lactose intolerant so no milk in my coffee please'.")
    P("")
    for fname, title in (("linking_heldout_firstrun.md", "Held-out set, first run (frozen record)"),
                         ("linking_heldout2_firstrun.md", "Second held-out set, first run (frozen record)")):
        firstrun = DATA / fname
        if firstrun.exists():
            P(f"<details><summary>{title}</summary>")
            P("")
            P(firstrun.read_text(encoding="utf-8").split("\n", 1)[1].strip())
            P("")
            P("</details>")
            P("")
    P("## All cases (dev + held-out)")
    table("all")
    P("## Held-out set only")
    table("heldout")
    P("## Second held-out set only")
    table("heldout2")
    P("## Dev set only")
    table("dev")
    if E is not None:
        P("## Linking with the USE multilingual embedder (`--embedder use`)")
        P("| metric | en | zh | all |")
        P("|---|---|---|---|")
        for name, key in (("demonstrative/anaphora (45)", "demo"), ("named/alias (45)", "named"),
                          ("demonstrative/anaphora (1,000)", "demo1k"), ("named/alias (1,000)", "named1k")):
            for tag in ("all", "heldout", "heldout2"):
                vals = [f"{acc(E[tag][key], lg)[0]:.3f} (n={acc(E[tag][key], lg)[1]})" for lg in L]
                P(f"| {name}, {tag} | {' | '.join(vals)} |")
        P("")
        P(f"Throughput with the embedder (embedding only for ambiguous references with a distinguishing word "
          f"and unresolved names): {tp_e['single']:.0f} messages/s per CPU-second.")
        bad = [r for k in ("demo", "named", "demo1k", "named1k") for r in E["all"][k] if not r["ok"]]
        P("")
        P(f"Failures with the embedder: {len(bad)}")
        for r in bad:
            P(f"- [{r['set']}] `{r['id']}` {r['text']} — expected {r['surface']!r} → {r['expected']}; got {r['why']}")
        P("")
    P(f"Throughput, extraction + linking, one process, 1 thread, {tp['entities']} known entities, "
      f"{tp['n']} messages (best of {args.rounds}, per CPU-second of this process): **{tp['single']:.0f} "
      f"messages/s** one call per message ({tp['wall']:.0f}/s wall-clock on the shared 2-core box); "
      f"{tp['batch']:.0f} messages/s with `extract_mentions_batch` (spaCy `nlp.pipe`). Target ≥ 300.")
    P("")
    P("Scoring: a gold mention is correct when the extracted mention overlapping its span most gets the "
      "expected verdict (entity id, NEW or AMBIGUOUS). Statements match on kind + is_change and the "
      "kind's key fields (polarity+subject, key+value, goal keyword, event date or date range, "
      "relation+subject). Small talk = any non-informative label (greeting/smalltalk/chitchat); precision "
      "counts informative messages wrongly marked droppable. The 1,000-entity graph adds 955 generated "
      "distractors (people, products, restaurants, cities, hotels, books, organisations) that no case names, "
      "so every label stays true; type-only references with no session antecedent become genuinely ambiguous "
      "there when a distractor shares the type.")
    P("")
    P("## Failing cases")
    ra = R["all"]
    for title, rows_ in (("Demonstrative/anaphora (45-entity graph)", ra["demo"]),
                         ("Named/alias (45-entity graph)", ra["named"]),
                         ("Demonstrative/anaphora, only on the 1,000-entity graph", [
                             r for r in ra["demo1k"] if not r["ok"] and any(
                                 x["id"] == r["id"] and x["surface"] == r["surface"] and x["ok"] for x in ra["demo"])]),
                         ("Named/alias, only on the 1,000-entity graph", [
                             r for r in ra["named1k"] if not r["ok"] and any(
                                 x["id"] == r["id"] and x["surface"] == r["surface"] and x["ok"] for x in ra["named"])])):
        bad = [r for r in rows_ if not r["ok"]]
        P(f"### {title}: {len(bad)}")
        for r in bad:
            P(f"- [{r['set']}] `{r['id']}` {r['text']} — expected {r['surface']!r} → {r['expected']}; got {r['why']}")
        P("")
    bad_s = [r for r in ra["stmt"] if r["fp"] or r["fn"]]
    P(f"### Statements: {len(bad_s)} messages with a miss or an extra")
    for r in bad_s:
        P(f"- [{r['set']}] `{r['id']}` {r['text']} — gold {json.dumps(r['gold'], ensure_ascii=False)}; got {r['pred']}")
    P("")
    bad_g = [r for r in ra["gate"] if r["gold_small"] != r["pred_small"]]
    P(f"### Gate: {len(bad_g)}")
    for r in bad_g:
        P(f"- [{r['set']}] `{r['id']}` {r['text']!r} — gold {r['gold']}, got {r['pred']} ({'; '.join(r['reasons'])})")
    P("")
    report = "\n".join(lines) + "\n"
    if not args.no_write:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(report, encoding="utf-8")
    print(report)
    kv = {"cases": len(all_cases), "zh_share": round(n_zh / len(all_cases), 3)}
    for tag in ("all", "heldout", "heldout2"):
        r = R[tag]
        sfx = "" if tag == "all" else f"_{tag}"
        for lang in ("en", "zh", None):
            ls = f"_{lang}" if lang else ""
            kv[f"demo_acc{ls}{sfx}"] = acc(r["demo"], lang)[0]
            kv[f"named_acc{ls}{sfx}"] = acc(r["named"], lang)[0]
            kv[f"stmt_f1{ls}{sfx}"] = prf(r["stmt"], lang)[2]
            kv[f"smalltalk_p{ls}{sfx}"] = gate_pr(r["gate"], lang)[0]
            kv[f"smalltalk_r{ls}{sfx}"] = gate_pr(r["gate"], lang)[1]
        kv[f"demo_acc_1k{sfx}"] = acc(r["demo1k"])[0]
        kv[f"named_acc_1k{sfx}"] = acc(r["named1k"])[0]
    if E is not None:
        kv.update({"demo_acc_use": acc(E["all"]["demo"])[0], "named_acc_use": acc(E["all"]["named"])[0],
                   "demo_acc_1k_use": acc(E["all"]["demo1k"])[0], "named_acc_1k_use": acc(E["all"]["named1k"])[0],
                   "msgs_per_s_use": tp_e["single"]})
    kv.update({"msgs_per_s": tp["single"], "msgs_per_s_batch": tp["batch"], "msgs_per_s_wall": tp["wall"],
               "eval_s": eval_s,
               "embedder": "use" if embedder else "none"})
    print(" ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}" for k, v in kv.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
