"""A class: the teacher sees where each learner stands, live, from the app's server.

- :mod:`~gin.ui.classroom.store`: the class store (SQLite), the only module speaking SQL;
- :mod:`~gin.ui.classroom.names`: class codes, nicknames, the limit on guessing codes;
- :mod:`~gin.ui.classroom.server`: the teacher key, the teacher page's address, joining;
- :mod:`~gin.ui.classroom.link`: the learner's membership in the browser, the join box;
- :mod:`~gin.ui.classroom.record`: what a learner's kernel records;
- :mod:`~gin.ui.classroom.summary`: the class at a glance, and its CSV;
- :mod:`~gin.ui.classroom.teacher`: the teacher's page (``class_page``, the notebook's call;
  the package imports none of its modules, so the lessons that record for a class do not
  import the teacher's page, which is built on the lessons).
"""

