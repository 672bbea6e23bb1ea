"""A club's volunteers in their roles (issue 48): today's directors become its administrators.

``Club.directors`` was a plain many-to-many; it now goes through ``ClubRole``. Django cannot
alter a many-to-many to add a ``through``, so: create the new tables, copy every director
as an administrator of his club (nobody loses access), then drop the old table while the
state swaps the field for the one through ``ClubRole``.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

ROLES = [
    ("administrator", "Administrator"),
    ("director", "Director"),
    ("scorer", "Scorer"),
    ("treasurer", "Treasurer"),
    ("membership_secretary", "Membership secretary"),
    ("results_uploader", "Results uploader"),
]


def directors_become_administrators(apps, schema_editor):
    Club = apps.get_model("tournaments", "Club")
    ClubRole = apps.get_model("tournaments", "ClubRole")
    ClubRoleChange = apps.get_model("tournaments", "ClubRoleChange")
    pairs = list(Club.directors.through.objects.values_list("club_id", "user_id"))
    ClubRole.objects.bulk_create(
        [ClubRole(club_id=club, user_id=user, role="administrator") for club, user in pairs]
    )
    ClubRoleChange.objects.bulk_create(
        [
            ClubRoleChange(club_id=club, user_id=user, role="administrator", granted=True)
            for club, user in pairs
        ]
    )


def administrators_become_directors(apps, schema_editor):
    Club = apps.get_model("tournaments", "Club")
    ClubRole = apps.get_model("tournaments", "ClubRole")
    pairs = set(ClubRole.objects.values_list("club_id", "user_id"))
    Club.directors.through.objects.bulk_create(
        [Club.directors.through(club_id=club, user_id=user) for club, user in pairs]
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0044_session_imps_scaled"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ClubRole",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("role", models.CharField(choices=ROLES, default="administrator", max_length=24)),
                ("granted_at", models.DateTimeField(auto_now_add=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="roles",
                        to="tournaments.club",
                    ),
                ),
                (
                    "granted_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="club_roles",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={"ordering": ["club", "user", "role"]},
        ),
        migrations.AddConstraint(
            model_name="clubrole",
            constraint=models.UniqueConstraint(fields=("club", "user", "role"), name="club_role_held_once"),
        ),
        migrations.CreateModel(
            name="ClubRoleChange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("role", models.CharField(choices=ROLES, max_length=24)),
                ("granted", models.BooleanField(help_text="Granted, or else removed.")),
                ("at", models.DateTimeField(auto_now_add=True)),
                (
                    "by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="role_changes",
                        to="tournaments.club",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={"ordering": ["club", "-at", "-id"]},
        ),
        migrations.RunPython(directors_become_administrators, administrators_become_directors),
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RemoveField(model_name="club", name="directors")],
            state_operations=[
                migrations.AlterField(
                    model_name="club",
                    name="directors",
                    field=models.ManyToManyField(
                        blank=True,
                        help_text="Users who hold a role at this club.",
                        related_name="directed_clubs",
                        through="tournaments.ClubRole",
                        through_fields=("club", "user"),
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
    ]
