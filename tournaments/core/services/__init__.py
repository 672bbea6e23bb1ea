"""The core's writes: a club created, and the write gate every write passes."""
