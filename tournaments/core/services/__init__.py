"""The core's writes: a club created, its API tokens, and the write gate every write passes."""
