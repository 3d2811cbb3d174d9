"""Typer's and Click's own words in the chosen language, and a usage error as one line.

Typer carries its own words: the help's headings, its notes (``default: ...``, ``required``)
and a few errors go through gettext's ``_`` in Typer's module (in Click's modules where Typer
uses Click itself); the rest (``Usage:``, the help option's text, the usage errors) are plain
English in the code. So ``speak_typer`` points those ``_`` at domine's (which follows the
active language), the classes below word the usage line and the help option, and a usage error
is said again from the exception's fields (which option, which parameter, what was typed), not
from its English sentence, in one red line (``error: ...``) as the commands' own errors are
(common.fail). The app uses these classes (commands.py: ``cls=Group``, ``cls=Command``).
"""

from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from typing import Any, Iterator, Optional

import typer
from typer.core import TyperCommand, TyperGroup

from .. import i18n
from ..i18n import _

#: The module of Click's exceptions that this Typer raises (its own copy of Click, or Click).
_errors = sys.modules[typer.BadParameter.__module__]
UsageError = _errors.UsageError
BadParameter = _errors.BadParameter
MissingParameter = _errors.MissingParameter
NoSuchOption = _errors.NoSuchOption
BadOptionUsage = _errors.BadOptionUsage
NoArgsIsHelpError = getattr(_errors, "NoArgsIsHelpError", ())   # not an error: it shows the help


def N_(message: str) -> str:
    """A message marked for the catalogs (pybabel's ``N_``) and translated where it is used."""
    return message


#: Typer's (and Click's) words that go through their ``_``, so that pybabel puts them in the
#: catalogs. The others are worded here.
TYPER_WORDS = (
    N_("Arguments"), N_("Options"), N_("Commands"), N_("default: {default}"), N_("required"),
    N_("Missing command."), N_("Aborted!"), N_("(dynamic)"), N_("env var: {var}"),
)


def speak_typer() -> None:
    """Point the ``_`` of Typer's (and Click's) modules at domine's, which follows the active
    language (English: the same text); a module is changed only if its ``_`` is gettext's, as
    they import it (so gettext is loaded already)."""
    import gettext

    package = typer.BadParameter.__module__.rpartition(".")[0]   # typer._click, or click
    for name in ("typer.core", f"{package}.core", f"{package}.formatting", f"{package}.decorators",
                 f"{package}.parser", f"{package}.exceptions", f"{package}.types", f"{package}.termui"):
        module = sys.modules.get(name)
        if module is not None and getattr(module, "_", None) is gettext.gettext:
            module._ = i18n.gettext
        if module is not None and getattr(module, "ngettext", None) is gettext.ngettext:
            module.ngettext = i18n.ngettext


# -- a usage error in one line ----------------------------------------------------------------

def _param_name(error: Any) -> str:
    """The parameter an error is about as the user types it: ``--players``, ``GAME``."""
    hint = getattr(error, "param_hint", None)
    if hint is not None:
        return hint if isinstance(hint, str) else " / ".join(hint)
    param = getattr(error, "param", None)
    if param is None:
        return ""
    if getattr(param, "param_type_name", "") == "argument":
        return param.metavar or (param.name or "").upper()
    return " / ".join(param.opts)


def _reason(error: Any) -> str:
    """What was wrong with a value: Typer's type checks (pydantic's) in the active language,
    any other reason (the commands' own, already in it) as it is."""
    cause = getattr(error, "__cause__", None)
    problems = getattr(cause, "errors", None)
    if callable(problems):
        try:
            first = problems()[0]
        except (IndexError, TypeError):
            first = {}
        kind, value = first.get("type", ""), first.get("input")
        if kind == "int_parsing" or kind == "int_from_float":
            return _("{value!r} is not a whole number").format(value=value)
        if kind == "float_parsing":
            return _("{value!r} is not a number").format(value=value)
        if kind == "bool_parsing":
            return _("{value!r} is not yes or no").format(value=value)
    return error.message


