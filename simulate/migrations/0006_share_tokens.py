"""Unguessable share tokens, step 1 of 3: the columns, empty (see 0007, 0008)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("simulate", "0005_slices"),
    ]

    operations = [
        migrations.AddField(
            model_name="matrixjob",
            name="share_token",
            field=models.CharField(max_length=43, null=True, editable=False),
        ),
        migrations.AddField(
            model_name="simulationjob",
            name="share_token",
            field=models.CharField(max_length=43, null=True, editable=False),
        ),
    ]
