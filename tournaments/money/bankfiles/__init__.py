"""Bank statements as the banks export them: CSV, OFX and MT940, read into one shape.

Pure functions of the file's bytes (no Django, no database): ``read_bank_file`` tells the
format from the bytes, not the name, and returns a ``Statement`` of ``BankLine`` values or
raises ``BankFileError`` naming the line. Matching lines to members is ``matching``.
"""

from tournaments.money.bankfiles.lines import BankFileError, BankLine, Statement, line_keys
from tournaments.money.bankfiles.reading import read_bank_file

__all__ = ["BankFileError", "BankLine", "Statement", "line_keys", "read_bank_file"]
