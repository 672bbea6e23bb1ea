"""PBN (Portable Bridge Notation, version 2.1): hand records out, hand records and results in.

PBN is what dealing machines (Duplimate, Dealer4), Big Deal, BridgeComposer and many
scorers read and write. A file is a list of games separated by blank lines; a game is a
list of tag pairs ``[Name "value"]``, some followed by data lines (the auction, the play,
the tables). ``charset`` decodes a file, ``tags`` reads its games, ``reading`` the
boards, ``results`` the results of its tables, ``writing`` writes hand records.
"""

from tournaments.bridge.formats.pbn.charset import decode_pbn
from tournaments.bridge.formats.pbn.reading import (
    PbnEvent,
    PbnEventChoice,
    PbnFile,
    pbn_events,
    read_pbn,
    read_pbn_bytes,
    read_pbn_file,
)
from tournaments.bridge.formats.pbn.results import PbnResult, PbnResults
from tournaments.bridge.formats.pbn.tags import PbnError
from tournaments.bridge.formats.pbn.values import DD_DECLARERS, DD_STRAINS, PBN_VERSION, PbnBoard
from tournaments.bridge.formats.pbn.writing import (
    OPTIMUM_RESULT_HEADER,
    double_dummy_hex,
    par_contract_pbn,
    write_pbn,
)

__all__ = [
    "DD_DECLARERS",
    "DD_STRAINS",
    "OPTIMUM_RESULT_HEADER",
    "PBN_VERSION",
    "PbnBoard",
    "PbnError",
    "PbnEvent",
    "PbnEventChoice",
    "PbnFile",
    "PbnResult",
    "PbnResults",
    "decode_pbn",
    "double_dummy_hex",
    "par_contract_pbn",
    "pbn_events",
    "read_pbn",
    "read_pbn_bytes",
    "read_pbn_file",
    "write_pbn",
]
