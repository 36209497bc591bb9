"""What Guards & Goblins shows: the SVG picture (``svg``), the text board (``render``), the
words of actions, events, decisions and outcomes (``describe``) and the clickable regions of the
picture (``clicks``). Nothing of the rules imports this room.
"""
