"""Before the night: the club's programme of sessions ahead, bookings, the partner finder (issue 51)."""
