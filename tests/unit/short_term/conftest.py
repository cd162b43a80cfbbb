from concurrent.futures import ThreadPoolExecutor

import pytest

from graphmem.short_term.tokens import HeuristicCounter


@pytest.fixture
def counter():
    return HeuristicCounter()


@pytest.fixture
def executor():
    ex = ThreadPoolExecutor(max_workers=1)
    yield ex
    ex.shutdown(wait=True)
