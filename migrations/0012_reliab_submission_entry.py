from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_teams_events"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablesubmission",
            name="entry",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
    ]
