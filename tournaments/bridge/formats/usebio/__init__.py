"""USEBIO 1.2 XML results: values (``values``), read (``reading``) and written (``writing``)."""

from tournaments.bridge.formats.usebio.reading import read_usebio
from tournaments.bridge.formats.usebio.values import (
    BUTLER,
    CROSS_IMPS,
    EVENT_TYPES,
    MATCHPOINTS,
    Adjusted,
    PairKey,
    TravellerLine,
    UsebioBoard,
    UsebioDeal,
    UsebioError,
    UsebioEvent,
    UsebioPair,
    UsebioPlayer,
    parse_adjusted,
    parse_pair_id,
)
from tournaments.bridge.formats.usebio.writing import write_usebio

__all__ = [
    "BUTLER",
    "CROSS_IMPS",
    "EVENT_TYPES",
    "MATCHPOINTS",
    "Adjusted",
    "PairKey",
    "TravellerLine",
    "UsebioBoard",
    "UsebioDeal",
    "UsebioError",
    "UsebioEvent",
    "UsebioPair",
    "UsebioPlayer",
    "parse_adjusted",
    "parse_pair_id",
    "read_usebio",
    "write_usebio",
]
