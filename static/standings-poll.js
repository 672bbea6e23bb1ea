/* Ask for fresh standings every few seconds; swap them in only when they changed.
   The page's <script> tag gives the URL (data-url) and the interval in ms (data-every). */
(function () {
  var script = document.currentScript;
  var url = script.dataset.url, every = parseInt(script.dataset.every, 10);
  function poll() {
    var box = document.getElementById("standings");
    if (!box || document.hidden) return;
    fetch(url + (url.indexOf("?") < 0 ? "?" : "&") + "since=" + encodeURIComponent(box.dataset.stamp), {cache: "no-store"})
      .then(function (r) { return r.status === 200 ? r.text() : null; })
      .then(function (html) { if (html) box.outerHTML = html; })
      .catch(function () {});
  }
  if (url && every > 0) setInterval(poll, every);
})();
