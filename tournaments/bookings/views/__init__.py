"""The bookings' pages: the public programme and its feed, a member's bookings, the director's programme."""
