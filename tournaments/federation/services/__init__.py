"""Writes of the federation capability: the master points ledger."""
