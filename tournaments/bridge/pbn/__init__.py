"""PBN (Portable Bridge Notation, version 2.1): hand records out, hand records and results in.

PBN is what dealing machines (Duplimate, Dealer4), Big Deal, BridgeComposer and many
scorers read and write. A file is a list of games separated by blank lines; a game is a
list of tag pairs ``[Name "value"]``, some followed by data lines (the auction, the play,
the tables). ``tags`` reads that layer, ``reading`` the boards, ``writing`` writes them.
"""

from tournaments.bridge.pbn.reading import read_pbn, read_pbn_bytes
from tournaments.bridge.pbn.tags import PbnError
from tournaments.bridge.pbn.values import DD_DECLARERS, DD_STRAINS, PBN_VERSION, PbnBoard
from tournaments.bridge.pbn.writing import (
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
    "double_dummy_hex",
    "par_contract_pbn",
    "read_pbn",
    "read_pbn_bytes",
    "write_pbn",
]
