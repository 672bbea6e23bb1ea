"""Reads of the federation capability: awards, totals, the federations\x27 files."""
