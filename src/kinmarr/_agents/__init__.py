"""The agents that play Fated Kingdom: ``heuristic`` (the rule-of-thumb agent), ``search`` (a
determinised look-ahead) and the value of a position it reads (``evaluate``). Nothing of the rules
imports this room.
"""
