"""Unguessable share tokens, step 3 of 3: required and unique, new rows drawing
one from ``simulate.models.new_share_token``."""

from django.db import migrations, models

import simulate.models


class Migration(migrations.Migration):
    dependencies = [
        ("simulate", "0007_fill_share_tokens"),
    ]

    operations = [
        migrations.AlterField(
            model_name="matrixjob",
            name="share_token",
            field=models.CharField(
                default=simulate.models.new_share_token,
                editable=False,
                max_length=43,
                unique=True,
            ),
        ),
        migrations.AlterField(
            model_name="simulationjob",
            name="share_token",
            field=models.CharField(
                default=simulate.models.new_share_token,
                editable=False,
                max_length=43,
                unique=True,
            ),
        ),
    ]
