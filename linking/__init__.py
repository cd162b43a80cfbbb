"""Mention extraction and entity linking, English and Chinese (imported as ``graphmem.linking``)."""
