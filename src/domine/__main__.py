"""``python -m domine``: the same as the ``domine`` command."""

from .cli import app

if __name__ == "__main__":
    app(prog_name="domine")
