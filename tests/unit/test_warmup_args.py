"""``warm``'s argument check runs before any connection."""

import pytest

from graphmem.errors import InputError
from graphmem.warmup import warm


@pytest.mark.parametrize("seconds", [0, -1, 901, True, "60", None])
def test_warm_rejects_a_bad_duration(seconds):
    with pytest.raises(InputError, match="seconds must be"):
        warm(seconds=seconds)
