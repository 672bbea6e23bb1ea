"""Exports: a session or a teams event as PBN, LIN, USEBIO or a legacy score file."""
