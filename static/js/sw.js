// The service worker: shows Web Push notices (one per match: the newest replaces the older)
// and opens the match when the notice is tapped. Served at /sw.js so it covers the whole site.
"use strict";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

function samePage(client, url) {
  var a = new URL(client.url);
  return a.origin === url.origin && a.pathname === url.pathname;
}

self.addEventListener("push", function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { body: event.data ? event.data.text() : "" };
  }
  var url = new URL(data.url || "/", self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      var open = windows.filter(function (c) { return c.visibilityState === "visible" && samePage(c, url); });
      open.forEach(function (c) { c.postMessage({ type: "notice", notice: data }); });
      return self.registration.showNotification(data.title || "Chicken Island Online", {
        body: data.body || "",
        tag: data.tag || "notice",
        renotify: true,
        icon: "/static/icons/icon-192.png",
        badge: "/static/icons/badge-96.png",
        data: { url: url.href, key: data.key || "" },
        silent: open.length > 0,
      });
    })
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      var here = windows.find(function (c) { return samePage(c, url); });
      if (here) return here.focus();
      return self.clients.openWindow(url.href);
    })
  );
});
