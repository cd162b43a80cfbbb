from pathlib import Path

from graphmem.linking import lexicon


def test_data_folder_is_flat_and_every_file_parses():
    data = lexicon.DATA_DIR
    files = list(data.iterdir())
    assert files and all(f.is_file() for f in files)     # pyproject ships "data/*" (flat)
    for f in files:
        assert lexicon._lines(f.name), f.name


def test_type_taxonomy_compatibility():
    assert lexicon.compatible("laptop", "computer") and lexicon.compatible("computer", "laptop")
    assert not lexicon.compatible("restaurant", "laptop")
    assert lexicon.compatible("cafe", "restaurant") and lexicon.compatible("city", "geo")
    assert not lexicon.compatible("hotel", "geo")
    assert lexicon.type_of_noun("笔记本", "zh") == "laptop" and lexicon.type_of_noun("日料店", "zh") == "restaurant"
    assert lexicon.type_of_noun("hotpot place") == "restaurant"
    assert lexicon.role_of("我妹妹") == lexicon.role_of("my sister") == "sister"
