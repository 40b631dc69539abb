/* Match page: every element with data-action submits that action; the board polls itself.
   After each update the page leads the player: the first choice on the board is scrolled into
   view and focused, and the prompt is read out by the one live region outside the board. */
(function () {
  "use strict";

  var PHONE = window.matchMedia("(max-width: 760px)");

  function board() { return document.getElementById("match-board"); }

  function setBusy(b, busy) {
    if (!b) return;
    if (busy) { b.dataset.busy = "1"; } else { delete b.dataset.busy; }
    b.classList.toggle("busy", busy);
    b.setAttribute("aria-busy", busy ? "true" : "false");
    b.querySelectorAll("[data-action]").forEach(function (el) {
      if (busy) { el.setAttribute("aria-disabled", "true"); } else { el.removeAttribute("aria-disabled"); }
      if (el.tagName === "BUTTON") el.disabled = busy;
    });
  }

  function submit(el) {
    var b = el.closest("#match-board");
    if (!b || b.dataset.busy) return;
    setBusy(b, true);
    htmx.ajax("POST", b.dataset.actUrl, {
      source: el,
      target: "#match-board",
      swap: "outerHTML",
      values: { action: el.getAttribute("data-action"), version: b.dataset.version, viewer: b.dataset.viewer || "" },
    }).finally(function () { setBusy(board(), false); });
  }

  document.addEventListener("click", function (event) {
    var el = event.target.closest ? event.target.closest("[data-action]") : null;
    if (!el) return;
    event.preventDefault();
    // The second click of a double click lands on whatever the first one brought: ignore it.
    if (event.detail > 1) return;
    submit(el);
  });

  document.addEventListener("dblclick", function (event) {
    if (event.target.closest && event.target.closest("[data-action]")) event.preventDefault();
  });

  document.addEventListener("keydown", function (event) {
    var el = event.target;
    if ((event.key === "Enter" || event.key === " ") && el.matches && el.matches("[data-action]")) {
      event.preventDefault();
      if (!event.repeat) submit(el);
    }
  });

  function shown(el) { return el.getClientRects().length > 0; }

  /* The part of the window that the decision bar does not cover. */
  function openArea() {
    var top = 0, bottom = window.innerHeight, bar = document.getElementById("decision");
    if (bar && shown(bar)) {
      var r = bar.getBoundingClientRect();
      if (PHONE.matches) { bottom = Math.min(bottom, r.top); } else if (r.top <= 1) { top = r.bottom; }
    }
    return { top: top, bottom: bottom };
  }

  function inView(el) {
    var r = el.getBoundingClientRect(), area = openArea();
    return r.bottom > area.top && r.top < area.bottom && r.right > 0 && r.left < window.innerWidth;
  }

  /* Bring the decision to the player: the first choice on the board, else the bar's first. */
  function lead() {
    var b = board();
    if (!b || !b.dataset.myTurn) return;
    var all = Array.prototype.filter.call(b.querySelectorAll("[data-action]"), shown);
    if (!all.length) return;
    // A setting kept beside the board ([data-aside]) is a choice, never the decision.
    var onBoard = all.filter(function (el) { return !el.closest("#decision") && !el.closest("[data-aside]"); });
    var inBar = all.filter(function (el) { return el.closest("#decision"); });
    var first = onBoard[0] || inBar[0] || all[0];
    // A board drawn to fit the window ([data-board]) is brought whole into view when it holds
    // the decision; any other choice out of view is brought to the middle.
    var space = b.querySelector("[data-board]");
    var onSpace = space ? onBoard.filter(function (el) { return space.contains(el); }) : [];
    if (onSpace.length && (space.getBoundingClientRect().top < 0 || !onSpace.some(inView))) {
      var top = window.scrollY + space.getBoundingClientRect().top;
      window.scrollTo(0, top < window.innerHeight / 3 ? 0 : top - 4);
    } else if (onBoard.length && !onBoard.some(inView)) {
      first.scrollIntoView({ block: "center", inline: "nearest" });
    }
    var active = document.activeElement;
    if (!active || active === document.body || !document.body.contains(active) || b.contains(active)) {
      first.focus({ preventScroll: true });
    }
  }

  function announce() {
    var out = document.getElementById("announce"), b = board();
    var said = b && (b.querySelector("#prompt") || b.querySelector("#outcome"));
    if (out && said && out.textContent !== said.textContent.trim()) out.textContent = said.textContent.trim();
  }

  /* On a phone the bar sits at the bottom: keep the page's end clear of it. */
  function makeRoom() {
    var bar = document.getElementById("decision");
    document.body.style.paddingBottom = PHONE.matches && bar ? bar.offsetHeight + "px" : "";
  }

  /* Players and log fold away on a phone (a fold marked data-fold="closed", like a legend, starts
     closed everywhere); a person's own choice sticks across updates. */
  var folded = {};
  function fold() {
    document.querySelectorAll("#match-board details.fold").forEach(function (d) {
      d.open = d.id in folded ? folded[d.id] : d.dataset.fold !== "closed" && !PHONE.matches;
      d.addEventListener("toggle", function () { folded[d.id] = d.open; });
    });
  }

  var lastVersion = null;
  function updated(force) {
    var b = board();
    if (!b) return;
    if (b.dataset.title) document.title = b.dataset.title;
    fold();
    makeRoom();
    announce();
    if (force || b.dataset.version !== lastVersion) lead();
    if (lastVersion !== null && b.dataset.version !== lastVersion) {
      var old = document.getElementById("messages");  // read once: the match has moved on since
      if (old) old.remove();
    }
    lastVersion = b.dataset.version;
  }

  document.addEventListener("focusin", function (event) {
    if (event.target.id === "invite-url") event.target.select();
  });

  /* No stale prompt: the board (prompt, highlighted choices and log together) is replaced whole,
     and while an action of this page is on its way no poll replaces it: a poll's answer would be
     the board of the decision being taken, and the action's answer would then land on a board no
     longer shown. No poll leaves meanwhile, and the answer of one already gone is dropped. */
  function polledWhileBusy(event) {
    var b = board(), config = event.detail.requestConfig;
    // The request's own element: a swap's event.detail.elt is the target, the board, even for an action.
    return b && b.dataset.busy && (config ? config.elt : event.detail.elt) === b;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (polledWhileBusy(event)) event.preventDefault();
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (polledWhileBusy(event)) event.detail.shouldSwap = false;
  });

  document.addEventListener("htmx:afterSwap", function () { updated(false); });
  window.addEventListener("resize", makeRoom);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { updated(true); });
  } else {
    updated(true);
  }
})();
