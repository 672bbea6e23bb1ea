"""Rules across sessions: competitions, players' ratings, likely duplicate players, the member list."""
