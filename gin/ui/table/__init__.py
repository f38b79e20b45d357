"""The playable table: :class:`GinTable` and :func:`play_table`.

The learner is player 0 and plays against a bot from :mod:`gin.bots`. Everything the page
receives is built from the learner's :class:`gin.PlayerView` (``deal.view(0)``): the
opponent's cards and the stock stay in the kernel until the deal is over, except in
teacher mode, which shows the opponent's hand, and after the opponent's knock, when
their melds and deadwood are laid face up (``view.knocker_shown``).

The opponent's moves are shown one at a time: with ``pause=0`` they are played at once
(tests); otherwise each move is scheduled with ``loop.call_later`` on the kernel's
running asyncio loop, which returns control to the kernel between moves, so the page
(Jupyter or Voilà) receives each update as it happens. Without a running loop (a plain
Python script) the moves are played at once. On the running loop the first moves wait
until the page shows the table (the hand says so when it is drawn, or after
:data:`READY_FALLBACK_S`), so that the learner sees every opponent move.

Only the actions the engine calls legal are on show (the others are hidden and
disabled). Every action has a key (see :data:`KEY_ACTIONS`), and after each move the
keyboard focus goes to the next sensible control.

:class:`GinTable` is one model and composed parts: the model,
:class:`~gin.ui.table.controller.TableController` (on :class:`~gin.ui.table.state.TableState`:
the session's observable traits and the :meth:`~gin.ui.table.state.TableState.changed`
signal); the learner's intents as commands (:mod:`~gin.ui.table.commands`), the game moved
on by :mod:`~gin.ui.table.flow`; and the parts, each drawing the model and sending
commands, none reading another: :mod:`~gin.ui.table.controls` (the controls bar, the title,
the display menu), :mod:`~gin.ui.table.felt` (the cloth, the opponent's hand, the turn
line, the confirmation), :mod:`~gin.ui.table.piles` (stock, discard pile, up card),
:mod:`~gin.ui.table.learnerhand` (the learner's hand), :mod:`~gin.ui.table.actions` (the buttons),
:mod:`~gin.ui.table.rooms` (the arrange rooms' host), :mod:`~gin.ui.table.tablecoach` (the
coach) and :mod:`~gin.ui.table.scorepad` (the score pad). :mod:`~gin.ui.table.gintable`
builds and wires them. What the parts draw is worked out by pure helpers:
:mod:`~gin.ui.table.hands`, :mod:`~gin.ui.table.reveal` (the end-of-deal playback),
:mod:`~gin.ui.table.coaching` (the coach's sections), :mod:`~gin.ui.table.buttons` and
:mod:`~gin.ui.table.knocking` (knock confirmation).
"""

# The package imports nothing: the arrange rooms, the review and the lessons import the
# table's parts they need (gin.ui.table.hands, gin.ui.table.gintable...) without running
# the whole table, so no part's import goes round through GinTable.
