"""Benchmarks and the evaluation suite (not shipped in the wheel)."""
