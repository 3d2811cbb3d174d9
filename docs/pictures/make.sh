#!/bin/sh
# Makes the pictures of docs/layouts.md from bot matches: every picture is a record played by
# bots (kept beside it) drawn by `domine render`. Run from the repository root.
set -e
d=docs/pictures
pic() {   # game, players, seats, seed, name, options...: the table at the end of hand 1 (a 1-hand match)
  game=$1 players=$2 seats=$3 seed=$4 name=$5; shift 5
  domine play "$game" --players "$players" --seats "$seats" --seed "$seed" --record "$d/$name.json" --quiet "$@" > /dev/null
  domine render "$d/$name.json" --hand 1 --svg "$d/$name.svg"
}
pic draw 2 heuristic,heuristic 4 line -o target=1
pic sevastopol 4 heuristic,heuristic,heuristic,heuristic 2 cross -o target=1
pic four-crosses 3 heuristic,heuristic,heuristic 5 figure -o target=1
pic all-fives 2 heuristic,heuristic 3 spinner -o target=30
pic slosh 4 heuristic,heuristic,heuristic,heuristic 1 seat-arms
pic mexican-train 3 heuristic,heuristic,heuristic 2 trains
pic network 3 heuristic,heuristic,heuristic 56 network -o target=1
