"""Unguessable share tokens, step 2 of 3: a token for every existing row. Numeric
ids stay for owners; anyone else reads a shared result (unlisted or public) by its
token. Separate from the schema changes so PostgreSQL never alters a table with
pending row updates in the same transaction."""

import secrets

from django.db import migrations


def fill_tokens(apps, schema_editor):  # type: ignore[no-untyped-def]
    for name in ("SimulationJob", "MatrixJob"):
        model = apps.get_model("simulate", name)
        for pk in model.objects.filter(share_token__isnull=True).values_list(
            "pk", flat=True
        ):
            model.objects.filter(pk=pk).update(share_token=secrets.token_urlsafe(16))


class Migration(migrations.Migration):
    dependencies = [
        ("simulate", "0006_share_tokens"),
    ]

    operations = [
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
    ]
