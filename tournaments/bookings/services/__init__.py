"""The bookings' writes: the programme, bookings and partners, the night, and the queue's jobs."""
