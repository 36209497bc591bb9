"""The frames: every kind of pending step or decision, one frozen attrs class each, holding its
own rules (:class:`tabletop_rules.Frame`) — who it asks, its answers, what an answer does, what it
does by itself, its chance outcomes and its load check.

Grouped by topic, each module standing on those before it:

* :mod:`.draws` — event cards drawn (:class:`~.draws.Drawing`), a deck's top card turned face up
  (:class:`~.draws.Revealing`);
* :mod:`.resolving` — a card use or a quest resolving (:class:`~.resolving.Resolving`);
* :mod:`.offers` — gold between heroes (:class:`~.offers.GoldOffer`), a quest a kill may complete
  (:class:`~.offers.QuestOffer`);
* :mod:`.window` — moments where heroes may use cards (:class:`~.window.Window`);
* :mod:`.attack` — a hero's roll (:class:`~.attack.HeroAttack`);
* :mod:`.moves` — a movement's end (:class:`~.moves.Moving`), a ram (:class:`~.moves.Ramming`);
* :mod:`.granted` — an action a card grants (:class:`~.granted.Granted`);
* :mod:`.monster_turn` — the monster turn (:class:`~.monster_turn.MonsterTurn`), a monster's
  attack (:class:`~.monster_turn.MonsterAttack`), the ambush (:class:`~.monster_turn.Ambush`),
  monster cards drawn (:class:`~.monster_turn.Reinforcing`);
* :mod:`.turn_end` — the end of a hero's turn (:class:`~.turn_end.EndOfTurn`).

The rules modules they call (:mod:`grimheim._uses`, :mod:`grimheim._heroes`,
:mod:`grimheim._quests`, :mod:`grimheim._monsters`) stand below them; :mod:`grimheim._state`
gathers them into :data:`~grimheim._state.Frame`, and :mod:`grimheim._flow` runs them.
"""
