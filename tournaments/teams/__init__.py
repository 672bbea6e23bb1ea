"""Teams events: the event, its teams, its rounds at the tables, matches, penalties."""
