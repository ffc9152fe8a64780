/*
 * Kibitz loader: a classic script that defines one global, Kibitz.
 *
 *   Kibitz.createEngine({game?, workers?}) → Promise<engine>
 *   engine.call(method, params, {onProgress, signal, binary}) → Promise<result>
 *     (binary: bulk numbers, such as a board's probabilities, come as
 *     {width, values: Float64Array} rather than as rows of numbers)
 *   engine.methods() → [{name, doc}]
 *   engine.terminate()  ends the engine's workers and frees their memory;
 *     calls still running and any later call reject with code "cancelled"
 *   engine.runsInPage() → true when the page refused a worker (its
 *     Content-Security-Policy allows no blob: worker) and the engine runs
 *     on the page's own thread instead
 *   Kibitz.mount(element, {game, lang, key, theme, mode, preset}) → Promise<{unmount()}>
 *     unmount() empties the element (it can be mounted again); when no
 *     widget of a module is left, the widgets' engine is terminated
 *   Kibitz.games() → Promise<["guess", ...]>
 *
 * Every <div data-kibitz="GAME"> is mounted once the page has loaded, and
 * later ones as they are added; a widget whose element leaves the page is
 * unmounted (one moved within a task stays); one whose data-kibitz,
 * data-lang, data-mode or data-preset changes is mounted anew, and one
 * whose data-kibitz is removed is taken down; data-lang, data-theme (light,
 * dark or auto), data-mode and data-preset are optional; without data-lang
 * the post's own lang (<html lang>) is taken when Kibitz has it, and
 * without data-theme a page that is dark or light only (color-scheme)
 * gets that theme. Until the engine is
 * ready the element shows a placeholder of about the widget's size with
 * the loading progress; if loading fails it says why and offers a retry.
 *
 * The build (scripts/build) wraps this file in a scope that defines
 * KIBITZ_BUILD: {version, goRuntime, modules}. goRuntime is Go's
 * wasm_exec.js as a function of the global object it should use; modules
 * lists the WebAssembly modules (see "The modules" below): fetched from
 * beside this script and compiled as they download, or inlined as base64
 * gzip (the single-file builds). From file://, where fetch fails, and
 * from a host on another origin that sends no CORS header, each module is
 * read from a classic script beside it (kibitz-mines.wasm.js).
 *
 * The module is compiled once. The page instantiates it for the widgets
 * (the page role) inside a sandboxed global, so Go's runtime shims (fs,
 * process, Go) never land on the host page's window; each engine's worker
 * is built from a Blob (so it works from file://) and is posted the
 * compiled module.
 */
