"""The season: members, players as people, privacy, competitions across sessions, ratings."""
