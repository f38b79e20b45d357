// Progress: keeps the learner's level records in the browser's localStorage.
// On render the page sends what it stored earlier ({event: "stored", records}); Python checks
// it and syncs `records` back; every change of `records` is written to localStorage.
// Only records of the right shape are stored: ipywidgets shows a value the page set before
// the kernel checks it, and the kernel sends its own value back when it refuses one
// (gin/ui/page/pageerrors.py), so a refused value never replaces the stored progress.

function readStored(key) {
  try {
    const text = window.localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch (e) {
    return null;
  }
}

function isPlainObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// The shape of Progress.records (gin/ui/lessons/progress.py checks the rest):
// {rules: {level: {state: "...", <count>: whole number, ...}, "_last": "level"}}.
function hasRecordsShape(records) {
  if (!isPlainObject(records)) return false;
  return Object.values(records).every(
    (levels) =>
      isPlainObject(levels) &&
      Object.entries(levels).every(([key, rec]) =>
        key === "_last"
          ? typeof rec === "string"
          : isPlainObject(rec) &&
            typeof rec.state === "string" &&
            Object.entries(rec).every(
              ([name, v]) => name === "state" || (Number.isInteger(v) && v >= 0),
            ),
      ),
  );
}

function render({ model, el }) {
  el.classList.add("gin-progress-store");
  el.style.display = "none";
  const key = model.get("storage_key");
  const stored = readStored(key);
  model.send({ event: "stored", records: isPlainObject(stored) ? stored : {} });
  function write() {
    const records = model.get("records");
    if (!model.get("loaded")) return; // never overwrite the stored records before reading them
    if (!hasRecordsShape(records)) return; // a value the kernel will refuse and send back
    try {
      window.localStorage.setItem(key, JSON.stringify(records));
    } catch (e) {
      // storage full or blocked (private mode): progress lasts for this page only
    }
  }
  model.on("change:records", write);
  model.on("change:loaded", write);
  // {event: "scroll-to", selector}: bring the part just opened into view (a level clicked
  // in the course's map); it may be drawn a moment after the message, so look again.
  model.on("msg:custom", (msg) => {
    if (!msg || msg.event !== "scroll-to" || typeof msg.selector !== "string") return;
    let tries = 0;
    const look = () => {
      const target = document.querySelector(msg.selector);
      if (target) target.scrollIntoView({ behavior: "smooth", block: "start" });
      else if (++tries < 20) setTimeout(look, 50);
    };
    look();
  });
}

export default { render };