(function (build) {
  "use strict";

  if (typeof window === "undefined" || window.Kibitz) return;

  var CANCEL_GRACE_MS = 1000; // a cancel not honoured by then kills the worker
  var scriptURL = ownScriptURL();

  // ownScriptURL is where this script was loaded from: the modules lie
  // beside it. A module script (the snippet pasted with type="module") has
  // no document.currentScript; there its address is read from a stack
  // trace of this code (every engine writes the file of each frame: "at f
  // (URL:line:col)" in Chromium, "f@URL:line:col" in Firefox and Safari;
  // pasted inline, it is the page's, so the page's base). Without a
  // stack, the page's last script named like the loader is taken, and
  // failing that the modules are looked for beside the page.
  function ownScriptURL() {
    if (document.currentScript) return document.currentScript.src;
    try {
      var frame = /((?:blob:)?(?:https?|file):\/\/[^\s()]+?):\d+:\d+/.exec(String(new Error().stack || "")); // an @ may be in the path (a CDN's name@version)
      if (frame) return frame[1] === location.href.split("#")[0] ? "" : frame[1];
    } catch (e) { /* no stack: look for the tag */ }
    var scripts = document.getElementsByTagName("script");
    for (var i = scripts.length - 1; i >= 0; i--) {
      if (/(^|\/)kibitz(-embed)?(-inline)?\.js([?#]|$)/.test(scripts[i].src)) return scripts[i].src;
    }
    return "";
  }

  // ---- Trusted Types. A page that enforces them (CSP
  // require-trusted-types-for 'script') refuses plain strings as markup
  // (innerHTML) and as script URLs (a worker's, a script's). The
  // widgets' markup and URLs are their own, built with their text
  // escaped, so a policy named "kibitz" passes them through. A page whose
  // CSP lists the policies it allows (trusted-types) must name kibitz;
  // otherwise no policy is made, and such a page refuses the widgets.
  var kibitzPolicy = null;
  if (window.trustedTypes && window.trustedTypes.createPolicy) {
    try {
      kibitzPolicy = window.trustedTypes.createPolicy("kibitz", {
        createHTML: function (html) { return html; },
        createScriptURL: function (url) { return url; }
      });
    } catch (e) { kibitzPolicy = false; /* the page allows no policy of that name */ }
  }
  // trustedTypesRefused says whether the page enforces Trusted Types and
  // refused the policy, so that no widget can write its markup. Asked only
  // then: the probe is itself refused, and reported, on such a page.
  function trustedTypesRefused() {
    if (kibitzPolicy !== false) return false;
    try { document.createElement("div").innerHTML = ""; return false; } catch (e) { return true; }
  }
  function trustedHTML(html) { return kibitzPolicy ? kibitzPolicy.createHTML(html) : html; } // kibitzPolicy may be false
  function trustedScriptURL(url) { return kibitzPolicy ? kibitzPolicy.createScriptURL(url) : url; }

  function kibitzError(code, message, details) {
    var err = new Error(message);
    err.name = "KibitzError";
    err.code = code;
    if (details) {
      for (var k in details) {
        if (k !== "type" && k !== "id" && k !== "message" && Object.prototype.hasOwnProperty.call(details, k)) err[k] = details[k];
      }
    }
    return err;
  }

  // ---- The modules, each compiled once.
  //
  // A build has one module with every game, and may have smaller ones
  // with a single game each (the embed build). build.modules lists them:
  // {file, games, size (raw bytes), id (Go's build ID), inline? (base64
  // gzip), script? (the module also lies beside the loader as a classic
  // script, FILE.js: the embed build's do, the hosted site's do not)}. A page loads the smallest module that covers the games it
  // shows, so a post with one Minesweeper widget never downloads the
  // other games.

  var modules = (build.modules || []).map(function (m) {
    return {
      file: m.file, games: m.games, size: m.size, id: m.id, inline: m.inline, script: !!m.script,
      compiled: null,      // Promise<WebAssembly.Module>
      failed: false,       // a load failed: the next one asks past the caches
      page: null,          // Promise<kibitzPage>, the widgets' Go
      engine: null,        // Promise<Engine>, the widgets' worker
      fraction: 0,         // how far loading has got, 0..1
      listeners: []        // placeholders showing it
    };
  }).sort(function (a, b) { return a.size - b.size; });

  // allGames lists every game the build has, by name.
  var allGames = [];
  modules.forEach(function (m) {
    m.games.forEach(function (g) { if (allGames.indexOf(g) < 0) allGames.push(g); });
  });
  allGames.sort();

  // covers says whether a module has every game named; "app", the hosted
  // page with a tab per game, needs them all.
  function covers(module, games) {
    return games.every(function (g) {
      return g === "app" ? module.games.length === allGames.length : module.games.indexOf(g) >= 0;
    });
  }

  function smallestCovering(games) {
    for (var i = 0; i < modules.length; i++) {
      if (covers(modules[i], games)) return modules[i];
    }
    return null;
  }

  // moduleFor picks the module for a widget of game: one already loading
  // that has it, else the smallest that has every game on the page not
  // yet served (so a page with two games loads one module, not two),
  // else the smallest that has this game. null: no module has it.
  function moduleFor(game) {
    var started = function (g) {
      for (var i = 0; i < modules.length; i++) {
        if (modules[i].compiled && covers(modules[i], [g])) return modules[i];
      }
      return null;
    };
    if (started(game)) return started(game);
    var wanted = [game];
    var all = document.querySelectorAll("[data-kibitz]");
    for (var j = 0; j < all.length; j++) {
      var g = all[j].getAttribute("data-kibitz");
      if (g && wanted.indexOf(g) < 0 && smallestCovering([g]) && !started(g)) wanted.push(g);
    }
    return smallestCovering(wanted) || smallestCovering([game]);
  }

  // loaded reports a module's loading progress (0..1) to its
  // placeholders; it only moves forward.
  function loaded(module, fraction) {
    if (fraction <= module.fraction) return;
    module.fraction = fraction;
    module.listeners.forEach(function (fn) { fn(fraction); });
  }

  function compileModule(module) {
    if (!module.compiled) {
      module.fraction = 0;
      // A module that is not this loader's build (a deploy that put new
      // files beside an old loader the browser cached, or the reverse) is
      // fetched once more past the HTTP cache; if it still is not, the
      // reader is told to reload rather than shown a crash.
      // A try after a failed one asks past every cache (the browser's,
      // the site's service worker's): a damaged copy one of them kept
      // would otherwise come again, however often the reader tried.
      module.compiled = loadModule(module, module.failed)
        .then(function (wasm) { return ownBuild(module, wasm) ? wasm : loadModule(module, true); })
        .then(function (wasm) {
          if (!ownBuild(module, wasm)) {
            // The page's cached copy of this loader may be the old file:
            // fetching it past the cache updates that copy for the reload.
            if (scriptURL) fetch(scriptURL, { cache: "reload", mode: "no-cors", credentials: "include" }).catch(function () {});
            throw kibitzError("outdated", "Kibitz's files on this site do not match: the loader expects build " + module.id +
              " of " + module.file + " and got another (a new version is being published, or a cache keeps an old file). Reload the page.",
              { reason: "version" });
          }
          loaded(module, 0.85);
          return wasm;
        })
        .catch(function (err) {
          module.compiled = null; // let a later call try again
          module.failed = true;
          if (err.code) throw err;
          if (/Content.Security.Policy|unsafe-eval/i.test(err.message)) {
            throw kibitzError("blocked", "This page's Content-Security-Policy does not let it run WebAssembly, which the solver is: " +
              "its script-src needs 'wasm-unsafe-eval'. (" + err.message + ")", { reason: "csp" });
          }
          throw kibitzError("engine-crashed", "Kibitz could not load its engine: " + err.message, loadFailure(module, err));
        });
    }
    return module.compiled;
  }

  // loadFailure tells, by a reason the placeholder words in the reader's
  // language, why a module could not load: the network failed or was cut
  // off ("network"), the host answered an HTTP error ("http", with its
  // status), or what came is no module ("damaged"), or, from disk, the
  // module's file is not beside the loader ("missing"). The English message
  // keeps the browser's own words, for the console.
  function loadFailure(module, err) {
    if (err.damaged) return { reason: "damaged", file: err.damaged };
    if (err.missing) return { reason: "missing", file: err.missing };
    if (err.unfetched || err.cutOff) return { reason: "network" };
    if (err.status) return { reason: "http", status: err.status, file: module.file };
    if (err instanceof WebAssembly.CompileError) return { reason: "damaged", file: module.file };
    return null;
  }

  // loadModule compiles a module from wherever this page can read it;
  // fresh asks for it past the browser's HTTP cache.
  function loadModule(module, fresh) {
    if (typeof WebAssembly !== "object" || !WebAssembly) {
      // Lockdown Mode (iPhone, iPad, Mac) and some enterprise policies
      // turn WebAssembly off: nothing here could run.
      return Promise.reject(kibitzError("blocked", "This browser does not run WebAssembly, which the solver is: it may be turned off " +
        "(Lockdown Mode on an iPhone, iPad or Mac does, as do some security settings).", { reason: "no-wasm" }));
    }
    if (module.inline) {
      return gunzip(module.inline).then(function (bytes) { loaded(module, 0.7); return WebAssembly.compile(bytes); });
    }
    if (!build.goRuntime) {
      return Promise.reject(kibitzError("internal", "kibitz.js is unbuilt: run scripts/build and use dist/"));
    }
    if (location.protocol === "file:" && module.script) return scriptModule(module, fresh);
    // A host on another origin that sends no CORS header (most do not,
    // unless told) refuses the fetch; the classic script beside the
    // module loads from any origin, as scripts do. A build without the
    // scripts (the hosted site's) has nothing else to try, and its error
    // names the file it fetched.
    return streamModule(module, fresh).catch(function (err) {
      if (!err.unfetched || !module.script) throw err;
      return scriptModule(module, fresh).catch(function (again) {
        if (again.damaged) throw again;
        var neither = new Error(err.message + "; " + again.message);
        neither.unfetched = true;
        throw neither;
      });
    });
  }

  // ownBuild says whether a compiled module is the build this loader was
  // made with: Go writes its build ID into the module's go:buildid section,
  // and the build wrote the same ID into the loader's list.
  function ownBuild(module, wasm) {
    if (!module.id || module.inline) return true; // an unbuilt loader, or the module inside it
    var sections = WebAssembly.Module.customSections(wasm, "go:buildid");
    if (!sections.length) return true; // Go always writes one: a tool stripped it, so no build to tell
    var text = String.fromCharCode.apply(null, new Uint8Array(sections[0]));
    return text.indexOf('"' + module.id + '"') >= 0;
  }

  function moduleURL(file) {
    return new URL(file, scriptURL || document.baseURI);
  }

  // streamModule compiles the module while it downloads. A copy of the
  // response is read alongside, to show how much has come, and kept: if
  // the server does not say application/wasm, streaming compilation
  // refuses, and the module is compiled from the copy instead.
  function streamModule(module, fresh) {
    var url = moduleURL(module.file);
    var fetched = fetch(url, fresh ? { cache: "reload" } : {}).catch(function (err) {
      var unfetched = new Error("could not fetch " + url + " (" + err.message + ")");
      unfetched.unfetched = true; // the request itself failed: no CORS, or no network
      throw unfetched;
    });
    return fetched.then(function (response) {
      if (!response.ok) {
        var refused = new Error("HTTP " + response.status + " for " + url);
        refused.status = response.status;
        throw refused;
      }
      var copy = response.clone();
      var parts = [], got = 0, reader = copy.body && copy.body.getReader ? copy.body.getReader() : null;
      var bytes = reader ? (function pump() {
        return reader.read().then(function (step) {
          if (!parts) return null; // compiled already, and the copy let go
          if (step.done) return new Blob(parts).arrayBuffer();
          parts.push(step.value);
          got += step.value.length;
          loaded(module, 0.7 * Math.min(got / module.size, 1));
          return pump();
        });
      })() : copy.arrayBuffer();
      bytes = bytes.catch(function (err) {
        err.cutOff = true; // the download stopped part way
        throw err;
      });
      var streamed = WebAssembly.compileStreaming ? WebAssembly.compileStreaming(response) : Promise.reject(new TypeError("no streaming"));
      return streamed.then(function (wasm) {
        if (reader) reader.cancel().catch(function () {});
        parts = null;
        return wasm;
      }, function (err) {
        if (!(err instanceof TypeError)) throw err; // a broken module, not a MIME type
        return bytes.then(function (b) { return WebAssembly.compile(b); });
      });
    });
  }

  // scriptModule loads the module from file://, where fetch cannot: the
  // build writes each module also as a classic script (kibitz-mines.wasm.js)
  // that leaves it, base64 gzip, in window.__kibitzModules.
  function scriptModule(module, fresh) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      var url = moduleURL(module.file + ".js");
      // A script cannot ask past the HTTP cache; another address can.
      if (fresh && url.protocol !== "file:") url.searchParams.set("fresh", Date.now());
      script.src = trustedScriptURL(url.href);
      script.onload = function () {
        var store = window.__kibitzModules || {};
        var text = store[module.file];
        delete store[module.file];
        if (!Object.keys(store).length) delete window.__kibitzModules; // leave the page as it was
        script.remove();
        if (!text) { reject(damagedScript(module, "did not hold the module")); return; }
        loaded(module, 0.3);
        resolve(gunzip(text).then(function (bytes) { loaded(module, 0.7); return WebAssembly.compile(bytes); })
          .catch(function (err) { throw damagedScript(module, "held a damaged module (" + err.message + ")"); }));
      };
      script.onerror = function () {
        script.remove();
        var err = new Error("could not read " + module.file + ".js beside the script");
        // From disk the only reason is a file not there (or unreadable):
        // a blogger who copied the loader alone.
        if (url.protocol === "file:") err.missing = module.file + ".js";
        reject(err);
      };
      (document.head || document.documentElement).appendChild(script);
    });
  }

  // damagedScript is the error of a module's classic script that came
  // but did not give the module: cut short on the way (a syntax error),
  // or holding a damaged copy. Trying again may help; the network worked.
  function damagedScript(module, why) {
    var err = new Error(module.file + ".js " + why);
    err.damaged = module.file + ".js";
    return err;
  }

  function gunzip(base64) {
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer();
  }

  // ---- Engines: a worker each, speaking the protocol in wasm/worker.go.

  // workerMain runs inside the worker, after Go's runtime: it starts Go on
  // the module the page posts, and reports if Go ever stops.
  function workerMain() {
    // An init message the worker cannot read (a messageerror) would leave
    // the page waiting for "ready" for good: it is reported as an exit.
    self.onmessageerror = function () {
      self.postMessage({ type: "exit", code: -1, message: "the engine could not receive its module" });
    };
    self.onmessage = function (event) {
      var msg = event.data;
      if (!msg) { self.onmessageerror(); return; } // not rebuilt: null in Chromium
      if (msg.type !== "init") return;
      var go = new Go();
      var reported = false;
      function exit(code, message) {
        if (reported) return;
        reported = true;
        self.postMessage({ type: "exit", code: code, message: message || "" });
      }
      go.exit = function (code) { exit(code, "the engine stopped with exit code " + code); };
      WebAssembly.instantiate(msg.module, go.importObject)
        .then(function (instance) { return go.run(instance); })
        .then(function () { exit(0, "the engine stopped"); },
              function (err) { exit(-1, String(err && err.message || err)); });
    };
  }

  function workerURL() {
    var source = '"use strict";\n(' + build.goRuntime.toString() + ")(self);\n(" + workerMain.toString() + ")();\n";
    return URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  }

  function Engine(module) {
    this._module = module; // the module its workers run
    this._worker = null;
    this._ready = null;
    this._pending = new Map(); // id → {resolve, reject, onProgress, worker}
    this._nextId = 1;
    this._sent = 0;  // messages posted to the current worker, for "lost"
    this._methods = [];
    this._closed = false; // terminated: no worker starts again
    this._stopStart = null; // fails the start under way
  }

  // _post sends a message to the current worker, numbered: messages
  // arrive in order, so when the worker cannot read one it can say which.
  Engine.prototype._post = function (worker, msg) {
    msg.seq = ++this._sent;
    worker.postMessage(msg);
    return msg.seq;
  };

  // _start makes sure a worker is up, starting a new one after a crash.
  Engine.prototype._start = function () {
    if (this._closed) return Promise.reject(terminatedError());
    if (this._ready) return this._ready;
    var engine = this;
    this._ready = compileModule(this._module).then(function (module) {
      return new Promise(function (resolve, reject) {
        if (engine._closed) { reject(terminatedError()); return; }
        engine._launch(module, resolve, reject);
      });
    });
    this._ready.catch(function () { engine._ready = null; });
    return this._ready;
  };

  // workersRefused is set once the page has refused a worker: its
  // Content-Security-Policy allows no blob: worker (worker-src, or
  // script-src when that is missing), or the browser has no Worker. Every
  // engine then runs on the page's own thread (inPageWorker), and every
  // later one starts there at once.
  var workersRefused = typeof Worker === "undefined";

  // _launch starts the engine's worker and settles its start: resolve
  // once Go says it is ready, reject if it dies first. A worker the page
  // refuses (it fails before a single message, with no error message, as
  // a script that was never run does) is replaced by one on the page's
  // thread, so the widget still works where a blog's policy forbids
  // workers.
  Engine.prototype._launch = function (module, resolve, reject) {
    var engine = this;
    var url = null, worker = null, heard = false;
    if (!workersRefused) {
      url = workerURL();
      try {
        worker = new Worker(trustedScriptURL(url));
      } catch (err) {
        URL.revokeObjectURL(url);
        url = null;
        workersRefused = true;
      }
    }
    if (!worker) worker = inPageWorker(module);
    engine._worker = worker;
    engine._inPage = !!worker.inPage;
    engine._sent = 0;
    var revoke = function () { if (url) URL.revokeObjectURL(url); url = null; };
    engine._stopStart = function () { revoke(); reject(terminatedError()); };
    worker.onmessage = function (event) {
      heard = true;
      var msg = event.data;
      if (!msg || typeof msg !== "object") {
        // Every message from the worker is an object: this one could
        // not be rebuilt (Chromium gives null then, not messageerror).
        worker.onmessageerror();
        return;
      }
      if (msg.type === "ready") {
        revoke();
        // The start is over: let go of it, for its closure holds this
        // worker, which for an in-page one is a whole Go instance.
        if (worker === engine._worker) engine._stopStart = null;
        engine._methods = msg.methods || [];
        resolve();
        return;
      }
      engine._onMessage(worker, msg);
      if (msg && msg.type === "exit") reject(kibitzError("engine-crashed", "The engine stopped while starting: " + msg.message));
    };
    // A message from the worker that cannot be read names no call, so
    // every call on that worker fails and the next starts a new one.
    // (The worker sends only strings and numbers, so this should not
    // happen.)
    worker.onmessageerror = function () {
      var message = "A message from the engine could not be read.";
      engine._crash(worker, message);
      reject(kibitzError("engine-crashed", message));
    };
    worker.onerror = function (event) {
      event.preventDefault();
      revoke();
      if (!heard && !event.message && !worker.inPage && worker === engine._worker) {
        workersRefused = true;
        // Not _detach: no call can be on a worker that never said ready,
        // and the start under way (this._ready) must stay the engine's.
        worker.terminate();
        engine._worker = null;
        engine._launch(module, resolve, reject);
        return;
      }
      var message = "The engine crashed: " + (event.message || "unknown error");
      engine._crash(worker, message);
      reject(kibitzError("engine-crashed", message));
    };
    worker.postMessage({ type: "init", module: module });
  };

  // inPageWorker runs the engine on the page's own thread, for pages that
  // refuse workers. It looks like a Worker to the Engine: the same
  // messages, over a MessageChannel, to a second Go instance in a sandbox
  // with no document (so Go takes the worker role) whose self.postMessage
  // and onmessage are the channel's far port. Long work still yields to
  // the page whenever it reports progress (every 50 ms), which is when a
  // click or a cancel gets in; the page stutters but does not freeze.
  // terminate closes every channel the instance made, its own yield's
  // included, so a search still running stops at its next yield and the
  // instance, unreachable, is collected with its memory.
  function inPageWorker(module) {
    var channel = new MessageChannel(), near = channel.port1, far = channel.port2;
    var channels = [channel], stopped = false;
    var worker = {
      inPage: true,
      onmessage: null, onmessageerror: null, onerror: null,
      postMessage: function (msg, transfer) {
        if (stopped) return;
        if (msg && msg.type === "init") return; // the module is started below
        near.postMessage(msg, transfer || []);
      },
      terminate: function () {
        if (stopped) return;
        stopped = true;
        channels.forEach(function (c) { c.port1.onmessage = null; c.port1.close(); c.port2.close(); });
      }
    };
    near.onmessage = function (event) { if (!stopped && worker.onmessage) worker.onmessage(event); };
    near.onmessageerror = function () { if (!stopped && worker.onmessageerror) worker.onmessageerror(); };
    var global = sandbox({
      document: undefined,
      postMessage: function (msg, transfer) { if (!stopped) far.postMessage(msg, transfer || []); },
      MessageChannel: function () {
        var c = new MessageChannel();
        if (stopped) { c.port1.close(); c.port2.close(); } else channels.push(c);
        return c;
      }
    }, { onmessage: far, onmessageerror: far });
    var report = function (code, message) {
      if (!stopped) far.postMessage({ type: "exit", code: code, message: message });
    };
    var Go = build.goRuntime(global);
    var go = new Go();
    go.exit = function (code) { report(code, "the engine stopped with exit code " + code); };
    Promise.resolve().then(function () {
      if (stopped) return;
      return WebAssembly.instantiate(module, go.importObject).then(function (instance) {
        if (stopped) return;
        watchGo(go, instance, function (why) {
          report(why ? -1 : 0, why ? String(why.message || why) : "the engine stopped");
        });
      }, function (err) { report(-1, String(err && err.message || err)); });
    });
    return worker;
  }

  Engine.prototype._onMessage = function (worker, msg) {
    if (!msg || worker !== this._worker) return;
    var call = this._pending.get(msg.id);
    switch (msg.type) {
      case "progress":
        if (call && !call.done && call.onProgress) {
          try { call.onProgress({ done: msg.done, total: msg.total, note: msg.note }); } catch (e) { /* the page's bug, not ours */ }
        }
        break;
      case "result":
        if (call) {
          this._pending.delete(msg.id);
          if (call.raw) { // the widgets' Go reads the text itself
            settle(call, true, { json: msg.json, floats: msg.floats || [] });
            break;
          }
          var value;
          try { value = JSON.parse(msg.json, bulkReviver(msg.floats, call.binary)); } catch (e) {
            settle(call, false, kibitzError("internal", "The engine's answer could not be read: " + e.message));
            break;
          }
          settle(call, true, value);
        }
        break;
      case "lost":
        // The worker could not read the message numbered seq: settle the
        // call it carried. (A lost cancel settles nothing; the grace
        // timer replaces the worker.)
        var engine = this;
        this._pending.forEach(function (c, id) {
          if (c.seq !== msg.seq) return;
          engine._pending.delete(id);
          settle(c, false, kibitzError("internal", "The engine could not receive this call: its worker could not read the message. Try again."));
        });
        break;
      case "error":
        if (call) { this._pending.delete(msg.id); settle(call, false, kibitzError(msg.code || "internal", msg.message || "unknown error", msg)); }
        break;
      case "exit":
        this._crash(worker, msg.message ? "The engine crashed: " + msg.message : "The engine crashed.");
        break;
    }
  };

  // _crash ends a worker that died and rejects every call still on it; the
  // next call starts a fresh worker.
  Engine.prototype._crash = function (worker, message) {
    if (worker !== this._worker) return;
    var pending = this._detach(worker);
    pending.forEach(function (call) { settle(call, false, kibitzError("engine-crashed", message)); });
  };

  // _replace swaps a worker stuck in a cancelled call for a new one. The
  // other calls on it did nothing wrong, and engine calls have no side
  // effects, so they are simply sent again.
  Engine.prototype._replace = function (worker) {
    if (worker !== this._worker) return;
    var pending = this._detach(worker);
    var engine = this;
    pending.forEach(function (call) { if (!call.done) engine._dispatch(call); });
    this._start().catch(function () {});
  };

  // _terminate ends the worker for good; its calls reject as cancelled.
  Engine.prototype._terminate = function () {
    this._closed = true;
    if (this._stopStart) this._stopStart(); // a worker still booting: its start fails
    var worker = this._worker;
    if (!worker) return;
    this._detach(worker).forEach(function (call) { settle(call, false, terminatedError()); });
  };

  function terminatedError() {
    return kibitzError("cancelled", "The engine was terminated.");
  }

  Engine.prototype._detach = function (worker) {
    worker.terminate();
    this._worker = null;
    this._stopStart = null;
    this._ready = null;
    var pending = this._pending;
    this._pending = new Map();
    return pending;
  };

  Engine.prototype.methods = function () {
    return this._methods.map(function (m) { return { name: m.name, doc: m.doc }; });
  };

  Engine.prototype.call = function (method, params, options) {
    options = options || {};
    var engine = this;
    return new Promise(function (resolve, reject) {
      var text;
      try { text = paramsText(params); } catch (err) { reject(err); return; }
      var call = {
        method: String(method),
        params: text,
        onProgress: options.onProgress,
        binary: !!options.binary,
        raw: !!options.raw, // the widgets': the result as the worker sent it, {json, floats}
        owner: options.owner, // the pool that made the call: held while it runs (see dropped)
        signal: options.signal,
        resolve: resolve,
        reject: reject,
        done: false,
        id: 0,
        seq: 0,
        worker: null,
        onAbort: null
      };
      if (call.signal) {
        if (call.signal.aborted) {
          reject(kibitzError("cancelled", "The call was cancelled before it started."));
          return;
        }
        call.onAbort = function () { engine._abort(call); };
        call.signal.addEventListener("abort", call.onAbort);
      }
      engine._dispatch(call);
    });
  };

  // _dispatch sends a call to the worker, starting one if needed.
  Engine.prototype._dispatch = function (call) {
    var engine = this;
    call.id = 0;
    this._start().then(function () {
      if (call.done) return;
      var worker = engine._worker;
      if (!worker) {
        engine._dispatch(call); // it died in between; start another
        return;
      }
      call.id = engine._nextId++;
      call.worker = worker;
      engine._pending.set(call.id, call);
      try {
        call.seq = engine._post(worker, { type: "run", id: call.id, method: call.method, params: call.params });
      } catch (err) {
        engine._pending.delete(call.id);
        settle(call, false, kibitzError("bad-input", "The parameters cannot be sent to the engine: " + err.message, { field: "params" }));
      }
    }, function (err) { settle(call, false, err); });
  };

  // _abort rejects a cancelled call at once, so the page moves on, and asks
  // the worker to stop. A worker that has not stopped a second later is
  // replaced.
  Engine.prototype._abort = function (call) {
    if (call.done) return;
    settle(call, false, kibitzError("cancelled", "The call was cancelled."));
    if (!call.id || this._pending.get(call.id) !== call) return; // never reached the worker
    var engine = this, worker = call.worker, id = call.id;
    this._post(worker, { type: "cancel", id: id });
    setTimeout(function () {
      if (engine._pending.get(id) === call) engine._replace(worker);
    }, CANCEL_GRACE_MS);
  };

  // paramsText writes a call's parameters as the JSON text the worker
  // reads. Text, not the object: a structured clone of deeply nested
  // parameters can fail in the worker, where nothing could answer the
  // call, while text always arrives and the engine's reader answers
  // anything. JSON.stringify alone writes NaN and ±Infinity as null, which
  // the engine would take for "absent" and default: they are bad input
  // that names the field, as is a BigInt.
  function paramsText(params) {
    if (params === undefined || params === null) return "{}";
    // Each object and list met, with its place: its holder's place, its
    // key, and whether that holder is a list. A field's path is spelled
    // from these only when one is at fault.
    var places = new Map();
    function pathOf(holder, key) {
      var parent = places.get(holder);
      if (parent === undefined) return "params"; // the parameters themselves
      var path = "";
      for (var at = { parent: parent, key: key, list: Array.isArray(holder) }; at.parent; at = at.parent) {
        path = (at.list ? "[" + at.key + "]" : "." + at.key) + path;
      }
      return path.charAt(0) === "." ? path.slice(1) : path;
    }
    var text;
    try {
      text = JSON.stringify(params, function (key, value) {
        var number = value instanceof Number ? value.valueOf() : value;
        if (typeof number === "number" && !isFinite(number) || typeof value === "bigint") {
          var field = pathOf(this, key);
          var given = typeof value === "bigint" ? value + "n" : String(number);
          throw kibitzError("bad-input", field + (typeof value === "bigint" ? " must be a number, not a BigInt" : " must be a finite number") + "; got " + given,
            { field: field, reason: "bad-value", value: given });
        }
        if (value !== null && typeof value === "object") {
          places.set(value, { parent: places.get(this) || null, key: key, list: Array.isArray(this) });
        }
        return value;
      });
    } catch (err) {
      if (err.code) throw err;
      var why = err instanceof RangeError ? "they are nested too deeply" : err.message;
      throw kibitzError("bad-input", "The parameters cannot be sent to the engine: " + why, { field: "params", reason: "bad-value" });
    }
    return text === undefined ? "{}" : text;
  }

  // bulkReviver puts a result's bulk numbers, which the worker sends as
  // Float64Arrays beside the JSON (see wasm/worker.go), back in their
  // place: as {width, values: Float64Array} for a call made with
  // {binary: true} (the widgets), else as rows of numbers, null for none,
  // which is the JSON every other caller reads.
  function bulkReviver(floats, binary) {
    if (!floats || !floats.length) return undefined;
    return function (key, value) {
      if (!value || typeof value !== "object" || typeof value.$floats !== "number") return value;
      var values = floats[value.$floats], width = value.width;
      if (binary) return { width: width, values: values };
      var rows = [];
      for (var at = 0; at < values.length; at += width) {
        var row = new Array(width);
        for (var x = 0; x < width; x++) {
          var p = values[at + x];
          row[x] = p === p ? p : null; // NaN: no number here
        }
        rows.push(row);
      }
      return rows;
    };
  }

  function settle(call, ok, value) {
    if (call.done) return;
    call.done = true;
    if (call.onAbort) call.signal.removeEventListener("abort", call.onAbort);
    if (ok) call.resolve(value); else call.reject(value);
  }

  // ---- A pool of engines, one worker each: one per core, up to four.
  //
  // A call runs on the pool's first engine. A method the engine can split
  // (engine/api/parallel.go) is shared: the first engine plans it as parts
  // (NAME.split), every engine takes parts from one queue (the other
  // workers start when a plan has parts for them, one per part up to the
  // pool's size, and stay; a slow plan announces its parts, so that they
  // start while it plans), and the first merges
  // the results (NAME.merge), which gives what one worker would have.
  // Progress counts the parts' progress; cancelling stops every part; a
  // part whose worker crashed runs again on that engine's fresh worker,
  // and the parts already done are kept. A part's result may carry a
  // bound, a value reached that later parts need not beat: each part
  // started later gets the least so far in its params (the perfect search
  // cuts its guesses off with it; the merged result is the same).

  var POOL_CAP = 4;
  var PART_RETRIES = 2; // a part that crashes its worker this often fails the call

  function poolSize(requested) {
    var cores = Math.max(1, Math.min(POOL_CAP, navigator.hardwareConcurrency || 1));
    var n = Number(requested);
    return n >= 1 ? Math.min(Math.floor(n), POOL_CAP) : cores;
  }

  function Pool(module, size) {
    this._module = module;
    this._size = size;
    this._engines = [new Engine(module)];
    this._closed = false; // terminated
  }

  Pool.prototype._start = function () {
    var pool = this;
    return this._engines[0]._start().then(function () { return pool; });
  };

  Pool.prototype.methods = function () { return this._engines[0].methods(); };

  // runsInPage says whether the engine runs on the page's own thread,
  // because the page refused it a worker (see inPageWorker): it then has
  // one engine, whatever the pool's size, and long searches make the page
  // stutter. Known once the engine has started.
  Pool.prototype.runsInPage = function () { return !!this._engines[0]._inPage; };

  // terminate ends every worker of the pool, and with them the memory
  // their engines hold (a chain table of 80 cells is 18 MB). Calls still
  // running reject as cancelled, and so does any later call.
  Pool.prototype.terminate = function () {
    this._closed = true;
    this._engines.forEach(function (engine) { engine._terminate(); });
  };

  Pool.prototype._splits = function (method) {
    var name = method + ".split";
    return this._size > 1 && !this._engines[0]._inPage && this._engines[0]._methods.some(function (m) { return m.name === name; });
  };

  Pool.prototype.call = function (method, params, options) {
    var pool = this, first = this._engines[0];
    options = options || {};
    return first._start().then(function () {
      return pool._splits(String(method)) ? pool._parallel(String(method), params, options) : first.call(method, params, owned(options, pool));
    }, function () {
      return first.call(method, params, owned(options, pool)); // it says why the engine cannot start
    });
  };

  // owned gives a call's options the pool that makes it, so that the pool
  // stays reachable while the call runs (see dropped).
  function owned(options, pool) {
    return Object.assign({}, options, { owner: pool });
  }

  Pool.prototype._parallel = function (method, params, options) {
    var pool = this, first = this._engines[0], signal = options.signal;
    if (signal && signal.aborted) return Promise.reject(kibitzError("cancelled", "The call was cancelled before it started."));
    var stop = new AbortController(); // the caller's cancel, or a part that failed
    var onAbort = function () { stop.abort(); };
    if (signal) signal.addEventListener("abort", onAbort);
    // A plan that will be shared says so before its long work (a report
    // noted "parts ahead", engine/progress): the workers for its parts
    // start then, while it plans, and not after.
    var announced = function (p) { if (p.note === "parts ahead") pool._grow(p.total); };
    var work = first.call(method + ".split", { params: params === undefined ? null : params, workers: this._size },
      { signal: stop.signal, owner: pool, onProgress: announced })
      .then(function (plan) { return pool._runParts(plan.parts, stop, options.onProgress).then(function (results) {
        return first.call(method + ".merge", { merge: plan.merge, results: results },
          { signal: stop.signal, raw: options.raw, binary: options.binary, owner: pool });
      }); });
    return work.then(function (result) {
      if (signal) signal.removeEventListener("abort", onAbort);
      return result;
    }, function (err) {
      if (signal) signal.removeEventListener("abort", onAbort);
      stop.abort();
      throw signal && signal.aborted ? kibitzError("cancelled", "The call was cancelled.") : err;
    });
  };

  // _grow starts more of the pool's engines, up to count (without, the
  // pool's size), once: only a plan with parts for them needs them, and
  // many plans have none (the first engine answers a quick hint whole),
  // for which a worker would take memory and no part. One that cannot
  // start says why when it is given a part.
  Pool.prototype._grow = function (count) {
    var wanted = count === undefined ? this._size : Math.min(count, this._size);
    while (!this._closed && this._engines.length < wanted) {
      var engine = new Engine(this._module);
      this._engines.push(engine);
      engine._start().catch(function () { /* its first call starts it again, and reports */ });
    }
  };

  // _runParts runs a plan's parts on every engine of the pool and
  // resolves with their results, in the plan's order.
  Pool.prototype._runParts = function (parts, stop, onProgress) {
    var pool = this;
    this._grow(parts.length);
    var engines = this._engines;
    var queue = parts.map(function (_, i) { return i; });
    var results = new Array(parts.length), share = parts.map(function () { return 0; });
    var crashes = parts.map(function () { return 0; });
    var finished = 0;
    var bound = 0; // the least bound a finished part's result carried (engine/api/parallel.go)
    return new Promise(function (resolve, reject) {
      var failed = false;
      function report() {
        if (!onProgress) return;
        var done = finished;
        share.forEach(function (f) { done += f; });
        try { onProgress({ done: Math.round(1000 * done), total: 1000 * parts.length, note: "parts" }); } catch (e) { /* the page's bug */ }
      }
      function fail(err) {
        if (failed) return;
        failed = true;
        stop.abort();
        reject(err);
      }
      function take(engine) {
        if (failed || !queue.length) return;
        var i = queue.shift(), part = parts[i];
        var params = part.params;
        if (bound > 0) params = Object.assign({}, params, { bound: bound });
        engine.call(part.method, params, {
          signal: stop.signal,
          owner: pool,
          onProgress: function (p) { share[i] = p.total > 0 ? Math.min(p.done / p.total, 1) : 0; report(); }
        }).then(function (result) {
          results[i] = result;
          if (result && typeof result.bound === "number" && result.bound > 0 && (!bound || result.bound < bound)) bound = result.bound;
          share[i] = 0;
          finished++;
          report();
          if (finished === parts.length) resolve(results);
          else take(engine);
        }, function (err) {
          share[i] = 0;
          if (err.code === "engine-crashed" && ++crashes[i] <= PART_RETRIES && !stop.signal.aborted) {
            queue.unshift(i); // the engine's next call starts a fresh worker
            take(engine);
          } else {
            fail(err);
          }
        });
      }
      if (!parts.length) { resolve(results); return; }
      // An engine takes parts once it has started, so a short plan's parts
      // do not wait for a worker to boot while another is free. One that
      // cannot start takes none (the first, which planned, can do them
      // all); when none can, the call fails with the reason.
      var down = 0;
      engines.forEach(function (engine) {
        engine._start().then(function () { take(engine); }, function (err) {
          if (++down === engines.length) fail(err);
        });
      });
    });
  };

  // createEngine starts an engine: a pool of workers, {workers} of them
  // (default: one per core, up to four). With {game}, it runs the
  // smallest module that has the game; without, the module with every
  // game.
  function createEngine(options) {
    var game = options && options.game;
    var module = game ? smallestCovering([String(game)]) : modules[modules.length - 1];
    if (!module) {
      return Promise.reject(kibitzError("bad-input", game ? "Kibitz has no game called \u201c" + game + "\u201d. It has: " + allGames.join(", ") + "." : "kibitz.js is unbuilt: run scripts/build and use dist/",
        { field: "game", reason: "unknown-game", value: String(game || "") }));
    }
    var pool = new Pool(module, poolSize(options && options.workers));
    if (dropped) dropped.register(pool, pool._engines);
    return pool._start();
  }

  // dropped ends the workers of an engine the page no longer holds. A page
  // may well make an engine for each call and never terminate it (the
  // shortest way to write a call); each would otherwise keep its workers,
  // tens of megabytes each, for the life of the page. A call holds its
  // pool while it runs (call.owner), so a pool that is collected has no
  // call left to cut short.
  var dropped = typeof FinalizationRegistry === "function" ? new FinalizationRegistry(function (engines) {
    engines.forEach(function (engine) { engine._terminate(); });
  }) : null;

  // ---- The page role: the widgets, run by Go in a sandboxed global.

  // sandbox is the global object the page's Go runtime sees: the real
  // window for reading, with its own slots for what Go's runtime and the
  // page role define (fs, process, path, Go, kibitzPage), so nothing is
  // written on window. Window methods come bound, since Go calls them
  // with the sandbox as this.
  //
  // fixed, if given, adds slots of its own (the in-page engine's
  // document, postMessage and MessageChannel), and routed names
  // properties that are set on another object instead (its onmessage,
  // on the channel's port).
  function sandbox(fixed, routed) {
    var real = window;
    var own = Object.create(null);
    own.fs = undefined; own.process = undefined; own.path = undefined; own.Go = undefined;
    Object.keys(fixed || {}).forEach(function (name) { own[name] = fixed[name]; }); // own keys only: a page may add to Object.prototype
    routed = routed || {};
    var isRouted = function (key) { return Object.prototype.hasOwnProperty.call(routed, key); };
    var bound = new Map();
    return new Proxy(Object.create(null), {
      get: function (_, key) {
        if (isRouted(key)) return routed[key][key];
        if (key in own) return own[key];
        // A getter that throws (window.localStorage in a sandboxed frame)
        // reads as undefined: an exception here would unwind through
        // Go's stack, which WebAssembly cannot, and kill the instance.
        var value;
        try { value = real[key]; } catch (e) { return undefined; }
        if (typeof value === "function" && typeof key === "string" && /^[a-z]/.test(key)) {
          var b = bound.get(key);
          if (!b || b.target !== value) {
            b = { target: value, fn: value.bind(real) };
            bound.set(key, b);
          }
          return b.fn;
        }
        return value;
      },
      set: function (_, key, value) {
        if (isRouted(key)) routed[key][key] = value; else own[key] = value;
        return true;
      },
      has: function (_, key) { return isRouted(key) || key in own || key in real; },
      deleteProperty: function (_, key) { delete own[key]; return true; }
    });
  }

  // paintCells, the Minesweeper board's painter, is in minesboard.js,
  // which the builder appends to this file.

  // watchGo calls died once if a Go instance stops for good: its program
  // exits (a fatal error, a panic nothing recovered) or an exception
  // unwinds through its stack (a getter of the page's that throws, a
  // trap), which leaves it broken half way through a step. Either way the
  // instance can do nothing more: its callbacks still in the page (the
  // listeners and timers it left) are made to do nothing from then on,
  // where they would throw at every event, and its memory is let go.
  function watchGo(go, instance, died) {
    var dead = false, resume = go._resume;
    function die(why) {
      if (dead) return;
      dead = true;
      // Go's timers (wasm_exec.js's scheduleTimeoutEvent) call _resume
      // until Go has taken their event: a dead Go never does, so they are
      // cleared, here and at every call, or one would spin for ever.
      var timers = go._scheduledTimeouts;
      var forget = function () {
        if (!timers) return;
        timers.forEach(function (timer) { clearTimeout(timer); });
        timers.clear();
      };
      go._resume = forget;
      forget();
      go.exited = true;
      // Go's run is an async function waiting for the exit, and its frame
      // holds the instance: let it end, or the memory stays.
      if (go._resolveExitPromise) go._resolveExitPromise();
      // mem too: a view of the instance's whole memory, held through go by
      // the dead listeners left on a shadow root that the restart reuses.
      ["_inst", "mem", "_pendingEvent", "_values", "_goRefCounts", "_ids", "_idPool"].forEach(function (name) { delete go[name]; });
      died(why);
    }
    // Every entry into Go after its start goes through _resume: events,
    // calls of Go functions, timers.
    // An exit (wasmExit) is seen at once, not a microtask later when run's
    // promise settles: a call meanwhile would throw "Go program has
    // already exited", which would be taken for the reason.
    go._resume = function () {
      if (go.exited) { die(null); return; }
      try { resume.apply(go, arguments); } catch (err) { die(err || new Error(String(err))); return; }
      if (go.exited) die(null);
    };
    go.run(instance).then(function () { die(null); }, function (err) { die(err || new Error(String(err))); });
  }

  // pageRole runs a module's widgets: Go in a sandboxed global. It
  // resolves to the instance's page: its hooks (kibitzPage), the widgets
  // mounted in it, and death, a promise that rejects if the instance
  // stops (see pageDied).
  function pageRole(module) {
    if (!module.page) {
      module.page = compileModule(module).then(function (wasm) {
        var global = sandbox();
        global.kibitzPaintCells = paintCells;
        global.kibitzHTML = trustedHTML;
        // The app's header shows the tagline its placeholder showed, from
        // this one copy (loaderText), not a copy of its own.
        global.kibitzTagline = function (lang) { return (loaderText[lang] || loaderText.en).tagline; };
        var Go = build.goRuntime(global);
        var go = new Go();
        return WebAssembly.instantiate(wasm, go.importObject).then(function (instance) {
          var page = { hooks: null, widgets: new Set(), calls: new Set(), dead: false };
          page.death = new Promise(function (_, reject) { page.kill = reject; });
          page.death.catch(function () {}); // a page that never dies is no unhandled rejection
          // Go's main runs here until it waits for callbacks.
          watchGo(go, instance, function (why) { pageDied(module, page, why); });
          if (!global.kibitzPage || page.dead) throw kibitzError("internal", "The widgets did not start.");
          page.hooks = global.kibitzPage;
          module.current = page;
          loaded(module, 0.92);
          return page;
        });
      });
      module.page.catch(function () { module.page = null; });
    }
    return module.page;
  }

  // mountInPage mounts a widget in its module's page role and enters it
  // among the instance's widgets. If the instance stops before the widget
  // is up (its own mount, or another's, stopped it), the widget is mounted
  // in the next one, as pageDied restarts those that were up; once the
  // module is given up on, it rejects.
  function mountInPage(widget, settings) {
    return pageRole(widget.module).then(function (page) {
      if (widget.gone) throw kibitzError("cancelled", "The widget was unmounted before it was up.");
      widget.page = page;
      page.widgets.add(widget);
      var inner = page.hooks.mount(widget.element, Object.assign({}, settings, { updated: siteUpdated }), pageEngine(widget.engine, page));
      // A mount that settled may still have been stopped by a later
      // widget's in the same task: pageDied skipped it, as not yet up.
      var up = page.dead ? page.death : Promise.race([inner, page.death]).then(function (handle) {
        return page.dead ? page.death : handle;
      });
      return up.then(function (handle) {
        if (!widget.gone) {
          widget.inner = handle;
          handle.theme(widget.settings.theme); // the page's, if it changed while the widget was built
          if (siteUpdated) handle.updated(); // said while it mounted
        }
        return handle;
      }, function (err) {
        if (!page.dead || widget.gone || givenUp(widget.module)) throw err;
        return mountInPage(widget, Object.assign({}, settings, { restarted: true }));
      });
    });
  }

  // recentDeaths lists when a module's page role stopped within the last
  // minute; givenUp says whether that was too often to start its widgets
  // again by themselves: three times.
  function recentDeaths(module) {
    var now = Date.now();
    module.deaths = (module.deaths || []).filter(function (t) { return now - t < 60000; });
    return module.deaths;
  }

  function givenUp(module) { return recentDeaths(module).length >= 3; }

  // pageEngine is the engine as one instance of the page role sees it:
  // when the instance dies, the calls it made are cancelled, for nobody is
  // left to read their answers (the widgets, mounted again, ask anew) and
  // a long search would keep a worker from them.
  function pageEngine(engine, page) {
    return {
      call: function (method, params, options) {
        if (page.dead) return Promise.reject(kibitzError("cancelled", "The widgets that made this call have stopped."));
        var controller = new AbortController(), signal = options && options.signal;
        var abort = function () { controller.abort(); };
        if (signal) {
          if (signal.aborted) abort(); else signal.addEventListener("abort", abort);
        }
        page.calls.add(controller);
        var done = function () {
          page.calls.delete(controller);
          if (signal) signal.removeEventListener("abort", abort);
        };
        var call = engine.call(method, params, Object.assign({}, options, { signal: controller.signal }));
        call.then(done, done);
        return call;
      }
    };
  }

  // pageDied is told that a module's page role stopped, and with it every
  // widget in it: they stay on the page but no longer answer. The next
  // mount starts a fresh instance, and each widget that was up is mounted
  // again in it from its saved state (every widget saves as the reader
  // goes, drafts included), saying that it was restarted. A module whose
  // instance stops a third time within a minute is not restarted again
  // (something in the page stops it each time): its widgets say so and
  // offer to try again.
  function pageDied(module, page, why) {
    if (page.dead) return;
    page.dead = true;
    if (!page.hooks) return; // it never started: pageRole rejects
    var what = why ? String(why.message || why) : "it exited";
    page.kill(kibitzError("internal", "The widgets stopped: " + what));
    page.calls.forEach(function (controller) { controller.abort(); });
    if (module.current === page) {
      module.current = null;
      module.page = null;
    }
    recentDeaths(module).push(Date.now());
    var again = !givenUp(module);
    if (window.console) {
      console.error("Kibitz: the widgets stopped (" + what + ")" + (again ? "; they start again where they were." : ", for the third time in a minute; they wait for the reader."), why || "");
    }
    page.widgets.forEach(function (widget) {
      if (widget.gone || !widget.inner) return; // gone, or still mounting: its mount rejects
      widget.inner = null;
      if (!again) {
        widgetStopped(widget);
        return;
      }
      mountInPage(widget, Object.assign({}, widget.settings, { restarted: true })).then(function (inner) {
        if (widget.gone) inner.unmount();
        sweepBoards();
      }, function (err) {
        if (window.console) console.error("Kibitz: a widget could not start again:", err);
        if (!widget.gone) widgetStopped(widget);
      });
    });
  }

  // widgetEngine is the engine the module's widgets share; each widget
  // holds it from the start of its mount until its unmount, and the last
  // to let go terminates it, so that a page whose widgets are gone (a
  // single-page site that moved on) does not keep their workers and
  // tables (18 MB for an 80-cell chain).
  function widgetEngine(module) {
    module.users = (module.users || 0) + 1;
    if (!module.engine) {
      var engine = module.engine = new Pool(module, poolSize())._start();
      engine.catch(function () { if (module.engine === engine) module.engine = null; });
    }
    return module.engine;
  }

  function releaseWidgetEngine(module) {
    if (--module.users > 0 || !module.engine) return;
    var engine = module.engine;
    module.engine = null;
    engine.then(function (pool) { pool.terminate(); }, function () {});
  }

  var mounted = new WeakMap(); // element → Promise<handle>
  var live = new Set(); // the elements mounted or mounting, for the observer
  var leaving = new WeakMap(); // element → Promise: its widget is unmounted
  var owners = new WeakMap(); // element → its widget, the last mounted
  var tried = new WeakSet(); // the elements ever mounted (see mountAll)

  // ---- What a widget shows before the engine is ready, or if it cannot
  // be: a box of about the widget's size (so a blog post does not jump
  // when it arrives), in the reader's language and the page's theme.

  var loaderText = {
    en: { loading: "Loading the solver…", tagline: "Game solvers that run entirely in your browser.", failed: "The solver could not load: {1}", retry: "Try again",
          unknown: "Kibitz has no game called “{1}”. It has: {2}.",
          noGame: "Say which game to show: {1}.",
          csp: "The solver cannot run here: this page's security policy (Content-Security-Policy) does not allow WebAssembly. The site's owner can allow it by adding 'wasm-unsafe-eval' to script-src.",
          trustedTypes: "The solver cannot run here: this page's security policy (Trusted Types) does not allow the policy 'kibitz' its widgets need. The site's owner can allow it by adding kibitz to trusted-types.",
          outdated: "The solver has just been updated on this site, and this page still has part of the old version. Reload the page to use the new one.",
          reload: "Reload the page",
          stopped: "The solver stopped on an internal error. Your game is saved: try again to carry on.",
          noWasm: "The solver cannot run in this browser: WebAssembly, which it is made of, is turned off here (Lockdown Mode on an iPhone, iPad or Mac does this, as do some security settings).",
          network: "The solver could not load: the connection failed or was cut off. Check the connection and try again.",
          http: "The solver could not load: the site answered HTTP {1} for {2}. Try again later, or tell the site's owner.",
          missing: "The solver's file {2} could not be read. It belongs in the same folder as this page's Kibitz script (keep all of Kibitz's files together).",
          damaged: "The solver's file {2} arrived damaged, so it cannot run. Try again; if this keeps happening, the copy on this site is damaged." },
    "zh-Hant": { loading: "正在載入解題器…", tagline: "完全在瀏覽器裡執行的遊戲解題器。", failed: "解題器無法載入：{1}", retry: "重試",
          unknown: "Kibitz 沒有叫做「{1}」的遊戲。現有的遊戲：{2}。",
          noGame: "請指定要顯示的遊戲：{1}。",
          csp: "解題器無法在此執行：這個網頁的安全性政策（Content-Security-Policy）不允許 WebAssembly。網站管理者可以在 script-src 加上 'wasm-unsafe-eval' 來允許。",
          trustedTypes: "解題器無法在此執行：這個網頁的安全性政策（Trusted Types）不允許小工具所需的政策 'kibitz'。網站管理者可以在 trusted-types 加上 kibitz 來允許。",
          outdated: "這個網站的解題器剛剛更新，而這個網頁還留著舊版本的一部分。請重新載入網頁以使用新版本。",
          reload: "重新載入網頁",
          stopped: "解題器因內部錯誤而停止。你的遊戲已經儲存：重試即可繼續。",
          noWasm: "解題器無法在這個瀏覽器中執行：組成解題器的 WebAssembly 在這裡被關閉了（iPhone、iPad 或 Mac 的鎖定模式，以及某些安全性設定都會這樣做）。",
          network: "解題器無法載入：連線失敗或中斷了。請檢查網路連線後重試。",
          http: "解題器無法載入：網站對 {2} 回應了 HTTP {1}。請稍後重試，或告知網站管理者。",
          missing: "讀不到解題器的檔案 {2}。它應該和這個網頁的 Kibitz 腳本放在同一個資料夾（Kibitz 的檔案請全部放在一起）。",
          damaged: "解題器的檔案 {2} 傳來時已損壞，無法執行。請重試；如果一再發生，就是這個網站上的檔案損壞了。" },
    "zh-Hans": { loading: "正在加载解题器…", tagline: "完全在浏览器里运行的游戏解题器。", failed: "解题器无法加载：{1}", retry: "重试",
          unknown: "Kibitz 没有叫做“{1}”的游戏。现有的游戏：{2}。",
          noGame: "请指定要显示的游戏：{1}。",
          csp: "解题器无法在此运行：这个网页的安全策略（Content-Security-Policy）不允许 WebAssembly。网站所有者可以在 script-src 中加上 'wasm-unsafe-eval' 来允许。",
          trustedTypes: "解题器无法在此运行：这个网页的安全策略（Trusted Types）不允许小组件所需的策略 'kibitz'。网站所有者可以在 trusted-types 中加上 kibitz 来允许。",
          outdated: "这个网站的解题器刚刚更新，而这个网页还留着旧版本的一部分。请重新加载网页以使用新版本。",
          reload: "重新加载网页",
          stopped: "解题器因内部错误而停止。你的游戏已经保存：重试即可继续。",
          noWasm: "解题器无法在这个浏览器中运行：构成解题器的 WebAssembly 在这里被关闭了（iPhone、iPad 或 Mac 的锁定模式，以及某些安全设置都会这样做）。",
          network: "解题器无法加载：连接失败或中断了。请检查网络连接后重试。",
          http: "解题器无法加载：网站对 {2} 返回了 HTTP {1}。请稍后重试，或告知网站所有者。",
          missing: "读不到解题器的文件 {2}。它应该和这个网页的 Kibitz 脚本放在同一个文件夹（Kibitz 的文件请全部放在一起）。",
          damaged: "解题器的文件 {2} 传来时已损坏，无法运行。请重试；如果反复出现，就是这个网站上的文件损坏了。" },
    ja: { loading: "ソルバーを読み込み中…", tagline: "ブラウザだけで動くゲームソルバー。", failed: "ソルバーを読み込めませんでした：{1}", retry: "再試行",
          unknown: "Kibitz に「{1}」というゲームはありません。あるのは {2} です。",
          noGame: "表示するゲームを指定してください：{1}。",
          csp: "ここではソルバーを動かせません：このページのセキュリティポリシー（Content-Security-Policy）が WebAssembly を許可していません。サイトの管理者は script-src に 'wasm-unsafe-eval' を加えると許可できます。",
          trustedTypes: "ここではソルバーを動かせません：このページのセキュリティポリシー（Trusted Types）が、ウィジェットに必要なポリシー 'kibitz' を許可していません。サイトの管理者は trusted-types に kibitz を加えると許可できます。",
          outdated: "このサイトのソルバーは更新されたばかりで、このページには古い版の一部が残っています。新しい版を使うには、ページを再読み込みしてください。",
          reload: "ページを再読み込み",
          stopped: "ソルバーが内部エラーで停止しました。ゲームは保存されています。再試行すると続けられます。",
          noWasm: "このブラウザではソルバーを動かせません：ソルバーを構成する WebAssembly がここではオフになっています（iPhone・iPad・Mac のロックダウンモードや、一部のセキュリティ設定がそうします）。",
          network: "ソルバーを読み込めませんでした：接続できないか、途中で切れました。接続を確かめて再試行してください。",
          http: "ソルバーを読み込めませんでした：サイトが {2} に HTTP {1} を返しました。しばらくしてから再試行するか、サイトの管理者に知らせてください。",
          missing: "ソルバーのファイル {2} を読み込めませんでした。このページの Kibitz のスクリプトと同じフォルダーに置いてください（Kibitz のファイルはすべて一緒に置きます）。",
          damaged: "ソルバーのファイル {2} が壊れて届いたため、動かせません。再試行してください。何度も起きる場合は、このサイトのファイルが壊れています。" }
  };

  // The widgets' usual first height, so the placeholder holds their place.
  // Measured in Chromium with the default settings, in English, at 320,
  // 450, 680 and 1,100 px for the widths [up to 360 px, up to 500, up to
  // 900, wider]: a widget reflows taller in a narrow column. A widget
  // opens in another mode at another size, so those are measured too
  // ("guess tree"); Minesweeper's ("mines") is its beginner's board's, and
  // another board adds its own height (boardHeight); the app ("app")
  // opens on its welcome, or, for a returning reader, on the game they
  // left, under its header (appHeader).
  var placeholderHeights = {
    guess: [368, 362, 339, 325],
    "guess helper": [1152, 1160, 1007, 864],
    "guess tree": [2044, 1964, 1482, 1446],
    mines: [839, 792, 775, 743],
    "mines analyse": [1645, 1583, 1371, 1379],
    chain: [812, 596, 561, 569],
    "chain analyse": [546, 473, 452, 460],
    app: [811, 824, 463, 381]
  };
  var appHeader = [191, 175, 135, 135];

  function placeholderHeight(screen, width) {
    var bucket = width <= 360 ? 0 : width <= 500 ? 1 : width <= 900 ? 2 : 3;
    var heights = placeholderHeights[screen.shape] || placeholderHeights[screen.game] || placeholderHeights.guess;
    return heights[bucket] + (screen.inApp ? appHeader[bucket] : 0) +
      (screen.board ? boardHeight(screen.board, width) - boardHeight([9, 9], width) : 0);
  }

  // boardHeight is how tall a Minesweeper board of [columns, rows] is in
  // a widget width px wide: its squares are as big as fit, from 18 px (26
  // on a touch screen) to 30 (web/minesboard.js, fit), in a box that is
  // at most 75% of the window's height (wasm/mines/mines.css, with its
  // padding and the board's border).
  function boardHeight(board, width) {
    var pad = width > 462 ? 8 : 4;
    var cell = Math.max(matchMedia("(pointer: coarse)").matches ? 26 : 18, Math.min(30, Math.floor((width - 46 - pad) / board[0])));
    return Math.min(board[1] * cell + 4 + pad, innerHeight * 0.75);
  }

  // firstScreen tells which screen a widget opens on, as its Go does
  // (wasm/<game>): the mode data-mode names, else the one the reader left
  // (its saved state's), and for Minesweeper the board it shows first:
  // the game the reader left, else the level data-preset names, else the
  // saved level or custom size. The app opens on the game its address names
  // (#mines: wasm/app), else on the game the reader left; the game's
  // widget's state is saved under the app's key and the game's name.
  function firstScreen(game, mode, preset, key) {
    if (game === "app") {
      var linked = location.hash.slice(1);
      var left = allGames.indexOf(linked) >= 0 ? linked : savedState("app", key).game;
      if (typeof left !== "string" || !placeholderHeights[left]) return { game: "app", shape: "app" };
      var inner = firstScreen(left, "", "", key + "/" + left);
      inner.inApp = true;
      return inner;
    }
    var saved = savedState(game, key);
    var modes = { guess: ["you", "computer", "helper", "tree"], mines: ["play", "analyse"], chain: ["play", "analyse"] }[game] || [];
    mode = String(mode || "").toLowerCase().replace(/^analy[sz]er?$/, "analyse");
    if (modes.indexOf(mode) < 0) mode = saved.mode;
    if (modes.indexOf(mode) > 0) return { game: game, shape: game + " " + mode };
    if (game !== "mines") return { game: game, shape: game };
    // A game not yet clicked is dealt again at the level data-preset names.
    var levels = { beginner: [9, 9], intermediate: [16, 16], expert: [30, 16] }, s = saved.settings || {}, g = saved.game;
    var board = g && !(levels[preset] && !g.started) ? [g.width, g.height] : levels[preset] || levels[s.level] || [s.width, s.height];
    return { game: game, shape: game, board: board[0] > 0 && board[1] > 0 ? board : [9, 9] };
  }

  // savedState is a widget's saved state (see Frame.Save), {} for none.
  function savedState(game, key) {
    try {
      var state = JSON.parse(localStorage.getItem("kibitz/" + game + "/" + key) || "{}");
      return state && typeof state === "object" ? state : {};
    } catch (e) { return {}; } // storage forbidden, or not JSON
  }

  // matchLang mirrors wasm/i18n.Match: Chinese by script, then region.
  function matchLang(tag) {
    var t = String(tag || "").toLowerCase().replace(/_/g, "-");
    if (t === "en" || t.indexOf("en-") === 0) return "en";
    if (t === "ja" || t.indexOf("ja-") === 0) return "ja";
    if (t === "zh" || t.indexOf("zh-") === 0) {
      if (/-hant(-|$)/.test(t)) return "zh-Hant";
      if (/-hans(-|$)/.test(t)) return "zh-Hans";
      return /-(tw|hk|mo)(-|$)/.test(t) ? "zh-Hant" : "zh-Hans";
    }
    return "";
  }

  // pageLang is the widget's language as the page gives it: data-lang
  // (or the mount's lang) when Kibitz has that language, else the lang of
  // the post around the element (<html lang="ja">, or a section's), so
  // that a widget in a Japanese post speaks Japanese to every reader
  // (the reader's browser decided, which put English buttons in it for
  // most); the browser decides only when neither names a language Kibitz
  // has. The hosted site's own page is the reader's, not a post: its
  // <html lang="en"> says what its fallback text is written in.
  function pageLang(element, game, explicit) {
    if (matchLang(explicit) || game === "app") return explicit;
    var around = element.closest ? element.closest("[lang]") : null;
    var tag = around ? around.getAttribute("lang") : "";
    return matchLang(tag) ? tag : explicit;
  }

  // pageTheme is the theme the page around the element asks for when
  // data-theme says none: a page that declares itself dark only
  // (color-scheme: dark, in its CSS or its <meta name="color-scheme">)
  // gets a dark widget, one that is light only a light one, whatever the
  // reader's system prefers: a white box on a dark blog glared. A page
  // that declares nothing but is painted dark where the widget is (most
  // dark blog themes only set a background) is dark too. A page that
  // declares both, or nothing and is not dark, leaves it to the reader's
  // system.
  function pageTheme(element) {
    var scheme = "";
    try { scheme = getComputedStyle(element).colorScheme || ""; } catch (e) { /* no style yet */ }
    if (!scheme || scheme === "normal") {
      var meta = document.querySelector('meta[name="color-scheme"]');
      scheme = meta ? meta.getAttribute("content") || "" : "";
    }
    var words = scheme.toLowerCase().split(/[\s,]+/);
    var light = words.indexOf("light") >= 0, dark = words.indexOf("dark") >= 0;
    if (!light && !dark) return darkBehind(element) ? "dark" : "";
    return dark && !light ? "dark" : light && !dark ? "light" : "";
  }

  // darkBehind says whether the background the page paints behind the
  // element, its own or the nearest mostly opaque one around it (the
  // body's, on most blogs), is dark: nearer black than white.
  function darkBehind(element) {
    for (var e = element; e && e.nodeType === 1; e = e.parentElement) {
      var c;
      try { c = getComputedStyle(e).backgroundColor || ""; } catch (err) { return false; }
      var m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(c);
      if (!m) {
        if (c === "transparent" || c === "") continue;
        return false; // a colour written another way (oklch…): no guess
      }
      var alpha = m[4] === undefined ? 1 : m[5] ? m[4] / 100 : +m[4];
      if (alpha < 0.5) continue;
      var lin = function (v) { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
      return 0.2126 * lin(+m[1]) + 0.7152 * lin(+m[2]) + 0.0722 * lin(+m[3]) < 0.179;
    }
    return false;
  }

  // retheme gives a new theme to each widget whose theme the page decides
  // (no data-theme, no theme option) when the page changes it after the
  // widget was built: a blog's dark-mode switch sets a class or
  // data-theme on <html>, <body> or a box around the widget, which its
  // CSS gives a color-scheme, or rewrites its <meta name=color-scheme>;
  // and a page dark only for a dark system follows the system. (Such a
  // widget kept the theme of the page as it loaded.) A Minesweeper
  // board's canvas is painted again in the new colours (minesboard.js).
  function retheme(records) {
    live.forEach(function (element) {
      var w = owners.get(element);
      if (!w || records && !records.some(function (r) {
        return r.type === "attributes" && r.target.contains(element) || document.head.contains(r.target);
      })) return;
      var theme = w.options.theme || element.getAttribute("data-theme") || pageTheme(element);
      if (theme === w.settings.theme) return;
      w.settings.theme = theme;
      var shadow = element.shadowRoot, box = shadow.querySelector(".kz-loading");
      if (box) box.setAttribute("data-theme", theme);
      if (w.inner) w.inner.theme(theme);
      shadow.querySelectorAll(".kz-mines-tiles").forEach(function (layer) {
        if (layer.kz) { layer.kz.colours = null; layout(layer.kz, true); }
      });
    });
  }

  function chooseLang(explicit, game, key) {
    var saved = "";
    try { saved = localStorage.getItem("kibitz/" + game + "/" + key + "#lang") || ""; } catch (e) { /* storage forbidden */ }
    var tags = [saved, explicit].concat(Array.prototype.slice.call(navigator.languages || [navigator.language || ""]));
    for (var i = 0; i < tags.length; i++) {
      var l = matchLang(tags[i]);
      if (l) return l;
    }
    return "en";
  }

  function fill(text, args) {
    return text.replace(/\{(\d)\}/g, function (_, n) { return args[n - 1]; });
  }

  // The box is an inline-flex as wide as the host, with the host's indent
  // cleared, for the reason .kz is an inline-block (style.css): a page's
  // text decoration stops at an inline box, not at a block.
  var placeholderCSS =
    ":host{display:block;text-indent:0!important;height:auto!important;min-height:0!important;max-height:none!important}:host([hidden]){display:none!important}" +
    // The widget's width where the page sizes boxes by their content (see :host::after in style.css).
    ":host::after{content:''!important;display:grid!important;grid-template-columns:minmax(260px,720px)!important;height:0!important;min-width:0!important;flex:0 1 0!important;overflow:hidden!important;visibility:hidden!important;position:static!important;margin:0!important;padding:0!important;border:0!important}" +
    ".kz-loading{all:initial;visibility:inherit;direction:ltr;unicode-bidi:isolate;flex:auto;color-scheme:light dark;box-sizing:border-box;display:inline-flex;vertical-align:top;width:100%;flex-direction:column;align-items:center;justify-content:center;gap:12px;" +
    "padding:16px;border:1px solid light-dark(#cbd5e1,#334155);border-radius:10px;background:light-dark(#fff,#0f172a);color:light-dark(#0f172a,#e2e8f0);" +
    "font:15px/1.5 system-ui,sans-serif;text-align:center}" +
    ".kz-loading[data-theme=light]{color-scheme:light}.kz-loading[data-theme=dark]{color-scheme:dark}" +
    ".kz-loading progress{width:min(16rem,80%);accent-color:light-dark(#1d4ed8,#60a5fa)}" +
    ".kz-loading .kz-loading-name{font-size:1.6em;font-weight:700;line-height:1.2}" +
    ".kz-loading .kz-failed{color:light-dark(#b91c1c,#f87171)}" +
    ".kz-loading button{font:inherit;padding:6px 14px;border-radius:6px;border:1px solid light-dark(#1d4ed8,#60a5fa);background:light-dark(#1d4ed8,#60a5fa);color:light-dark(#fff,#0f172a);cursor:pointer}";

  // styleShadow gives a shadow root its style sheet: a constructed one,
  // adopted, which a page's Content-Security-Policy lets through where it
  // refuses inline <style> elements (style-src without 'unsafe-inline'),
  // else, in a browser without them, a <style> element.
  var constructedSheets = {};
  function styleShadow(shadow, css) {
    if ("adoptedStyleSheets" in shadow && typeof CSSStyleSheet === "function") {
      try {
        var sheet = constructedSheets[css];
        if (!sheet) {
          sheet = new CSSStyleSheet();
          sheet.replaceSync(css);
          constructedSheets[css] = sheet;
        }
        shadow.adoptedStyleSheets = [sheet];
        return;
      } catch (e) { /* an older browser: the element below */ }
    }
    var style = document.createElement("style");
    style.textContent = css;
    shadow.appendChild(style);
  }

  // placeholder draws the loading box in element's shadow root and
  // returns its controls.
  function placeholder(element, screen, lang, theme, module) {
    var shadow = element.shadowRoot || element.attachShadow({ mode: "open" });
    var text = loaderText[lang] || loaderText.en;
    shadow.replaceChildren();
    var box = document.createElement("div");
    box.className = "kz-loading";
    box.setAttribute("lang", lang);
    box.setAttribute("role", "status");
    box.setAttribute("data-theme", theme); // light or dark, else the reader's system
    box.style.minHeight = placeholderHeight(screen, element.clientWidth) + "px";
    // The site's app says what the site is while it loads (its name and
    // tagline, which the app's header shows too: see kibitzTagline): a
    // first visit on a slow line saw only "Loading the solver…".
    if (screen.game === "app" || screen.inApp) {
      var name = document.createElement("div");
      name.className = "kz-loading-name";
      name.textContent = "Kibitz";
      var tagline = document.createElement("div");
      tagline.textContent = text.tagline;
      box.appendChild(name);
      box.appendChild(tagline);
    }
    var label = document.createElement("div");
    label.textContent = text.loading;
    var bar = document.createElement("progress");
    bar.max = 100;
    // Until some of the module has come, the bar moves without telling
    // how far (no value): a module read from its classic script says
    // nothing until all of it has come, and a bar at 0% looked stuck.
    if (module && module.fraction > 0) bar.value = Math.round(100 * module.fraction);
    bar.setAttribute("aria-label", text.loading);
    box.appendChild(label);
    box.appendChild(bar);
    styleShadow(shadow, placeholderCSS);
    shadow.appendChild(box);
    function onProgress(fraction) { bar.value = Math.round(100 * fraction); }
    if (module) module.listeners.push(onProgress);
    return {
      done: function () {
        var i = module ? module.listeners.indexOf(onProgress) : -1;
        if (i >= 0) module.listeners.splice(i, 1);
      },
      // fail says what went wrong where the widget would be; retry, if
      // given, gets a button (labelled "Try again" unless label says).
      fail: function (message, retry, label) {
        this.done();
        if (!box.isConnected) {
          // The widget had begun to build in the shadow root: put the box
          // back, so the reader sees why there is no widget.
          shadow.replaceChildren();
          styleShadow(shadow, placeholderCSS);
          shadow.appendChild(box);
        }
        box.setAttribute("role", "alert");
        box.replaceChildren();
        var p = document.createElement("p");
        p.className = "kz-failed";
        p.textContent = message;
        box.appendChild(p);
        if (retry) {
          var button = document.createElement("button");
          button.type = "button";
          button.textContent = label || text.retry;
          button.addEventListener("click", retry);
          box.appendChild(button);
        }
      },
      // whenOnline calls fn once the browser is back online, if the box
      // still says why the widget failed (no retry, unmount or other
      // mount has replaced it).
      whenOnline: function (fn) {
        var failed = box;
        window.addEventListener("online", function () {
          if (failed.isConnected && failed.getAttribute("role") === "alert") fn();
        }, { once: true });
      },
      text: text
    };
  }

  // mount never throws: whatever the element and the options, it returns
  // a promise, so one bad widget cannot stop the others on the page.
  function mount(element, options) {
    try {
      return mountOnce(element, options);
    } catch (err) {
      return Promise.reject(err.code ? err : kibitzError("internal", "Kibitz.mount failed: " + err.message));
    }
  }

  function mountOnce(element, options) {
    if (!element || element.nodeType !== 1) return Promise.reject(kibitzError("bad-input", "Kibitz.mount needs an element.", { field: "element" }));
    if (mounted.has(element)) return mounted.get(element);
    tried.add(element);
    // An element that left the page and came back waits until the widget
    // it had is down, so the two never share its shadow root. It waits as
    // a mount of its own, so that leaving again while it waits cancels it.
    var gone = leaving.get(element);
    if (gone) {
      var waiting = gone.then(function () {
        if (mounted.get(element) !== waiting) {
          throw kibitzError("cancelled", "The widget's element left the page before the widget was mounted.");
        }
        forget(element, waiting);
        return mount(element, options);
      });
      mounted.set(element, waiting);
      live.add(element);
      return waiting;
    }
    options = options || {};
    var attr = function (name) { return element.getAttribute(name) || ""; };
    // The game is a name, whatever was given; a name no game has is told
    // in the placeholder, at once.
    var game = String(options.game || attr("data-kibitz"));
    if (options.game) mountedFrom.delete(element); else mountedFrom.set(element, attributesOf(element));
    var key = options.key || attr("data-kibitz-key") || element.id || defaultKey(element, game);
    var settings = {
      game: game,
      lang: pageLang(element, game, options.lang || attr("data-lang")),
      key: key,
      theme: options.theme || attr("data-theme") || pageTheme(element),
      mode: options.mode || attr("data-mode"),
      preset: options.preset || attr("data-preset"),
      languages: Array.prototype.slice.call(navigator.languages || [navigator.language || ""])
    };
    var module = moduleFor(game);
    var lang = chooseLang(settings.lang, game, key);
    var box = placeholder(element, firstScreen(game, settings.mode, settings.preset, key), lang, settings.theme, module);
    element.setAttribute("aria-busy", "true");
    var ready, holdsEngine = false, self = {};
    if (!modules.length) {
      ready = Promise.reject(kibitzError("internal", "kibitz.js is unbuilt: run scripts/build and use dist/"));
    } else if (trustedTypesRefused()) {
      ready = Promise.reject(kibitzError("blocked", "This page enforces Trusted Types and its trusted-types list does not allow the policy 'kibitz', which the widgets write their markup with.",
        { reason: "trusted-types" }));
    } else if (!module) {
      var names = allGames.join(", ");
      var text = game.trim() ? fill(box.text.unknown, [game, names]) : fill(box.text.noGame, [names]);
      ready = Promise.reject(kibitzError("bad-input", text, { field: "game", reason: "unknown-game", value: game }));
    } else {
      holdsEngine = true;
      var widget = self.widget = { element: element, options: options, settings: settings, module: module,
        lang: lang, engine: null, page: null, inner: null, gone: false, released: false };
      owners.set(element, widget);
      ready = Promise.all([pageRole(module), widgetEngine(module)]).then(function (both) {
        loaded(module, 1);
        widget.engine = both[1];
        return mountInPage(widget, settings);
      }).then(function () { return widgetHandle(element, module, self, widget); });
    }
    var promise = ready.then(function (handle) {
      box.done();
      element.removeAttribute("aria-busy");
      return handle;
    }, function (err) {
      // Whatever was thrown, the reader is told something: an exception
      // here would leave "Loading…" for ever.
      if (!err || typeof err !== "object") err = kibitzError("internal", "The widget failed: " + String(err));
      forget(element, promise);
      if (self.widget) {
        self.widget.gone = true;
        if (self.widget.page) self.widget.page.widgets.delete(self.widget);
      }
      if (holdsEngine) releaseWidgetEngine(module);
      element.removeAttribute("aria-busy");
      if (err.reason === "unknown-game") {
        box.fail(err.message, null); // trying again would not help
      } else if (err.reason === "csp" || err.reason === "trusted-types" || err.reason === "no-wasm") {
        // Nor here, until the page or the browser changes.
        box.fail(box.text[{ csp: "csp", "trusted-types": "trustedTypes", "no-wasm": "noWasm" }[err.reason]], null);
      } else if (err.code === "outdated") {
        // A retry would meet the same files; a reload brings the new loader.
        box.fail(box.text.outdated, function () { location.reload(); }, box.text.reload);
      } else {
        // A module that could not load says why in the reader's words
        // (the browser's own, in English, are in the console); anything
        // else quotes the error.
        var why = { network: 1, http: 1, damaged: 1, missing: 1 }[err.reason] ? fill(box.text[err.reason], [err.status, err.file]) : fill(box.text.failed, [err.message]);
        var retry = function () { mount(element, options).catch(function () {}); };
        box.fail(why, retry);
        // A reader who opened the post offline (a train in a tunnel)
        // has the widget as soon as the browser is back online.
        if (err.reason === "network") box.whenOnline(retry);
      }
      throw err;
    });
    self.promise = promise;
    mounted.set(element, promise);
    live.add(element);
    return promise;
  }

  // forget drops an element's mount, if it is still this one.
  function forget(element, promise) {
    if (mounted.get(element) !== promise) return;
    mounted.delete(element);
    live.delete(element);
  }

  // widgetHandle wraps the page role's handle: unmounting (once; a second
  // call does nothing) empties the element, forgets it, so that it can be
  // mounted again, and lets go of the engine. The widget's handle inside
  // the page role is the one it has now: a restart replaces it.
  function widgetHandle(element, module, self, widget) {
    var done = false;
    return {
      lang: widget.inner.lang,
      unmount: function () {
        if (done) return;
        done = true;
        widget.gone = true;
        if (widget.page) widget.page.widgets.delete(widget);
        var ours = !mounted.has(element) || mounted.get(element) === self.promise;
        forget(element, self.promise);
        if (widget.inner) {
          widget.inner.unmount();
        } else if (ours && element.shadowRoot) {
          // Being restarted, or stopped: what the element shows (the dead
          // widget, or the "stopped" box) is no live widget's to take down.
          element.shadowRoot.replaceChildren();
          try { element.shadowRoot.adoptedStyleSheets = []; } catch (e) { /* an older browser */ }
        }
        widget.inner = null;
        sweepBoards();
        if (!widget.released) releaseWidgetEngine(module);
        widget.released = true;
      }
    };
  }

  // widgetStopped puts, in place of a widget whose page role stopped and
  // was not restarted, a sentence that says so and a button that mounts it
  // again.
  function widgetStopped(widget) {
    widget.gone = true;
    widget.page.widgets.delete(widget);
    forget(widget.element, mounted.get(widget.element));
    if (!widget.released) releaseWidgetEngine(widget.module);
    widget.released = true;
    var s = widget.settings;
    var box = placeholder(widget.element, firstScreen(s.game, s.mode, s.preset, s.key), widget.lang, s.theme, widget.module);
    // What stopped it is in the console (pageDied), in English: the
    // reader is told what happened and what to do.
    box.fail(box.text.stopped, function () {
      mount(widget.element, widget.options).catch(function () {});
    });
  }

  // unmountLeft unmounts the widgets whose elements were among the nodes
  // the records removed and are no longer in the page (one moved within a
  // task is back by now). A widget still mounting is unmounted once ready.
  // An element mounted before it was ever added to the page is not
  // touched.
  function unmountLeft(records) {
    live.forEach(function (element) {
      if (element.isConnected || !removedBy(records, element)) return;
      takeDown(element);
    });
  }

  // takeDown unmounts an element's widget, once it is up if it is still
  // mounting; a mount of the element meanwhile waits for it (leaving).
  function takeDown(element) {
    var promise = mounted.get(element);
    forget(element, promise);
    var done = function () { if (leaving.get(element) === gone) leaving.delete(element); };
    var gone = promise.then(function (handle) { handle.unmount(); }, function () {}).then(done, done);
    leaving.set(element, gone);
  }

  // The attributes a widget is mounted from, as they were (mountedFrom:
  // element → their values, for a widget the page's attributes decide).
  var widgetAttributes = ["data-kibitz", "data-lang", "data-mode", "data-preset", "data-kibitz-key"];
  var mountedFrom = new WeakMap();
  function attributesOf(element) {
    return JSON.stringify(widgetAttributes.map(function (a) { return element.getAttribute(a); }));
  }

  // remountChanged follows the widget attributes of elements in the page:
  // a single-page blog that keeps the element of one post's widget for the
  // next post's sets another game (or mode, preset, language) on it, and
  // a script may add an element first and set its data-kibitz after. Such
  // an element is mounted anew with what its attributes say now, and one
  // whose data-kibitz is removed is emptied. (The first widget stayed,
  // under the next post's data-kibitz; a data-kibitz set late was never
  // mounted.) A widget mounted with a game of the script's own
  // (Kibitz.mount's options) is the script's, not its attributes'.
  function remountChanged(records) {
    var seen = new Set();
    records.forEach(function (r) {
      var element = r.target;
      if (r.type !== "attributes" || widgetAttributes.indexOf(r.attributeName) < 0 || seen.has(element) || !element.isConnected) return;
      seen.add(element);
      var from = mountedFrom.get(element), game = element.hasAttribute("data-kibitz");
      if (mounted.has(element)) {
        if (from === undefined || from === attributesOf(element)) return;
        takeDown(element);
      } else if (!records.some(function (q) { return q.target === element && q.type === "attributes" && q.attributeName === "data-kibitz"; })) {
        // Unmounted by a script, or failed: its data-kibitz says when to
        // mount again, wherever it comes in the batch (a script may set
        // data-lang first, then data-kibitz, in one task).
        return;
      } else if (!game && from !== undefined && element.shadowRoot && element.shadowRoot.querySelector(".kz-loading")) {
        element.shadowRoot.replaceChildren(); // the failed placeholder goes with its game
      }
      if (game) reportFailure(mount(element));
    });
  }

  function removedBy(records, element) {
    for (var i = 0; i < records.length; i++) {
      var removed = records[i].removedNodes;
      for (var j = 0; j < removed.length; j++) {
        var node = removed[j];
        if (node === element || (node.nodeType === 1 && node.contains(element))) return true;
      }
    }
    return false;
  }

  // defaultKey names a widget's saved state by its page and its place
  // among the page's widgets of the same game. The game is compared as a
  // value, never put in a selector, where a quote or a bracket in it
  // would throw. A folder's page is the same page at its index.html (a
  // bookmark, the installed site's start): it has one state, under the
  // folder's path.
  function defaultKey(element, game) {
    var all = document.querySelectorAll("[data-kibitz]"), index = 0;
    for (var i = 0; i < all.length && all[i] !== element; i++) {
      if (all[i].getAttribute("data-kibitz") === game) index++;
    }
    var name = "#" + game + "-" + index, folder = location.pathname.replace(/\/index\.html?$/, "/");
    if (folder !== location.pathname) adoptState(game, location.pathname + name, folder + name);
    return folder + name;
  }

  // adoptState moves a widget's saved state from its old key to its new
  // one, once, when the new one has none: a reader who opened the site at
  // its index.html before keys dropped it keeps their game and language.
  function adoptState(game, from, to) {
    try {
      var prefix = "kibitz/" + game + "/", moves = [];
      for (var i = 0; i < localStorage.length; i++) {
        var k = localStorage.key(i);
        if (k === prefix + from || k.indexOf(prefix + from + "#") === 0) moves.push(k);
      }
      if (localStorage.getItem(prefix + to) !== null) return;
      for (var j = 0; j < moves.length; j++) {
        var dest = prefix + to + moves[j].slice((prefix + from).length);
        localStorage.setItem(dest, localStorage.getItem(moves[j]));
        localStorage.removeItem(moves[j]);
      }
    } catch (e) { /* storage forbidden or full: the widget starts afresh */ }
  }

  // ---- A newer version of the site: its service worker has installed
  // it while this page runs the old one (the site's page calls
  // Kibitz.updated when a new worker takes over). Every widget says so,
  // with Reload, and so do those mounted later.

  var siteUpdated = false;

  function updated() {
    siteUpdated = true;
    modules.forEach(function (module) {
      if (!module.page) return;
      module.page.then(function (page) {
        page.widgets.forEach(function (widget) { if (widget.inner && !widget.gone) widget.inner.updated(); });
      }, function () {});
    });
  }

  // With untried, only the elements never mounted are: a widget that
  // failed already (a file missing) shows why with its own retry, and a
  // second scan of the page would load it again unasked.
  function mountAll(root, untried) {
    var list = (root || document).querySelectorAll("[data-kibitz]");
    for (var i = 0; i < list.length; i++) {
      if (untried && tried.has(list[i])) continue;
      reportFailure(mount(list[i]));
    }
  }

  // reportFailure logs a mount's failure to the console, once: the page's
  // scans (the script's run, DOMContentLoaded, the observer) meet the same
  // mount under way, and each logged it.
  var reported = new WeakSet();
  function reportFailure(promise) {
    if (reported.has(promise)) return;
    reported.add(promise);
    promise.catch(function (err) {
      if (window.console) console.error("Kibitz:", err);
    });
  }

  window.Kibitz = Object.freeze({
    version: build.version || "dev",
    createEngine: createEngine,
    mount: mount,
    updated: updated,
    games: function () { return Promise.resolve(allGames.slice()); }
  });

  function autoMount() {
    mountAll(document);
    if (window.MutationObserver) {
      new MutationObserver(function (records) {
        var removed = false;
        for (var i = 0; i < records.length; i++) {
          removed = removed || records[i].removedNodes.length > 0;
          var added = records[i].addedNodes;
          for (var j = 0; j < added.length; j++) {
            var node = added[j];
            if (node.nodeType !== 1 || !node.isConnected) continue;
            if (node.hasAttribute("data-kibitz")) mount(node).catch(function () {});
            mountAll(node);
          }
        }
        if (removed && live.size) unmountLeft(records);
        remountChanged(records);
        retheme(records);
      }).observe(document.documentElement, { childList: true, subtree: true, attributes: true });
      window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function () { retheme(); });
    }
    // A loader run async, ahead of the page's stylesheets, saw the page
    // before its CSS came; the page's load waits for them.
    if (document.readyState !== "complete") window.addEventListener("load", function () { retheme(); });
  }

  // The widgets already in the page get their placeholder at once, while
  // the rest of the page may still be arriving; the observer mounts the
  // ones that follow, and DOMContentLoaded makes sure none was missed.
  autoMount();
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { mountAll(document, true); });
  }
})(typeof KIBITZ_BUILD !== "undefined" ? KIBITZ_BUILD : {});
