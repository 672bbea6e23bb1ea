"""Every write to the club database: one function per action, each atomic.

Services take keyword-only typed arguments, validate (raising Django's
``ValidationError`` with messages a director can act on, keyed by form field), and
keep the derived tables (matchpoints, standings, audit log) in step in the same
transaction.
"""
