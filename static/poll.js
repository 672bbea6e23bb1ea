/* Ask for a fresh copy of one part of the page every few seconds; swap it in when it changed.
   The <script> tag gives the URL (data-url), the element's id (data-target) and the
   interval in ms (data-every); the element's data-stamp is sent back as ?since=, and
   the server answers 204 while nothing changed. */
(function () {
  var script = document.currentScript;
  var url = script.dataset.url, target = script.dataset.target, every = parseInt(script.dataset.every, 10);
  function poll() {
    var box = document.getElementById(target);
    if (!box || document.hidden) return;
    fetch(url + "?since=" + encodeURIComponent(box.dataset.stamp || ""), {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.status === 200 ? r.text() : null; })
      .then(function (html) { if (html) box.outerHTML = html; })
      .catch(function () {});
  }
  if (url && target && every > 0) setInterval(poll, every);
})();
