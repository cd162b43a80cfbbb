"""write layer."""
