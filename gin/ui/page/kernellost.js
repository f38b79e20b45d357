// The lesson's kernel is lost: say so in one sentence with a reload button (issue 33).
//
// Served by the app (gin/ui/page/pagescripts.py) and put at the top of every lesson page,
// before Voilà's own scripts open the kernel's websocket. It wraps window.WebSocket so
// that it sees the page's kernel channel, and shows the sentence when
//   - the server says the kernel is "restarting" (the restarter brought back an empty
//     kernel) or "dead" (an iopub status message), or
//   - the websocket closes and the server no longer has the kernel (shut down, culled).
// The sentences (every language) are in the script tag's data-sentences; the lesson's
// language is the gin-lang-<code> class of its widget, else the tag's data-lang.
(function () {
  "use strict";
  if (window.ginKernelLost) return;
  var me = document.currentScript;
  var sentences = {};
  try {
    sentences = JSON.parse(me.dataset.sentences || "{}");
  } catch (e) {
    sentences = {};
  }
  var pageLang = me.dataset.lang || "en";
  var unloading = false;
  window.addEventListener("pagehide", function () { unloading = true; });
  window.addEventListener("beforeunload", function () { unloading = true; });

  function lessonLang() {
    var lesson = document.querySelector(".gin-lesson");
    if (lesson) {
      for (var i = 0; i < lesson.classList.length; i++) {
        var c = lesson.classList[i];
        if (c.indexOf("gin-lang-") === 0 && sentences[c.slice(9)]) return c.slice(9);
      }
    }
    return sentences[pageLang] ? pageLang : "en";
  }

  function show(why) {
    if (unloading || document.querySelector(".gin-kernel-lost")) return;
    var lang = lessonLang();
    var words = sentences[lang] || sentences.en || ["", ""];
    var box = document.createElement("div");
    box.className = "gin-kernel-lost";
    box.setAttribute("role", "alert");
    box.setAttribute("data-why", why);
    box.lang = lang;
    box.dir = lang === "he" ? "rtl" : "ltr";
    box.style.cssText =
      "position: fixed; top: 0; left: 0; right: 0; z-index: 10000; padding: 0.8em 1em;" +
      "background: #fff4ce; color: #222; border-bottom: 2px solid #b58900;" +
      "font-family: sans-serif; font-size: 1.1em; display: flex; gap: 1em;" +
      "align-items: center; justify-content: center;";
    var text = document.createElement("span");
    text.className = "gin-kernel-lost-text";
    text.textContent = words[0];
    var button = document.createElement("button");
    button.type = "button";
    button.className = "gin-reload";
    button.textContent = words[1];
    button.addEventListener("click", function () { window.location.reload(); });
    box.appendChild(text);
    box.appendChild(button);
    (document.body || document.documentElement).appendChild(box);
    button.focus();
  }

  function utf8(bytes) {
    return new TextDecoder("utf-8").decode(bytes);
  }

  // The status a kernel message carries ("restarting", "dead", ...), or null.
  function statusOf(data) {
    var channel, header, content;
    if (typeof data === "string") {
      var msg = JSON.parse(data);
      channel = msg.channel;
      header = msg.header || {};
      content = msg.content || {};
    } else {
      // The v1 kernel websocket protocol: offsets, then channel, header, parent header,
      // metadata, content, buffers.
      var view = new DataView(data);
      var n = Number(view.getBigUint64(0, true));
      if (n < 6) return null;
      var offsets = [];
      for (var i = 0; i < n; i++) offsets.push(Number(view.getBigUint64(8 * (i + 1), true)));
      var part = function (k) { return new Uint8Array(data, offsets[k], offsets[k + 1] - offsets[k]); };
      channel = utf8(part(0));
      header = JSON.parse(utf8(part(1)));
      if (channel !== "iopub" || header.msg_type !== "status") return null;
      content = JSON.parse(utf8(part(4)));
    }
    if (channel !== "iopub" || header.msg_type !== "status") return null;
    return content.execution_state || null;
  }

  function watch(ws, kernelUrl) {
    ws.addEventListener("message", function (event) {
      var data = event.data;
      var read = function (d) {
        try {
          var state = statusOf(d);
          if (state === "restarting" || state === "dead") show(state);
        } catch (e) { /* not a kernel message */ }
      };
      if (data instanceof Blob) data.arrayBuffer().then(read);
      else read(data);
    });
    ws.addEventListener("close", function () {
      if (unloading) return;
      fetch(kernelUrl, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
        if (r.status === 404) show("gone");
      }, function () { /* the server is unreachable: the page says nothing more */ });
    });
  }

  var Native = window.WebSocket;
  var CHANNEL = /^(wss?:\/\/[^/]+)?(.*\/api\/kernels\/[^/?#]+)\/channels/;
  function GinWebSocket(url, protocols) {
    var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    var found = CHANNEL.exec(String(url));
    if (found) watch(ws, found[2]);
    return ws;
  }
  GinWebSocket.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) {
    Object.defineProperty(GinWebSocket, k, { value: Native[k] });
  });
  window.WebSocket = GinWebSocket;
  window.ginKernelLost = { show: show };
})();
