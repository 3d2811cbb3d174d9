"""Alembic's environment for the server's schema, configured in code (``store.Store.upgrade``
hands it an open connection): no alembic.ini is needed at run time."""

from alembic import context

from domine.server.store import METADATA

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=METADATA, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
