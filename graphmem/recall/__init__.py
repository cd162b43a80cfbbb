"""recall layer."""
