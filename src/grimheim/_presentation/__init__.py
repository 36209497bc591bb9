"""What Defenders of Grimheim shows: the SVG picture (``svg``), the text board (``render``), the
words of actions, events, decisions and outcomes (``describe``), each card's text written from its
effects (``card_text``), the names of things (``names``) and the clickable regions of the picture
(``clicks``). Nothing of the rules imports this room.
"""
