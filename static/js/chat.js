/* The match chat. The chat box (#chat) is kept across the board's refreshes (data-hx-preserve); this
   script asks the server for messages after the last one shown (every few seconds while the
   page is in view, slower in the background), sends what is written without leaving the page,
   marks messages read once the box is in view, and keeps every unread count in step
   ([data-chat-unread]: the head's chat button, the Chat tab or fold). The messages themselves
   come as the server renders them (escaped, links with rel="nofollow ugc noopener"). */
(function () {
  "use strict";
  if (window.matchChat) return;
  window.matchChat = true;

  var FAST = 5000, SLOW = 30000;
  var timer = null, busy = false, live = false;

  function box() { return document.getElementById("chat"); }
  function log() { return document.getElementById("chat-log"); }
  /* In view: shown (not in a closed fold or another tab) and on the screen. */
  function shown(el) {
    if (!el || !el.getClientRects().length) return false;
    var r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }
  function csrf() {
    var f = document.querySelector("#chat-form input[name=csrfmiddlewaretoken]");
    return f ? f.value : "";
  }

  function lastId() {
    var b = box();
    return b ? parseInt(b.getAttribute("data-last") || "0", 10) : 0;
  }

  function setUnread(n) {
    document.querySelectorAll("[data-chat-unread]").forEach(function (el) {
      el.textContent = String(n);
      el.hidden = !n;
    });
  }

  /* Add the server's list items; returns whether any message of someone else came. */
  function add(html) {
    var list = log(), b = box();
    if (!list || !b || !html.trim()) return false;
    var holder = document.createElement("ol");
    holder.innerHTML = html;
    var others = false, last = lastId();
    Array.prototype.slice.call(holder.children).forEach(function (li) {
      var id = parseInt(li.getAttribute("data-id") || "0", 10);
      if (id <= last || document.getElementById(li.id)) return;
      list.appendChild(li);
      last = id;
      if (li.getAttribute("data-other")) others = true;
    });
    b.setAttribute("data-last", String(last));
    var empty = document.getElementById("chat-empty");
    if (empty) empty.hidden = list.children.length > 0;
    list.scrollTop = list.scrollHeight;
    return others;
  }

  var marked = -1;  // the last message id the server was told was read
  function readNow() {
    var b = box();
    if (!b || !b.getAttribute("data-read-url") || document.hidden || !shown(log())) return;
    var upto = lastId();
    if (upto <= marked) return;  // nothing new since: no request (one per board swap otherwise)
    var body = new URLSearchParams({ upto: String(upto) });
    fetch(b.getAttribute("data-read-url"), {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf(), "X-Requested-With": "fetch" },
    }).then(function (r) {
      if (!r.ok) return;
      marked = Math.max(marked, upto);
      setUnread(parseInt(r.headers.get("X-Chat-Unread") || "0", 10));
    }).catch(function () {});
  }

  function counted(r) {
    var n = r.headers.get("X-Chat-Unread");
    if (n !== null) setUnread(parseInt(n, 10));
    return r.text();
  }

  function poll() {
    var b = box();
    if (!b || busy) return schedule();
    busy = true;
    fetch(b.getAttribute("data-chat-url") + "?after=" + lastId(), {
      credentials: "same-origin", headers: { "X-Requested-With": "fetch" },
    }).then(function (r) { return r.ok ? counted(r) : ""; })
      .then(function (html) { if (add(html)) readNow(); })
      .catch(function () {})
      .finally(function () { busy = false; schedule(); });
  }

  function schedule() {
    clearTimeout(timer);
    // While the live stream is open it says when a message came: no periodic request.
    if (box() && !live) timer = setTimeout(poll, document.hidden ? SLOW : FAST);
  }

  /* The live stream (live.js): on, off, and "message <id> came". */
  window.matchChatLive = {
    setLive: function (on) { live = on; schedule(); },
    message: function (id) { if (id > lastId()) poll(); },
  };

  function showError(text) {
    var e = document.getElementById("chat-error");
    if (!e) return;
    // an alert only while it says something: the board's prompt is the page's one live region
    if (text) e.setAttribute("role", "alert"); else e.removeAttribute("role");
    e.textContent = text || "";
    e.hidden = !text;
  }

  function send(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.set(submitter.name, submitter.value);
    if (!(submitter && submitter.name === "phrase")) data.delete("phrase");
    data.set("after", String(lastId()));
    var input = document.getElementById("chat-text");
    form.querySelectorAll("button").forEach(function (x) { x.disabled = true; });
    fetch(form.action, {
      method: "POST", body: data, credentials: "same-origin", headers: { "X-Requested-With": "fetch" },
    }).then(function (r) {
      return r.text().then(function (text) {
        if (r.status === 201) {
          showError("");
          add(text);
          if (!(submitter && submitter.name === "phrase") && input) input.value = "";
          readNow();
        } else {
          showError(text);
        }
      });
    }).catch(function () { showError(form.getAttribute("data-offline") || ""); })
      .finally(function () {
        form.querySelectorAll("button").forEach(function (x) { x.disabled = false; });
        if (input) input.focus({ preventScroll: true });
      });
  }

  /* One tap from anywhere on the page: the Chat tab (War for Chicken Island) or the chat fold. */
  function openChat() {
    var tab = document.getElementById("tab-chat");
    if (tab) {
      tab.click();
    } else {
      var fold = document.getElementById("fold-chat");
      if (fold) fold.open = true;
    }
    var b = box();
    if (b) {
      b.scrollIntoView({ block: "start" });
      var input = document.getElementById("chat-text");
      if (input) input.focus({ preventScroll: true });
    }
    setTimeout(readNow, 50);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.id !== "chat-form") return;
    event.preventDefault();
    send(form, event.submitter);
  });

  document.addEventListener("click", function (event) {
    var t = event.target;
    if (!t.closest) return;
    if (t.closest("#chat-link")) { event.preventDefault(); openChat(); return; }
    if (t.closest("#tab-chat") || t.closest("#fold-chat > summary")) setTimeout(readNow, 50);
  });

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { readNow(); if (!live) poll(); }
  });
  document.addEventListener("htmx:afterSwap", function () { watch(); schedule(); setTimeout(readNow, 50); });

  var watched = null;
  function watch() {
    var list = log();
    if (!list || list === watched || !window.IntersectionObserver) return;
    watched = list;
    new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; })) readNow();
    }).observe(list);
  }

  function start() {
    watch();
    if (location.hash === "#chat") openChat();
    var list = log();
    if (list) list.scrollTop = list.scrollHeight;
    readNow();
    schedule();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
