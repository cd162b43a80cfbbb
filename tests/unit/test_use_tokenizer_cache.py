"""The USE tokenizer read back from its cache tokenizes exactly like the one parsed from the model file."""

from graphmem.embedders import UseEmbedder

TEXTS = ["My ThinkPad E14 has 16GB of RAM, doesn't it?", "我妹妹推荐了那家面馆。", "周末去 Lisbon 玩 3 天",
         "  spaces   and\ttabs ", "Ünïcödé ＦＵＬＬ　ＷＩＤＴＨ", "🙂 emoji", ""]


def test_cached_tokenizer_matches_the_parsed_one(tmp_path):
    parsed = UseEmbedder()                  # no cache: parses sp.model
    first = UseEmbedder(tmp_path)           # parses, checks and writes the cache
    assert first.model is not None
    written = list(tmp_path.glob("use-tokenizer-*.marshal"))
    assert len(written) == 1 and written[0].stat().st_size > 1_000_000
    second = UseEmbedder(tmp_path)          # reads the cache
    models = [e.model for e in (parsed, first, second)]
    ids = [m._tokenizer.encode(TEXTS) for m in models]
    assert ids[0] == ids[1] == ids[2]
    assert (parsed.embed(TEXTS) == second.embed(TEXTS)).all()


def test_a_damaged_cache_is_parsed_again(tmp_path):
    UseEmbedder(tmp_path).model
    (path,) = tmp_path.glob("use-tokenizer-*.marshal")
    path.write_bytes(b"not marshal data")
    again = UseEmbedder(tmp_path)
    assert again.model._tokenizer.encode(TEXTS) == UseEmbedder().model._tokenizer.encode(TEXTS)
    assert path.stat().st_size > 1_000_000          # rewritten
