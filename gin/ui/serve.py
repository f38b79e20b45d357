"""Serve the lessons as a standalone app: Voilà over ``notebooks/``, opening at Start here.

``python -m gin.ui.serve notebooks/`` takes Voilà's own options (``make app`` passes the
port and address) and reads ``voila.json`` from the working directory like Voilà does.
The only difference from plain ``voila``: the root address redirects to the Start-here
lesson instead of listing files; the list stays at ``/voila/tree``.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from voila.app import Voila

START_LESSON = "00_start_here.ipynb"
"""The lesson the app opens at."""


class TutorApp(Voila):  # type: ignore[misc]
    """Voilà serving a folder of lessons, with ``/`` redirected to the first lesson."""

    def init_handlers(self) -> list[Any]:
        """Voilà's handlers, with a redirect from the root to :data:`START_LESSON`."""
        handlers: list[Any] = super().init_handlers()
        if self.notebook_path:  # one notebook is served at the root already
            return handlers
        target = url_path_join(self.server_url, "voila/render", START_LESSON)
        return [(self.server_url, RedirectHandler, {"url": target}), *handlers]


def main() -> None:
    """Start the app (the command line of ``make app``)."""
    TutorApp.launch_instance()


if __name__ == "__main__":
    main()
