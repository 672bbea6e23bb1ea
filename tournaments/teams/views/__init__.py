"""Teams' pages: the director's and the public's."""
