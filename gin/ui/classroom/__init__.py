"""A class: the teacher sees where each learner stands, live, from the app's server.

- :mod:`~gin.ui.classroom.store`: the class store (SQLite), the only module speaking SQL;
- :mod:`~gin.ui.classroom.names`: class codes, nicknames, the limit on guessing codes;
- :mod:`~gin.ui.classroom.server`: the teacher key, the teacher page's address, joining;
- :mod:`~gin.ui.classroom.link`: the learner's membership in the browser, the join box;
- :mod:`~gin.ui.classroom.record`: what a learner's kernel records;
- :mod:`~gin.ui.classroom.summary`: the class at a glance, and its CSV;
- :mod:`~gin.ui.classroom.teacher`: the teacher's page.
"""

from __future__ import annotations

from typing import Any


def class_page(**kwargs: Any) -> Any:
    """The teacher's page (see :func:`gin.ui.classroom.teacher.class_page`)."""
    from gin.ui.classroom.teacher import class_page as page

    return page(**kwargs)


__all__ = ["class_page"]
