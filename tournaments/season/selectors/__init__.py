"""The season's reads: members, likely duplicates, a player's data, competitions, ratings."""
