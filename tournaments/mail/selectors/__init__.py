"""Reads of results by email: who is told what, and what was sent."""
