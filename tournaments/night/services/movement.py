"""Set up a session's movement and move the session through its states.

A movement is configured while the session is in preparation; once play has started the
guide cards are on the tables, so changing it would send pairs to the wrong seats.
States go forward (preparation, play, finished): a director who must correct a result
after the session finished still can (services.results), and the session stays
published. A session finished by mistake is reopened (back to play), which the audit log
records; a finished session takes no new pairs and no dealt or created boards.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.core.models import Club
from tournaments.core.services.writes import write
from tournaments.night import hooks
from tournaments.night.bridge_errors import translated
from tournaments.night.models import (
    Board,
    EvenTables,
    Movement,
    ScoringMethod,
    Session,
    SessionAction,
    SessionState,
)
from tournaments.night.selectors.movements import build_movement, session_movement
from tournaments.night.selectors.publication import seats_to_fill
from tournaments.night.services.boards import boards_ensure
from tournaments.night.services.locks import session_locked
from tournaments.night.services.scoring.settle import scores_settle_locked
from tournaments.night.services.sessions import session_audit, session_create

MAX_TABLES = 30
MAX_BOARDS_PER_ROUND = 8


def parse_rounds(text: str) -> tuple[int, ...]:
    """Read arrow-switch rounds typed as '3, 6' (or '3 6'), naming the first bad word."""
    rounds = []
    for word in text.replace(",", " ").split():
        # ASCII digits only: isdigit() admits '²', which int() refuses (issue 24).
        if not (word.isascii() and word.isdigit()) or len(word) > 3 or int(word) < 1:
            raise ValidationError(
                {"arrow_switch_rounds": _("%(word)s is not a round number.") % {"word": f"{word!r}"}}
            )
        rounds.append(int(word))
    return tuple(sorted(set(rounds)))


def _check_seated_pairs_fit(session: Session, kind: str, tables: int) -> None:
    """Refuse a movement with no seat for a pair already seated: it would never play (issue 24, 11)."""
    if kind == Movement.INDIVIDUAL:
        return  # its pairs are made from its players by services.individual
    highest = tables if kind == Movement.MITCHELL else 2 * tables
    outside = list(session.pairs.filter(number__gt=highest).order_by("-direction", "number")[:8])
    if outside:
        labels = ", ".join(pair.label for pair in outside)
        reason = _(
            "Pair %(labels)s would have no seat with %(tables)s tables: remove it first, or keep more tables."
        ) % {"labels": labels, "tables": tables}
        raise ValidationError({"tables": reason})


@write()
def session_movement_set(
    *,
    session: Session,
    kind: str,
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    even_tables: str = EvenTables.RELAY,
    arrow_switch_rounds: Iterable[int] = (),
) -> Session:
    """Configure the session's movement, checked by the rules package; only before play starts."""
    session = session_locked(session)
    if session.state != SessionState.PREPARATION:
        raise ValidationError(
            {"movement": _("The movement can only be changed while the session is in preparation.")}
        )
    if kind not in Movement.values:
        raise ValidationError(
            {
                "movement": _(
                    "Unknown movement %(kind)s: Mitchell, Howell, barometer, Swiss pairs or individual."
                )
                % {"kind": f"{kind!r}"}
            }
        )
    if not 1 <= tables <= MAX_TABLES:
        raise ValidationError(
            {
                "tables": _("A movement has 1 to %(max_tables)s tables, not %(tables)s.")
                % {"max_tables": MAX_TABLES, "tables": tables}
            }
        )
    if not 1 <= boards_per_round <= MAX_BOARDS_PER_ROUND:
        raise ValidationError(
            {
                "boards_per_round": _(
                    "Play 1 to %(max_boards_per_round)s boards a round, not %(boards_per_round)s."
                )
                % {"max_boards_per_round": MAX_BOARDS_PER_ROUND, "boards_per_round": boards_per_round}
            }
        )
    switches = tuple(sorted(set(arrow_switch_rounds)))
    if kind in (Movement.BAROMETER, Movement.SWISS) and switches:
        raise ValidationError({"arrow_switch_rounds": _("A barometer or a Swiss pairs has no arrow switch.")})
    try:
        movement = build_movement(
            kind=kind,
            tables=tables,
            rounds=rounds,
            boards_per_round=boards_per_round,
            even_tables=even_tables,
            arrow_switch_rounds=switches,
        )
    except ValueError as error:
        raise ValidationError(
            {"movement": _("This movement cannot be played: %(error)s") % {"error": translated(error)}}
        ) from None
    _check_seated_pairs_fit(session, kind, tables)
    session.movement = kind
    session.movement_tables = tables
    # A Swiss pairs' movement holds the rounds drawn so far; it plays one round a board set.
    session.movement_rounds = movement.board_sets if kind == Movement.SWISS else movement.rounds
    session.boards_per_round = boards_per_round
    session.even_tables = even_tables if kind == Movement.MITCHELL else ""
    session.arrow_switch_rounds = list(switches)
    session.swiss_draw = []  # drawn for the movement it replaces (only in preparation, so none played)
    session.full_clean()
    session.save()
    return session


