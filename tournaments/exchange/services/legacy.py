"""Bring a legacy score file into the club database as a session, all or nothing.

A legacy file holds one field's scores and no opponents (the seed's format), so the
session it becomes is a Howell (one field, pairs without a direction) whose results are
bare North-South scores: no contract, no declarer, no East-West pair. Its matchpoints
are the file's own: each score is compared with the other scores on the board by the
pairs who played it, exactly as the simpscore report does.

Decisions where the seed is silent:

- **One field, a Howell.** The file does not say whether its pairs sat North-South or
  East-West, and the seed says it does not matter; a Howell is the one movement whose
  pairs have no fixed direction.
- **Names.** A pair's names are split on the first ``" - "`` into two players, so that
  ``Pair.names`` gives back the file's names exactly; names without ``" - "`` are one
  player. Players the club already knows (its own: on its list, in its sessions or
  teams, never another club's, issue 28) are found by their exact name (the oldest of
  namesakes, as ``player_find_or_create`` does), in a few bulk queries. Unlike
  ``player_find_or_create`` the match is case-sensitive: a file's names are what its
  report prints, and a session exported again must print them to the letter.
- **The same file twice.** A session remembers the SHA-256 of its file *normalised*:
  written back by ``format_score_file`` from what was parsed, so a file re-saved with
  other spacing or line endings, or its pair lines in another order, is still the same
  file. A second import for the same club is refused, naming the session, unless
  ``replace`` is asked for, which deletes that session in the same transaction. That
  delete is audited as one: the session's own audit log goes with it, so a
  ``SessionDeletion`` row at the club keeps who replaced which session, when, and how
  many results and audit entries it held.
- **At most 99,999 pairs.** The rules package reads a file of any size, but the
  database bounds a pair number (``MAX_STORED_PAIR_NUMBER``), so a larger file is refused
  by name before anything is written.
- **Matchpoints at insert.** Each board's matchpoints are computed with the rules
  package's ``board_matchpoints`` before its results are written, the very figures
  result entry writes, so the import does not read 400,000 rows back to update them;
  the standings are then rewritten from the stored results.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.bridge.formats.legacy import ScoreFile, format_score_file, parse_score_file
from tournaments.bridge.matchpoints import board_matchpoints, places, session_totals
from tournaments.bridge.names import clean_name
from tournaments.bridge.text import quoted
from tournaments.core.models import Club, Player
from tournaments.core.selectors.club_players import own_players
from tournaments.core.services.writes import locked, write
from tournaments.db.results import session_results_delete
from tournaments.db.sql import insert_rows
from tournaments.night import live
from tournaments.night.models import (
    MAX_STORED_PAIR_NUMBER,
    Board,
    Movement,
    Pair,
    Result,
    ResultChange,
    Session,
    SessionDeletion,
    SessionState,
    Standing,
)
from tournaments.night.services.scoring.standings import session_recalculate_standings
from tournaments.night.services.sessions import session_create
from tournaments.season.services.rating_queue import ratings_owed

PAIR_NAMES_SEPARATOR = " - "
# The database's bound on a pair number (the file's pairs are numbered 1..n).
MAX_IMPORTED_PAIRS = MAX_STORED_PAIR_NUMBER
BATCH_SIZE = 5000
# Well under SQLite's limit on the variables of one statement.
LOOKUP_CHUNK = 500

Progress = Callable[[int], object]  # what it returns is not read (tqdm's update returns a bool)


class PreviewRow(NamedTuple):
    """A pair's line of the standings an import would give: the simpscore figures and a place."""

    rank: int
    tied: bool
    number: int
    names: str
    total_score: int
    average_score: float
    matchpoints: float
    percentage: float
    boards_played: int


def score_file_preview(score_file: ScoreFile) -> list[PreviewRow]:
    """Return the standings the file would give, best percentage first (equal ones share a place).

    The figures are the simpscore report's, computed by the rules package without the
    database, so a director sees them before anything is stored.
    """
    totals = session_totals(score_file.boards, len(score_file.pairs))
    figures = places([total.percentage or 0.0 for total in totals])
    rows = [
        PreviewRow(
            rank=place.rank,
            tied=place.tied,
            number=pair.number,
            names=pair.names,
            total_score=total.total_score,
            average_score=total.average_score or 0.0,
            matchpoints=total.total_matchpoints,
            percentage=total.percentage or 0.0,
            boards_played=total.boards_played,
        )
        for pair, total, place in zip(score_file.pairs, totals, figures, strict=True)
    ]
    return sorted(rows, key=lambda row: (row.rank, row.number))


class DuplicateImportError(ValidationError):
    """The club already holds a session imported from this very file."""

    def __init__(self, session: Session) -> None:
        self.session = session
        super().__init__(
            _(
                "This file was already imported as session %(id)d (%(name)s, %(date)s);"
                " import it again with replace to overwrite it."
            )
            % {"id": session.pk, "name": session.name, "date": f"{session.date:%Y-%m-%d}"}
        )


