"""A night of pairs: sessions, movements, seating, boards, results, scoring and the tables' own entry."""
