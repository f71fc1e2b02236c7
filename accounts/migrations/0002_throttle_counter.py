"""The abuse limits' counters in the database (``accounts.models.ThrottleCounter``)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_cache_table")]

    operations = [
        migrations.CreateModel(
            name="ThrottleCounter",
            fields=[
                (
                    "key",
                    models.CharField(max_length=120, primary_key=True, serialize=False),
                ),
                ("count", models.IntegerField(default=0)),
                ("expires", models.FloatField(db_index=True)),
            ],
            options={"db_table": "sw_throttle"},
        ),
    ]
