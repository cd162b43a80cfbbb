"""short_term layer."""