def score_file_digest(score_file: ScoreFile) -> str:
    """Return the SHA-256 of the file as ``format_score_file`` writes it (see the docstring)."""
    return hashlib.sha256(format_score_file(score_file).encode("utf-8")).hexdigest()


def played_result_count(score_file: ScoreFile) -> int:
    """Return how many results the file holds (the scores that are not ``----``)."""
    return sum(len(board) - board.count(None) for board in score_file.boards)


def split_pair_names(names: str) -> list[str]:
    """Split a pair's names into its players' names, on the first ``" - "`` only."""
    names = " ".join(names.split())
    first, separator, second = names.partition(PAIR_NAMES_SEPARATOR)
    if separator and first and second:
        return [first, second]
    return [names]


@write()
def score_file_import(
    *,
    club: Club,
    date: datetime.date,
    name: str,
    text: str | None = None,
    score_file: ScoreFile | None = None,
    replace: bool = False,
    progress: Progress | None = None,
    user: User | None = None,
) -> Session:
    """Store a legacy score file as a new session of the club, or nothing at all.

    Give the file's ``text`` (parsed here; a malformed file raises ``LegacyFormatError``
    with its line) or an already parsed ``score_file``. ``progress``, if given, is called
    with the number of results written after each batch. ``user`` is who imports, kept
    in the ``SessionDeletion`` record of a replaced session (None from the command line).
    """
    if text is not None and score_file is None:
        score_file = parse_score_file(text)
    elif text is not None or score_file is None:
        raise TypeError("give exactly one of text or score_file")
    if len(score_file.pairs) > MAX_IMPORTED_PAIRS:
        raise ValidationError(
            _("The file has %(pairs)s pairs; at most %(most)s can be imported.")
            % {"pairs": f"{len(score_file.pairs):,}", "most": f"{MAX_IMPORTED_PAIRS:,}"}
        )
    _check_totals_fit(score_file)
    digest = score_file_digest(score_file)
    replaced, replaced_players = _check_not_imported(club, digest, replace)
    session = session_create(club=club, date=date, name=name, movement=Movement.HOWELL)
    # A legacy file is a night already played: its session is finished, so published.
    session.source_sha256 = digest
    session.state = SessionState.FINISHED
    session.save(update_fields=["source_sha256", "state"])
    if replaced is not None:
        replaced.reason = f"Replaced by session {session.pk} ({session.name}), imported again from its file"
        replaced.user = user
        replaced.save()
    pairs = _create_pairs(session, score_file, replaced_players)
    boards = Board.objects.bulk_create(
        [Board(session=session, number=number) for number in range(1, len(score_file.boards) + 1)],
        batch_size=BATCH_SIZE,
    )
    _insert_results(score_file, boards, pairs, progress)
    session_recalculate_standings(session)
    # A finished night from a file: its players' ratings are owed a refit (the replaced one's leave).
    if replaced is not None:
        ratings_owed(session_id=replaced.session_pk)
    ratings_owed(session)
    return session


# A pair's total score is stored in a 32-bit column (Standing.total_score).
MAX_STORED_TOTAL = 2**31 - 1


def _check_totals_fit(score_file: ScoreFile) -> None:
    """Refuse a file whose pair totals the database cannot hold (a 500 on PostgreSQL, issue 24).

    A bridge score is at most 7,600 either way, so only a damaged or made-up file comes
    near; the check is on the absolute scores, a bound of every total.
    """
    sums = [0] * len(score_file.pairs)
    for scores in score_file.boards:
        for index, score in enumerate(scores):
            if score:
                sums[index] += abs(score)
    for pair, total in zip(score_file.pairs, sums, strict=True):
        if total > MAX_STORED_TOTAL:
            raise ValidationError(
                _(
                    "Pair %(pair)s's scores add up to %(total)s, more than can be stored (%(most)s):"
                    " these are not bridge scores. Check the file."
                )
                % {"pair": pair.number, "total": f"{total:,}", "most": f"{MAX_STORED_TOTAL:,}"}
            )


def _check_not_imported(
    club: Club, digest: str, replace: bool
) -> tuple[SessionDeletion | None, dict[str, list[int]]]:
    """Refuse a file imported before, or delete its session when replacing.

    Returns the deletion's record and the replaced session's players (ids by name): they
    were the club's own a moment ago, and stay its own for the file imported again, so
    they keep their rows (their pages, their initials) even if they played nowhere else.
    """
    existing = locked(Session.objects.filter(club=club, source_sha256=digest)).first()
    if existing is None:
        return None, {}
    if not replace:
        raise DuplicateImportError(existing)
    live.session_changed([existing.pk])  # its pages' stamps (night.live): a poll then finds it gone
    players: dict[str, list[int]] = {}
    pairs = Pair.objects.filter(session=existing)
    for pk, name in Player.objects.filter(
        Q(pk__in=pairs.values("player1")) | Q(pk__in=pairs.values("player2"))
    ).values_list("pk", "name"):
        players.setdefault(name, []).append(pk)
    return _session_delete(existing), players


