"""Double-dummy analysis of a deal with endplay's DDS bindings: makeable tricks and par.

Computed once, when a board is dealt, and stored, because DDS takes about 0.25 s of CPU
a deal (two cores: 0.13 s a deal when idle) and the board page is read far more often
than a board is dealt.

DDS's table solvers (``CalcDDtable``, ``CalcAllTables``) drive one thread pool per
process and are not reentrant: two requests dealing at once in threads of one gunicorn
worker crashed the whole process ("Sum 5 is not four", then a segfault; issue 24). Every
solver call therefore holds ``_solver_lock``, one deal at a time, so a long upload and
another director's deal take turns; the par calculation works on a finished table and
needs no lock. Batching deals into one ``CalcAllTables`` call was measured and buys
nothing here: the CPU a deal is the same (``bench/bench_analysis.py``), and DDS already
spreads one deal's strains over both cores.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tournaments.bridge import Deal, board_vulnerability

if TYPE_CHECKING:  # endplay is imported where it is used: the solver loads only when asked
    from endplay.dds.ddtable import DDTable

STRAINS = ("C", "D", "H", "S", "NT")
SEATS = ("N", "E", "S", "W")

_solver_lock = threading.Lock()
# The same lock for every DDS call of the process: the lead solves (``analysis.services.leads``) too.
solver_lock = _solver_lock


@dataclass(frozen=True)
class BoardAnalysis:
    tricks: dict[str, dict[str, int]]  # declarer seat -> strain -> tricks
    par_score: int  # from North-South
    par_contracts: str


_VUL_NAMES = {"None": "none", "NS": "ns", "EW": "ew", "Both": "both"}
# endplay's Denom and Player numbers, in the order of STRAINS and SEATS.
_DENOMS = (3, 2, 1, 0, 4)
_PLAYERS = (0, 1, 2, 3)


def board_analysis(deal: Deal, board_number: int) -> BoardAnalysis:
    """Return the double-dummy tricks for every declarer and strain, and the par result."""
    return _analyse(deal.pbn(), board_vulnerability(board_number))


@functools.lru_cache(maxsize=256)
def _analyse(pbn: str, vulnerability_name: str) -> BoardAnalysis:
    """Analyse one deal; cached because a re-dealt or repeated deal needs no second solve."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    deal = EndplayDeal(pbn)
    with _solver_lock:  # a deal at a time, so a long file and another director's deal take turns
        table = calc_dd_table(deal)
    tricks = {
        seat: {
            strain: int(table[Denom(denom), Player(player)])
            for strain, denom in zip(STRAINS, _DENOMS, strict=True)
        }
        for seat, player in zip(SEATS, _PLAYERS, strict=True)
    }
    return _with_par(table, tricks, vulnerability_name)


def board_analysis_from_tricks(tricks: Mapping[str, Mapping[str, int]], board_number: int) -> BoardAnalysis:
    """Return the analysis of a board whose double-dummy tricks a dealing program worked out.

    A PBN file's [DoubleDummyTricks] gives them: only par is worked out here, which needs
    no solver, so a 200-board file with its tricks is read in well under a second instead
    of the solver's 0.25 s of CPU a deal (issue 24).
    """
    import endplay._dds as dds
    from endplay.dds.ddtable import DDTable

    data = dds.ddTableResults()
    for seat, player in zip(SEATS, _PLAYERS, strict=True):
        for strain, denom in zip(STRAINS, _DENOMS, strict=True):
            data.resTable[denom][player] = int(tricks[seat][strain])
    exact = {seat: {strain: int(tricks[seat][strain]) for strain in STRAINS} for seat in SEATS}
    return _with_par(DDTable(data), exact, board_vulnerability(board_number))


def _with_par(table: DDTable, tricks: dict[str, dict[str, int]], vulnerability_name: str) -> BoardAnalysis:
    from endplay.dds import par
    from endplay.types import Player, Vul

    vulnerability = getattr(Vul, _VUL_NAMES[vulnerability_name])
    par_list = par(table, vulnerability, Player.north)
    contracts = ", ".join(_par_contract_text(contract) for contract in par_list)
    return BoardAnalysis(tricks=tricks, par_score=int(par_list.score), par_contracts=contracts)


def _par_contract_text(contract: object) -> str:
    """Write endplay's par contract as ClubScore writes contracts: ``4SX N -1``, ``3NT NS``."""
    text = str(contract)
    return text.replace("\u2663", "C").replace("\u2666", "D").replace("\u2665", "H").replace("\u2660", "S")
