"""``python -m domine``: the same as the ``domine`` command."""

from .cli import main

if __name__ == "__main__":
    main(prog_name="domine")
