"""Before the night (issue 51): the programme, its dates, closed dates, booking rules, bookings, asks."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0048_bank"),
    ]

    operations = [
        migrations.CreateModel(
            name="BookingRules",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "cut_off_hours",
                    models.PositiveSmallIntegerField(
                        default=24, help_text="Cancelling is free until this many hours before the start."
                    ),
                ),
                (
                    "reminder_hours",
                    models.PositiveSmallIntegerField(
                        default=24, help_text="Reminders go this many hours before the start (0: none)."
                    ),
                ),
                (
                    "late_cancellation_pays",
                    models.BooleanField(
                        default=False, help_text="A cancellation after the cut-off pays the session's fee."
                    ),
                ),
                (
                    "club",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="booking_rules",
                        to="tournaments.club",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="PlannedSession",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=120)),
                (
                    "kind",
                    models.CharField(
                        choices=[("pairs", "Pairs"), ("teams", "Teams"), ("individual", "Individual")],
                        default="pairs",
                        max_length=12,
                    ),
                ),
                ("first_date", models.DateField()),
                (
                    "weekly",
                    models.BooleanField(default=False, help_text="Every week on the first date's weekday."),
                ),
                (
                    "last_date",
                    models.DateField(blank=True, help_text="The last week (weekly only).", null=True),
                ),
                ("starts_at", models.TimeField()),
                (
                    "table_limit",
                    models.PositiveSmallIntegerField(
                        blank=True, help_text="At most this many tables (blank: no limit).", null=True
                    ),
                ),
                ("fee", models.DecimalField(blank=True, decimal_places=2, max_digits=8, null=True)),
                ("withdrawn_at", models.DateTimeField(blank=True, null=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="planned_sessions",
                        to="tournaments.club",
                    ),
                ),
            ],
            options={
                "ordering": ["club", "first_date", "starts_at", "id"],
            },
        ),
        migrations.CreateModel(
            name="ProgrammeDate",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("date", models.DateField()),
                ("starts_at", models.DateTimeField()),
                ("cancelled_at", models.DateTimeField(blank=True, null=True)),
                ("reminded_at", models.DateTimeField(blank=True, help_text="Reminders sent.", null=True)),
                (
                    "seated_at",
                    models.DateTimeField(blank=True, help_text="Seated from the bookings.", null=True),
                ),
                (
                    "planned",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="dates",
                        to="tournaments.plannedsession",
                    ),
                ),
                (
                    "session",
                    models.OneToOneField(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="programme_date",
                        to="tournaments.session",
                    ),
                ),
            ],
            options={
                "ordering": ["starts_at", "id"],
            },
        ),
        migrations.CreateModel(
            name="Booking",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "visitor",
                    models.CharField(blank=True, default="", help_text="A visitor partner.", max_length=120),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("single", "Looking for a partner"),
                            ("booked", "Booked"),
                            ("waiting", "Waiting list"),
                            ("cancelled", "Cancelled"),
                            ("matched", "Matched"),
                        ],
                        max_length=10,
                    ),
                ),
                ("partner_confirmed_at", models.DateTimeField(blank=True, null=True)),
                ("partner_token", models.CharField(blank=True, db_index=True, default="", max_length=64)),
                (
                    "queued_at",
                    models.DateTimeField(help_text="Places and the waiting list go in this order."),
                ),
                ("cancelled_at", models.DateTimeField(blank=True, null=True)),
                ("cancelled_late", models.BooleanField(default=False)),
                ("promoted_at", models.DateTimeField(blank=True, null=True)),
                ("walk_in", models.BooleanField(default=False)),
                ("no_show", models.BooleanField(default=False)),
                ("created_at", models.DateTimeField()),
                (
                    "account",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="bookings",
                        to="tournaments.memberaccount",
                    ),
                ),
                (
                    "pair",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="tournaments.pair",
                    ),
                ),
                (
                    "partner",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tournaments.player",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="+", to="tournaments.player"
                    ),
                ),
                (
                    "date",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="bookings",
                        to="tournaments.programmedate",
                    ),
                ),
            ],
            options={
                "ordering": ["date", "queued_at", "id"],
            },
        ),
        migrations.CreateModel(
            name="ClosedDate",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("date", models.DateField()),
                ("reason", models.CharField(blank=True, default="", max_length=120)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="closed_dates",
                        to="tournaments.club",
                    ),
                ),
            ],
            options={
                "ordering": ["club", "date"],
                "constraints": [models.UniqueConstraint(fields=("club", "date"), name="closed_date_once")],
            },
        ),
        migrations.CreateModel(
            name="PartnerAsk",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("asked", "Asked"),
                            ("accepted", "Accepted"),
                            ("declined", "Declined"),
                            ("withdrawn", "Withdrawn"),
                        ],
                        default="asked",
                        max_length=10,
                    ),
                ),
                ("created_at", models.DateTimeField()),
                ("answered_at", models.DateTimeField(blank=True, null=True)),
                (
                    "account",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="tournaments.memberaccount",
                    ),
                ),
                (
                    "asker",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="+", to="tournaments.player"
                    ),
                ),
                (
                    "single",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="asks",
                        to="tournaments.booking",
                    ),
                ),
            ],
            options={
                "ordering": ["created_at", "id"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("status", "asked")),
                        fields=("single", "asker"),
                        name="partner_ask_once",
                    )
                ],
            },
        ),
        migrations.AddConstraint(
            model_name="plannedsession",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("last_date__isnull", True), ("last_date__gte", models.F("first_date")), _connector="OR"
                ),
                name="planned_session_last_after_first",
            ),
        ),
        migrations.AddConstraint(
            model_name="plannedsession",
            constraint=models.CheckConstraint(
                condition=models.Q(("name", ""), _negated=True), name="planned_session_name_not_blank"
            ),
        ),
        migrations.AddConstraint(
            model_name="plannedsession",
            constraint=models.CheckConstraint(
                condition=models.Q(("table_limit__isnull", True), ("table_limit__gte", 1), _connector="OR"),
                name="planned_session_limit_positive",
            ),
        ),
        migrations.AddConstraint(
            model_name="programmedate",
            constraint=models.UniqueConstraint(fields=("planned", "date"), name="programme_date_once"),
        ),
        migrations.AddIndex(
            model_name="booking",
            index=models.Index(fields=["date", "status", "queued_at"], name="booking_queue"),
        ),
        migrations.AddConstraint(
            model_name="booking",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status__in", ("single", "booked", "waiting"))),
                fields=("date", "player"),
                name="booking_player_once_a_date",
            ),
        ),
        migrations.AddConstraint(
            model_name="booking",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status__in", ("single", "booked", "waiting"))),
                fields=("date", "partner"),
                name="booking_partner_once_a_date",
            ),
        ),
        migrations.AddConstraint(
            model_name="booking",
            constraint=models.CheckConstraint(
                condition=models.Q(("partner", models.F("player")), _negated=True),
                name="booking_partner_not_self",
            ),
        ),
        migrations.AddConstraint(
            model_name="booking",
            constraint=models.CheckConstraint(
                condition=models.Q(("partner__isnull", True), ("visitor", ""), _connector="OR"),
                name="booking_one_partner",
            ),
        ),
        migrations.AddConstraint(
            model_name="booking",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("status", "single"), _negated=True),
                    models.Q(("partner__isnull", True), ("visitor", "")),
                    _connector="OR",
                ),
                name="booking_single_alone",
            ),
        ),
    ]
