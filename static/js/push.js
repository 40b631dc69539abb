// The settings page: turn Web Push on or off for this device. The subscription goes to the
// server as JSON; the server keeps one per device and drops it when the push service says
// it is gone.
(function () {
  "use strict";
  var box = document.getElementById("push");
  if (!box || !box.dataset.pushKey) return;
  var on = document.getElementById("push-on");
  var off = document.getElementById("push-off");
  var status = document.getElementById("push-status");
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    status.textContent = box.dataset.unsupported;
    return;
  }
  var csrf = document.querySelector("[name=csrfmiddlewaretoken]").value;

  function serverKey(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }

  function tell(body) {
    return fetch(box.dataset.pushUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body),
    }).then(function (r) {
      if (!r.ok) return r.json().then(function (j) { throw new Error(j.detail || r.statusText); });
    });
  }

  function show() {
    return navigator.serviceWorker.ready.then(function (reg) {
      return reg.pushManager.getSubscription();
    }).then(function (sub) {
      on.hidden = !!sub;
      off.hidden = !sub;
    });
  }

  on.addEventListener("click", function () {
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") throw new Error(box.dataset.denied);
      return navigator.serviceWorker.ready;
    }).then(function (reg) {
      return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey(box.dataset.pushKey) });
    }).then(function (sub) {
      return tell(sub.toJSON());
    }).then(function () {
      status.textContent = box.dataset.done;
      return show();
    }).catch(function (e) {
      status.textContent = e.message;
    });
  });

  off.addEventListener("click", function () {
    navigator.serviceWorker.ready.then(function (reg) {
      return reg.pushManager.getSubscription();
    }).then(function (sub) {
      if (!sub) return null;
      var endpoint = sub.endpoint;
      return sub.unsubscribe().then(function () { return tell({ remove: true, endpoint: endpoint }); });
    }).then(function () {
      status.textContent = box.dataset.stopped;
      return show();
    }).catch(function (e) {
      status.textContent = e.message;
    });
  });

  show();
})();
