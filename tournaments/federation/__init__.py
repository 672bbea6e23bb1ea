"""The federation's club: master points awarded by the club's federation's scale, kept in a
ledger a player's page and the club's totals read, and the files federations take."""
