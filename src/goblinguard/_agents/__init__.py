"""The agents that play Guards & Goblins: ``greedy`` (the evaluation and the greedy agent),
``search`` (the searching agent), ``solver`` (the exact solver and hints), with the look-ahead
(``lookahead``) and the bounds on what a deal can still win (``prospects``) they share. Nothing of
the rules imports this room.
"""