def _session_delete(session: Session) -> SessionDeletion:
    """Delete a session and everything in it, its results by one statement.

    ``Session.delete()`` alone would load every result into memory to null the audit
    log's links to them, which for a 400,000-result session costs more than the import.
    The session's audit entries and standings go first, so nothing links to its results.
    The deletion itself is recorded at the club, with what the session held; the caller
    fills in the reason and the user.
    """
    record = SessionDeletion(
        club_id=session.club_id,
        session_pk=session.pk,
        session_name=session.name,
        session_date=session.date,
        source_sha256=session.source_sha256,
        result_count=Result.objects.filter(board__session=session).count(),
        audit_entry_count=ResultChange.objects.filter(session=session).count(),
    )
    ResultChange.objects.filter(session=session).delete()
    Standing.objects.filter(session=session).delete()
    session_results_delete(session.pk)
    session.delete()
    return record


def _create_pairs(session: Session, score_file: ScoreFile, replaced: dict[str, list[int]]) -> list[Pair]:
    """Create the file's pairs, in pair-number order, with their players."""
    ordered = sorted(score_file.pairs, key=lambda pair: pair[0])
    split_names = [split_pair_names(names) for _, names in ordered]
    players = _players_by_name(session.club, (name for names in split_names for name in names), replaced)
    pairs = [
        Pair(
            session=session,
            number=number,
            direction="",
            player1=players[names[0]],
            player2=players[names[1]] if len(names) > 1 else None,
        )
        for (number, _), names in zip(ordered, split_names, strict=True)
    ]
    return Pair.objects.bulk_create(pairs, batch_size=BATCH_SIZE)


def _players_by_name(club: Club, names: Iterable[str], replaced: dict[str, list[int]]) -> dict[str, Player]:
    """Find among the club's own players (and the ``replaced`` session's), or create, a player
    for every name, in bulk, keyed by name."""
    wanted = list(dict.fromkeys(names))
    max_length = Player._meta.get_field("name").max_length
    for name in wanted:
        if max_length is not None and len(name) > max_length:
            raise ValidationError(
                _("The player name %(name)s is longer than %(most)d characters.")
                % {"name": quoted(name), "most": max_length}
            )
    found: dict[str, Player] = {}
    for start in range(0, len(wanted), LOOKUP_CHUNK):
        chunk = wanted[start : start + LOOKUP_CHUNK]
        named = list(Player.objects.filter(name__in=chunk).order_by("id"))
        own = {player.pk for player in own_players(club, named)}
        own.update(pk for name in chunk for pk in replaced.get(name, ()))
        for player in named:
            if player.pk in own:
                found.setdefault(player.name, player)
    missing = [name for name in wanted if name not in found]
    made = [Player(name=clean_name(name)) for name in missing]  # bulk_create skips Player.save's
    for name, player in zip(missing, Player.objects.bulk_create(made, batch_size=BATCH_SIZE), strict=True):
        found[name] = player
    return found


# The columns a bare score fills in; every other column of a result gets its default.
_RESULT_VARYING = (
    "board",
    "ns_pair",
    "ns_score",
    "ns_matchpoints",
    "ew_matchpoints",
    "ns_percentage",
    "ew_percentage",
)


def _insert_results(
    score_file: ScoreFile, boards: list[Board], pairs: list[Pair], progress: Progress | None
) -> None:
    """Insert every played score as a bare North-South result, its matchpoints computed.

    The rows go in by ``db.sql.insert_rows`` (a plain parameterised insert in batches)
    rather than ``bulk_create``: building and compiling 400,000 model instances costs tens
    of seconds, the plain insert a few.
    """
    if not boards or not pairs:
        return
    pair_ids = [pair.pk for pair in pairs]
    rows = _result_rows(score_file, boards, pair_ids)
    insert_rows(Result, _RESULT_VARYING, rows, batch_size=BATCH_SIZE, progress=progress)


def _result_rows(score_file: ScoreFile, boards: list[Board], pair_ids: list[int]) -> Iterator[tuple]:
    """Yield (board, pair, score, NS and EW matchpoints, NS and EW percentages) per played score."""
    for board, scores in zip(boards, score_file.boards, strict=True):
        for pair_id, score, figure in zip(pair_ids, scores, board_matchpoints(scores), strict=True):
            if figure is not None:  # None exactly where the score is
                yield (board.pk, pair_id, score, *figure)
