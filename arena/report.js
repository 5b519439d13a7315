"use strict";
// The report's viewer: it draws positions computed by the arena (Go, with
// each game's rules) and embedded in #data; it knows no rules. Every drawn
// piece carries data-p; the sorted list of them is kept in #board's
// data-drawn so that a test can compare it with the rules' position.
(function () {
  var D = JSON.parse(document.getElementById("data").textContent);
  var games = D.games;
  var board = document.getElementById("board");
  var movesEl = document.getElementById("moves");
  var cur = null, step = 0;
  var NS = "http://www.w3.org/2000/svg";

  function positions(g) {
    if (g._p) return g._p;
    var p = [g.s0];
    for (var i = 0; i < g.d.length; i++) {
      var q = p[p.length - 1], e = g.d[i];
      p.push(q.slice(0, e[0]) + e[2] + q.slice(q.length - e[1]));
    }
    g._p = p;
    return p;
  }
  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]; });
  }
  function svg(w, h, body) {
    return '<svg xmlns="' + NS + '" viewBox="0 0 ' + w + " " + h + '" width="' + w + '" height="' + h + '">' + body + "</svg>";
  }
  function circle(x, y, r, attrs) { return '<circle cx="' + x + '" cy="' + y + '" r="' + r + '" ' + (attrs || "") + "/>"; }
  function text(x, y, s, attrs) { return '<text x="' + x + '" y="' + y + '" ' + (attrs || "") + ">" + esc(s) + "</text>"; }
  function line(x1, y1, x2, y2, attrs) { return '<line x1="' + x1 + '" y1="' + y1 + '" x2="' + x2 + '" y2="' + y2 + '" ' + (attrs || "") + "/>"; }
  function marksAt(g, s) { return s > 0 && g.mk[s - 1] ? g.mk[s - 1] : []; }

  var draw = {};

  // Gomoku: size*size cells, '.', 'x' black, 'o' white; stones numbered by ply.
  draw.gomoku = function (g, pos, s) {
    var n = g.meta.size, c = 30, m = 30, W = m * 2 + c * (n - 1), out = [];
    out.push('<rect x="0" y="0" width="' + W + '" height="' + W + '" fill="#e3c07a"/>');
    for (var i = 0; i < n; i++) {
      out.push(line(m, m + i * c, m + (n - 1) * c, m + i * c, 'stroke="#5a4320"'));
      out.push(line(m + i * c, m, m + i * c, m + (n - 1) * c, 'stroke="#5a4320"'));
      out.push(text(m + i * c, 14, String.fromCharCode(97 + i), 'font-size="11" text-anchor="middle" fill="#5a4320"'));
      out.push(text(12, m + i * c + 4, String(i + 1), 'font-size="11" text-anchor="middle" fill="#5a4320"'));
    }
    var num = {};
    for (var k = 0; k < s; k++) if (g.mk[k]) num[g.mk[k][0]] = k + 1;
    var last = marksAt(g, s);
    for (var y = 0; y < n; y++) for (var x = 0; x < n; x++) {
      var v = pos.charAt(y * n + x);
      if (v === ".") continue;
      var cx = m + x * c, cy = m + y * c, black = v === "x";
      out.push(circle(cx, cy, 13, 'fill="' + (black ? "#111" : "#fff") + '" stroke="#111" data-p="' + v + "@" + x + "," + y + '"'));
      if (num[y * n + x]) out.push(text(cx, cy + 4, num[y * n + x], 'font-size="10" text-anchor="middle" fill="' + (black ? "#fff" : "#111") + '"'));
      if (last[0] === y * n + x) out.push(circle(cx, cy, 15, 'fill="none" stroke="#d22" stroke-width="2.5"'));
    }
    return svg(W, W, out.join(""));
  };

  // Morris: 24 nodes ('.', 'w', 'b'), then pieces in hand (white, black), side to move.
  draw.morris = function (g, pos, s) {
    var u = 60, m = 50, W = m * 2 + u * 6 + 150, H = m * 2 + u * 6, out = [];
    var P = function (i) { var xy = g.meta.nodes[i]; return [m + xy[0] * u, m + xy[1] * u]; };
    out.push('<rect x="0" y="0" width="' + W + '" height="' + H + '" fill="#f1e2c4"/>');
    for (var q = 0; q < 3; q++) {
      out.push('<rect x="' + (m + q * u) + '" y="' + (m + q * u) + '" width="' + (u * (6 - 2 * q)) + '" height="' + (u * (6 - 2 * q)) + '" fill="none" stroke="#6b4f2a" stroke-width="3"/>');
    }
    var mid = [[3, 0, 3, 2], [3, 4, 3, 6], [0, 3, 2, 3], [4, 3, 6, 3]];
    mid.forEach(function (a) { out.push(line(m + a[0] * u, m + a[1] * u, m + a[2] * u, m + a[3] * u, 'stroke="#6b4f2a" stroke-width="3"')); });
    var mk = marksAt(g, s);
    for (var j = 0; j < 24; j++) {
      var pj = P(j);
      out.push(circle(pj[0], pj[1], 6, 'fill="#6b4f2a"'));
      out.push(text(pj[0] + 14, pj[1] + 26, g.meta.names[j], 'font-size="10" fill="#8a7250"'));
    }
    for (var i = 0; i < 24; i++) {
      var p = P(i), v = pos.charAt(i);
      if (v !== ".") out.push(circle(p[0], p[1], 20, 'fill="' + (v === "w" ? "#fff" : "#1a1a1a") + '" stroke="#222" stroke-width="2" data-p="' + v + "@" + i + '"'));
      if (mk[1] === i) out.push(circle(p[0], p[1], 24, 'fill="none" stroke="#d22" stroke-width="3"'));
      if (mk[0] === i && mk[0] >= 0) out.push(circle(p[0], p[1], 12, 'fill="none" stroke="#d22" stroke-dasharray="3 3" stroke-width="2"'));
      if (mk[2] === i && mk[2] >= 0) out.push(text(p[0], p[1] + 6, "\u00d7", 'font-size="22" text-anchor="middle" fill="#d22"'));
    }
    var hx = m + u * 6 + 75;
    [["w", 0, "white", "#fff"], ["b", 1, "black", "#1a1a1a"]].forEach(function (h) {
      var k = +pos.charAt(24 + h[1]), y0 = h[1] === 0 ? m + u * 6 : m;
      out.push(text(hx + 20, h[1] === 0 ? y0 + 18 : y0 - 20, h[2] + " in hand: " + k, 'text-anchor="middle" font-size="12" data-p="hand-' + h[0] + "=" + k + '"'));
      for (var j = 0; j < k; j++) out.push(circle(hx + 20, h[1] === 0 ? y0 - j * 14 : y0 + j * 14, 11, 'fill="' + h[3] + '" stroke="#222"'));
    });
    return svg(W, H, out.join(""));
  };

  // Quoridor: wall anchors, then |black pawn|white pawn|walls left b|w|side.
  draw.quoridor = function (g, pos, s) {
    var n = g.meta.size, mm = n - 1, c = 44, m = 30, W = m * 2 + c * n + 130, H = m * 2 + c * n, out = [];
    var parts = pos.split("|"), walls = parts[0];
    var pawn = [+parts[1], +parts[2]], left = [+parts[3], +parts[4]];
    out.push('<rect x="0" y="0" width="' + W + '" height="' + H + '" fill="#7a4b2a"/>');
    var mk = marksAt(g, s);
    for (var r = 0; r < n; r++) for (var x = 0; x < n; x++) {
      var fill = r === 0 ? "#e9d9c8" : r === n - 1 ? "#d9d9e9" : "#d8b88f";
      if (mk.length && mk[0] === r * n + x) fill = "#f6d36a";
      out.push('<rect x="' + (m + x * c + 3) + '" y="' + (m + (n - 1 - r) * c + 3) + '" width="' + (c - 6) + '" height="' + (c - 6) + '" rx="3" fill="' + fill + '"/>');
    }
    for (var i = 0; i < n; i++) {
      out.push(text(m + i * c + c / 2, H - 10, String.fromCharCode(65 + i), 'font-size="12" text-anchor="middle" fill="#f3e6d3"'));
      out.push(text(14, m + (n - 1 - i) * c + c / 2 + 4, String(i + 1), 'font-size="12" text-anchor="middle" fill="#f3e6d3"'));
    }
    for (var a = 0; a < mm * mm; a++) {
      var o = walls.charAt(a);
      if (o === ".") continue;
      var ax = a % mm, ar = Math.floor(a / mm), hot = mk.length && mk[0] === -1 - a;
      var col = hot ? "#ffb000" : "#f3efe6", t = 6;
      if (o === "h") {
        var yy = m + (n - 1 - ar) * c;
        out.push('<rect x="' + (m + ax * c + 2) + '" y="' + (yy - t / 2) + '" width="' + (2 * c - 4) + '" height="' + t + '" rx="2" fill="' + col + '" stroke="#333" data-p="h@' + a + '"/>');
      } else {
        var xx = m + (ax + 1) * c;
        out.push('<rect x="' + (xx - t / 2) + '" y="' + (m + (n - 2 - ar) * c + 2) + '" width="' + t + '" height="' + (2 * c - 4) + '" rx="2" fill="' + col + '" stroke="#333" data-p="v@' + a + '"/>');
      }
    }
    for (var cc = 0; cc < 2; cc++) {
      var sq = pawn[cc], px = m + (sq % n) * c + c / 2, py = m + (n - 1 - Math.floor(sq / n)) * c + c / 2;
      out.push(circle(px, py, c / 2 - 8, 'fill="' + (cc ? "#fff" : "#111") + '" stroke="#444" stroke-width="2" data-p="pawn' + cc + "@" + sq + '"'));
    }
    var lx = m + c * n + 20;
    out.push(text(lx, m + 14, "walls left", 'font-size="12" fill="#f3e6d3"'));
    out.push(text(lx, m + 34, g.c[0] + ": " + left[0], 'font-size="13" fill="#fff" data-p="walls0=' + left[0] + '"'));
    out.push(text(lx, m + 54, g.c[1] + ": " + left[1], 'font-size="13" fill="#fff" data-p="walls1=' + left[1] + '"'));
    return svg(W, H, out.join(""));
  };

  // Kalah: South holes 1..H and store | North holes and store | side to move | swapped.
  draw.kalah = function (g, pos, s) {
    var h = g.meta.holes, parts = pos.split("|");
    var S = parts[0].split(",").map(Number), N = parts[1].split(",").map(Number), turn = +parts[2], sw = parts[3] === "1";
    var c = 70, m = 20, W = m * 2 + c * (h + 2), H = 250, out = [];
    out.push('<rect x="0" y="0" width="' + W + '" height="' + H + '" rx="18" fill="#8b5a2b"/>');
    var mk = marksAt(g, s);
    function seeds(cx, cy, k, r) {
      var o = [], shown = Math.min(k, 24);
      for (var i = 0; i < shown; i++) {
        var ang = i * 2.4, rad = 3 + 3.2 * Math.sqrt(i);
        o.push(circle((cx + Math.cos(ang) * Math.min(rad, r)).toFixed(1), (cy + Math.sin(ang) * Math.min(rad, r)).toFixed(1), 3.5, 'fill="#d9e6f2" stroke="#51606e" stroke-width=".6"'));
      }
      return o.join("");
    }
    function pit(cx, cy, k, tok, hot) {
      out.push('<ellipse cx="' + cx + '" cy="' + cy + '" rx="28" ry="30" fill="#5e3b1a" stroke="' + (hot ? "#ffd24a" : "#3d250f") + '" stroke-width="' + (hot ? 3 : 1.5) + '"/>');
      out.push(seeds(cx, cy - 4, k, 20));
      out.push(text(cx, cy + 48, k, 'font-size="15" font-weight="600" text-anchor="middle" fill="#fff" data-p="' + tok + "=" + k + '"'));
    }
    for (var i = 1; i <= h; i++) {
      pit(m + c * (h + 1 - i) + c / 2, 70, N[i - 1], "N" + i, mk[0] === 1 && mk[1] === i);
      pit(m + c * i + c / 2, 160, S[i - 1], "S" + i, mk[0] === 0 && mk[1] === i);
    }
    function store(x, k, tok, label) {
      out.push('<rect x="' + (x - 26) + '" y="40" width="52" height="150" rx="24" fill="#5e3b1a" stroke="#3d250f"/>');
      out.push(seeds(x, 115, k, 22));
      out.push(text(x, 222, k, 'font-size="17" font-weight="700" text-anchor="middle" fill="#fff" data-p="' + tok + "=" + k + '"'));
      out.push(text(x, 30, label, 'font-size="11" text-anchor="middle" fill="#f3e0c4"'));
    }
    store(m + c / 2, N[h], "Nstore", "North");
    store(m + c * (h + 1) + c / 2, S[h], "Sstore", "South");
    var south = g.p[sw ? 1 : 0], north = g.p[sw ? 0 : 1];
    if (s === positions(g).length - 1) turn = -1; // over: nobody to move
    out.push(text(W / 2, 22, "North: " + north + (turn === 1 ? "  \u25C0 to move" : ""), 'font-size="12" text-anchor="middle" fill="#fff"'));
    out.push(text(W / 2, H - 8, "South: " + south + (turn === 0 ? "  \u25B6 to move" : "") + (sw ? " (sides swapped)" : ""), 'font-size="12" text-anchor="middle" fill="#fff"'));
    return svg(W, H, out.join(""));
  };

  // Stones (TZAAR): two characters per cell (type letter, height base 36), side, action.
  draw.stones = function (g, pos, s) {
    var d = 46, m = 40, cells = g.meta.cells, out = [];
    var X = function (id) { var c = cells[id]; return m + (c[0] - c[1] / 2 + 2) * d; };
    var Y = function (id) { var c = cells[id]; return m + (8 - c[1]) * d * 0.866; };
    var W = Math.round(m * 2 + 8 * d) + 150, H = Math.round(m * 2 + 8 * d * 0.866);
    out.push('<rect x="0" y="0" width="' + W + '" height="' + H + '" fill="#cfd8c4"/>');
    var at = {};
    cells.forEach(function (c, id) { at[c[0] + "," + c[1]] = id; });
    cells.forEach(function (c, id) {
      [[1, 0], [0, 1], [1, 1]].forEach(function (dv) {
        var j = at[(c[0] + dv[0]) + "," + (c[1] + dv[1])];
        if (j !== undefined) out.push(line(X(id), Y(id), X(j), Y(j), 'stroke="#7d8a70" stroke-width="1.5"'));
      });
    });
    var mk = marksAt(g, s), names = {A: "tott", B: "tzarra", C: "tzaar"};
    cells.forEach(function (c, id) {
      var t = pos.charAt(2 * id), x = X(id), y = Y(id);
      out.push(circle(x, y, 4, 'fill="#7d8a70"'));
      if (mk[0] === id) out.push(circle(x, y, 20, 'fill="none" stroke="#d22" stroke-dasharray="4 3" stroke-width="2"'));
      if (t === ".") return;
      var hgt = parseInt(pos.charAt(2 * id + 1), 36), white = t === t.toUpperCase(), T = t.toUpperCase();
      var body = white ? "#f7f3e8" : "#222", ink = white ? "#222" : "#f7f3e8", accent = white ? "#1f5fa0" : "#e0a21b";
      for (var k = Math.min(hgt, 4) - 1; k > 0; k--) out.push(circle(x, y - 3 * k, 18, 'fill="' + body + '" stroke="' + ink + '" stroke-width="1"'));
      out.push('<circle cx="' + x + '" cy="' + (y - 3 * (Math.min(hgt, 4) - 1)) + '" r="18" fill="' + body + '" stroke="' + ink + '" stroke-width="1.5" data-p="' + t + hgt + "@" + id + '"><title>' + (white ? "White " : "Black ") + names[T] + ", height " + hgt + " on " + g.meta.names[id] + "</title></circle>");
      var ty = y - 3 * (Math.min(hgt, 4) - 1);
      if (T === "B" || T === "C") out.push(circle(x, ty, 11, 'fill="none" stroke="' + accent + '" stroke-width="3"'));
      if (T === "C") out.push(circle(x, ty, 5, 'fill="' + accent + '"'));
      if (hgt > 1) out.push(text(x + 12, ty - 9, hgt, 'font-size="12" font-weight="700" fill="#b00" text-anchor="middle"'));
      if (mk[1] === id) out.push(circle(x, ty, 21, 'fill="none" stroke="#d22" stroke-width="2.5"'));
    });
    var lx = W - 140, items = [["A", "tott"], ["B", "tzarra"], ["C", "tzaar"]];
    out.push(text(lx, 30, "types", 'font-size="12" font-weight="600"'));
    items.forEach(function (it, i) {
      var y = 55 + i * 36;
      out.push(circle(lx + 14, y, 13, 'fill="#f7f3e8" stroke="#222"'));
      if (it[0] !== "A") out.push(circle(lx + 14, y, 8, 'fill="none" stroke="#1f5fa0" stroke-width="2.5"'));
      if (it[0] === "C") out.push(circle(lx + 14, y, 3.5, 'fill="#1f5fa0"'));
      out.push(text(lx + 34, y + 4, it[1], 'font-size="12"'));
    });
    out.push(text(lx, 175, "red number: height", 'font-size="11" fill="#b00"'));
    return svg(W, H, out.join(""));
  };

  // who names the colour c: the player in Kalah (a swap puts the colours
  // on the other sides of the board), the colour otherwise.
  function who(g, c) { return c === undefined ? "" : g.game === "kalah" ? g.p[c] : g.c[c]; }

  function fmtMs(ms) { return ms < 0 ? "opening" : ms < 1000 ? ms + " ms" : (ms / 1000).toFixed(2) + " s"; }

  function select(n, st) {
    var g = games[n - 1];
    if (!g) return;
    cur = g;
    document.querySelectorAll("#gamelist tr.sel").forEach(function (r) { r.classList.remove("sel"); });
    var row = document.querySelector('#gamelist tr[data-game="' + n + '"]');
    if (row) row.classList.add("sel");
    document.getElementById("vtitle").textContent = "Game " + n + " (" + g.game + "): " + g.p[0] + " (" + g.c[0] + ") vs " + g.p[1] + " (" + g.c[1] + "), " + g.res;
    var rows = ["<table>"];
    rows.push('<tr data-step="0"><td></td><td colspan="3">start</td></tr>');
    for (var i = 0; i < g.mv.length; i++) {
      var side = who(g, g.sd[i]);
      rows.push('<tr data-step="' + (i + 1) + '"' + (i < g.op ? ' class="op"' : "") + "><td>" + (i + 1) + "</td><td>" + esc(side) + "</td><td>" + esc(g.mv[i]) + '</td><td class="t">' + fmtMs(g.ms[i]) + "</td></tr>");
    }
    rows.push("</table>");
    movesEl.innerHTML = rows.join("");
    go(st === "last" ? positions(g).length - 1 : +st || 0);
  }

  function go(s) {
    var g = cur;
    if (!g) return;
    var P = positions(g);
    step = Math.max(0, Math.min(P.length - 1, s));
    var f = draw[g.game];
    board.innerHTML = f && g.s0 ? f(g, P[step], step) : '<p class="err">no board for ' + esc(g.game) + (g.err ? ": " + esc(g.err) : "") + "</p>";
    var toks = Array.prototype.map.call(board.querySelectorAll("[data-p]"), function (e) { return e.getAttribute("data-p"); }).sort();
    board.setAttribute("data-drawn", toks.join(" "));
    board.setAttribute("data-game", g.n);
    board.setAttribute("data-step", step);
    document.getElementById("stepinfo").textContent = "ply " + step + " / " + (P.length - 1);
    var st;
    if (step < g.mv.length && step < P.length - 1) {
      st = who(g, g.sd[step]) + " to move" + (step < g.op ? " (opening)" : "");
    } else {
      st = "final position: " + g.res + ", " + g.why + (g.det ? " (" + g.det + ")" : "");
    }
    if (g.err) st += " \u2014 replay stopped: " + g.err;
    document.getElementById("status").textContent = st;
    movesEl.querySelectorAll("tr.cur").forEach(function (r) { r.classList.remove("cur"); });
    var r = movesEl.querySelector('tr[data-step="' + step + '"]');
    if (r) {
      r.classList.add("cur");
      var top = r.offsetTop - movesEl.clientHeight / 2;
      movesEl.scrollTop = top > 0 ? top : 0;
    }
  }

  document.getElementById("bfirst").onclick = function () { go(0); };
  document.getElementById("bprev").onclick = function () { go(step - 1); };
  document.getElementById("bnext").onclick = function () { go(step + 1); };
  document.getElementById("blast").onclick = function () { go(1e9); };
  movesEl.addEventListener("click", function (e) {
    var r = e.target.closest("tr[data-step]");
    if (r) go(+r.getAttribute("data-step"));
  });
  document.getElementById("gamelist").addEventListener("click", function (e) {
    var r = e.target.closest("tr[data-game]");
    if (r) {
      e.preventDefault();
      select(+r.getAttribute("data-game"), 0);
      document.getElementById("viewer").scrollIntoView({behavior: "smooth"});
    }
  });
  document.addEventListener("keydown", function (e) {
    if (!cur || e.altKey || e.ctrlKey || e.metaKey) return;
    var k = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: 1e9}[e.key];
    if (k !== undefined) { e.preventDefault(); go(k); }
  });

  // ?game=N&step=K|last (or the same after #) opens a game at a ply.
  function param(name) {
    var q = (location.search + "&" + location.hash.replace(/^#/, "")).replace(/^\?/, "");
    var m = new RegExp("(?:^|&)" + name + "=([^&]*)").exec(q);
    return m ? decodeURIComponent(m[1]) : null;
  }
  window.addEventListener("hashchange", function () { if (param("game")) select(+param("game"), param("step") || 0); });
  if (games.length) select(+(param("game") || 1), param("step") || 0);
  else board.innerHTML = "<p>no games yet</p>";
  // play=keys steps from the start to the last ply with the arrow key, as a
  // person would (the browser test does this).
  if (cur && param("play") === "keys") {
    go(0);
    for (var i = 0; i < cur.mv.length + 1; i++) document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight", bubbles: true}));
  }
  // view=board shows the viewer alone (for screenshots); otherwise a link
  // to a game scrolls to it.
  if (param("view") === "board") document.documentElement.classList.add("boardonly");
  else if (games.length && param("game")) document.getElementById("viewer").scrollIntoView();
  document.documentElement.setAttribute("data-ready", "1");
})();
