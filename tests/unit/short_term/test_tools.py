import json

from graphmem.short_term.session import Session
from graphmem.short_term.tokens import HeuristicCounter
from graphmem.short_term.tools import make_record, summarise_call, trim_result

BIG = {
    "took_ms": 31, "debug": {"shards": list(range(50)), "plan": "x" * 2000},
    "total": 37,
    "hits": [{"id": f"h-{i}", "name": f"Hotel {i}", "score": round(0.95 - i / 100, 2),
              "description": "lorem ipsum " * 80, "raw": {"a": 1}} for i in range(30)],
}


def test_big_json_text_keeps_key_fields_only():
    out = trim_result(json.dumps(BIG), max_items=3)
    assert set(out) == {"total", "hits", "…"}
    assert out["hits"][:3] == [{"id": f"h-{i}", "name": f"Hotel {i}", "score": round(0.95 - i / 100, 2),
                                "…": "2 fields dropped"} for i in range(3)]
    assert out["hits"][3] == "… 27 more"
    h = HeuristicCounter()
    assert h(json.dumps(out)) * 20 < h(json.dumps(BIG))


def test_errors_are_kept_and_summarised():
    result = {"error": {"code": 503, "message": "upstream timeout"}, "trace": "t" * 5000}
    out = trim_result(result)
    assert "error" in out and "trace" not in out
    rec = make_record("search", {"q": "hotels"}, result, turn=3)
    assert rec.error and "error" in rec.summary and "503" in rec.summary


def test_summary_line_of_a_hit_list():
    line = summarise_call("search", '{"q":"hotel"}', BIG)
    assert line == 'search({"q":"hotel"}) → 37 results; top: h-0 (0.95)'


def test_non_json_text_and_small_dicts():
    assert trim_result("plain output " * 100, max_str=20).endswith("…")
    assert trim_result({"a": 1, "b": 2}) == {"a": 1, "b": 2}  # no key field: a small dict is kept whole


def test_session_summarises_old_tool_calls():
    s = Session("u", "s", counter=HeuristicCounter(), extractor=lambda t, n: [], linker=lambda t, sl, n: [],
                full_tools=1)
    s.add_user_message("find me hotels")
    for i in range(3):
        s.add_tool_result("search", {"q": f"hotel {i}"}, BIG)
    text = s.context(budget=3000).text
    assert text.count('"hits"') == 1               # only the newest is shown in full
    assert text.count("→ 37 results; top: h-0") == 2  # older ones as one line each
    assert "lorem ipsum" not in text
