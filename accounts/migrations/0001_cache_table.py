"""The database cache table (``CACHES`` in the settings: throttles, the workers'
heartbeat, cached catalog reads), created by ``migrate`` so that no deployment can
forget ``createcachetable``. A no-op when the cache is Redis."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies: list = []

    operations = [
        migrations.RunPython(create_cache_table, migrations.RunPython.noop),
    ]
