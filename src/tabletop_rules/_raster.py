"""Pictures as pixels: the ``rgb_array`` render mode of the learning environments.

The games draw SVG (:meth:`~tabletop_rules.Game.render`). A frame for a video recorder is an
array of pixels: the ``raster`` extra rasterizes the SVG with resvg (the ``resvg-py`` wheel, a
compiled library that needs no system library) and decodes its PNG with Pillow. Text is drawn
with the fonts installed on the system; without any, pictures have no words. Neither package is
imported before a frame is asked for.
"""

from __future__ import annotations

import importlib.util
import io
from typing import Any

INSTALL = 'pip install "tabletop-rules[raster]"'
FRAME_SIDE = 960
"""The longer side of a frame, in pixels."""
_BLOCK = 16  # video encoders want sides that are multiples of 16
_BACKGROUND = (255, 255, 255)


def available() -> bool:
    """Whether the ``raster`` extra (resvg-py and Pillow) is installed."""
    return all(importlib.util.find_spec(name) is not None for name in ("resvg_py", "PIL"))


def _modules() -> tuple[Any, Any, Any]:
    try:
        import numpy as np
        import resvg_py
        from PIL import Image
    except ImportError as exc:
        raise ImportError(
            f"the rgb_array render mode needs resvg-py, Pillow and NumPy: {INSTALL} ({exc})"
        ) from exc
    return resvg_py, Image, np


def _even(side: float) -> int:
    return max(_BLOCK, round(side / _BLOCK) * _BLOCK)


class Rasterizer:
    """SVG pictures as frames of one size: the first picture fixes the frame's shape (its longer
    side :data:`FRAME_SIDE` pixels, both sides multiples of 16), and every picture is scaled to
    fit it, centred on white, so that a video of an episode has frames of one size.

    Raises:
        ImportError: resvg-py or Pillow is not installed (the ``raster`` extra).
    """

    __slots__ = ("size",)

    def __init__(self) -> None:
        _modules()
        self.size: tuple[int, int] | None = None  # (width, height)

    def __call__(self, svg: str) -> Any:
        """``svg`` as a NumPy ``uint8`` array of shape ``(height, width, 3)``."""
        resvg_py, image_module, np = _modules()
        picture = image_module.open(io.BytesIO(resvg_py.svg_to_bytes(svg_string=svg)))
        picture = picture.convert("RGBA")
        if self.size is None:
            scale = FRAME_SIDE / max(picture.size)
            self.size = (_even(picture.width * scale), _even(picture.height * scale))
        width, height = self.size
        scale = min(width / picture.width, height / picture.height)
        fitted = picture.resize(
            (max(1, round(picture.width * scale)), max(1, round(picture.height * scale))),
            image_module.Resampling.LANCZOS,
        )
        frame = image_module.new("RGB", self.size, _BACKGROUND)
        frame.paste(fitted, ((width - fitted.width) // 2, (height - fitted.height) // 2), fitted)
        return np.asarray(frame, dtype=np.uint8).copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rasterizer, (self.size,))


def _rasterizer(size: tuple[int, int] | None) -> Rasterizer:
    """A pickled :class:`Rasterizer`, with the frame size it had fixed."""
    found = Rasterizer()
    found.size = size
    return found
