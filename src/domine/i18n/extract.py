"""Babel extractors for the texts that live as data rather than as ``_()`` calls: the game
catalog (``cli/catalog_data.py``: names, families, summaries, options' help) and the reason
codes (``engine/reasons.py``: a template per code). babel.cfg names them, so ``pybabel
extract`` puts them into the one template (docs/translating.md) beside the strings of the code.

Both files are read as source with ``ast``, never imported: extracting runs no game code.
Each message has a context (msgctxt), so the same English words may be translated
differently where they mean different things: ``game name``, ``family``, ``summary``,
``option``, a reason's code, ``reason word``.
"""

from __future__ import annotations

import ast
from typing import IO, Iterator

#: (line, keyword, (context, message), comments), as Babel's extractors yield them
Message = tuple[int, str, tuple[str, str], list[str]]


def _assigned(tree: ast.Module, name: str) -> ast.expr:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return node.value
    raise LookupError(f"no {name} = ... in the file")


def games(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[Message]:
    """The catalog's words: each game's name, family, summary and options' help."""
    tree = ast.parse(fileobj.read())
    for node in _assigned(tree, "GAMES").elts:
        game = ast.literal_eval(node)
        where = [f"game: {game['id']}"]
        yield node.lineno, "pgettext", ("game name", game["name"]), \
            where + ["the title of this game's rules page in the language (rules/<lang>/<id>.md)"]
        yield node.lineno, "pgettext", ("family", game["family"]), ["a family of games, in domine list"]
        yield node.lineno, "pgettext", ("summary", game["summary"]), where
        for option in game["options"]:
            yield node.lineno, "pgettext", ("option", option["help"]), where + [f"option: {option['name']}"]


def reasons(fileobj: IO[bytes], keywords, comment_tags, options) -> Iterator[Message]:
    """The reason codes' English templates, each with its code as context and what its
    parameters hold as a comment; and the words the list formats use."""
    tree = ast.parse(fileobj.read())
    params = ast.literal_eval(_assigned(tree, "PARAMS"))
    from string import Formatter

    for node in _assigned(tree, "_TABLE").elts:
        # (code, error, given, template): the error is a name (ILLEGAL ...), the rest literals
        code, given, template = (ast.literal_eval(node.elts[i]) for i in (0, 2, 3))
        fields = [name for _, name, _, _ in Formatter().parse(template) if name]
        notes = [f"refused in: {given}"] + [f"{{{f}}}: {params[f]}" for f in dict.fromkeys(fields)]
        yield node.lineno, "pgettext", (code, template), notes
    words = ast.literal_eval(_assigned(tree, "ENGLISH_WORDS"))
    for word, english in words.items():
        yield 0, "pgettext", ("reason word", english), [f"the word {word!r} of the reasons' list formats"]
