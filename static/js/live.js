/* The match page's live stream (Server-Sent Events from /matches/<id>/events/).

   While the stream is open the page sends no periodic request: a `board` event whose version or
   status differs from the board's data-match-version / data-status makes the board ask for
   itself exactly as its poll does, a `chat` event makes the chat fetch what is new, and a
   `presence` event lights the seats' dots and the count of people watching. When the stream
   fails (a proxy blocks it, the stream process restarts, Redis is down) the board's 4-second
   poll and the chat's timer take over, and the page tries the stream again by itself. */
(function () {
  "use strict";
  if (!window.EventSource) return;

  var RETRY = [2000, 5000, 15000, 30000];
  var source = null, live = false, failures = 0, retryTimer = null, lastId = "";
  var newest = null;  // the newest { version, status } the stream told of
  /* A page left hidden this long (another tab, a phone put away) stops counting as at the table:
     its stream closes, so the table sees the dot go out and its player gets "your turn" notices
     again, and it sends no poll either. Shown again, it comes back live and catches up. */
  var AWAY = 60000, awayTimer = null, away = false;

  function board() { return document.getElementById("match-board"); }

  function setLive(on) {
    live = on;
    document.documentElement.setAttribute("data-live", on ? "on" : "off");
    if (window.matchChatLive) window.matchChatLive.setLive(on);
  }

  function behind() {
    var b = board();
    return b && newest && (String(newest.version) !== b.getAttribute("data-match-version") ||
                           newest.status !== b.getAttribute("data-status"));
  }

  /* Ask for the board as the poll does (same address, same answer), after a short random pause:
     every page watching a match hears a move at the same instant, and they do not all ask at once. */
  var pending = null;
  function refresh() {
    if (pending) return;
    pending = setTimeout(function () {
      pending = null;
      var b = board();
      if (b && behind()) htmx.trigger(b, "liveboard");
    }, 20 + Math.random() * 80);
  }

  function onBoard(event) {
    lastId = event.lastEventId || lastId;
    newest = JSON.parse(event.data);
    refresh();
  }

  function onChat(event) {
    lastId = event.lastEventId || lastId;
    var data = JSON.parse(event.data);
    setTimeout(function () {  // as for the board: not every page at the same instant
      if (window.matchChatLive) window.matchChatLive.message(data.id);
    }, 20 + Math.random() * 80);
  }

  function onPresence(event) {
    lastId = event.lastEventId || lastId;
    var here = JSON.parse(event.data);
    document.querySelectorAll("#match-board [data-seat][data-online]").forEach(function (chip) {
      var on = here.seats.indexOf(parseInt(chip.getAttribute("data-seat"), 10)) >= 0 && chip.hasAttribute("data-person");
      chip.setAttribute("data-online", on ? "true" : "false");
      var words = chip.querySelector(".online-word");
      if (words) words.textContent = chip.getAttribute(on ? "data-word-on" : "data-word-off") || "";
    });
    var watching = document.getElementById("watching-live");
    if (watching) {
      var n = here.watching;
      var text = watching.getAttribute(n > 1 ? "data-many" : "data-one") || "";
      watching.querySelector(".n").textContent = text.replace(/\d+/, String(n));
      watching.hidden = n < 1;
    }
  }

  function connect() {
    clearTimeout(retryTimer);
    if (away) return;
    var b = board(), url = b && b.getAttribute("data-events-url");
    if (!url || source) return;
    // The login the board was drawn for: a stream for anyone else is refused, and the poll then
    // tells the page to log in again.
    var query = [];
    if (b.getAttribute("data-viewer")) query.push("viewer=" + encodeURIComponent(b.getAttribute("data-viewer")));
    if (lastId) query.push("last_event_id=" + encodeURIComponent(lastId));
    source = new EventSource(url + (query.length ? "?" + query.join("&") : ""));
    source.addEventListener("open", function () { failures = 0; setLive(true); });
    source.addEventListener("board", onBoard);
    source.addEventListener("chat", onChat);
    source.addEventListener("presence", onPresence);
    source.addEventListener("error", function () {
      // Back to polling at once; the stream is tried again after a pause that grows.
      if (source) source.close();
      source = null;
      setLive(false);
      retryTimer = setTimeout(connect, RETRY[Math.min(failures, RETRY.length - 1)]);
      failures += 1;
    });
  }

  function close() {
    if (source) source.close();
    source = null;
    setLive(false);
  }

  /* No periodic request while the stream is open: the board's timer still ticks, its requests
     are dropped before they leave; the stream's own asks ("liveboard") go. */
  document.addEventListener("htmx:beforeRequest", function (event) {
    var b = board(), config = event.detail.requestConfig || {};
    if (away && b && config.elt === b) { event.preventDefault(); return; }  // nobody is looking
    if (!live || !b || config.elt !== b) return;
    var why = config.triggeringEvent;
    if (!why || why.type !== "liveboard") event.preventDefault();
  });

  /* A board asked for and not received (a server error, the network): ask again shortly, as
     the next poll would have. */
  /* The stream knows who is here: the board's requests need not mark the seat seen. */
  document.addEventListener("htmx:configRequest", function (event) {
    var b = board();
    if (live && b && event.detail.elt === b) event.detail.headers["X-Live-Stream"] = "1";
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var b = board();
    if (live && b && event.detail.elt === b && event.detail.failed) setTimeout(refresh, 1000);
  });

  /* Once a new board is in place (and htmx listens on it): an event that came while a board was
     on its way, or while the page's own move was, is caught up now. */
  document.addEventListener("htmx:afterSettle", function () {
    var b = board();
    if (!b || !b.getAttribute("data-events-url")) { close(); return; }  // the match is over
    if (!source && !away) connect();
    refresh();
  });

  document.addEventListener("visibilitychange", function () {
    clearTimeout(awayTimer);
    if (document.hidden) {
      awayTimer = setTimeout(function () {
        away = true;
        clearTimeout(retryTimer);
        close();
      }, window.liveAwayMs || AWAY);
    } else if (away) {
      away = false;
      connect();  // its first event says where the match stands: the board catches up
    }
  });

  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", function (event) { if (event.persisted) connect(); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", connect);
  } else {
    connect();
  }
})();
