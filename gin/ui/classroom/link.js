// ClassLink: the learner's class membership in localStorage, and the join box.
// On render the page sends the stored membership ({event: "stored", membership}, null
// when none); the kernel checks it. The join box posts {code, nickname, lang} to the
// app's class/join route (with the _xsrf cookie, as Jupyter asks), stores the answer and
// tells the kernel.

function readStored(key) {
  try {
    const text = window.localStorage.getItem(key);
    const value = text ? JSON.parse(text) : null;
    return value && typeof value === "object" ? value : null;
  } catch (e) {
    return null;
  }
}

function cookie(name) {
  const m = document.cookie.match("(^|;)\\s*" + name + "\\s*=\\s*([^;]+)");
  return m ? decodeURIComponent(m[2]) : "";
}

function joinUrl() {
  const path = window.location.pathname;
  const at = path.indexOf("/voila/");
  return (at >= 0 ? path.slice(0, at) : "") + "/class/join";
}

function render({ model, el }) {
  const key = model.get("storage_key");
  el.classList.add("gin-class-link");
  let stored = readStored(key);
  model.send({ event: "stored", membership: stored }); // null: none, the kernel holds nothing back
  model.on("msg:custom", (msg) => {
    if (msg && msg.event === "forget") {
      stored = null;
      try {
        window.localStorage.removeItem(key);
      } catch (e) {
        // storage blocked: nothing kept anyway
      }
    }
  });
  if (!model.get("form")) {
    el.style.display = "none";
    return;
  }
  const labels = model.get("labels") || {};
  const box = document.createElement("div");
  box.className = "gin-class-join";
  const heading = document.createElement("h3");
  heading.textContent = labels.heading || "";
  const intro = document.createElement("p");
  intro.textContent = labels.intro || "";
  const row = document.createElement("div");
  row.className = "gin-class-join-row";
  function field(name, label, value, autocomplete) {
    const wrap = document.createElement("label");
    wrap.className = "gin-class-field";
    const span = document.createElement("span");
    span.textContent = label;
    const input = document.createElement("input");
    input.type = "text";
    input.className = "gin-class-" + name + "-input";
    input.name = name;
    input.value = value;
    input.autocomplete = autocomplete;
    input.maxLength = name === "code" ? 16 : 64;
    wrap.append(span, " ", input);
    row.append(wrap);
    return input;
  }
  const code = field("code", labels.code || "", model.get("code") || (stored && stored.code) || "", "off");
  const nickname = field("nickname", labels.nickname || "", (stored && stored.nickname) || "", "nickname");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "gin-action-join-class jupyter-button";
  button.textContent = labels.join || "";
  row.append(button);
  const status = document.createElement("div");
  status.setAttribute("role", "status");
  status.className = "gin-class-join-status";
  box.append(heading, intro, row, status);
  el.append(box);
  function showStatus() {
    status.innerHTML = model.get("status") || "";
  }
  function say(text) {
    status.textContent = text;
  }
  model.on("change:status", showStatus);
  showStatus();
  async function join() {
    const typed = code.value.replace(/[\s-]/g, "").toUpperCase();
    if (stored && stored.code === typed && stored.nickname === nickname.value.trim()) {
      model.send({ event: "joined", membership: stored }); // already in: no second learner
      return;
    }
    button.disabled = true;
    try {
      const response = await fetch(joinUrl(), {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-XSRFToken": cookie("_xsrf") },
        body: JSON.stringify({ code: code.value, nickname: nickname.value, lang: model.get("lang") }),
      });
      let answer = null;
      try {
        answer = await response.json();
      } catch (e) {
        answer = null;
      }
      if (!answer || !answer.ok) {
        say((answer && answer.error) || labels.no_server || "");
        return;
      }
      const membership = { code: answer.code, nickname: answer.nickname, token: answer.token };
      stored = membership;
      try {
        window.localStorage.setItem(key, JSON.stringify(membership));
      } catch (e) {
        // storage blocked (private mode): the class lasts for this page only
      }
      code.value = answer.code;
      nickname.value = answer.nickname;
      model.send({ event: "joined", membership });
    } catch (e) {
      say(labels.no_server || "");
    } finally {
      button.disabled = false;
    }
  }
  button.addEventListener("click", join);
  for (const input of [code, nickname]) {
    input.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") join();
    });
  }
}

export default { render };
