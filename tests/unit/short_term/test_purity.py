import subprocess
import sys


def test_pure_modules_import_no_models_or_drivers():
    code = (
        "import sys\n"
        "import graphmem.short_term.packing, graphmem.short_term.conflict, graphmem.short_term.state\n"
        "import graphmem.short_term.facts, graphmem.short_term.summary, graphmem.short_term.tools\n"
        "import graphmem.short_term.tokens, graphmem.short_term.session\n"
        "bad = [m for m in ('spacy', 'neo4j', 'torch', 'jieba', 'sentence_transformers', 'tokenizers', 'bpe_openai')"
        " if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""
