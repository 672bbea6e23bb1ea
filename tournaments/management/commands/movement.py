"""``manage.py movement individual --tables N [--boards-per-round B] [--rounds R] [--json|--cards]``.

Prints an individual movement: by default a director's chart (one line per round and
table: the four players by seat and the boards), with ``--json`` the machine-checkable form
``{"players": P, "rounds": [{"round": 1, "tables": [{"table": 1, "N": 1, "E": 2, "S": 3,
"W": 4, "boards": [1, 2]}]}]}`` (a player absent from a round sits out), with ``--cards``
each player's card (his table, seat, partner and opponents each round). A size no movement
fits is a ``CommandError`` naming the argument.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.bridge.individual import IndividualMovement, MovementError, individual, player_card


class Command(BaseCommand):
    help = "Print a movement (today: the individual movements for 3 to 8 tables)."

    def add_arguments(self, parser: CommandParser) -> None:
        kinds = parser.add_subparsers(dest="kind", required=True, metavar="KIND")
        ind = kinds.add_parser("individual", help="an individual movement (3 to 8 tables)")
        ind.add_argument("--tables", type=int, required=True, help="the number of tables, 3 to 8")
        ind.add_argument("--boards-per-round", type=int, default=2, help="boards a round (default 2)")
        ind.add_argument("--rounds", type=int, default=None, help="play only the first ROUNDS rounds")
        ind.add_argument("--json", action="store_true", help="print JSON instead of a chart")
        ind.add_argument(
            "--cards", action="store_true", help="print each player's card (seat, partner, opponents)"
        )

    def handle(self, *args: object, **options: object) -> None:
        try:
            movement = individual(
                options["tables"],  # type: ignore[arg-type]
                options["boards_per_round"],  # type: ignore[arg-type]
                rounds=options["rounds"],  # type: ignore[arg-type]
            )
        except MovementError as exc:
            raise CommandError(str(exc)) from None
        if options["json"]:
            self.stdout.write(json.dumps(movement.as_json()))
        elif options["cards"]:
            self.stdout.write(cards(movement), ending="")
        else:
            self.stdout.write(chart(movement), ending="")


def chart(movement: IndividualMovement) -> str:
    """One line per round and table: ``R1 T1  N 12 E 1 S 9 W 11  boards 1-2``."""
    lines = [
        f"{movement.kind} individual: {movement.tables} tables, {movement.players} players, "
        f"{movement.rounds} rounds, {movement.boards_total()} boards"
        + (" (each round's boards duplicated for every table)" if movement.shares else "")
    ]
    for s in movement.seatings:
        lines.append(
            f"R{s.round:<2} T{s.table}  N {s.north:>2}  E {s.east:>2}  S {s.south:>2}  W {s.west:>2}"
            f"  boards {_span(s.boards)}"
        )
    return "\n".join(lines) + "\n"


def _span(boards: tuple[int, ...]) -> str:
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}-{boards[-1]}"


def cards(movement: IndividualMovement) -> str:
    """Each player's card: per round his table, seat, partner, opponents (left, right), boards."""
    out = []
    for player in range(1, movement.players + 1):
        out.append(f"Player {player}")
        for line in player_card(movement, player):
            if line.table is None:
                out.append(f"  R{line.round:<2} sits out")
                continue
            out.append(
                f"  R{line.round:<2} table {line.table} {line.seat}  partner {line.partner:>2}"
                f"  opponents {line.left:>2} (left) {line.right:>2} (right)  boards {_span(line.boards)}"
            )
    return "\n".join(out) + "\n"
