"""What a turn is, declared by each game and carried out by one engine (``domine.engine.hand``).

A turn starts with the seat's first action and ends when the declaration says:
after one tile (the default), when nothing more fits (Blitz), at the seat's
``stop`` (lightning), after the placement a double owes (two-hander, troli),
right after a draw (two-by-two), or once the game leaves the seat no place to use
(slosh: a tile on the previous seat's arm, then one on his own, or a pass). When
the rest of a turn becomes impossible the turn simply ends, with no move (general
23b); a turn that cannot even start is a pass, a discard (grape), or a skipped
turn (OpenSpiel's block).
"""

from __future__ import annotations

from dataclasses import dataclass

ONE_TILE = "one tile"
WHILE_FITS = "while fits"       # keep placing while anything fits (Blitz)
AT_WILL = "at will"             # place more, or stop (lightning)
#: the turn goes on while the game leaves the seat a place to use (``Game.restrict_places``
#: narrows them as the turn goes); a step where none of his tiles fits is a pass, a move
WHILE_PLACES = "while places"


@dataclass(frozen=True)
class Turn:
    continues: str = ONE_TILE
    again_after_double: bool = False   # a double (the lead too) owes one more placement
    draw_at_will: bool = False         # may draw while holding a tile that fits
    drawn_tile_must_be_played: bool = True
    draw_ends_turn: bool = False       # one tile drawn and the turn is over (two-by-two)
    draw_limit: int | None = None
    pairs: bool = False                # a turn places two tiles, one on each end (two-by-two)
    discard_when_stuck: bool = False   # no fit: lay a tile of one's choice face down (grape)
    skip_when_stuck: bool = False      # no fit: the turn passes on by itself, as an event

    @property
    def plain(self) -> bool:
        """One tile a turn with the usual drawing: the engine's inline fast path."""
        return self == PLAIN or self == Turn(draw_at_will=True, drawn_tile_must_be_played=False)


PLAIN = Turn()
