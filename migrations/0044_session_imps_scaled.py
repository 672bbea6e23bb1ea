from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0043_members'),
    ]

    operations = [
        migrations.AddField(
            model_name='session',
            name='imps_scaled',
            field=models.BooleanField(default=False, help_text="A pair who played fewer boards than the field stands at its IMPs x the field's boards / its boards (the EBU's practice), not at its raw sum.", verbose_name="IMPs scaled to the field's boards"),
        ),
    ]
