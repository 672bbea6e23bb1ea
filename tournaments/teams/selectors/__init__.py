"""Teams' reads: the ranking, a round's draw, a match's scorecard."""
