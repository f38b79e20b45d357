"""A class on JupyterHub: the tutor's Jupyter Server extension for each user's server.

Under JupyterHub every learner (and teacher) logs in and gets a server of their own,
``jupyterhub-singleuser``: Jupyter Server with Voilà's extension, which serves the lessons.
This extension gives that server what :class:`gin.ui.page.serve.TutorApp` gives ``make app``'s:

- the class store, from ``GIN_CLASS_DB`` (the hub sets it for every user's server, from a
  Kubernetes secret in ``deploy/jupyterhub/config.yaml``), opened and checked at the start
  (:func:`gin.ui.classroom.server.prepare`): a store that can't be used is logged in one
  sentence and classes are not offered, the lessons go on;
- the class routes under the server's own prefix (``/user/NAME/class/join``, the join box's
  route; ``/user/NAME/class/CODE?key=``, the teacher page's);
- on a teacher's server (``GIN_TEACHER=1``, set by the hub for its group ``teachers``):
  ``/user/NAME/class/mine``, which leads the server's owner, signed in through the hub, to
  the teacher page with this server's key. A learner's server never offers it, and the hub
  lets no one but the owner into a server, so a learner can't reach the teacher page.

Enable it with ``ServerApp.jpserver_extensions`` (``{"gin.ui.classroom.hub": true}``).
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlencode

import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join

from gin.ui.classroom.address import DATA_ENV, DB_ENV, shown_address
from gin.ui.classroom.events import ClassStoreError
from gin.ui.classroom.server import handlers, prepare
from gin.ui.classroom.teacherkey import teacher_key

TEACHER_ENV = "GIN_TEACHER"
"""Set to ``1`` on a teacher's server (by the hub's spawner)."""

NOTEBOOKS = "notebooks"
"""Where the lessons are, under the server's root (the repository, as Binder builds it)."""


class OwnTeacherPage(JupyterHandler):
    """``class/mine`` on a teacher's server: the owner, signed in, to the teacher page."""

    @tornado.web.authenticated
    def get(self) -> None:
        target = url_path_join(self.base_url, "class")
        self.redirect(f"{target}?{urlencode({'key': teacher_key()})}")


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "gin.ui.classroom.hub"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Open the class store and add the class routes (see the module's text)."""
    address = os.environ.get(DB_ENV, "")
    log = serverapp.log
    if not address:
        log.info("Oklahoma Gin Tutor: no class store (GIN_CLASS_DB): classes are not offered")
        return
    try:
        prepare("", address)
    except ClassStoreError as exc:  # one sentence; the lessons go on without classes
        log.error("Oklahoma Gin Tutor: %s", exc.render())
        for name in (DB_ENV, DATA_ENV):
            os.environ.pop(name, None)  # the kernels then offer no class
        return
    web_app = serverapp.web_app
    base_url = web_app.settings["base_url"]
    routes = handlers(base_url, {}, notebooks=NOTEBOOKS)
    if os.environ.get(TEACHER_ENV) == "1":
        routes.insert(0, (url_path_join(base_url, "class/mine"), OwnTeacherPage))
    web_app.add_handlers(".*$", routes)
    log.info("Oklahoma Gin Tutor: the class store is %s", shown_address(address))


__all__ = ["NOTEBOOKS", "TEACHER_ENV", "OwnTeacherPage"]
