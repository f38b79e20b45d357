// Navigator: on the static site, a link to another lesson opens it in this page.
// When the kernel says so (enabled), a plain click on a[data-notebook] whose notebook is a
// lesson is caught (document-level, capture), the kernel is asked for that lesson, and the
// address bar follows (history.pushState) so Back/Forward, reload and sharing still work.
// Back and Forward ask the kernel for the lesson of the address shown.

function notebookOf(url) {
  const file = decodeURIComponent(url.pathname.split("/").pop() || "");
  return file.replace(/\.(html|ipynb)$/, ".ipynb");
}

function render({ model, el }) {
  el.classList.add("gin-navigator");
  el.style.display = "none";

  // The address of the lesson on the screen: put back when the kernel could not show the
  // lesson asked for (the reason is in the page's problem area).
  let shownHref = window.location.href;
  function ask(notebook, query) {
    model.send({ type: "go", notebook: notebook, query: query });
  }
  function onAnswer(msg) {
    if (!msg || msg.type !== "answer") return;
    if (msg.shown) {
      shownHref = window.location.href;
    } else if (window.location.href !== shownHref) {
      window.history.replaceState(window.history.state, "", shownHref);
    }
  }
  model.on("msg:custom", onAnswer);

  function onClick(event) {
    if (!model.get("enabled") || event.defaultPrevented) return;
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      return;
    }
    const link = event.target && event.target.closest ? event.target.closest("a[data-notebook]") : null;
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const notebook = link.dataset.notebook;
    if (!model.get("lessons").includes(notebook)) return; // the cheat sheet opens as a page
    const url = new URL(link.getAttribute("href"), window.location.href);
    if (url.origin !== window.location.origin) return;
    url.pathname = url.pathname.replace(/\.ipynb$/, ".html"); // static/page.js's addresses
    event.preventDefault();
    event.stopPropagation();
    window.history.pushState({ ginNotebook: notebook }, "", url.href);
    window.scrollTo(0, 0);
    ask(notebook, url.search.replace(/^\?/, ""));
  }

  function onPop() {
    if (!model.get("enabled")) return;
    const url = new URL(window.location.href);
    const notebook = notebookOf(url);
    if (!model.get("lessons").includes(notebook)) return;
    ask(notebook, url.search.replace(/^\?/, ""));
  }

  // The window title names the lesson shown, in the page's language (on every page,
  // also where links open as pages).
  function retitle() {
    const title = model.get("title");
    if (title) document.title = title;
  }
  retitle();
  model.on("change:title", retitle);

  document.addEventListener("click", onClick, true);
  window.addEventListener("popstate", onPop);
  return () => {
    document.removeEventListener("click", onClick, true);
    window.removeEventListener("popstate", onPop);
    model.off("change:title", retitle);
    model.off("msg:custom", onAnswer);
  };
}

export default { render };
