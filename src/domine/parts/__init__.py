"""Rule fragments that games are built from, one module a job.

* ``turns``        what a turn is and when it ends (``Turn``);
* ``hand_ends``    when a hand ends other than by a domino (``HandEnd`` policies);
* ``leads``        who leads a hand, with what (``LeadRule`` objects);
* ``scoring``      how a finished hand scores (functions of the hand state);
* ``match_ends``   when a match is over and who won it (``MatchEnd`` objects);
* ``conventions``  rules any game may add: Jedan Kamen, Igra preko reda.

A game (``domine.games``) names the fragments it uses; nothing here knows a game.
"""
