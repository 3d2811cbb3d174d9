"""The browser server: ``domine serve`` (docs/server.md). Needs ``pip install 'domine[web]'``."""
