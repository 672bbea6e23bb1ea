"""The season's writes: members imported, players merged, privacy, competitions, ratings refitted."""
