"""What serves and wires a lesson's page: the server (:mod:`~gin.ui.page.serve`), the
address parameters (:mod:`~gin.ui.page.urlparams`), links opened in the same page
(:mod:`~gin.ui.page.navigation`), errors in what the page sends
(:mod:`~gin.ui.page.pageerrors`), the page's language (:mod:`~gin.ui.page.language`), a
first build sent to nobody (:mod:`~gin.ui.page.unsent`), the server's secret in a shuffle
(:mod:`~gin.ui.page.dealsecret`) and the address read under Pyodide
(:mod:`~gin.ui.page.pagequery_lite`).

The package imports nothing itself, so importing one of its modules runs only that module.
"""
