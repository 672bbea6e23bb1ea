from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        # Both of main's newest (0010 and 0011 each follow 0009 there): this joins them.
        ("tournaments", "0010_player_merge"),
        ("tournaments", "0011_teams_events"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablesubmission",
            name="entry",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
    ]
