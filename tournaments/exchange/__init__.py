"""Files in and out: PBN, USEBIO, LIN, legacy score files and their imports."""
