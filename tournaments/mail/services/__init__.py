"""Writes of results by email: sending and recording, resending, opting out."""