@write()
def movement_boards_ensure(*, session: Session) -> list[Board]:
    """Make sure every board the movement plays exists (undealt ones for results without hands)."""
    movement = session_movement(session)
    if movement is None:
        raise ValidationError(
            {"movement": _("Set up the movement first: it says how many boards are played.")}
        )
    return boards_ensure(session=session, count=movement.boards_total())


def _move(session: Session, source: str, target: str, refusal: str) -> Session:
    """Move the session from ``source`` to ``target``, or refuse with ``refusal`` (naming its state)."""
    session = session_locked(session)
    if session.state != source:
        raise ValidationError({"state": str(refusal) % {"state": str(session.get_state_display()).lower()}})
    session.state = target
    session.save(update_fields=["state", "updated_at"])
    return session


@write()
def session_start(*, session: Session) -> Session:
    """Start play: from now on the public pages show a board only once everyone has played it.

    Refused while a table of the movement has neither of its pairs seated, naming the
    empty numbers: its boards would be played by pairs seated later, after the others'
    results had published them (issue 46, item 3).
    """
    refusal = _("Play can only start in preparation; it is %(state)s.")
    started = _move(session, SessionState.PREPARATION, SessionState.PLAY, refusal)
    empty = seats_to_fill(started)  # read under the session's lock, after the state is checked
    if empty:
        raise ValidationError(
            {
                "pairs": _(
                    "Seat the pairs first: nobody is seated as %(seats)s, so a table would have "
                    "neither of its pairs."
                )
                % {"seats": ", ".join(empty)}
            }
        )
    return started


def session_play_for_results(*, session: Session) -> Session:
    """Start play, if the session is still in preparation, for a file of results played elsewhere.

    Results are taken only once play has started (``results.checks.check_in_play``, issue
    28, point 7). A USEBIO or PBN file's results were played, so importing them starts play
    as the director's Start would; the import's own page is the director's confirmed step,
    and the session is published only when the director finishes it. Called inside the
    import's transaction; a session already in play is left as it is.
    """
    session = session_locked(session)
    if session.state != SessionState.PREPARATION:
        return session
    session.state = SessionState.PLAY
    session.save(update_fields=["state", "updated_at"])
    return session


def session_finish(*, session: Session) -> Session:
    """Finish the session: every hand and traveller is published, with every entry scored.

    The boards the tables' last entries marked are settled in the same transaction
    (their settle may have been lost with a worker, issue 24), so the published
    standings count every result; then whoever follows a finished night acts on it
    (``hooks.session_finished``: the season refits the ratings).
    """
    with write():
        refusal = _("Only a session in play can finish; it is %(state)s.")
        finished = _move(session, SessionState.PLAY, SessionState.FINISHED, refusal)
        scores_settle_locked(finished, inserted=True)
        hooks.session_finished(finished)  # the ratings follow the night (season.hooks)
    return finished


@write()
def session_reopen(*, session: Session, user: User | None = None) -> Session:
    """Reopen a session finished by mistake: back in play, its tables' links work again (audited).

    The published pages keep what they showed until play is over again; the audit log says
    who reopened it and when (issue 24, point 12).
    """
    session = _move(
        session,
        SessionState.FINISHED,
        SessionState.PLAY,
        _("Only a finished session can be reopened; it is %(state)s."),
    )
    session_audit(
        session, SessionAction.REOPEN, user, str(SessionState.FINISHED.label), str(SessionState.PLAY.label)
    )
    hooks.session_reopened(session)  # its master points go and its results leave the ratings
    return session


@write()
def session_create_with_movement(
    *,
    club: Club,
    date: datetime.date,
    name: str,
    movement: str = Movement.MITCHELL,
    scoring: str = ScoringMethod.MATCHPOINTS,
    tables: int | None = None,
    boards_per_round: int | None = None,
    rounds: int | None = None,
    even_tables: str = EvenTables.RELAY,
    arrow_switch_rounds: Iterable[int] = (),
) -> Session:
    """Create a session and, when ``tables`` is given, its movement: both or neither."""
    session = session_create(club=club, date=date, name=name, movement=movement, scoring=scoring)
    if tables is None:
        return session
    if not boards_per_round:
        raise ValidationError({"boards_per_round": _("Say how many boards are played each round.")})
    return session_movement_set(
        session=session,
        kind=movement,
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=rounds,
        even_tables=even_tables,
        arrow_switch_rounds=arrow_switch_rounds,
    )
