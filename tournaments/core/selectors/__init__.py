"""The core's reads: who directs which club."""
