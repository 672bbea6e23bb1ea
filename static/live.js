/* A page told of its session's changes as they happen (server-sent events), instead of asking.

   clubscoreLive(url, onChange, wanted) opens the stream at url (the page's data-events; none: the
   page only polls) and calls onChange() when its session changed, and once on each (re)connection,
   so what a drop missed is fetched. wanted(told), if given, is asked first with what the event
   says changed ({kind: "result", table: n}, {kind: "settled"}, or {} for anything): a phone in a
   round fetches only for its own table (night.live.told). It returns {streaming()}: while true the page does not poll;
   when the stream fails (no network, refused, the server stopping) the page polls as before and
   the stream is tried again after a pause, doubled each failure up to a minute. A stream that
   ends itself (event "end": its lifetime, the server restarting) is reopened after a short,
   random pause, so a restarted server is not met by every page at once. */
(function () {
  "use strict";
  window.clubscoreLive = function (url, onChange, wanted) {
    var state = {open: false};
    if (!url || !window.EventSource) return {streaming: function () { return false; }};
    var pause = 1000, source = null, timer = null, waiting = null;
    function changed(event) {
      if (wanted) {
        var told = {};
        try { told = JSON.parse(event.data) || {}; } catch (error) { told = {}; }
        if (!wanted(told)) return;
      }
      if (waiting) return;  /* a burst (the send, then its settle) is fetched once */
      waiting = setTimeout(function () { waiting = null; onChange(); }, 300 + Math.random() * 700);
    }
    function connect() {
      timer = null;
      source = new EventSource(url);
      source.addEventListener("open", function () { state.open = true; pause = 1000; });
      source.addEventListener("changed", changed);
      source.addEventListener("end", function () { drop(500 + Math.random() * 2500); });
      source.onerror = function () { drop(0); };
    }
    function drop(after) {
      state.open = false;
      if (source) { source.close(); source = null; }
      if (timer) return;
      if (after) timer = setTimeout(connect, after);
      else { timer = setTimeout(connect, pause); pause = Math.min(pause * 2, 60000); }
    }
    connect();
    return {streaming: function () { return state.open; }};
  };
})();
