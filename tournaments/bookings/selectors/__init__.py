"""The bookings' reads: the programme, its calendar feeds, a member's bookings, the director's summary."""
