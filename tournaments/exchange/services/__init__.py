"""Imports: legacy score files, PBN deals and results, USEBIO results, all or nothing."""
