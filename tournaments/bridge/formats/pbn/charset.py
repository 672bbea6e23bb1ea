"""A PBN file's character set: ISO 8859-1 unless the file says otherwise.

The standard (2.2) writes PBN in ISO 8859/1 (Latin-1), and older dealing and scoring
software does. Producers that write something else say so on a ``%`` line:
BridgeComposer and most others ``%Content-type: text/x-pbn; charset=UTF-8`` (or
``charset=ISO-8859-1``), some ``% CHARSET UTF-8`` or ``%Encoding UTF-8``. A byte-order
mark means UTF-8. A file that declares nothing is read as Latin-1, except when its bytes
are valid UTF-8 with characters beyond ASCII: a Latin-1 text almost never is (an accented
letter would have to be followed by one of the 64 bytes from 0x80 to 0xBF, which are
control characters or symbols in Latin-1), while programs that write UTF-8 without
declaring it are common (endplay; ClubScore before it declared its own).
"""

from __future__ import annotations

import codecs
import re

from tournaments.bridge.formats.pbn.tags import PbnError
from tournaments.bridge.text import quoted

_DECLARATIONS = (
    re.compile(rb'^%\s*content-type\s*:.*?charset\s*=\s*"?([A-Za-z0-9_.:-]+)', re.IGNORECASE),
    # A whole line of its own, so that prose after a "%" ("% encoding: see below") is no declaration.
    re.compile(rb"^%\s*(?:charset|encoding)\s*[:=]?\s*([A-Za-z0-9_.:-]+)\s*$", re.IGNORECASE),
)
_BOM = b"\xef\xbb\xbf"


def declared_charset(data: bytes) -> tuple[str, int] | None:
    """Return the character set a ``%`` line declares and that line's number, or None."""
    for number, line in enumerate(data.splitlines(), start=1):
        for declaration in _DECLARATIONS:
            match = declaration.match(line.strip())
            if match is not None:
                return match[1].decode("ascii"), number
    return None


def decode_pbn(data: bytes) -> str:
    """Return the file's text, decoded in the character set it declares (see the module)."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
        declared: tuple[str, int] | None = ("utf-8", 1)
    else:
        declared = declared_charset(data)
    if declared is None:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode("latin-1")
    charset, line = declared
    try:
        codecs.lookup(charset)
    except LookupError:
        raise PbnError(
            line, f"the file declares the character set {quoted(charset)}, which is unknown"
        ) from None
    try:
        return data.decode(charset)
    except UnicodeDecodeError as error:
        bad_line = data.count(b"\n", 0, error.start) + 1
        raise PbnError(bad_line, f"the file declares {charset}, but this line is not {charset}") from None
