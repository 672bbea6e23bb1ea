"""The season's pages: members, players, competitions."""
