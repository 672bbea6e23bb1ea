"""A night's reads, with the queries counted in tests."""
