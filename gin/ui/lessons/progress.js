// Progress: keeps the learner's level records in the browser's localStorage.
// On render the page sends what it stored earlier ({event: "stored", records}); Python checks
// it and syncs `records` back; every change of `records` is written to localStorage.

function readStored(key) {
  try {
    const text = window.localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch (e) {
    return null;
  }
}

function render({ model, el }) {
  el.classList.add("gin-progress-store");
  el.style.display = "none";
  const key = model.get("storage_key");
  const stored = readStored(key);
  model.send({ event: "stored", records: stored && typeof stored === "object" ? stored : {} });
  function write() {
    const records = model.get("records") || {};
    if (!model.get("loaded")) return; // never overwrite the stored records before reading them
    try {
      window.localStorage.setItem(key, JSON.stringify(records));
    } catch (e) {
      // storage full or blocked (private mode): progress lasts for this page only
    }
  }
  model.on("change:records", write);
  model.on("change:loaded", write);
}

export default { render };
