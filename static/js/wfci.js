/* War for Chicken Island's game screen. The choices themselves are plain [data-action]
   elements that match.js submits; this script only arranges what is shown:
   - the island is sized to fit between the page's head and the decision bar;
   - a mode button (Move with the free action, Attack with the Claw die, ...) shows that mode's
     choices on the island and hides the others, so a tap on a piece means one thing;
   - a hex holding several choices opens its stack card; a unit without a choice shows its card;
   - the tabs under the island, and the legend; the heavy contents of some tabs (every unit on
     the island, the log) come from the server when the tab is first opened, and while it stays
     open each refresh of the board brings them along (the request names the tab).
   What the player picked (mode, tab) survives the board's refreshes. */
(function () {
  "use strict";
  if (window.wfciScreen) return;
  window.wfciScreen = true;

  var PHONE = window.matchMedia("(max-width: 760px)");
  var chosenMode = null, chosenTab = null, tabFirstWhenChosen = null, pendingUnit = null;

  function stage() { return document.querySelector("#wfci .wf-stage"); }

  /* The island fills the width, and on a phone never runs under the decision bar. */
  function fit() {
    var st = stage(), svg = st && st.querySelector(".wf-island");
    if (!svg) return;
    var top = st.getBoundingClientRect().top + window.scrollY;
    var bar = document.getElementById("decision"), room = window.innerHeight - 8;
    if (PHONE.matches) {
      room -= top + (bar && getComputedStyle(bar).position === "fixed" ? bar.offsetHeight : 0);
    } else {
      room -= top;
    }
    svg.style.setProperty("--island-max", Math.max(220, room) + "px");
  }

  function closeCards(except) {
    document.querySelectorAll("#wfci .wf-stackcard, #wfci .wf-unitcard").forEach(function (c) {
      if (c !== except) c.hidden = true;
    });
    document.querySelectorAll("#wfci .pick[aria-expanded=true]").forEach(function (p) {
      if (!except || p.getAttribute("data-card") !== except.id) p.setAttribute("aria-expanded", "false");
    });
  }

  function openCard(id, picker) {
    var card = document.getElementById(id);
    if (!card) return;
    closeCards(card);
    card.hidden = false;
    if (picker) picker.setAttribute("aria-expanded", "true");
    var first = card.querySelector("[data-action]");
    if (first) first.focus({ preventScroll: true });
  }

  /* Show one mode's choices; with a single stack card left to show, open it. */
  function setMode(key, userChose) {
    var st = stage();
    if (!st) return;
    var buttons = document.querySelectorAll("[data-mode-pick]");
    if (!Array.prototype.some.call(buttons, function (b) { return b.getAttribute("data-mode-pick") === key; })) return;
    if (userChose) chosenMode = key;
    st.dataset.mode = key;
    buttons.forEach(function (b) { b.setAttribute("aria-checked", b.getAttribute("data-mode-pick") === key ? "true" : "false"); });
    st.querySelectorAll("[data-mode]").forEach(function (el) { el.classList.toggle("off", el.getAttribute("data-mode") !== key); });
    closeCards(null);
    var shown = Array.prototype.filter.call(st.querySelectorAll(".choices > g"), function (g) { return !g.classList.contains("off"); });
    if (shown.length === 1 && shown[0].classList.contains("pick")) openCard(shown[0].getAttribute("data-card"), shown[0]);
  }

  /* A tab's contents not sent with the page: ask for them (once per board). */
  function load(id) {
    var more = document.getElementById("wf-more-" + id);
    if (more && more.hasAttribute("data-lazy") && window.htmx) htmx.trigger(more, "wf-load");
    return more;
  }

  function showUnit(token) {
    var info = document.getElementById("ui-" + token.getAttribute("data-unit"));
    if (!info) {  // its card is made from its row among the island's units, not loaded yet
      var more = load("island");
      if (more && more.hasAttribute("data-lazy")) pendingUnit = token;
      return;
    }
    var card = document.getElementById("wf-unitcard"), st = stage();
    if (!info || !card || !st) return;
    closeCards(null);
    var body = card.querySelector(".body");
    body.innerHTML = "";
    var list = document.createElement("ul");
    var copy = info.cloneNode(true);
    copy.removeAttribute("id");
    var name = copy.querySelector("b");  // the unit's name names the card
    if (name) { name.id = "wf-unitcard-h"; card.setAttribute("aria-labelledby", name.id); }
    list.appendChild(copy);
    body.appendChild(list);
    var high = token.getBoundingClientRect().top - st.getBoundingClientRect().top < st.offsetHeight / 2;
    card.style.top = high ? "auto" : "";
    card.style.bottom = high ? ".4rem" : "";
    card.hidden = false;
    card.querySelector(".close").focus({ preventScroll: true });
  }

  function selectTab(id, userChose) {
    var tabs = document.querySelectorAll("#wfci [role=tab]");
    if (!document.getElementById("tab-" + id)) return;
    tabs.forEach(function (t) {
      var on = t.id === "tab-" + id;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      var pane = document.getElementById(t.getAttribute("aria-controls"));
      if (pane) pane.hidden = !on;
    });
    load(id);
    if (userChose) {
      chosenTab = id;
      var list = document.querySelector("#wfci [role=tablist]");
      tabFirstWhenChosen = list ? list.getAttribute("data-first") : null;
    }
  }

  document.addEventListener("click", function (event) {
    var t = event.target;
    if (!t.closest || !t.closest("#wfci, #decision")) return;
    var el;
    if ((el = t.closest("[data-mode-pick]"))) { setMode(el.getAttribute("data-mode-pick"), true); return; }
    if ((el = t.closest("[data-close]"))) {
      var box = document.getElementById(el.getAttribute("data-close"));
      if (box) box.hidden = true;
      if (box && box.id === "wf-legend") document.getElementById("wf-legend-b").setAttribute("aria-expanded", "false");
      closeCards(null);
      return;
    }
    if ((el = t.closest("#wfci .pick"))) {
      var id = el.getAttribute("data-card"), card = document.getElementById(id);
      if (card && !card.hidden) { card.hidden = true; el.setAttribute("aria-expanded", "false"); } else { openCard(id, el); }
      return;
    }
    if ((el = t.closest("#wf-legend-b"))) {
      var legend = document.getElementById("wf-legend"), open = legend.hidden;
      closeCards(null);
      legend.hidden = !open;
      if (open) load("legend");
      el.setAttribute("aria-expanded", open ? "true" : "false");
      return;
    }
    if ((el = t.closest("[role=tab]"))) { selectTab(el.id.replace("tab-", ""), true); return; }
    if ((el = t.closest("[data-tab-open]"))) {
      selectTab(el.getAttribute("data-tab-open"), true);
      var panel = document.getElementById("wf-panel");
      if (panel) panel.scrollIntoView({ block: "start" });
      return;
    }
    if ((el = t.closest("#wfci .tok")) && !t.closest("[data-action]")) { showUnit(el); }
  });

  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (!t.matches) return;
    if ((event.key === "Enter" || event.key === " ") && t.matches("#wfci .pick")) {
      event.preventDefault();
      t.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    } else if ((event.key === "ArrowRight" || event.key === "ArrowLeft") && t.matches("#wfci [role=tab]")) {
      var tabs = Array.prototype.slice.call(document.querySelectorAll("#wfci [role=tab]"));
      var next = tabs[(tabs.indexOf(t) + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
      selectTab(next.id.replace("tab-", ""), true);
      next.focus();
    } else if (event.key === "Escape") {
      closeCards(null);
      var legend = document.getElementById("wf-legend");
      if (legend) legend.hidden = true;
    }
  });

  /* After a refresh: keep the player's mode and tab where they still make sense. On a phone the
     cards open by themselves only when nothing on the island waits for a tap: below the island
     they would be out of sight anyway, and their tab shows a dot when they hold a choice. */
  function restore() {
    var st = stage();
    if (!st) return;
    if (chosenMode) setMode(chosenMode, false);
    var list = document.querySelector("#wfci [role=tablist]");
    if (chosenTab && list && list.getAttribute("data-first") === tabFirstWhenChosen) {
      selectTab(chosenTab, false);
    } else if (PHONE.matches && list && list.getAttribute("data-first") === "cards" && st.querySelector(".choices > g:not(.off)")) {
      selectTab("you", false);
    }
    fit();
  }

  /* While a tab with fetched contents is open, the board's refreshes and moves ask for them. */
  document.addEventListener("htmx:configRequest", function (event) {
    var d = event.detail;
    if (!d.target || d.target.id !== "match-board") return;
    var open = document.querySelector("#wfci [role=tab][aria-selected=true]");
    var id = open && open.id.replace("tab-", "");
    if (id && document.getElementById("wf-more-" + id)) d.parameters.tab = id;
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (elt && elt.hasAttribute && elt.hasAttribute("data-lazy")) {  // a tab's contents arrived
      var token = pendingUnit;
      pendingUnit = null;
      if (token && document.contains(token)) showUnit(token);
      return;
    }
    restore();
  });
  window.addEventListener("resize", fit);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", restore);
  } else {
    restore();
  }
})();