_EXTRA = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)$")


def usage_message(error: Any) -> str:
    """A usage error said in the active language (without the ``error:`` and the hint)."""
    if isinstance(error, NoSuchOption):
        if error.possibilities:
            return _("no such option: {option} (did you mean {options}?)").format(
                option=error.option_name, options=i18n.join(sorted(error.possibilities), "or"))
        return _("no such option: {option}").format(option=error.option_name)
    if isinstance(error, MissingParameter):
        kind = error.param_type or getattr(error.param, "param_type_name", "")
        name = _param_name(error)
        return (_("missing argument {name}") if kind == "argument" else _("missing option {name}")).format(name=name)
    if isinstance(error, BadParameter):
        name = _param_name(error)
        if not name:
            return _("invalid value: {reason}").format(reason=_reason(error))
        return _("invalid value for {name}: {reason}").format(name=name, reason=_reason(error))
    if isinstance(error, BadOptionUsage):
        if "requires" in error.message:
            return _("{option} needs a value").format(option=error.option_name)
        if "does not take a value" in error.message:
            return _("{option} takes no value").format(option=error.option_name)
        return error.message
    extra = _EXTRA.match(error.message)
    if extra:
        return _("unexpected arguments: {arguments}").format(arguments=extra.group(1))
    return error.message


class OneLine(UsageError):
    """A usage error shown as one red line with the help option to try, exit code 2."""

    def __init__(self, error: Any):
        try:
            message = usage_message(error)
        except Exception:  # noqa: BLE001 -- an error of a shape not foreseen: Click's own sentence, never a traceback
            message = error.format_message()
        super().__init__(message, getattr(error, "ctx", None))
        self.exit_code = error.exit_code

    def show(self, file: Optional[Any] = None) -> None:
        from .common import say_error

        message = self.message
        if self.ctx is not None and self.ctx.command.get_help_option(self.ctx) is not None:
            command = f"{self.ctx.command_path} {self.ctx.help_option_names[0]}"
            message = _("{message} (see '{command}')").format(message=message, command=command)
        say_error(message)


@contextmanager
def _one_line() -> Iterator[None]:
    try:
        yield
    except UsageError as e:
        if isinstance(e, (OneLine, NoArgsIsHelpError)):
            raise
        raise OneLine(e) from None


def _help_option(command: Any, option: Any) -> Any:
    if option is not None:
        option.help = _("Show this message and exit.")
    return option


def _write_usage(command: Any, ctx: Any, formatter: Any) -> None:
    formatter.write_usage(ctx.command_path, " ".join(command.collect_usage_pieces(ctx)), _("Usage: "))


class Command(TyperCommand):
    """A command whose usage line and help option speak the chosen language."""

    def get_help_option(self, ctx: Any) -> Any:
        return _help_option(self, super().get_help_option(ctx))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _write_usage(self, ctx, formatter)


class Group(TyperGroup):
    """The app: its words as ``Command``'s, and every usage error of it or of a command (all are
    found while the app makes its context or runs the command) said in one line."""

    def get_help_option(self, ctx: Any) -> Any:
        return _help_option(self, super().get_help_option(ctx))

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        _write_usage(self, ctx, formatter)

    def make_context(self, info_name: Optional[str], args: list[str], parent: Any = None, **extra: Any) -> Any:
        with _one_line():
            return super().make_context(info_name, args, parent=parent, **extra)

    def invoke(self, ctx: Any) -> Any:
        with _one_line():
            return super().invoke(ctx)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else None
        if name is not None and not name.startswith("-") and not ctx.resilient_parsing \
                and self.get_command(ctx, name) is None:
            # said with the commands, so without the hint of the help (no context)
            raise UsageError(_("no such command: {name} (the commands: {commands})").format(
                name=name, commands=", ".join(self.list_commands(ctx))))
        return super().resolve_command(ctx, args)
