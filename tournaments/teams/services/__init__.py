"""Teams' writes: events and teams, rounds drawn and published, matches scored, penalties."""
