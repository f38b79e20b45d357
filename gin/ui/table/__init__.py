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

:class:`GinTable` is built in layers, one module each (every layer a subclass of the one
before): :mod:`~gin.ui.table.base` (the parts they share, :func:`~gin.ui.table.base._guarded`),
:mod:`~gin.ui.table.showing` (drawing the state), :mod:`~gin.ui.table.settings` (the display
settings), :mod:`~gin.ui.table.dealend` (the end of the deal, new deals and games),
:mod:`~gin.ui.table.flow` (the game moving on: the learner's actions through the engine,
the opponent's moves), :mod:`~gin.ui.table.turn` (the learner's keys, clicks and buttons)
and :mod:`~gin.ui.table.gintable` (building the parts).

The parts drawn live in their own modules: :mod:`~gin.ui.table.controls` (the controls bar),
:mod:`gin.ui.table.felt` (the cloth with the hands, piles and buttons), :mod:`gin.ui.table.piles`
(stock, discard pile, up card), :mod:`gin.ui.table.hands` (the hands during the deal),
:mod:`gin.ui.table.reveal` (the end-of-deal playback), :mod:`gin.ui.table.coaching` (the coach's
sections) and :mod:`gin.ui.table.knocking` (knock confirmation).
"""

# The package imports nothing: the arrange rooms, the review and the lessons import the
# table's parts they need (gin.ui.table.hands, gin.ui.table.gintable...) without running
# the whole table, so no part's import goes round through GinTable.
