"""A night's pages: the director's, the public's and the tables'."""
