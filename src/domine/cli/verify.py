"""``domine verify``: check a record's provably fair deals (docs/fair.md) with the engine itself."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .. import i18n
from ..i18n import _, ngettext
from .common import fail, out_console

#: What ``domine verify --help`` says of the command (commands.py gives it to Typer).
HELP = _("Check a record's fair deals: each hand's seed matches the commitment published before the deal, "
         "and the deal is the one the seed gives.")


def verify_cmd(
    file: Annotated[Path, typer.Argument(
        metavar="RECORD", help=_("A JSON match record (downloaded from 'domine serve', or any other)."))],
    as_json: Annotated[bool, typer.Option(
        "--json", help=_("Print each hand's verdict and the summary as JSON (the shape is in docs/fair.md)."))] = False,
) -> None:
    """``domine verify RECORD``: exit 0 when every hand is verified, 1 when any is not (or carries
    no commitment), 2 when the record cannot be read or is not a valid record."""
    from rich.text import Text

    from ..records import RecordError, check_fair, load_record

    try:
        checks = check_fair(load_record(file))
    except RecordError as e:
        if as_json:
            print(json.dumps({"valid": False, "error": i18n.explain(e)}, ensure_ascii=False))
            raise SystemExit(2)
        fail(_("invalid record: {error}").format(error=i18n.explain(e)))
    failed = sum(c.status == "failed" for c in checks)
    missing = sum(c.status == "no-commitment" for c in checks)
    verified = sum(c.status == "verified" for c in checks)
    ok = not failed and not missing
    if as_json:
        hands = []
        for c in checks:
            hand = c.to_json()
            if c.reason is not None:
                hand["reason"]["text"] = i18n.explain(c.reason)
            hands.append(hand)
        print(json.dumps({"valid": True, "ok": ok, "hands": hands, "verified": verified, "failed": failed,
                          "no_commitment": missing, "unrevealed": len(checks) - verified - failed - missing},
                         ensure_ascii=False))
        raise SystemExit(0 if ok else 1)
    out = out_console()
    for c in checks:
        if c.status == "verified":
            out.print(_("hand {number}: verified").format(number=c.hand), style="green", markup=False)
        elif c.status == "failed":
            out.print(Text(_("hand {number}: not verified: {why}").format(number=c.hand, why=i18n.explain(c.reason)),
                           style="bold red"))
        elif c.status == "no-commitment":
            out.print(_("hand {number}: no commitment").format(number=c.hand), style="yellow", markup=False)
        else:
            out.print(_("hand {number}: still being played, its seed not revealed yet").format(number=c.hand),
                      markup=False)
    summary = ngettext("{verified} of {count} hand verified", "{verified} of {count} hands verified",
                       len(checks)).format(verified=verified, count=len(checks))
    if failed:
        summary += "; " + ngettext("{count} not verified", "{count} not verified", failed).format(count=failed)
    if missing:
        summary += "; " + ngettext("{count} without a commitment", "{count} without a commitment",
                                   missing).format(count=missing)
    out.print(summary + ".", style="green" if ok else "bold red", markup=False)
    raise SystemExit(0 if ok else 1)
