"""The ``graphmem`` command line (imported as ``graphmem.cli``)."""
