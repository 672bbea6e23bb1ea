"""Bridge's own words in each language ClubScore speaks: one place per language (STYLE.md, rule 8).

A French player reads and types ``3SA`` where an English one writes ``3NT``, and sits
``O`` (Ouest) where the English sits ``W``. These are the letters and words each
country's club scorers and laws use (the FFB's and Magic Contest's, the NBB's and the
Bridgemate's Dutch screens, the DBV's, the PZBS's and JFR Pary's), not a translation.

Reading accepts the language's letters and the English ones: no language here gives an
English seat letter another seat's meaning (Dutch ``O`` is East where English has no
``O``; French ``E`` is Est, East), so ``3NTE=`` and ``3SAE=`` are one contract on a French
page. Suits are typed with their English letters (C, D, H, S) in every language, and
shown by their symbols (``shown_contract``: ``4♣``) wherever a contract is read, as a
traveller, in every language: the French letters (T, K, C, P) would make ``C`` hearts on one
page and clubs on another, and an English ``4C`` reads as hearts (coeur) to a French player
(docs/decisions/0068).
Files (PBN, USEBIO, LIN) are written in their standards' English notation, never here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tournaments.bridge.seats import SEATS, Seat


@dataclass(frozen=True)
class BridgeWords:
    """The bridge words of one language, as shown and as read."""

    language: str
    no_trump: str
    seats: tuple[str, str, str, str]  # the letters of N, E, S, W
    sides: tuple[str, str]  # NS, EW
    pass_word: str  # a passed-out board
    pass_words: frozenset[str]  # what a director may type for one (upper case)
    doubled: str
    redoubled: str
    vulnerability_none: str
    vulnerability_all: str

    def seat(self, seat: Seat | str) -> str:
        """The seat's letter: ``W`` -> ``O`` in French."""
        return self.seats["NESW".index(str(seat))]

    def side(self, side: str) -> str:
        """``NS`` or ``EW`` as the language writes it: ``EW`` -> ``EO`` in French, ``OW`` in Dutch."""
        return {"NS": self.sides[0], "EW": self.sides[1]}.get(side, side)

    def strain(self, strain: str) -> str:
        """A strain's letters: ``NT`` -> ``SA``; suits keep their letters."""
        return self.no_trump if strain.upper() in ("NT", "N") else strain

    def contract(self, contract: str) -> str:
        """A contract as ``Contract`` writes it (``3NTX``) in the language's letters (``3SAX``)."""
        text = str(contract)
        return text.replace("NT", self.no_trump, 1) if "NT" in text else text

    def shown_contract(self, contract: str) -> str:
        """A contract as a reader sees it: the suit by its symbol, no-trump in the language's
        letters (``4CX`` -> ``4♣X``, ``3NT`` -> ``3SA`` in French); anything else as it is."""
        text = str(contract)
        match = _STORED_CONTRACT.fullmatch(text)
        if match is None:
            return self.contract(text)
        strain = SUIT_SYMBOLS.get(match[2]) or self.no_trump
        return f"{match[1]}{strain}{match[3]}"

    def vulnerability(self, vulnerability: str) -> str:
        """``None``, ``NS``, ``EW`` or ``All`` as the language writes it."""
        if vulnerability == "None":
            return self.vulnerability_none
        if vulnerability == "All":
            return self.vulnerability_all
        return self.side(vulnerability)

    def english_contract(self, text: str) -> str:
        """A contract typed in this language, written as ``Contract.parse`` and the services
        read it: ``3sax`` -> ``3NTX``, ``Passe`` -> ``Pass``; anything else as typed (their
        parser says what is wrong with it)."""
        cleaned = " ".join(text.split()).upper()
        if cleaned in self.pass_words or cleaned in ENGLISH_PASS_WORDS:
            return "Pass"
        match = re.fullmatch(rf"([0-9]+)\s*{re.escape(self.no_trump)}\s*(X{{0,2}})", cleaned)
        return f"{match[1]}NT{match[2]}" if match else text

    def read_seat(self, letter: str) -> Seat | None:
        """The seat a letter names in this language or in English, or None."""
        letter = letter.strip().upper()
        if letter in self.seats:
            return SEATS[self.seats.index(letter)]
        return Seat(letter) if letter in ("N", "E", "S", "W") else None


SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
# A contract as ``Contract`` writes it: ``4S``, ``3NTX``, ``6CXX``.
_STORED_CONTRACT = re.compile(r"([1-7])(NT|[CDHS])(X{0,2})")

ENGLISH_PASS_WORDS = frozenset({"PASS", "P", "PASSED", "PASSED OUT", "ALL PASS"})

ENGLISH = BridgeWords(
    language="en",
    no_trump="NT",
    seats=("N", "E", "S", "W"),
    sides=("NS", "EW"),
    pass_word="Pass",
    pass_words=ENGLISH_PASS_WORDS,
    doubled="doubled",
    redoubled="redoubled",
    vulnerability_none="None",
    vulnerability_all="All",
)

WORDS: dict[str, BridgeWords] = {
    "en": ENGLISH,
    "fr": BridgeWords(
        language="fr",
        no_trump="SA",
        seats=("N", "E", "S", "O"),
        sides=("NS", "EO"),
        pass_word="Passe",
        pass_words=frozenset({"PASSE", "PASSES", "PASSÉ", "TOUS PASSENT", "4 PASSES"}),
        doubled="contré",
        redoubled="surcontré",
        vulnerability_none="Personne",
        vulnerability_all="Tous",
    ),
    "nl": BridgeWords(
        language="nl",
        no_trump="SA",
        seats=("N", "O", "Z", "W"),
        sides=("NZ", "OW"),
        pass_word="Pas",
        pass_words=frozenset({"PAS", "ALLEN PAS", "RONDPAS"}),
        doubled="gedoubleerd",
        redoubled="geredoubleerd",
        vulnerability_none="Niemand",
        vulnerability_all="Allen",
    ),
    "de": BridgeWords(
        language="de",
        no_trump="SA",
        seats=("N", "O", "S", "W"),
        sides=("NS", "OW"),
        pass_word="Passe",
        pass_words=frozenset({"PASSE", "PASS", "ALLE PASSE", "ALLE PASSEN"}),
        doubled="kontriert",
        redoubled="rekontriert",
        vulnerability_none="Keiner",
        vulnerability_all="Alle",
    ),
    "pl": BridgeWords(
        language="pl",
        no_trump="BA",
        seats=("N", "E", "S", "W"),
        sides=("NS", "EW"),
        pass_word="Pas",
        pass_words=frozenset({"PAS", "4 PASY", "WSZYSCY PAS"}),
        doubled="z kontrą",
        redoubled="z rekontrą",
        vulnerability_none="Nikt",
        vulnerability_all="Obie",
    ),
}


def words_for(language: str | None) -> BridgeWords:
    """The words of ``language`` (``fr``, ``fr-be``, ``nl-BE``), English for any other."""
    code = (language or "en").lower().replace("_", "-").split("-")[0]
    return WORDS.get(code, ENGLISH)
