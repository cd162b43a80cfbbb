"""The CLI's tables on a narrow terminal: a table that cannot show whole ids and times beside readable text is a
list, a row a paragraph, so the value a curator looks for is never squeezed away (a card's facts at 80 columns)."""

import io

import pytest
from rich.console import Console

from graphmem.cli import common

FACT = "fa_9d4d000acafefe0b777633b5"
OTHER = "fa_4106d8d2ab51a7ca82ec7807"
COLUMNS = ["fact id", "attribute", "value", "status", "v", "valid from", "valid to", "seen"]
ROWS = [[FACT, "goal", "help people who have gone through the same things as me", "active", 1,
         "2023-06-27T10:42Z", None, 1],
        [OTHER, "birthday", "1995-01-01", "outdated", 2, "2023-05-25T13:18Z", "2023-06-01T09:00Z", 3]]


def _render(width: int, monkeypatch) -> str:
    out = io.StringIO()
    monkeypatch.setattr(common, "console", Console(file=out, width=width, soft_wrap=True, color_system=None))
    common.table("active", COLUMNS, ROWS)
    return out.getvalue()


def test_narrow_terminal_lists_rows_with_every_value_id_and_time_whole(monkeypatch):
    text = _render(80, monkeypatch)
    lines = text.splitlines()
    assert "┃" not in text and lines[0] == "active"
    assert max(len(line) for line in lines) <= 80
    assert sum(line.startswith("• ") for line in lines) == 2          # a paragraph a row
    for whole in (FACT, OTHER, "2023-06-27T10:42Z", "2023-05-25T13:18Z", "2023-06-01T09:00Z", "valid from:"):
        assert any(whole in line for line in lines), whole            # never broken across lines
    words = " ".join(line[2:] for line in lines[1:])
    assert "value: help people who have gone through the same things as me" in words
    assert "valid to:" in words.split("fa_4106")[1] and "valid to:" not in words.split("fa_4106")[0]   # empty: left out


def test_wide_enough_terminal_keeps_the_table(monkeypatch):
    text = _render(200, monkeypatch)
    header = next(line for line in text.splitlines() if "fact id" in line)
    assert all(c in header for c in COLUMNS)
    assert any(FACT in line and "2023-06-27T10:42Z" in line for line in text.splitlines())


@pytest.mark.parametrize("width", [40, 60, 100])
def test_no_line_is_wider_than_the_terminal(width, monkeypatch):
    lines = _render(width, monkeypatch).splitlines()
    assert lines and all(len(line) <= width for line in lines)


def test_entities_table_shows_a_cards_first_attributes_whole_and_how_many_more():
    from graphmem.cli.inspect_cmd import CARD_BRIEF, _brief

    card = "; ".join(f"goal: item number {i} of the card" for i in range(10))
    brief = _brief(card)
    shown, more = brief.rsplit("; … (+", 1)
    assert len(shown) <= CARD_BRIEF and card.startswith(shown + "; ")
    assert int(more.rstrip(")")) == 10 - len(shown.split("; "))
    assert _brief("color: red") == "color: red" and _brief(None) in ("", None)
