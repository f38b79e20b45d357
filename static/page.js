// Oklahoma Gin Tutor, static site: runs in every lesson page before Voici starts its kernel.
// Added by static/build.py; it fetches nothing.
(function () {
  "use strict";
  // 1. The page's query string (?seed=7) reaches the kernel as os.environ["QUERY_STRING"],
  //    as in Voilà: Pyodide takes its environment from loadPyodideOptions.env, which the
  //    kernel reads from this page's configuration when it starts.
  var el = document.getElementById("jupyter-config-data");
  if (el) {
    var config = JSON.parse(el.textContent);
    var plugins = config.litePluginSettings || (config.litePluginSettings = {});
    var id = "@jupyterlite/pyodide-kernel-extension:kernel";
    var kernel = plugins[id] || (plugins[id] = {});
    var options = kernel.loadPyodideOptions || (kernel.loadPyodideOptions = {});
    var env = options.env || (options.env = {});
    env.QUERY_STRING = window.location.search.replace(/^\?/, "");
    el.textContent = JSON.stringify(config);
  }
  // 2. Start fetching Pyodide and the wheels the kernel loads at once, while the page's
  //    scripts start: the kernel's requests for them then find them in the browser's cache
  //    (or wait for these downloads instead of starting their own). The list is written
  //    by static/build.py into this script's data-preload attribute.
  var script = document.currentScript;
  var preload = script && script.dataset.preload ? JSON.parse(script.dataset.preload) : [];
  for (var p = 0; p < preload.length; p++) {
    fetch(new URL(preload[p], script.src).href).catch(function () {});
  }
  // 3. The lessons link to each other as ./NN_name.ipynb (Voilà's addresses); here each
  //    lesson is the page NN_name.html beside this one (keeping a ?lang=). Links are
  //    rewritten as they appear.
  function relink(root) {
    var selector = 'a[href*=".ipynb"]';
    if (!root.querySelectorAll) return;
    var links = Array.prototype.slice.call(root.querySelectorAll(selector));
    if (root.matches && root.matches(selector)) links.push(root);
    for (var i = 0; i < links.length; i++) {
      var href = links[i].getAttribute("href");
      if (!/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) {
        links[i].setAttribute("href", href.replace(/\.ipynb(?=$|[?#])/, ".html"));
      }
    }
  }
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      for (var j = 0; j < records[i].addedNodes.length; j++) relink(records[i].addedNodes[j]);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
})();
