"""The night's tables in the admin: sessions, pairs, boards, results, and the tables' entry.

Results are entered and corrected on the director's pages, which score them and keep
the matchpoints, standings and audit log in step; here results, standings, the audit
log and the tables' sends are read-only, so the admin cannot make them disagree.
"""

from django.contrib import admin

from tournaments.core.admin import ReadOnlyAdminMixin
from tournaments.night.models import (
    Board,
    DirectorCall,
    IndividualPlayer,
    Pair,
    Result,
    ResultChange,
    Section,
    Session,
    SessionChange,
    SessionDeletion,
    Standing,
    TableAccess,
    TableSubmission,
)

DERIVED_RESULT_FIELDS = ("ns_score", "ns_matchpoints", "ew_matchpoints", "ns_percentage", "ew_percentage")


class PairInline(admin.TabularInline):
    model = Pair
    extra = 0
    autocomplete_fields = ("player1", "player2")


class BoardInline(admin.TabularInline):
    model = Board
    extra = 0
    fields = ("number", "north", "east", "south", "west")


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ("date", "name", "club", "movement", "created_at")
    list_filter = ("club", "movement", "date")
    search_fields = ("name", "club__name")
    date_hierarchy = "date"
    list_select_related = ("club",)
    inlines = (PairInline, BoardInline)

    def get_readonly_fields(self, request, obj=None) -> tuple[str, ...]:
        # Changing the method rescores the session: services.scoring.method.session_set_scoring.
        return ("scoring",) if obj is not None else ()


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ("number", "direction", "player1", "player2", "session")
    list_filter = ("direction", "session__club")
    search_fields = ("player1__name", "player2__name", "session__name")
    list_select_related = ("player1", "player2", "session__club")
    autocomplete_fields = ("player1", "player2")


class ResultInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Result
    fk_name = "board"
    extra = 0
    fields = ("ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead", *DERIVED_RESULT_FIELDS)


@admin.register(Board)
class BoardAdmin(admin.ModelAdmin):
    list_display = ("number", "session", "dealer", "vulnerability", "is_dealt", "par_score")
    list_filter = ("session__club",)
    search_fields = ("session__name",)
    list_select_related = ("session__club",)
    readonly_fields = ("dd_tricks", "par_score", "par_contracts")
    inlines = (ResultInline,)

    @admin.display(boolean=True, description="dealt")
    def is_dealt(self, board: Board) -> bool:
        return board.is_dealt


@admin.register(Result)
class ResultAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = (
        "board",
        "ns_pair",
        "ew_pair",
        "contract",
        "declarer",
        "tricks",
        "ns_score",
        "ns_percentage",
    )
    list_filter = ("board__session__club", "declarer")
    search_fields = ("board__session__name", "ns_pair__player1__name", "ew_pair__player1__name", "contract")
    list_select_related = (
        "board",
        "ns_pair__player1",
        "ns_pair__player2",
        "ew_pair__player1",
        "ew_pair__player2",
    )


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("rank_text", "pair", "session", "matchpoints", "percentage", "boards_played")
    list_filter = ("session__club", "pair__direction")
    search_fields = ("session__name", "pair__player1__name", "pair__player2__name")
    list_select_related = ("session__club", "pair__player1", "pair__player2")


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """The audit log: read-only, because a log that can be edited proves nothing."""

    list_display = ("at", "action", "board_number", "session", "user")
    list_filter = ("action", "session__club")
    search_fields = ("session__name", "user__username")
    list_select_related = ("session__club", "user")
    date_hierarchy = "at"


@admin.register(SessionDeletion)
class SessionDeletionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Whole sessions deleted (replaced by a re-import): read-only, as the audit log is."""

    list_display = ("at", "club", "session_pk", "session_date", "session_name", "result_count", "user")
    list_filter = ("club",)
    search_fields = ("session_name", "reason", "user__username")
    list_select_related = ("club", "user")


@admin.register(SessionChange)
class SessionChangeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Pairs changed or removed and sessions reopened: read-only, as the audit log is."""

    list_display = ("at", "action", "session", "user", "before", "after")
    list_filter = ("action", "session__club")
    search_fields = ("session__name", "user__username")
    list_select_related = ("session__club", "user")
    date_hierarchy = "at"


@admin.register(TableAccess)
class TableAccessAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """A table's entry link: made by the director's table cards (services.table_entry), read-only."""

    list_display = ("session", "table", "created_at")
    list_filter = ("session__club",)
    search_fields = ("session__name",)
    list_select_related = ("session__club",)


@admin.register(TableSubmission)
class TableSubmissionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """What each table sent, by its key: the record that keeps a resend from storing twice, read-only."""

    list_display = ("at", "session", "table", "board_number", "entry", "result")
    list_filter = ("session__club",)
    search_fields = ("session__name", "key", "entry")
    list_select_related = ("session__club", "result__board", "result__ns_pair", "result__ew_pair")
    date_hierarchy = "at"


@admin.register(DirectorCall)
class DirectorCallAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """A table's call for the director, answered on the director's grid: a record, read-only."""

    list_display = ("at", "session", "table", "round", "answered_at")
    list_filter = ("session__club",)
    search_fields = ("session__name",)
    list_select_related = ("session__club",)


@admin.register(Section)
class SectionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """A session's sections: set on the director's movement step, which checks the movement and
    renumbers the pairs with them (``night.services.sections``); here only read."""

    list_display = ("session", "letter", "movement", "movement_tables")
    list_filter = ("movement",)
    search_fields = ("session__name", "session__club__name")
    list_select_related = ("session__club",)


@admin.register(IndividualPlayer)
class IndividualPlayerAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """An individual's players by number: seated on the director's players page, which makes the
    round's partnerships from them (``night.services.individual``); here only read."""

    list_display = ("session", "number", "player")
    search_fields = ("player__name", "session__name")
    list_select_related = ("session__club", "player")
