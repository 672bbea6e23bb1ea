/* A table's own page: enter a board's result in a few taps, in Bridgemate's order (board,
   contract or Pass, declarer, lead if the club asks for it, tricks), show the score for the
   opponents to accept, and send only an accepted result.

   A phone loses its network: an accepted entry is kept in localStorage with its
   idempotency key and sent again until the server answers; the server stores it once
   whatever the number of sends. Refusals the server gives a reason for (400, 404, 410)
   are final and shown; anything else (no network, 5xx, 429) is retried. */
(function () {
  "use strict";
  var app = document.getElementById("app");
  if (!app) return;
  var urls = {
    state: app.dataset.stateUrl,
    submit: app.dataset.submitUrl,
    call: app.dataset.callUrl,
    traveller: app.dataset.travellerUrl.replace(/0\/$/, ""),
    scores: app.dataset.scoresUrl
  };
  var QUEUE_KEY = app.dataset.queueKey;
  /* How often the round's page asks for its table's state (settings, 15 s; tests shorten it). */
  var REFRESH_MS = parseInt(app.dataset.refreshMs, 10) || 15000;
  var FINAL = [400, 404, 409, 410];
  /* The page's words (tournaments/night/phone_words.py): each English text, as the page's
     language writes it; t("Board %(board)s", {board: 3}) fills the named places. */
  var WORDS = JSON.parse((document.getElementById("phone-words") || {}).textContent || "{}");
  var TEXTS = WORDS.texts || {}, BRIDGE = WORDS.bridge || {};
  function t(text, values) {
    var found = TEXTS[text] || text;
    return found.replace(/%\((\w+)\)s/g, function (all, name) { return values && name in values ? String(values[name]) : all; });
  }
  function seatLetter(seat) { return (BRIDGE.seats || {})[seat] || seat; }
  function sideText(side) { return (BRIDGE.sides || {})[side] || side; }
  var SUITS = {C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660", NT: BRIDGE.no_trump || "NT"};
  var SUIT_NAMES = {C: t("clubs"), D: t("diamonds"), H: t("hearts"), S: t("spades")};
  var STRAINS = ["C", "D", "H", "S", "NT"];
  var SEATS = {N: t("North"), E: t("East"), S: t("South"), W: t("West")};
  var RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];

  var state = null, scores = null, view = "round", draft = null, notice = null, refusals = [];
  var shownRound = null;  // null: follow the table's current round
  var sending = false;

  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  /* Build an element: el("button", {class: "big", onclick: f}, ["text", child]). Text is never HTML. */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (name.slice(0, 2) === "on") node.addEventListener(name.slice(2), value);
      else if (name === "class") node.className = value;
      else if (value === true) node.setAttribute(name, "");
      else if (value !== false && value != null) node.setAttribute(name, value);
    });
    (children || []).forEach(function (child) {
      if (child == null || child === false) return;
      node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
    });
    return node;
  }

  /* A suit for the eye (its symbol, red or black) and for the ear (its name): a screen reader
     says "spades", not "black spade suit", nor nothing with punctuation off. */
  function strainText(strain) {
    var text = SUITS[strain];
    if (strain === "NT") return el("span", {}, [text]);
    var symbol = el("span", {"aria-hidden": "true", class: strain === "D" || strain === "H" ? "red" : ""}, [text]);
    return el("span", {}, [symbol, el("span", {class: "visually-hidden"}, [SUIT_NAMES[strain]])]);
  }

  /* A wide table scrolls sideways in its own box, which a keyboard can reach and a screen reader names. */
  function scrollBox(label) {
    return {class: "table-wrap", tabindex: "0", role: "region", "aria-label": label};
  }

  // --- The queue of accepted entries not yet stored -------------------------------------------

  function queue() {
    try { return JSON.parse(localStorage.getItem(QUEUE_KEY) || "[]"); } catch (e) { return []; }
  }
  function saveQueue(items) {
    try { localStorage.setItem(QUEUE_KEY, JSON.stringify(items)); } catch (e) { /* private mode: kept in memory below */ }
    memoryQueue = items;
  }
  var memoryQueue = null;
  function pending() { return memoryQueue || queue(); }
  function pendingBoard(number) {
    return pending().some(function (item) { return item.board === number; });
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf()},
      body: JSON.stringify(body)
    });
  }

  /* Send one entry; resolves to {stored: true, data}, {refused: reason} or {retry: true}. */
  function send(item) {
    return post(urls.submit, item).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (response.status === 200 || response.status === 201) return {stored: true, data: data};
        if (FINAL.indexOf(response.status) >= 0) {
          return {refused: data.error || t("The entry was refused."), callDirector: !!data.call_director};
        }
        return {retry: true};
      });
    }, function () { return {retry: true}; });
  }

  function flush() {
    var items = pending();
    if (sending || !items.length) { showNetwork(); return Promise.resolve(); }
    sending = true;
    var item = items[0];
    return send(item).then(function (outcome) {
      sending = false;
      if (outcome.retry) { showNetwork(true); return; }
      saveQueue(pending().filter(function (other) { return other.key !== item.key; }));
      if (outcome.refused) refusals.push(t("Board %(board)s was not stored: %(reason)s", {board: item.board, reason: outcome.refused}));
      showNetwork();
      return flush().then(load);
    });
  }

  function showNetwork(failed) {
    var box = document.getElementById("network");
    var count = pending().length;
    if (!count && !failed) { box.hidden = true; return; }
    box.hidden = false;
    box.className = "network offline";
    box.textContent = count
      ? (count > 1 ? t("No network: %(count)s results are kept on this phone and will be sent when the network is back (reloading this page keeps them).", {count: count})
        : t("No network: 1 result is kept on this phone and will be sent when the network is back (reloading this page keeps them)."))
      : t("No network at the moment.");
  }

  // --- Loading ------------------------------------------------------------------------------

  /* The state comes with a stamp; sent back, it gets 204 (no body) while nothing shown changed.
     A 204 may name the stamp to hold from now on (the state unchanged, the session's stamp moved). */
  function load() {
    var since = state && state.stamp ? "?since=" + encodeURIComponent(state.stamp) : "";
    return fetch(urls.state + since, {cache: "no-store", credentials: "same-origin"}).then(function (response) {
      if (response.status === 204) {
        var held = response.headers.get("X-Table-Stamp");
        if (held && state && !state.error) state.stamp = held;
        showNetwork();
        drawRefreshed();
        return;
      }
      return response.json().then(function (data) {
        if (!response.ok) { state = {error: data.error || t("This table link does not work.")}; }
        else state = data;
        showNetwork();
        drawRefreshed();
      });
    }, function () { showNetwork(true); });
  }

  /* A refresh's state is drawn at once, unless a finger or the mouse is down on the page:
     new buttons put under it between its press and its release would lose the tap (the
     click goes to neither). Then it is drawn after the click, or once the press ends
     without one (a drag, a long press that scrolled). */
  var presses = 0, pressed = 0, drawAfterPress = false;  // pressed: the press now down, or 0

  function drawRefreshed() {
    if (view !== "round") return;
    if (pressed) { drawAfterPress = true; return; }
    render();
  }

  function pressEnded() {
    pressed = 0;
    if (!drawAfterPress) return;
    drawAfterPress = false;
    setTimeout(function () { if (view === "round" && !pressed) render(); }, 0);
  }

  document.addEventListener("pointerdown", function () { presses += 1; pressed = presses; }, true);
  document.addEventListener("click", pressEnded, true);
  document.addEventListener("pointercancel", pressEnded, true);
  document.addEventListener("pointerup", function (event) {
    // A mouse's click comes in the same task as its release; a finger's tap a little later.
    var press = pressed;
    setTimeout(function () { if (pressed === press) pressEnded(); }, event.pointerType === "mouse" ? 0 : 600);
  }, true);

  function loadScores() {
    return fetch(urls.scores, {credentials: "same-origin"}).then(function (r) { return r.json(); })
      .then(function (data) { scores = data; }, function () {});
  }

  // --- Views ------------------------------------------------------------------------------

  function render() {
    var content;
    if (!state) return;
    if (state.error) content = [el("p", {class: "table-refused"}, [state.error])];
    else if (view === "entry") content = entryView();
    else if (view === "confirm") content = confirmView();
    else if (view === "traveller") content = travellerView();
    else content = roundView();
    var focused = focusKey(document.activeElement);
    app.replaceChildren.apply(app, content);
    if (focused) focusAgain(focused);
    var called = document.getElementById("call-status");
    if (state.called) { called.hidden = false; called.textContent = t("The director has been called."); }
  }

  /* Each tap redraws the page; a player on a keyboard (or a switch, or a screen reader) keeps
     his place: the same button has the focus again, or the new screen's heading when the
     button is gone. Only focus that was inside the app is kept, without scrolling. */
  function focusKey(node) {
    if (!node || node === app || !app.contains(node)) return null;
    var fieldset = node.closest("fieldset");
    var legend = fieldset && fieldset.querySelector("legend");
    return (node.id ? "#" + node.id : "") + "|" + (legend ? legend.textContent : "") + "|" + node.textContent;
  }

  function focusAgain(key) {
    var nodes = app.querySelectorAll("button, a, [tabindex]");
    for (var i = 0; i < nodes.length; i++) {
      if (focusKey(nodes[i]) === key) { nodes[i].focus({preventScroll: true}); return; }
    }
    var heading = app.querySelector("h2");
    if (heading) { heading.tabIndex = -1; heading.focus({preventScroll: true}); }
  }

  function pairLine(side, pair, team) {
    return el("p", {class: "table-pair"}, [el("strong", {}, [pair.label]), " " + pair.names + (team ? " (" + team + ")" : "")]);
  }

  /* A teams table: its match and the match so far (issue 28). */
  function matchLines(teams) {
    var match = teams.match;
    return [
      el("p", {class: "table-match"}, [el("strong", {}, [t("Match %(number)s: %(home)s v %(away)s", {number: match.number, home: match.home, away: match.away})])]),
      el("p", {class: "match-score", id: "match-score"}, [match.score])
    ];
  }

  function roundView() {
    var parts = [];
    refusals.forEach(function (text) { parts.push(el("p", {class: "table-refused"}, [text])); });
    if (state.message) parts.push(el("p", {class: "table-message"}, [state.message]));
    if (notice) { parts.push(el("p", {class: "table-notice"}, [notice])); notice = null; }
    var folded = state.moves && movesFolded(state.moves);
    if (state.moves && !folded) parts.push(movesView(state.moves, false));
    var current = state.round ? state.round.number : null;
    var round = shownRound ? state.table_rounds[shownRound - 1] : state.round;
    var teams = state.teams;
    if (teams) parts = parts.concat(matchLines(teams));
    if (!round) {
      parts.push(el("p", {class: "table-message"}, [teams ? t("Every board of this round is in.") : t("All this table's rounds are in. Thank you!")]));
    } else {
      // A teams round is a session of one round: the round that counts is the event's.
      parts.push(el("h2", {}, [teams ? t("Round %(round)s of %(rounds)s", {round: teams.round, rounds: teams.rounds}) : t("Round %(round)s of %(rounds)s", {round: round.number, rounds: state.rounds})]));
      if (current !== round.number) {
        parts.push(el("p", {class: "table-notice"}, [current
          ? t("The table is still in round %(current)s (a board is missing there); this is round %(round)s.", {current: current, round: round.number})
          : t("Every round is in; this is round %(round)s.", {round: round.number})]));
      }
      parts.push(pairLine("NS", round.ns, teams && teams.match.ns));
      parts.push(pairLine("EW", round.ew, teams && teams.match.ew));
      if (round.sits_out) {
        parts.push(el("p", {class: "table-message"}, [t("A pair sits out this round: there are no results to enter.")]));
      } else {
        parts.push(el("div", {class: "board-buttons"}, round.boards.map(function (board) { return boardButton(board, round.number); })));
      }
    }
    if (folded) parts.push(movesView(state.moves, true));
    parts.push(roundNavigation(round ? round.number : state.rounds + 1, current));
    if (state.standings) parts.push(standingsView(state.standings));
    return parts;
  }

  /* Where the pairs and the boards go after a round, or that the night is over. Shown at the
     top until the players tap "Seen" or for MOVES_SHOWN_MS; then folded below the boards, so
     it does not push the next round's boards off the screen for the whole round. */
  var MOVES_SHOWN_MS = 90000;
  var movesSeen = {};  // round -> when first shown, or true once dismissed

  function movesFolded(moves) {
    if (moves.over) return false;
    var seen = movesSeen[moves.round];
    if (seen === undefined) { movesSeen[moves.round] = Date.now(); return false; }
    return seen === true || Date.now() - seen > MOVES_SHOWN_MS;
  }

  function movesView(moves, folded) {
    // A teams table's title comes with the state: its round is over, not the night (issue 28).
    var title = moves.title || (moves.over
      ? t("Round %(round)s was the last: the night is over. Thank you for playing!", {round: moves.round})
      : t("Round %(round)s is over: move for the next round", {round: moves.round}));
    var lines = moves.lines.map(function (line) {
      var parts = [el("strong", {}, [line.pair]), (line.names ? " " + line.names : "") + ": ", el("strong", {}, [line.to])];
      if (line.url) parts.push(" ", el("a", {class: "button next-table", href: line.url}, [t("Open %(table)s", {table: line.to.split(",")[0]})]));
      return el("p", {class: "move"}, parts);
    });
    if (moves.boards) lines.push(el("p", {class: "move move-boards"}, [el("strong", {}, [moves.boards])]));
    if (folded) {
      return el("details", {class: "moves moves-folded card"}, [el("summary", {}, [t("Where the pairs and boards went after round %(round)s", {round: moves.round})])].concat(lines));
    }
    var seen = moves.over ? [] : [el("button", {type: "button", class: "big secondary", id: "moves-seen", onclick: function () {
      movesSeen[moves.round] = true; render();
    }}, [t("Seen: show the boards")])];
    return el("section", {class: "moves card" + (moves.over ? " night-over" : "")}, [el("h2", {}, [title])].concat(lines, seen));
  }

  /* Buttons to the previous and next rounds: a table that left a board behind goes on and comes back. */
  function roundNavigation(number, current) {
    function go(target) {
      return function () { shownRound = target === current ? null : target; render(); };
    }
    var buttons = [];
    // A teams round is its session's round 1: the button names the event's round.
    var label = function (n) { return t("Round %(round)s", {round: state.teams ? state.teams.round : n}); };
    if (number > 1) buttons.push(el("button", {type: "button", class: "pick nav", id: "previous-round", onclick: go(number - 1)}, ["\u25c0 " + label(number - 1)]));
    if (number < state.rounds) buttons.push(el("button", {type: "button", class: "pick nav", id: "next-round", onclick: go(number + 1)}, [label(number + 1) + " \u25b6"]));
    return el("div", {class: "round-nav"}, buttons);
  }

  function boardButton(board, roundNumber) {
    var waiting = pendingBoard(board.number);
    var label = [el("span", {class: "board-number"}, [t("Board %(board)s", {board: board.number})]),
      el("span", {class: "muted"}, [" " + t("Dealer %(dealer)s", {dealer: seatLetter(board.dealer)}) + " \u00b7 " + t("Vul %(vulnerability)s", {vulnerability: vulText(board.vulnerability)})])];
    if (board.entered) label.push(el("span", {class: "entered"}, [" \u2713 " + board.entered.display]));
    else if (waiting) label.push(el("span", {class: "entered"}, [" \u2713 " + t("waiting for the network")]));
    return el("button", {
      type: "button",
      class: "big board" + (board.entered || waiting ? " done" : ""),
      "data-board": board.number,
      disabled: waiting,
      onclick: function () {
        refusals = [];
        if (board.entered) { showTraveller(board.number); return; }
        draft = {board: board.number, vulnerability: board.vulnerability, round: roundNumber};
        view = "entry"; render();
      }
    }, label);
  }

  function choice(label, selected, onclick, extra) {
    return el("button", {type: "button", class: "pick" + (selected ? " selected" : "") + (extra ? " " + extra : ""),
      "aria-pressed": selected ? "true" : "false", onclick: onclick}, [label]);
  }

  function set(changes) {
    Object.keys(changes).forEach(function (name) { draft[name] = changes[name]; });
    render();
  }

  function entryView() {
    var parts = [el("h2", {}, [t("Board %(board)s", {board: draft.board})]), el("p", {class: "muted"}, [t("Vulnerable: %(vulnerability)s", {vulnerability: vulText(draft.vulnerability)})])];
    if (draft.error) parts.push(el("p", {class: "table-refused"}, [draft.error]));
    var levels = [1, 2, 3, 4, 5, 6, 7].map(function (level) {
      return choice(String(level), draft.level === level, function () { set({level: level, pass: false, tricks: null}); });
    });
    levels.push(choice(BRIDGE.pass || t("Pass"), draft.pass, function () { set({pass: true, level: null, strain: null, doubling: "", declarer: null, tricks: null, lead: ""}); }, "pass"));
    parts.push(el("fieldset", {class: "pick-row"}, [el("legend", {}, [t("Contract")])].concat(levels)));
    if (draft.level) {
      parts.push(el("fieldset", {class: "pick-row"}, [el("legend", {}, [t("Strain")])].concat(STRAINS.map(function (strain) {
        return choice(strainText(strain), draft.strain === strain, function () { set({strain: strain}); });
      }))));
      parts.push(el("fieldset", {class: "pick-row"}, [el("legend", {}, [t("Doubled")])].concat(["", "X", "XX"].map(function (d) {
        return choice(d || t("No"), (draft.doubling || "") === d, function () { set({doubling: d}); });
      }))));
    }
    if (draft.level && draft.strain) {
      parts.push(el("fieldset", {class: "pick-row"}, [el("legend", {}, [t("Declarer")])].concat(["N", "E", "S", "W"].map(function (seat) {
        return choice(seatLetter(seat), draft.declarer === seat, function () { set({declarer: seat}); });
      }))));
    }
    if (draft.level && draft.strain && draft.declarer && state.lead) {
      var suit = (draft.lead || "").charAt(0), rank = (draft.lead || "").slice(1);
      parts.push(el("fieldset", {class: "pick-row"}, [el("legend", {}, [t("Lead (suit, then card)")])].concat(["S", "H", "D", "C"].map(function (s) {
        return choice(strainText(s), suit === s, function () { set({lead: s + rank}); });
      }))));
      parts.push(el("fieldset", {class: "pick-row small"}, [el("legend", {}, [t("Lead card")])].concat(RANKS.map(function (r) {
        return choice(r, rank === r, function () { set({lead: (suit || "") + r}); });
      }))));
    }
    var leadDone = !state.lead || (draft.lead && draft.lead.length === 2);
    if (draft.level && draft.strain && draft.declarer && leadDone) {
      var needed = draft.level + 6, buttons = [];
      for (var made = needed; made <= 13; made++) {
        (function (tricks) {
          buttons.push(choice(tricks === needed ? "=" : "+" + (tricks - needed), draft.tricks === tricks,
            function () { set({tricks: tricks}); }, "made"));
        })(made);
      }
      for (var down = needed - 1; down >= 0; down--) {
        (function (tricks) {
          buttons.push(choice("-" + (needed - tricks), draft.tricks === tricks, function () { set({tricks: tricks}); }, "down"));
        })(down);
      }
      parts.push(el("fieldset", {class: "pick-row"}, [el("legend", {}, [t("Tricks: made or down")])].concat(buttons)));
    }
    var ready = draft.pass || (draft.level && draft.strain && draft.declarer && leadDone && draft.tricks != null);
    parts.push(el("div", {class: "actions entry-actions"}, [
      el("button", {type: "button", class: "big primary", id: "score-entry", disabled: !ready, onclick: function () {
        draft.key = newKey(); draft.error = null; view = "confirm"; render();
      }}, [t("Show the score")]),
      el("button", {type: "button", class: "big secondary", onclick: function () { draft = null; view = "round"; render(); }}, [t("Back to the boards")])
    ]));
    return parts;
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function contractText() {
    return draft.level + draft.strain + (draft.doubling || "");
  }

  /* North-South's score from the server's score table; null until the table is loaded. */
  function nsScore() {
    if (draft.pass) return 0;
    if (!scores) return null;
    var side = draft.declarer === "N" || draft.declarer === "S" ? "NS" : "EW";
    var vul = draft.vulnerability === "All" || draft.vulnerability === side;
    var score = scores.scores[vul ? 1 : 0][draft.level - 1][STRAINS.indexOf(draft.strain)][["", "X", "XX"].indexOf(draft.doubling || "")][draft.tricks];
    return side === "NS" ? score : -score;
  }

  function signed(value) { return value > 0 ? "+" + value : String(value); }

  function confirmView() {
    var summary, score = nsScore();
    if (draft.pass) summary = [t("Passed out")];
    else {
      var needed = draft.level + 6, over = draft.tricks - needed;
      summary = [String(draft.level), strainText(draft.strain), (draft.doubling || "") + " " + t("by %(declarer)s", {declarer: SEATS[draft.declarer]}) + ", " +
        (over === 0 ? t("made exactly") : over > 0 ? t("made +%(over)s", {over: over}) : t("down %(under)s", {under: -over})) + " " + t("(%(tricks)s tricks)", {tricks: draft.tricks})];
      if (draft.lead) summary.push(", " + t("lead %(card)s", {card: draft.lead}));
    }
    var scoreLine = score === null ? t("Score: worked out when the result is stored.") :
      sideText("NS") + " " + signed(score) + "  \u00b7  " + sideText("EW") + " " + signed(-score);
    return [
      el("h2", {}, [t("Board %(board)s: please check", {board: draft.board})]),
      el("p", {class: "confirm-pairs", id: "confirm-pairs"}, [pairsText(draft.round)]),
      el("p", {class: "confirm-contract"}, summary),
      el("p", {class: "confirm-score", id: "confirm-score"}, [scoreLine]),
      el("p", {class: "muted"}, [t("Opponents: accept the score if it is right; reject it to enter it again.")]),
      el("div", {class: "actions"}, [
        el("button", {type: "button", class: "big accept", id: "accept", onclick: accept}, [t("Accept")]),
        el("button", {type: "button", class: "big reject", id: "reject", onclick: function () {
          draft.key = null; view = "entry"; render();
        }}, [t("Reject")])
      ])
    ];
  }

  /* "NS 3 v EW 5": who played the board, so the opponents check the right table. */
  function pairsText(roundNumber) {
    var round = state.table_rounds[roundNumber - 1];
    if (!round) return "";
    function seat(side, label) { var shown = sideText(side); return label.indexOf(shown) === 0 ? label : shown + " " + label; }
    return seat("NS", round.ns.label) + " " + t("v") + " " + seat("EW", round.ew.label);
  }

  function accept() {
    var item = {
      key: draft.key, round: draft.round, board: draft.board,
      contract: draft.pass ? "PASS" : contractText(), declarer: draft.pass ? "" : draft.declarer,
      tricks: draft.pass ? "" : String(draft.tricks), lead: draft.pass ? "" : (draft.lead || "")
    };
    var button = document.getElementById("accept");
    if (button) { button.disabled = true; button.textContent = t("Sending..."); }
    send(item).then(function (outcome) {
      if (outcome.stored) {
        var number = draft.board;
        draft = null;
        showTraveller(number);
        load();
      } else if (outcome.refused && outcome.callDirector) {
        // The board is already in from this table (another phone): only the director can change it.
        refusals = [outcome.refused]; draft = null; view = "round"; load();
      } else if (outcome.refused) {
        draft.error = outcome.refused; draft.key = null; view = "entry"; render();
      } else {
        saveQueue(pending().concat([item]));
        notice = t("No network: board %(board)s is kept on this phone and will be sent when the network is back.", {board: item.board});
        draft = null; view = "round"; showNetwork(true); render();
      }
    });
  }

  var traveller = null;

  function showTraveller(number) {
    fetch(urls.traveller + number + "/", {cache: "no-store", credentials: "same-origin"}).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) { notice = data.error || t("The board's results are not available."); view = "round"; render(); return; }
        traveller = data; view = "traveller"; render();
      });
    }, function () { notice = t("No network: the board's results will show when it is back."); view = "round"; render(); });
  }

  /* A number the page's language's way: a decimal comma in French, Dutch, German and Polish. */
  function decimal(value, places) { return value.toFixed(places).replace(".", BRIDGE.decimal || "."); }
  function percent(value) { return value == null ? "-" : decimal(value, 1) + "%"; }
  function vulText(vulnerability) { return (BRIDGE.vulnerability || {})[vulnerability] || vulnerability; }

  /* A teams board: the match's two tables, the swing between them, the match so far (issue 28). */
  function teamsTravellerView(tr) {
    var rows = tr.rows.map(function (row) {
      return el("tr", {class: row.mine ? "mine" : ""}, [
        el("td", {class: "num", "data-label": t("Table")}, [String(row.table)]), el("td", {"data-label": sideText("NS")}, [row.ns]),
        el("td", {"data-label": sideText("EW")}, [row.ew]), el("td", {class: "contract", "data-label": t("Result")}, [row.result]),
        el("td", {class: "num", "data-label": t("NS score")}, [row.ns_score == null ? "-" : signed(row.ns_score)])
      ]);
    });
    return [
      el("h2", {}, [t("Board %(board)s: both tables of the match", {board: tr.board})]),
      el("p", {class: "own-percentage", id: "board-swing"}, [tr.swing_text]),
      el("div", scrollBox(t("Board %(board)s, both tables", {board: tr.board})), [el("table", {class: "traveller"}, [
        el("thead", {}, [el("tr", {}, [el("th", {class: "num"}, [t("Table")]), el("th", {}, [sideText("NS")]), el("th", {}, [sideText("EW")]),
          el("th", {}, [t("Result")]), el("th", {class: "num"}, [t("NS score")])])]),
        el("tbody", {}, rows)
      ])]),
      el("p", {class: "match-score", id: "traveller-match"}, [tr.match.score]),
      el("div", {class: "actions"}, [el("button", {type: "button", class: "big primary", id: "back-to-round", onclick: function () {
        traveller = null; view = "round"; load();
      }}, [t("Back to the round")])])
    ];
  }

  function travellerView() {
    var tr = traveller, imps = state && state.imps;
    if (tr.teams) return teamsTravellerView(tr);
    var rows = tr.rows.map(function (row) {
      return el("tr", {class: row.mine ? "mine" : ""}, [
        // On a phone the headings are hidden and each cell is named above it (clubscore.css).
        el("td", {"data-label": sideText("NS")}, [row.ns]), el("td", {"data-label": sideText("EW")}, [row.ew]),
        el("td", {class: "contract", "data-label": t("Result")}, [row.result]),
        el("td", {class: "num", "data-label": t("NS score")}, [row.ns_score == null ? "-" : signed(row.ns_score)]),
        el("td", {class: "num", "data-label": imps ? t("NS IMPs") : t("NS %")}, [imps ? (row.ns_imps == null ? "-" : decimal(row.ns_imps, 2)) : percent(row.ns_percentage)])
      ]);
    });
    var own = imps
      ? t("Your IMPs on this board: NS %(ns)s · EW %(ew)s", {ns: tr.ns_imps == null ? "-" : decimal(tr.ns_imps, 2), ew: tr.ew_imps == null ? "-" : decimal(tr.ew_imps, 2)})
      : t("Your percentage on this board: NS %(ns)s · EW %(ew)s", {ns: percent(tr.ns_percentage), ew: percent(tr.ew_percentage)});
    return [
      el("h2", {}, [t("Board %(board)s: the results so far", {board: tr.board})]),
      el("p", {class: "own-percentage", id: "own-percentage"}, [own]),
      el("div", scrollBox(t("Board %(board)s traveller", {board: tr.board})), [el("table", {class: "traveller"}, [
        el("thead", {}, [el("tr", {}, [el("th", {}, [sideText("NS")]), el("th", {}, [sideText("EW")]), el("th", {}, [t("Result")]),
          el("th", {class: "num"}, [t("NS score")]), el("th", {class: "num"}, [imps ? t("NS IMPs") : t("NS %")])])]),
        el("tbody", {}, rows)
      ])]),
      el("p", {class: "muted"}, [tr.results === 1 ? t("1 result entered so far.") : t("%(count)s results entered so far.", {count: tr.results})]),
      el("div", {class: "actions"}, [el("button", {type: "button", class: "big primary", id: "back-to-round", onclick: function () {
        traveller = null; view = "round"; load();
      }}, [t("Back to the round")])])
    ];
  }

  function standingsView(fields) {
    return el("section", {class: "table-standings"}, [el("h2", {}, [t("Standings so far")])].concat(fields.map(function (field) {
      return el("div", scrollBox(t("Standings so far") + (fields.length > 1 ? ": " + field.title : "")), [el("table", {}, [
        fields.length > 1 ? el("caption", {}, [field.title]) : null,
        el("tbody", {}, field.rows.map(function (row) {
          return el("tr", {}, [el("td", {}, [row.rank]), el("td", {}, [row.pair]), el("td", {class: "names"}, [row.names]),
            el("td", {class: "num"}, [row.figure])]);
        }))
      ])]);
    })));
  }

  // --- The director's call --------------------------------------------------------------------

  document.getElementById("call-director").addEventListener("click", function () {
    var status = document.getElementById("call-status");
    status.hidden = false;
    status.textContent = t("Calling the director...");
    post(urls.call, {round: state && state.round ? state.round.number : null}).then(function (response) {
      status.textContent = response.ok ? t("The director has been called.") : t("The call did not go through: wave to the director.");
    }, function () { status.textContent = t("No network: the call did not go through. Wave to the director."); });
  });

  window.addEventListener("online", flush);
  setInterval(function () { if (pending().length) flush(); }, 5000);
  /* Whether a change told by the stream may change what the phone shows: anything, unless its
     state is narrow (its stamp "session.table.digest.n...": a round showing nothing of the other
     tables, night.live.tables), when only its own table's result or a change of anything does. */
  function concerns(told) {
    var parts = state && state.stamp ? String(state.stamp).split(".") : [];
    if (parts.length !== 4 || parts[3].charAt(0) !== "n") return true;
    if (told.kind === "settled") return false;
    return !(told.kind === "result" && told.table != null && String(told.table) !== parts[1]);
  }
  /* Told of its session's changes by its stream (data-events-url, static/live.js), the round's page
     asks for its state then; while it has no stream (none, lost, refused), every REFRESH_MS. */
  var live = window.clubscoreLive(app.dataset.eventsUrl, function () { if (view === "round") load(); }, concerns);
  setInterval(function () { if (view === "round" && !document.hidden && !live.streaming()) load(); }, REFRESH_MS);
  loadScores();
  load().then(flush);
})();
