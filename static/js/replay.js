/* The replay page. The buttons, the slider and the "go to" box fetch one position through
   htmx; this script adds what htmx does not: the left and right arrow keys step (unless the
   focus is in something that uses them), the slider and the box follow the position shown,
   and a screen reader hears each new position. Without it the page still works: its buttons
   are links and its slider and box are GET forms. */
(function () {
  "use strict";
  var OWN_KEYS = "input, textarea, select, [contenteditable], [role=tab], [role=slider], [role=listbox], " +
    "[role=menu], [role=grid], [role=radiogroup]";
  var pending = null; /* the version asked for by the keys and not shown yet */

  function shown() { return document.getElementById("replay-position"); }

  /* Steps count from the position last asked for, so quick presses add up; they go out one
     after another from the replay's frame (never swapped), the last one asked winning. */
  function step(delta) {
    var pos = shown(), frame = document.getElementById("replay");
    if (!pos || !frame || !window.htmx) return false;
    var last = Number(pos.dataset.last), from = pending !== null ? pending : Number(pos.dataset.version);
    var to = Math.max(0, Math.min(last, from + delta));
    if (to === from) return false;
    pending = to;
    window.htmx.ajax("GET", "?v=" + to, { source: frame });
    return true;
  }

  var MOVES = { "replay-first": -Infinity, "replay-previous": -1, "replay-next": 1, "replay-last": Infinity };
  document.addEventListener("click", function (event) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var link = event.target.closest ? event.target.closest("#replay-nav a[id]") : null;
    if (!link || !(link.id in MOVES) || !shown() || !window.htmx) return;
    event.preventDefault();
    event.stopPropagation(); /* before htmx's own handler on the link, which a swap would drop */
    step(MOVES[link.id]);
  }, true);

  document.addEventListener("keydown", function (event) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var t = event.target;
    if (t && t.closest && t.closest(OWN_KEYS)) return;
    if (!shown()) return;
    event.preventDefault();
    step(event.key === "ArrowLeft" ? -1 : 1);
  });

  function follow(pos) {
    var v = pos.dataset.version;
    if (pending !== null && String(pending) === v) pending = null;
    ["replay-slider", "replay-jump"].forEach(function (id) {
      var input = document.getElementById(id);
      if (input && input !== document.activeElement) input.value = v;
    });
    var where = document.getElementById("replay-where"), said = document.getElementById("replay-step");
    var announce = document.getElementById("replay-announce");
    if (announce && where && said) announce.textContent = where.textContent.trim() + ": " + said.textContent.trim();
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var pos = shown();
    if (pos && event.target === pos) follow(pos);
  });
  ["htmx:responseError", "htmx:sendError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function () { pending = null; });
  });

  function ready() {
    if (!shown() || !window.htmx) return;
    var keys = document.getElementById("replay-keys"), show = document.getElementById("replay-show");
    if (keys) keys.hidden = false;
    if (show) show.hidden = true; /* the slider fetches where it is let go */
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
