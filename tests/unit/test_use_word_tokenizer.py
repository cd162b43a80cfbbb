"""USE's tokenizer word by word, with each word's ids remembered, gives the ids of the whole-text Viterbi."""

from graphmem.embedders import UseEmbedder, _WordTokenizer

TEXTS = ["My ThinkPad E14 has 16GB of RAM, doesn't it?", "我妹妹推荐了那家面馆。", "周末去 Lisbon 玩 3 天",
         "  spaces   and\ttabs ", "Ünïcödé ＦＵＬＬ　ＷＩＤＴＨ", "🙂 emoji 🙂🙂", "", " ", "▁▁x ▁", "a" * 300,
         "Caroline: I went to the LGBTQ support group yesterday and it was so powerful.",
         "Hey Mel! Good to see you! How have you been?", "我上周刚去了趟成都，吃了好多火锅 haha"]


def test_word_by_word_gives_the_same_ids_and_vectors():
    model = UseEmbedder().model
    word = model._tokenizer
    assert isinstance(word, _WordTokenizer)
    whole = word.tok
    for text in TEXTS + [t.lower() for t in TEXTS] + [t[: len(t) // 2] for t in TEXTS]:
        assert word.encode(text) == whole.encode(text), text
        assert word.encode([text, text], add_bos=False) == whole.encode([text, text], add_bos=False)
    assert word.encode(TEXTS[0], out_type=str) == whole.encode(TEXTS[0], out_type=str)
    assert "▁ThinkPad" in word.words or "▁thinkpad" in word.words   # a word's ids are remembered


def test_a_vocabulary_with_a_space_inside_a_piece_is_left_whole():
    class Tok:
        _normalizer = _viterbi = None
        _unk_id, _bos_id, _eos_id = 0, 1, 2
        _pieces = ["▁a", "b▁c"]

    tok = Tok()
    assert _WordTokenizer.wrap(tok) is tok
    tok._pieces = ["▁a", "bc"]
    assert isinstance(_WordTokenizer.wrap(tok), _WordTokenizer)


def test_ascii_text_is_split_as_the_normaliser_splits_it():
    word = UseEmbedder().model._tokenizer
    assert word.ascii_plain   # USE's normaliser: the ASCII split applies
    controls = "".join(chr(c) for c in range(32)) + "\x7f"
    texts = ["\r\n  Hi\tthere \x0b vt\x1cfs\x00nul \x0c\x0cff  ", controls, "x" + controls + "y", "\t\n\r\f", "a  b",
             " lead", "trail ", "it's 5:30pm -- ok?!", "~`!@#$%^&*()_+-=[]{}|;':\",./<>?\\"]
    for text in texts + TEXTS:
        norm = word.tok._normalizer.normalize(text)
        assert "".join(word._split(text)) == norm, repr(text)
        assert word.encode(text) == word.tok.encode(text), repr(text)
