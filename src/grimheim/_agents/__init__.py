"""The agents that play Defenders of Grimheim: ``defender`` (the rule-of-thumb agent), ``planner``
(a turn searched against a forecast), ``team`` (the planner's search under a plan for the whole
team, with a value learned from play: ``value``), the value of a position (``evaluate``) and
the forecast of the monsters' coming moves (``forecast``) they read. Nothing of the rules
imports this room.
"""
