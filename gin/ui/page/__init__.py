"""What serves and wires a lesson's page: the server (:mod:`~gin.ui.page.serve`), the
address parameters (:mod:`~gin.ui.page.urlparams`), links opened in the same page
(:mod:`~gin.ui.page.navigation`), errors in what the page sends
(:mod:`~gin.ui.page.pageerrors`), the page's language (:mod:`~gin.ui.page.language`), a
first build sent to nobody (:mod:`~gin.ui.page.unsent`), the server's secret in a shuffle
(:mod:`~gin.ui.page.dealsecret`), the address read under Pyodide
(:mod:`~gin.ui.page.pagequery_lite`), and the server's fair-play parts: a kernel kept
only for a page that connects (:mod:`~gin.ui.page.connectwatch`), the page's script
nonce and kernel-lost sentence (:mod:`~gin.ui.page.pagescripts`), a repeated log record
said once (:mod:`~gin.ui.page.logrepeats`).

The package imports nothing itself, so importing one of its modules runs only that module.
"""
