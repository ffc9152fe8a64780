  // ---- The Minesweeper board's painter (wasm/mines/board.go draws
  // through it; the builder puts this file in the loader's scope).
  //
  // A board is a grid of cell elements, one per square, for the keyboard,
  // the pointer and screen readers. They are transparent: what the reader
  // sees is drawn on canvas tiles under them, TILE×TILE cells each. A
  // change to a cell draws that cell on its tile and touches nothing else,
  // so a 500-cell opening on a 100×100 board costs Chromium no layout and
  // one small paint, where 500 styled elements cost two to four frames.
  // Only the tiles in or near view hold pixels; the others are drawn when
  // they scroll near.
  //
  // Each cell has a draw code from Go: its letter ('H' hidden, 'F' flag,
  // '0'–'8', '*' a mine, 'X' the mine that went off, 'W' a wrong flag),
  // then, on the heat map, its probability step 'a'–'k' (0–100% in tens),
  // then 's' when it is certainly safe or 'm' when it is certainly a mine;
  // off the heat map, "Hs" and "Hm" are a hidden square with that mark
  // (the safe-squares overlay).

  var TILE = 16;
  var TILE_MARGIN = 200; // CSS px beyond the visible box that are kept drawn

  // The colours, by name: each is the CSS custom property --kz-mines-<name>
  // on the grid (wasm/mines/mines.css), so the page's theme decides them.
  var PALETTE = ["line", "open", "fg", "muted", "soft", "bad", "safe", "hidden", "hidden-hi", "hidden-lo",
    "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8",
    "mark-safe", "mark-mine", "mark-fg", "blast-fg", // marks on a square still to open, the blast's star
    "q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "q8", "q9", "q10", "heat-rim"];

  // minesBoard returns the painter's state for a grid, made on first use:
  // the grid's last child is the tile layer Go wrote for it.
  function minesBoard(grid, width) {
    var layer = grid.lastElementChild;
    if (layer.kz) return layer.kz;
    var rows = grid.children.length - 1;
    var b = layer.kz = {
      grid: grid, layer: layer, w: width, h: rows,
      codes: new Array(width * rows).fill("H"), // each cell's draw code
      tiles: [],
      cellPx: 0, dpr: 0, cp: 0, // a cell's size in CSS and in device pixels
      colours: null, // the palette, resolved
      sprite: null, looks: {}, lookCount: 0, patterns: {} // the looks drawn (see lookOf)
    };
    // Redraw when the reader's theme changes, when the cells change size,
    // when the screen's pixel density changes (the window moved to another
    // monitor, or a zoom that keeps the cells' size) and when the board
    // scrolls, until Go replaces this board.
    var scroll = grid.parentElement, dark = window.matchMedia("(prefers-color-scheme: dark)");
    var forced = window.matchMedia("(forced-colors: active)");
    var density = null; // a query that holds at the density drawn for; it changes once that does
    var gone = function () {
      if (layer.isConnected) return false;
      liveBoards.delete(gone);
      scroll.removeEventListener("scroll", scrolled);
      scroll.removeEventListener("wheel", wheeled);
      dark.removeEventListener("change", themed);
      forced.removeEventListener("change", themed);
      density.removeEventListener("change", densityChanged);
      resized.disconnect();
      return true;
    };
    var watchDensity = function () {
      if (density) density.removeEventListener("change", densityChanged);
      density = window.matchMedia("(resolution: " + (window.devicePixelRatio || 1) + "dppx)");
      density.addEventListener("change", densityChanged);
    };
    var densityChanged = function () { if (!gone()) { watchDensity(); layout(b, false); } };
    watchDensity();
    sweepBoards(); // boards Go replaced where no event told them (a hidden panel's)
    liveBoards.add(gone);
    var resized = new ResizeObserver(function () { if (!gone()) { fit(b); layout(b, false); } });
    var themed = function () { if (!gone()) { b.colours = null; layout(b, true); } };
    var scrolled = function () { if (!gone()) showVisible(b); };
    dark.addEventListener("change", themed);
    forced.addEventListener("change", themed);
    resized.observe(grid);
    resized.observe(scroll); // its width decides the cells' size (fit)
    scroll.addEventListener("scroll", scrolled, { passive: true });
    // Ctrl + wheel over the board zooms it, not the page.
    var wheeled = function (ev) {
      if (gone() || !(ev.ctrlKey || ev.metaKey) || !ev.deltaY) return;
      ev.preventDefault();
      zoomBoard(scroll, ev.deltaY < 0 ? 1 : -1);
      fit(b);
    };
    scroll.addEventListener("wheel", wheeled, { passive: false });
    fit(b);
    return b;
  }

  // liveBoards holds each board's gone: a board replaced or removed while
  // hidden gets no event (its size was 0 already), so its listeners on
  // the window's media queries would keep it for the page's life; a new
  // board and a widget's unmount sweep them.
  var liveBoards = new Set();
  function sweepBoards() {
    if (liveBoards) liveBoards.forEach(function (gone) { gone(); });
  }

  // paintCells applies a batch of cell changes in one call: from Go each
  // property write is a call into JavaScript, which costs about as much as
  // the write itself. data holds one record per cell, separated by "\x1e",
  // of five fields separated by "\x1f": the cell's index, class, draw code,
  // data-p and aria-label. A field "\x15" is unchanged; an empty data-p or
  // aria-label removes it. The cells whose draw code changed are drawn
  // once all are applied, tile by tile.
  function paintCells(grid, width, data) {
    var b = minesBoard(grid, width), rows = grid.children;
    if (!data) { fit(b); return; } // a new board (its cells all hidden), or a new zoom
    var recs = data.split("\x1e"), dirty = Object.create(null); // no keys from a page that adds to Object.prototype
    for (var r = 0; r < recs.length; r++) {
      var f = recs[r].split("\x1f"), i = +f[0];
      var cell = rows[(i / width) | 0].children[i % width];
      if (f[1] !== "\x15") cell.className = f[1];
      if (f[2] !== "\x15") {
        b.codes[i] = f[2];
        var at = tileOf(b, i), tile = b.tiles[at];
        if (tile && tile.drawn) (dirty[at] = dirty[at] || []).push(i);
      }
      if (f[3] !== "\x15") {
        if (f[3] === "") cell.removeAttribute("data-p");
        else cell.setAttribute("data-p", f[3]);
      }
      if (f[4] !== "\x15") {
        if (f[4] === "") cell.removeAttribute("aria-label");
        else cell.setAttribute("aria-label", f[4]);
      }
    }
    // Draw the changed cells, or a whole tile again when most of it
    // changed (the heat map coming on): one pattern fill beats hundreds
    // of copies.
    for (var k in dirty) {
      var t = b.tiles[k], cells = dirty[k];
      if (cells.length > t.cols * t.rows / 4) { paintTile(b, t); continue; }
      for (var n = 0; n < cells.length; n++) drawCell(b, t, cells[n]);
    }
  }

  // The cells' size follows the width the board has: as big as fits,
  // from MIN_CELL (a desktop column: an expert board, 30 cells across,
  // fits 570 px) or MIN_TOUCH_CELL (a finger's size: the board pans) up
  // to MAX_CELL, times the reader's zoom (the scroll box's data-zoom, a
  // step of ZOOM_STEPS).
  var MIN_CELL = 18, MIN_TOUCH_CELL = 26, MAX_CELL = 30;
  var ZOOM_STEPS = [0.5, 0.6, 0.75, 0.9, 1, 1.25, 1.5, 1.75, 2];

  // zoomBoard moves the scroll box's zoom by steps (+1 larger, -1
  // smaller) and returns the new zoom.
  function zoomBoard(scroll, by) {
    var at = ZOOM_STEPS.indexOf(+(scroll.getAttribute("data-zoom") || 1));
    if (at < 0) at = ZOOM_STEPS.indexOf(1);
    at = Math.max(0, Math.min(ZOOM_STEPS.length - 1, at + by));
    var z = ZOOM_STEPS[at];
    scroll.setAttribute("data-zoom", z);
    // The zoom button that can go no further says so, as the buttons do
    // themselves (showZoomLimits in wasm/mines/board.go).
    var box = scroll.closest(".kz-mines-board"), buttons = box ? box.querySelectorAll(".kz-mines-zoom [data-by]") : [];
    for (var i = 0; i < buttons.length; i++) {
      var end = buttons[i].getAttribute("data-by") === "1" ? at === ZOOM_STEPS.length - 1 : at === 0;
      if (end) buttons[i].setAttribute("aria-disabled", "true");
      else buttons[i].removeAttribute("aria-disabled");
    }
    return z;
  }

  // fit sets the cells' size (the scroll box's --kz-mines-c) for the
  // box's width and the zoom. It reads the box's outer width, which a
  // scroll bar coming or going does not change, and keeps room for a
  // vertical scroll bar when the board will be taller than the box may
  // be: a size that made the bar appear, and so shrank itself, would
  // flicker between two.
  function fit(b) {
    var scroll = b.grid.parentElement, st = getComputedStyle(scroll);
    var outer = scroll.offsetWidth;
    if (!outer) return; // not on screen: fitted when shown (the observer)
    var frame = parseFloat(st.paddingLeft) + parseFloat(st.paddingRight) + parseFloat(st.borderLeftWidth) + parseFloat(st.borderRightWidth);
    var edge = b.grid.offsetWidth - b.grid.clientWidth; // the grid's border
    var avail = outer - frame - edge;
    var touch = window.matchMedia("(pointer: coarse)").matches;
    var least = touch ? MIN_TOUCH_CELL : MIN_CELL;
    var size = function (room) { return Math.max(least, Math.min(MAX_CELL, Math.floor(room / b.w))); };
    var c = size(avail), tallest = parseFloat(st.maxHeight);
    if (tallest && b.h * c + edge + parseFloat(st.paddingTop) + parseFloat(st.paddingBottom) > tallest) {
      c = size(avail - scrollbarWidth());
    }
    var zoom = +(scroll.getAttribute("data-zoom") || 1) || 1;
    c = Math.max(8, Math.round(c * zoom));
    if (scroll.style.getPropertyValue("--kz-mines-c") !== c + "px") scroll.style.setProperty("--kz-mines-c", c + "px");
  }

  var scrollbarPx = -1;
  function scrollbarWidth() {
    if (scrollbarPx < 0) {
      var probe = document.createElement("div");
      probe.style.cssText = "position:absolute;top:-99px;width:50px;height:50px;overflow:scroll";
      document.body.appendChild(probe);
      scrollbarPx = probe.offsetWidth - probe.clientWidth;
      probe.remove();
    }
    return scrollbarPx;
  }

  function tileOf(b, i) {
    var across = Math.ceil(b.w / TILE);
    return (((i / b.w) | 0) / TILE | 0) * across + ((i % b.w) / TILE | 0);
  }

  // layout sizes and places the tiles for the cells' size on screen, when
  // it or the screen's pixel density changed (or always, when asked), and
  // draws the ones in view.
  function layout(b, always) {
    var first = b.grid.firstElementChild && b.grid.firstElementChild.firstElementChild;
    if (!first) return;
    var c = first.offsetWidth, dpr = window.devicePixelRatio || 1;
    if (!c) return; // not on screen (a hidden tab): laid out when shown
    if (!always && c === b.cellPx && dpr === b.dpr && b.tiles.length) { showVisible(b); return; }
    b.cellPx = c; b.dpr = dpr; b.cp = Math.max(1, Math.round(c * dpr));
    if (!b.colours) b.colours = resolveColours(b);
    b.sprite = null; b.looks = {}; b.lookCount = 0; b.patterns = {}; // the looks are drawn anew at this size
    // Draw the usual looks now, while the board is built, not during the
    // first move (the first text a canvas draws costs a font lookup).
    for (var n = 0; n < COMMON_LOOKS.length; n++) lookOf(b, COMMON_LOOKS[n]);
    var across = Math.ceil(b.w / TILE), down = Math.ceil(b.h / TILE);
    for (var k = 0; k < across * down; k++) {
      var t = b.tiles[k];
      if (!t) {
        t = b.tiles[k] = { canvas: document.createElement("canvas"), x: (k % across) * TILE, y: (k / across | 0) * TILE, drawn: false };
        t.cols = Math.min(TILE, b.w - t.x); t.rows = Math.min(TILE, b.h - t.y);
        b.layer.appendChild(t.canvas);
      }
      var s = t.canvas.style;
      s.left = t.x * c + "px"; s.top = t.y * c + "px";
      s.width = t.cols * c + "px"; s.height = t.rows * c + "px";
      t.drawn = false;
    }
    showVisible(b);
  }

  // showVisible draws the tiles in or near the scrolling box's view and
  // lets the far ones go, so a big board holds only about a screen of
  // pixels.
  function showVisible(b) {
    if (!b.cellPx) return;
    if ((window.devicePixelRatio || 1) !== b.dpr) { layout(b, true); return; }
    showMore(b.grid.parentElement);
    var box = b.grid.parentElement.getBoundingClientRect(), g = b.layer.getBoundingClientRect();
    var left = box.left - g.left - TILE_MARGIN, right = box.right - g.left + TILE_MARGIN;
    var top = box.top - g.top - TILE_MARGIN, bottom = box.bottom - g.top + TILE_MARGIN;
    var span = TILE * b.cellPx;
    for (var k = 0; k < b.tiles.length; k++) {
      var t = b.tiles[k], x = t.x * b.cellPx, y = t.y * b.cellPx;
      var near = x < right && x + span > left && y < bottom && y + span > top;
      if (near && !t.drawn) drawTile(b, t);
      else if (!near && t.drawn && (x > right + span || x + 2 * span < left || y > bottom + span || y + 2 * span < top)) {
        t.canvas.width = t.canvas.height = 0; // far away: free its pixels
        t.drawn = false;
      }
    }
  }

  // showMore tells the board's frame (the scroll box's parent) on which
  // sides the board goes on beyond the view, in its data-more ("left
  // right up down"): the frame fades those edges, so that a board wider
  // than a phone shows that it scrolls.
  function showMore(scroll) {
    var x = scroll.scrollLeft, y = scroll.scrollTop, more = [];
    if (x > 1) more.push("left");
    if (x + scroll.clientWidth < scroll.scrollWidth - 1) more.push("right");
    if (y > 1) more.push("up");
    if (y + scroll.clientHeight < scroll.scrollHeight - 1) more.push("down");
    var said = more.join(" "), frame = scroll.parentElement;
    if (frame.getAttribute("data-more") !== said) frame.setAttribute("data-more", said);
  }

  // drawTile gives a tile its pixels and paints it.
  function drawTile(b, t) {
    t.canvas.width = t.cols * b.cp; t.canvas.height = t.rows * b.cp;
    t.ctx = t.canvas.getContext("2d");
    t.drawn = true;
    paintTile(b, t);
  }

  // paintTile paints a whole tile: its most common look (the hidden
  // square, on most of a big board) in one fill with that look as a
  // pattern, then the other cells one by one.
  function paintTile(b, t) {
    var count = {}, common = "", most = 0, x, y, code;
    for (y = t.y; y < t.y + t.rows; y++) {
      for (x = t.x; x < t.x + t.cols; x++) {
        code = b.codes[y * b.w + x];
        count[code] = (count[code] || 0) + 1;
        if (count[code] > most) { most = count[code]; common = code; }
      }
    }
    t.ctx.fillStyle = patternOf(b, t.ctx, common);
    t.ctx.fillRect(0, 0, t.canvas.width, t.canvas.height);
    for (y = t.y; y < t.y + t.rows; y++) {
      for (x = t.x; x < t.x + t.cols; x++) {
        if (b.codes[y * b.w + x] !== common) drawCell(b, t, y * b.w + x);
      }
    }
  }

  // patternOf returns a look as a pattern that repeats cell by cell.
  function patternOf(b, ctx, code) {
    if (b.patterns[code]) return b.patterns[code];
    var look = lookOf(b, code), one = document.createElement("canvas");
    one.width = one.height = b.cp;
    one.getContext("2d").drawImage(b.sprite, look.x, look.y, b.cp, b.cp, 0, 0, b.cp, b.cp);
    return (b.patterns[code] = ctx.createPattern(one, "repeat"));
  }

  // drawCell draws cell i on its tile: a copy of its look, which lookOf
  // drew once for all the cells that share it.
  function drawCell(b, t, i) {
    var look = lookOf(b, b.codes[i]), cp = b.cp;
    t.ctx.drawImage(b.sprite, look.x, look.y, cp, cp, (i % b.w - t.x) * cp, ((i / b.w | 0) - t.y) * cp, cp, cp);
  }

  // lookOf returns where a draw code's look is on the board's sprite
  // sheet, drawing it there the first time: a board shows a few dozen
  // looks, and copying one costs a fraction of drawing it.
  var SPRITE_ACROSS = 8, SPRITE_LOOKS = 64; // about 30 codes exist
  var COMMON_LOOKS = "H F 0 1 2 3 4 5 6 7 8".split(" ");
  function lookOf(b, code) {
    var look = b.looks[code];
    if (look) return look;
    if (b.lookCount === SPRITE_LOOKS) { b.looks = {}; b.lookCount = 0; b.patterns = {}; } // never, unless codes grow
    var cp = b.cp, n = b.lookCount++;
    if (!b.sprite) {
      b.sprite = document.createElement("canvas");
      b.sprite.width = SPRITE_ACROSS * cp;
      b.sprite.height = SPRITE_LOOKS / SPRITE_ACROSS * cp;
    }
    look = b.looks[code] = { x: (n % SPRITE_ACROSS) * cp, y: (n / SPRITE_ACROSS | 0) * cp };
    var ctx = b.sprite.getContext("2d"), k = cp / b.cellPx;
    ctx.setTransform(k, 0, 0, k, look.x, look.y);
    ctx.clearRect(0, 0, b.cellPx, b.cellPx);
    drawLook(ctx, b.colours, b.cellPx, code);
    return look;
  }

  // drawLook draws one cell of size c at the origin, as its draw code
  // says: a raised tile for a hidden square, flat for an open one, the
  // heat map's rounded tiles with marks that do not rely on colour.
  function drawLook(ctx, P, c, code) {
    var ch = code.charAt(0), step = code.charCodeAt(1) - 97, sure = code.charAt(2);
    var font = Math.round(c * 0.55) + "px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";
    ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.font = "700 " + font;
    ctx.fillStyle = P.line; // the 1px rule between cells
    ctx.fillRect(0, 0, c, c);
    var is = c - 2, mid = c / 2;
    if (ch === "H" && step >= 0 && step <= 10) { // the heat map
      ctx.fillStyle = P.open;
      ctx.fillRect(1, 1, is, is);
      roundRect(ctx, 1, 1, is, is, 5);
      ctx.fillStyle = P["q" + step];
      ctx.fill();
      // The rim tells the tile from an open square whatever its step: the
      // ramp's dark end is the dark theme's page, its light end nearly
      // the light theme's.
      ctx.strokeStyle = P["heat-rim"];
      ctx.lineWidth = 2;
      roundRect(ctx, 2, 2, is - 2, is - 2, 4.5);
      ctx.stroke();
      if (sure) {
        ctx.fillStyle = step <= 4 ? "#fff" : "#111";
        ctx.fillText(sure === "s" ? "✓" : "!", mid, mid + 1);
      }
      return;
    }
    switch (ch) {
      case "H": case "F": case "W":
        ctx.fillStyle = P.hidden;
        ctx.fillRect(1, 1, is, is);
        ctx.fillStyle = P["hidden-hi"];
        ctx.fillRect(1, 1, is, 2); ctx.fillRect(1, 1, 2, is);
        ctx.fillStyle = P["hidden-lo"];
        ctx.fillRect(1, is - 1, is, 2); ctx.fillRect(is - 1, 1, 2, is);
        if (ch === "H") {
          // The safe-squares overlay: a tick on a certain safe square, "!"
          // on a certain mine, on the raised tile.
          var mark = code.charAt(1);
          if (mark === "s" || mark === "m") {
            ctx.fillStyle = mark === "s" ? P["mark-safe"] : P["mark-mine"];
            ctx.fillText(mark === "s" ? "✓" : "!", mid, mid + 1);
          }
          return;
        }
        ctx.font = "400 " + font;
        if (ch === "W") { // a wrong flag: a bold red cross, corner to corner, under the flag (in the text colour)
          var inset = Math.max(3, c * 0.18);
          ctx.lineCap = "round";
          ctx.beginPath();
          ctx.moveTo(inset, inset); ctx.lineTo(c - inset, c - inset);
          ctx.moveTo(c - inset, inset); ctx.lineTo(inset, c - inset);
          ctx.strokeStyle = P["mark-mine"];
          ctx.lineWidth = Math.max(2.5, c * 0.13);
          ctx.stroke();
        }
        ctx.fillStyle = ch === "W" ? P["mark-fg"] : P["mark-mine"];
        ctx.fillText("⚑", mid, mid + 1);
        return;
      case "*": case "X":
        ctx.fillStyle = ch === "X" ? P.bad : P.soft;
        ctx.fillRect(1, 1, is, is);
        ctx.fillStyle = ch === "X" ? P["blast-fg"] : P.fg;
        ctx.fillText("✱", mid, mid + 1);
        return;
    }
    ctx.fillStyle = P.open;
    ctx.fillRect(1, 1, is, is);
    if (ch >= "1" && ch <= "8") {
      ctx.fillStyle = P["n" + ch];
      ctx.fillText(ch, mid, mid + 1);
    }
  }

  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  }

  // resolveColours reads the palette as the page's theme has it: a probe
  // element takes each colour, and the browser resolves it (light-dark()
  // and all) to a value a canvas accepts. The probe is exempt from forced
  // colours: under a contrast theme the browser would otherwise resolve
  // every colour to the same text colour, and paint the board blank; the
  // palette then names system colours itself (wasm/mines/mines.css).
  function resolveColours(b) {
    var probe = document.createElement("i"), colours = {};
    probe.style.forcedColorAdjust = "none";
    b.layer.appendChild(probe);
    var style = getComputedStyle(probe);
    for (var k = 0; k < PALETTE.length; k++) {
      probe.style.color = "var(--kz-mines-" + PALETTE[k] + ")";
      colours[PALETTE[k]] = style.color;
    }
    probe.remove();
    return colours;
  }
