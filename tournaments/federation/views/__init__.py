"""The federation capability\x27s pages: a club\x27s master points, its federation\x27s files."""
