// LanguageMenu: the tutor's languages in a menu, each in its own name.
// The choice is kept in localStorage for the next lesson; the lesson root (.gin-lesson)
// gets lang and dir attributes. On first render, a language the learner chose before is
// asked for, unless the page's address named one (?lang=).

function stored(key) {
  try {
    return window.localStorage.getItem(key) || "";
  } catch (e) {
    return "";
  }
}

function keep(key, lang) {
  try {
    window.localStorage.setItem(key, lang);
  } catch (e) {
    // storage blocked (private mode): the choice lasts for this page only
  }
}

function render({ model, el }) {
  el.classList.add("gin-language-menu");
  const label = document.createElement("label");
  const select = document.createElement("select");
  select.className = "gin-language-select";
  const id = "gin-lang-" + Math.random().toString(36).slice(2);
  select.id = id;
  label.htmlFor = id;
  for (const [code, name] of model.get("languages")) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    select.appendChild(option);
  }
  el.append(label, select);

  function mark() {
    const lang = model.get("lang");
    const dir = model.get("dir");
    select.value = lang;
    label.textContent = model.get("label");
    const root = el.closest(".gin-lesson") || el.parentElement;
    if (root) {
      root.setAttribute("lang", lang);
      root.setAttribute("dir", dir);
    }
    document.documentElement.setAttribute("lang", lang);
  }
  mark();
  // the widget may be drawn before the lesson root holds it: mark again once placed
  requestAnimationFrame(mark);
  model.on("change:lang", mark);
  model.on("change:dir", mark);
  model.on("change:label", mark);

  select.addEventListener("change", () => {
    keep(model.get("storage_key"), select.value);
    model.set("lang", select.value);
    model.save_changes();
  });

  const key = model.get("storage_key");
  const before = stored(key);
  const known = model.get("languages").some(([code]) => code === before);
  if (model.get("from_address")) {
    keep(key, model.get("lang")); // a teacher's link: the class goes on in this language
  } else if (known && before !== model.get("lang")) {
    model.set("lang", before);
    model.save_changes();
  }
}

export default { render };
