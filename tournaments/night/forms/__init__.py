"""A night's forms: they parse what was typed; the services decide whether it may be stored."""
