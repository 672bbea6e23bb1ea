"""A night's writes: one function per action, each atomic."""
