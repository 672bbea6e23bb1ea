"""Teams rules: victory points, match scoring, round robins, the Swiss draw, the ranking, the tables."""
