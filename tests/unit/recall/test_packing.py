from graphmem.recall.packing import pack


def count(text: str) -> int:
    return len(text.split())


def test_pack_keeps_rank_order_within_budget_and_lets_shorter_items_fill_gaps():
    items = ["one two three", "a b c d e f g h i j", "x y", "p q r s"]
    kept, dropped = pack(items, 15, count, prefix="- ")   # costs 5, 12, 4, 6
    assert kept == ["one two three", "x y", "p q r s"]
    assert dropped == ["a b c d e f g h i j"]


def test_pack_zero_budget_keeps_nothing():
    assert pack(["a"], 0, count) == ([], ["a"])


def test_pack_reserves_header_tokens():
    kept, _ = pack(["a b", "c d"], 8, count, prefix="", header_tokens=4)
    assert kept == ["a b"]
