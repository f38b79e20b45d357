// The teacher page's keeper: the teacher key leaves the address bar once the page is up
// (a projected page shows no key), kept in sessionStorage for this tab; a reload of the
// page, whose address no longer has it, sends it to the kernel. It also tells the kernel
// the app's address as this browser reaches it, so the link for the learners is whole.

function render({ model, el }) {
  el.style.display = "none";
  const storeKey = model.get("storage_key");
  const url = new URL(window.location.href);
  let key = null;
  for (const name of Array.from(url.searchParams.keys())) {
    if (name.trim().toLowerCase() === "key") {
      key = url.searchParams.get(name);
      url.searchParams.delete(name);
    }
  }
  if (key !== null) {
    try {
      window.sessionStorage.setItem(storeKey, key);
    } catch (e) {
      // storage blocked: the kernel keeps the key for this page
    }
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  } else {
    let kept = null;
    try {
      kept = window.sessionStorage.getItem(storeKey);
    } catch (e) {
      kept = null;
    }
    if (kept) model.send({ event: "key", key: kept });
  }
  const path = window.location.pathname;
  const at = path.indexOf("/voila/");
  model.send({ event: "base", url: window.location.origin + (at >= 0 ? path.slice(0, at) : "") + "/" });
}

export default { render };
