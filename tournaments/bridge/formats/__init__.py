"""File formats: PBN, USEBIO, LIN and the legacy score file, read and written as their producers do."""
