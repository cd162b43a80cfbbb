"""How a card lists a fact: a negative polarity is said, unless the stored value says it already."""

from graphmem.model import fact_line, fact_value


def test_someones_dislike_reads_as_one():
    assert fact_line("preference", "cilantro", -1) == "preference: not cilantro"
    assert fact_line("preference", "cilantro", "dislike") == "preference: not cilantro"
    assert fact_line("preference", "jazz", 1) == "preference: jazz"
    assert fact_line("allergy", "peanuts", 0) == "allergy: peanuts"


def test_a_stock_value_says_its_polarity_itself():
    assert fact_value("dislike", -1) == "dislike"
    assert fact_value("no longer want", -1) == "no longer want"
    assert fact_value(8000, 1) == 8000
