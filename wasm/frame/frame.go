//go:build js && wasm

package frame

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/hack-pad/safejs"

	"kibitz/engine/api"
	"kibitz/wasm/bridge"
	"kibitz/wasm/dom"
	"kibitz/wasm/i18n"
)

// sharedStyle is style.css, the stylesheet every widget shares; each
// game's own follows it (see styleSheet).
//
//go:embed style.css
var sharedStyle string

// Frame is what every widget gets from the host, identically: its Shadow
// DOM, its language, its saved state, its engine, a busy bar with progress
// and cancel, an error line, and event handling by name.
//
// Events are delegated: the frame listens once on its shadow root, and an
// element asks for a handler by attribute, as in
// <button data-on-click="new-game">. Re-rendering a part of a widget
// therefore creates no JS functions and leaks none.
type Frame struct {
	Lang   i18n.Lang
	Engine *Engine
	Body   dom.Element // where the widget builds its UI

	root     dom.DocumentFragment // the shadow root
	shell    dom.Element          // the top container, carrying lang and theme
	busyBar  dom.Element
	busyText dom.Element
	// said is the widget's one live line for screen readers (see Say).
	said     dom.Element
	message  dom.Element // the live region for errors and notices
	update   dom.Element // "a new version is ready", with Reload: kept apart, so no error or notice replaces it
	storeKey string
	running  map[string]bool // the reader's work under way (Running)
	handed   bool            // relaunched: a new frame takes the running work over (HandedOver)
	handlers map[string]func(ev dom.Event, target dom.Element)
	host     safejs.Value // the element the widget is mounted on
	opts     Options
	game     string
	children []*Frame // frames mounted inside this one (the app's games)

	// Sentences, when a widget sets it, gives that widget's own words for
	// some engine errors (a game's reasons, with its terms); Describe,
	// ShowError and ShowErrorIn ask it first and fall back to the shared
	// catalog when it reports false.
	Sentences func(ce *CallError) (string, bool)
	point     *mountPoint         // where the page's handle finds the current frame
	lanes     map[string]*Lane    // the frame's call lanes, by name
	inBar     int                 // calls in progress that show in the frame's busy bar
	listen    map[string]listener // the delegated event listeners, by event type
	tabBars   tabBars             // the tab bars' scroll and size listeners (tabs.go)
	leaving   leaving             // what runs when the reader may be leaving (leave.go)
	window    []windowListener    // the widget's listeners on the window (window.go)

	// life ends when the widget goes (unmounted, or relaunched in another
	// language): work a widget runs outside its lanes stops with it.
	life    context.Context
	endLife context.CancelFunc
}

// Context is the widget's life: it is done once the widget has gone, so
// work the widget started outside its lanes (a long build, a question
// waiting for an answer) stops with it.
func (f *Frame) Context() context.Context { return f.life }

// listener is a JS function listening on the shadow root, and its release.
type listener struct {
	fn      safejs.Value
	release func()
}

// doc is the page's document, set by the first mount: dom's Document()
// panics in the worker role, so it must not run at package init.
var doc dom.Document

// newFrame attaches a shadow root to host and lays out the frame in it.
func newFrame(host safejs.Value, opts Options, engine *Engine, game string) (*Frame, error) {
	if doc == nil {
		doc = dom.GetWindow().Document()
	}
	// dom has no ShadowRoot: attach it through safejs (a host that
	// refuses a shadow root is an error, not a panic) and wrap it as the
	// DocumentFragment it is.
	shadow, err := host.Get("shadowRoot")
	if err != nil {
		return nil, err
	}
	if shadow.IsNull() || shadow.IsUndefined() {
		init, err := bridge.Object(map[string]any{"mode": "open"})
		if err != nil {
			return nil, err
		}
		if shadow, err = host.Call("attachShadow", init); err != nil {
			return nil, fmt.Errorf("this element cannot hold a widget (attachShadow failed): %w", err)
		}
	}
	if _, err := shadow.Call("replaceChildren"); err != nil {
		return nil, err
	}
	f := &Frame{
		Engine:   engine,
		root:     dom.WrapDocumentFragment(safejs.Unsafe(shadow)),
		host:     host,
		opts:     opts,
		game:     game,
		storeKey: "kibitz/" + game + "/" + opts.Key,
		running:  map[string]bool{},
		handlers: map[string]func(dom.Event, dom.Element){},
		lanes:    map[string]*Lane{},
	}
	f.life, f.endLife = context.WithCancel(context.Background())
	// The reader's own choice of language, saved by the language menu,
	// wins over the page's data-lang, which wins over the browser's.
	lang := opts.Lang
	if saved := f.loadString(f.storeKey + "#lang"); saved != "" {
		lang = saved
	}
	f.Lang = i18n.Choose(lang, opts.Languages)
	styleShadow(shadow, f.root)

	f.shell = El("div", Cls("kz"), Attr("lang", string(f.Lang)))
	f.setTheme(opts.Theme)
	f.busyText = El("span", Cls("kz-busy-text"))
	// The bar floats over the top of the widget (and stays in view while
	// the reader scrolls it) instead of pushing the page down when it
	// shows: see .kz-busy-bar in style.css.
	f.busyBar = El("div", Cls("kz-busy-bar"), Attr("hidden", ""),
		El("span", Cls("kz-busy"),
			El("span", Cls("kz-spinner"), Attr("aria-hidden", "true")),
			f.busyText,
			El("button", Attr("type", "button"), Cls("kz-link"), On("click", "frame.stop"), f.T("common.stop")),
		),
	)
	f.message = El("div", Cls("kz-message"), Attr("role", "alert"), Attr("aria-live", "assertive"))
	f.update = El("div", Cls("kz-update"), Attr("role", "status"), Attr("hidden", ""))
	f.said = El("p", Cls("kz-sr kz-said"), Attr("role", "status"))
	f.Body = El("div", Cls("kz-body"))
	f.shell.AppendChild(f.said)
	f.shell.AppendChild(f.busyBar)
	f.shell.AppendChild(f.update)
	f.shell.AppendChild(f.message)
	f.shell.AppendChild(f.Body)
	f.root.AppendChild(f.shell)

	f.Handle("frame.stop", func(dom.Event, dom.Element) { f.stopAll() })
	f.Handle("frame.stop-lane", func(_ dom.Event, t dom.Element) {
		if l := f.lanes[t.GetAttribute("data-lane")]; l != nil {
			l.stop()
		}
	})
	f.Handle("frame.dismiss", func(dom.Event, dom.Element) { f.ClearMessage() })
	f.Handle("frame.reload", func(dom.Event, dom.Element) { reloadPage() })
	// Later holds for the page: a change of language builds the widget
	// again, and it no longer says the version is ready (another deploy,
	// Kibitz.updated again, says it anew).
	f.Handle("frame.update-later", func(dom.Event, dom.Element) {
		SetHidden(f.update, true)
		f.opts.Updated = false
		if f.point != nil {
			f.point.updated = false
		}
	})
	f.Handle("frame.copy", func(_ dom.Event, t dom.Element) { f.Copy(t) })
	f.Handle("debug.crash", func(_ dom.Event, t dom.Element) { crash(t.GetAttribute("data-how")) })
	f.listen = map[string]listener{}
	// Every event type a widget may ask for by data-on-<type>: the board
	// games need right clicks, long presses (pointer down and up) and
	// hovering as well as clicks and keys.
	for _, typ := range delegatedEvents {
		fn, release, err := bridge.ReleasableFunc(func(this safejs.Value, args []safejs.Value) any {
			if len(args) > 0 {
				f.dispatch(typ, dom.WrapEvent(safejs.Unsafe(args[0])))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		f.listen[typ] = listener{fn, release}
		if _, err := shadow.Call("addEventListener", typ, fn); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// delegatedEvents are the event types the frame listens for on its
// shadow root.
var delegatedEvents = []string{
	"click", "dblclick", "contextmenu", "input", "change", "submit", "keydown", "keyup",
	"focusin", "focusout", "pointerdown", "pointerup", "pointercancel", "mouseover", "mouseout",
}

// Handle registers the handler for name, used by elements as
// data-on-<event>="name". Handlers run on the JS thread: anything that
// waits (an engine call) must go on a goroutine.
func (f *Frame) Handle(name string, fn func(ev dom.Event, target dom.Element)) {
	f.handlers[name] = fn
}

func (f *Frame) dispatch(typ string, ev dom.Event) {
	defer func() {
		if p := recover(); p != nil {
			f.ShowError(fmt.Errorf("internal: %v", p))
			println("kibitz: panic in", typ, "handler:", fmt.Sprint(p), string(debug.Stack()))
		}
	}()
	target := ev.Target()
	if target == nil {
		return
	}
	if typ == "keydown" && escapeConfirm(ev, target) {
		return
	}
	attrName := "data-on-" + typ
	holder := target.Closest("[" + attrName + "]")
	if holder == nil {
		return
	}
	name := holder.GetAttribute(attrName)
	if fn := f.handlers[name]; fn != nil {
		if typ == "submit" {
			ev.PreventDefault()
		}
		fn(ev, holder)
	}
}

// escapeConfirm answers a confirmation (a .kz-confirm, an alertdialog)
// with its safe choice, the button marked data-cancel, when Escape is
// pressed in it, as a dialog is dismissed: the widget's own handler for
// that button puts the focus back. It reports whether it did.
func escapeConfirm(ev dom.Event, target dom.Element) bool {
	if ev.Underlying().Get("key").String() != "Escape" {
		return false
	}
	if box := target.Closest(".kz-confirm"); box != nil {
		if cancel := box.QuerySelector("[data-cancel]"); cancel != nil {
			ev.PreventDefault()
			cancel.Underlying().Call("click")
			return true
		}
	}
	return false
}

// T translates a message key into the frame's language.
func (f *Frame) T(key string, args ...any) string { return i18n.T(f.Lang, key, args...) }

// Options are the widget's mount options (its mode, preset, ...).
func (f *Frame) Options() Options { return f.opts }

// Root is the widget's shadow root, where the focus and the elements
// under a point are found.
func (f *Frame) Root() dom.DocumentFragment { return f.root }

// Save stores the widget's state in localStorage; failures (storage full
// or forbidden) only cost persistence, so they are ignored.
func (f *Frame) Save(state any) {
	text, err := json.Marshal(state)
	if err == nil {
		f.saveString(f.storeKey, string(text))
	}
}

// Load reads the saved state into into and reports whether there was one.
func (f *Frame) Load(into any) bool {
	text := f.loadString(f.storeKey)
	return text != "" && json.Unmarshal([]byte(text), into) == nil
}

// localStorage is the page's storage, if it may be used: a sandboxed
// frame or a browser that blocks storage throws on the mere reading of
// window.localStorage, so it is read with bridge.Property, which catches.
func localStorage() (safejs.Value, bool) {
	storage, err := bridge.Property(bridge.Global(), "localStorage")
	return storage, err == nil && !storage.IsUndefined() && !storage.IsNull()
}

func (f *Frame) saveString(key, value string) {
	if storage, ok := localStorage(); ok {
		_, _ = storage.Call("setItem", key, value)
	}
}

func (f *Frame) loadString(key string) string {
	storage, ok := localStorage()
	if !ok {
		return ""
	}
	item, err := storage.Call("getItem", key)
	if err != nil || item.Type() != safejs.TypeString {
		return ""
	}
	text, _ := item.String()
	return text
}

// Head is the head of a widget that stands alone (embedded): its name as
// a heading, and the language menu. The widget becomes a region named by
// that heading, so a screen reader's list of landmarks finds it among a
// blog post's others.
func (f *Frame) Head(title string) dom.Element {
	f.shell.SetAttribute("role", "region")
	f.shell.SetAttribute("aria-labelledby", "kz-title")
	return El("div", Cls("kz-head"), El("h2", Cls("kz-title"), Attr("id", "kz-title"), title), f.LanguageMenu())
}

// LanguageMenu returns a language select; choosing a language saves it
// and rebuilds the widget in it (the widget's state is saved, so the game
// carries on).
func (f *Frame) LanguageMenu() dom.Element {
	sel := El("select", Attr("id", "kz-lang"), Attr("aria-label", f.T("app.language")), On("change", "frame.lang"))
	for _, l := range i18n.Langs {
		sel.AppendChild(El("option", Attr("value", string(l)), Attr("lang", string(l)), i18n.Names[l]))
	}
	SetInputValue(sel, string(f.Lang))
	f.Handle("frame.lang", func(_ dom.Event, t dom.Element) {
		lang := InputValue(t)
		f.saveString(f.storeKey+"#lang", lang)
		f.Go(func() {
			// The menu is built again: the focus goes back to it, not to
			// the page (a closed menu changes on every arrow key).
			if g := f.relaunch(); g != nil {
				if menu := g.shell.QuerySelector("#kz-lang"); menu != nil {
					Focus(menu)
				}
			}
		})
	})
	return El("label", Cls("kz-lang"), El("span", Cls("kz-sr"), f.T("app.language")), sel)
}

// resumed is opts for the widget built again over its own saved state (a
// change of language, a restart after the page's Go stopped): the saved
// mode wins over the page's data-mode, which says where a visit opens, so
// the reader stays where they were. Without a saved state (storage
// blocked) data-mode is still the best guess.
func (f *Frame) resumed(opts Options) Options {
	if f.loadString(f.storeKey) != "" {
		opts.Mode = ""
	}
	return opts
}

// A change of language builds the widget again (relaunch), and the work
// the reader set going would end with the old frame: Minesweeper's
// auto-play, the chain's table. The widget marks such work (Running);
// relaunch hands the names to the new frame, and the widget, built again
// over its saved state, starts the work again (Resume).
var resuming = map[string]map[string]bool{} // a widget's store key → its work to start again

// Running says whether the work called name, which the reader started,
// is under way.
func (f *Frame) Running(name string, on bool) {
	if on {
		f.running[name] = true
	} else {
		delete(f.running, name)
	}
}

// Resume reports whether the widget is built again over the work called
// name, under way in the frame it replaces: the widget starts it again.
func (f *Frame) Resume(name string) bool { return resuming[f.storeKey][name] }

// HandedOver reports whether the widget went to be built again in
// another frame (a change of language), not for good: work that outlives
// its frame (an engine call the new widget takes up) goes on then, and
// stops otherwise.
func (f *Frame) HandedOver() bool { return f.handed }

// handOver records the running work of f and the widgets nested in it for
// the frames that replace them.
func (f *Frame) handOver() {
	f.handed = true
	if len(f.running) > 0 {
		resuming[f.storeKey] = maps.Clone(f.running)
	}
	for _, child := range f.children {
		child.handOver()
	}
}

// relaunch rebuilds the widget from scratch in a fresh frame, and
// returns it (nil if it could not).
func (f *Frame) relaunch() *Frame {
	f.handOver()
	f.unmount()
	g, err := start(f.host, f.resumed(f.opts), f.Engine, f.point)
	if err != nil {
		println("kibitz: relaunch:", err.Error())
	}
	return g
}

// Nest mounts game's widget on host, an element of this frame's widget
// (the app's tab for that game). The game speaks this frame's language,
// saves its state under this frame's key, and goes when this frame does.
func (f *Frame) Nest(host dom.Element, game string) error {
	opts := f.opts
	opts.Game, opts.Key, opts.Lang, opts.Nested = game, f.opts.Key+"/"+game, string(f.Lang), true
	opts.Restarted = false // the outer widget says it
	child, err := start(safejs.Safe(host.Underlying()), opts, f.Engine, &mountPoint{})
	if err != nil {
		return err
	}
	f.children = append(f.children, child)
	return nil
}

// ErrSuperseded is what a call returns when a newer call in its lane
// replaced it: the widget asked for something else, nobody is waiting for
// this answer, and nothing is shown. ErrStopped is what a call returns when
// the reader pressed Stop: a notice, never a red error.
var (
	ErrSuperseded = errors.New("superseded by a newer call in its lane")
	ErrStopped    = errors.New("stopped by the reader")
)

// errRestarted is what a widget shows when kibitz.js mounted it again
// because the page's Go instance stopped (Options.Restarted).
var errRestarted = errors.New("the widget was restarted after the page's Go stopped")

// A Lane is one purpose's stream of engine calls, such as a mode's
// background analysis, or a button the reader pressed. Lanes never touch
// each other: a new call cancels only the one before it in its own lane,
// whose answer nobody wants any more (it returns ErrSuperseded), so a
// reader's action never loses to background work in another lane.
//
// A lane shows its progress in the frame's busy bar, or next to the thing
// being computed once the widget has placed its own indicator (BusyIn).
type Lane struct {
	f        *Frame
	name     string
	cancel   context.CancelFunc // the call in flight, if any
	stopped  bool               // the reader pressed Stop on it
	seq      int                // calls started, to tell the latest apart
	busy     dom.Element        // the lane's own indicator, or nil for the frame's bar
	busyText dom.Element
	phase    string  // the engine's note for the current phase
	shown    float64 // the largest fraction shown in this phase, so the figure only moves forward
	// returnTo had the focus when the indicator showed: the focus goes
	// back to it if the indicator, hidden, held it (its Stop).
	returnTo dom.Element
}

// Lane returns the lane named name, creating it the first time.
func (f *Frame) Lane(name string) *Lane {
	if l := f.lanes[name]; l != nil {
		return l
	}
	l := &Lane{f: f, name: name}
	f.lanes[name] = l
	return l
}

// BusyIn gives the lane its own busy indicator (spinner, progress and a
// Stop button) and returns it, hidden, for the widget to place next to
// what the lane computes.
func (l *Lane) BusyIn() dom.Element {
	if l.busy == nil {
		l.busyText = El("span", Cls("kz-busy-text"))
		l.busy = El("div", Cls("kz-busy kz-busy-inline"), Attr("hidden", ""),
			El("span", Cls("kz-spinner"), Attr("aria-hidden", "true")),
			l.busyText,
			El("button", Attr("type", "button"), Cls("kz-link"), Data("lane", l.name), On("click", "frame.stop-lane"), l.f.T("common.stop")),
		)
	}
	return l.busy
}

// Busy reports whether a call is in flight in the lane.
func (l *Lane) Busy() bool { return l.cancel != nil }

// Cancel stops the lane's call in flight, as if superseded: the widget
// changed its mind, so nothing is shown.
func (l *Lane) Cancel() {
	if l.cancel != nil {
		l.cancel()
	}
}

// stop is the reader's Stop: the call returns ErrStopped.
func (l *Lane) stop() {
	if l.cancel != nil {
		l.stopped = true
		l.cancel()
	}
}

// busyDelay is how long a call runs before its busy indicator shows.
const busyDelay = 150 * time.Millisecond

// Call runs an engine call in the lane, with a busy indicator that shows
// progress and a Stop button. It blocks, so run it on a goroutine.
func (l *Lane) Call(method string, params, result any) error {
	f := l.f
	l.Cancel() // supersede the call before it
	ctx, cancel := context.WithCancel(context.Background())
	l.seq++
	seq := l.seq
	l.cancel, l.stopped, l.phase, l.shown = cancel, false, "", 0
	inBar := l.busy == nil // this call shows in the frame's bar
	if inBar {
		f.inBar++
	}
	// The indicator waits a moment: most calls end sooner, and one that
	// flashed up would shift the page under the reader (on a 100×100
	// Minesweeper board, a relayout that takes longer than a frame).
	// Progress shows it at once: a call that reports progress is long.
	// Meanwhile data-working marks the indicator, which moves nothing, so
	// a stylesheet or a test can tell that a call is under way.
	l.indicator().SetAttribute("data-working", "")
	working := f.After(busyDelay, func() {
		if l.seq == seq && l.cancel != nil {
			l.showBusy(f.T("common.working"))
		}
	})
	err := f.Engine.Call(ctx, method, params, result, func(done, total float64, note string) {
		if total > 0 && l.seq == seq {
			l.showProgress(done/total, note)
		}
	})
	working.Stop()
	cancel()
	latest := l.seq == seq
	stopped := l.stopped && latest
	if latest {
		l.cancel = nil
		l.hideBusy()
		if l.busy != nil {
			l.busy.RemoveAttribute("data-working")
		}
	}
	if inBar {
		if f.inBar--; f.inBar == 0 {
			f.busyBar.SetAttribute("hidden", "")
			f.busyBar.RemoveAttribute("data-working")
		}
	}
	if ce, ok := err.(*CallError); ok && ce.Code == "cancelled" {
		if stopped {
			return ErrStopped
		}
		return ErrSuperseded
	}
	if err != nil && !latest {
		return ErrSuperseded
	}
	return err
}

// showProgress shows one figure that only moves forward: the engine works
// in phases (listing codes, then searching), each with its own fraction,
// so a new phase is named rather than sent back to 0%.
func (l *Lane) showProgress(fraction float64, note string) {
	newPhase := note != l.phase
	if newPhase {
		l.phase, l.shown = note, 0
	}
	if fraction < l.shown {
		fraction = l.shown
	}
	l.shown = fraction
	text := l.f.T("common.progress", int(100*fraction))
	if key := "phase." + note; note != "" && i18n.Has(i18n.English, key) {
		text = l.f.T("common.progress-phase", l.f.T(key), int(100*fraction))
		l.showBusy(text)
		if newPhase {
			l.f.Say(l.f.T(key)) // a new phase is said once, without its figures
		}
		return
	}
	l.showBusy(text)
}

// indicator is the element that shows the lane's calls: its own, or the
// frame's bar.
func (l *Lane) indicator() dom.Element {
	if l.busy != nil {
		return l.busy
	}
	return l.f.busyBar
}

// showBusy shows text in the lane's indicator. The indicator is not a
// live region (a screen reader would read its figure and its Stop on every
// step): it says "Working…" once, as it shows, in the widget's live line.
func (l *Lane) showBusy(text string) {
	if l.busy != nil {
		l.busyText.SetTextContent(text)
		if l.busy.HasAttribute("hidden") {
			l.returnTo = l.f.Focused()
			l.busy.RemoveAttribute("hidden")
			l.f.Say(l.f.T("common.working"))
		}
		return
	}
	l.f.busyText.SetTextContent(text)
	if l.f.busyBar.HasAttribute("hidden") {
		l.f.busyBar.RemoveAttribute("hidden")
		l.f.Say(l.f.T("common.working"))
	}
}

// Say puts one sentence in the widget's live line for screen readers: the
// gist of what just changed (a result, a move, the start of a long
// computation). Results themselves are not live regions, because a screen
// reader reads a live region whole, buttons and all, on every change. The
// same words twice are not read again.
func (f *Frame) Say(text string) { SetText(f.said, text) }

func (l *Lane) hideBusy() {
	if l.busy == nil {
		return
	}
	held := l.f.FocusIn(l.busy)
	l.busy.SetAttribute("hidden", "")
	if back := l.returnTo; held && back != nil && back.Underlying().Get("isConnected").Bool() {
		Focus(back)
	}
	l.returnTo = nil
}

// Focused is the element that has the focus inside the widget, or nil.
func (f *Frame) Focused() dom.Element {
	active := f.root.Underlying().Get("activeElement")
	if active.IsNull() || active.IsUndefined() {
		return nil
	}
	return dom.WrapElement(active)
}

// FocusLost reports whether the focus is on nothing: not in the widget,
// and not on anything else of the page (the element that had it was
// removed, and it fell to the page's body).
func (f *Frame) FocusLost() bool {
	if f.Focused() != nil {
		return false
	}
	active := doc.Underlying().Get("activeElement")
	return active.IsNull() || active.Get("tagName").String() == "BODY"
}

// FocusIn reports whether the focus is on e or inside it.
func (f *Frame) FocusIn(e dom.Element) bool {
	active := f.root.Underlying().Get("activeElement")
	return !active.IsNull() && !active.IsUndefined() && e.Underlying().Call("contains", active).Bool()
}

// Call runs an engine call in the named lane (see Lane.Call).
func (f *Frame) Call(lane, method string, params, result any) error {
	return f.Lane(lane).Call(method, params, result)
}

// stopAll is the frame bar's Stop: it stops every call in progress.
func (f *Frame) stopAll() {
	for _, l := range f.lanes {
		l.stop()
	}
}

// cancelAll cancels every call in progress, silently (unmounting).
func (f *Frame) cancelAll() {
	for _, l := range f.lanes {
		l.Cancel()
	}
}

// ShowError puts an error in the frame's message line, as one sentence in
// the frame's language. A call the widget superseded shows nothing, and a
// call the reader stopped shows a neutral "Stopped." (see Lane).
func (f *Frame) ShowError(err error) {
	switch {
	case err == nil, errors.Is(err, ErrSuperseded):
		return
	case errors.Is(err, ErrStopped):
		f.Notice(f.T("common.stopped"))
		return
	}
	f.message.SetInnerHTML("")
	f.message.AppendChild(El("span", f.Describe(err)))
	f.message.AppendChild(El("button", Attr("type", "button"), Cls("kz-link"), On("click", "frame.dismiss"),
		Attr("aria-label", f.T("common.dismiss")), "×"))
	f.message.Class().Add("kz-error")
}

// ShowErrorIn writes an error next to the control at fault: into place,
// an element the widget keeps beside the field or row (with role=alert
// so it is read out). It reports whether there was anything to show; a
// superseded call leaves place as it was.
func (f *Frame) ShowErrorIn(place dom.Element, err error) bool {
	if err == nil || errors.Is(err, ErrSuperseded) {
		return false
	}
	ToggleClass(place, "kz-bad", !errors.Is(err, ErrStopped))
	place.SetTextContent(f.Describe(err))
	return true
}

// Notice puts a neutral message in the message line.
func (f *Frame) Notice(text string) {
	f.message.SetInnerHTML("")
	f.message.Class().Remove("kz-error")
	f.message.AppendChild(El("span", text))
}

// showUpdate says that a newer version of the site is ready (its service
// worker has it): it runs at the next visit, or now with Reload. The
// reader's game is saved as they go, and on leaving.
func (f *Frame) showUpdate() {
	if f.opts.Nested || f.update == nil {
		return // the outer widget says it
	}
	f.update.SetInnerHTML("")
	f.update.AppendChild(El("span", f.T("update.ready")))
	f.update.AppendChild(El("span", Cls("kz-row"),
		El("button", Attr("type", "button"), Cls("kz-primary"), On("click", "frame.reload"), f.T("update.reload")),
		El("button", Attr("type", "button"), Cls("kz-link"), On("click", "frame.update-later"), Attr("aria-label", f.T("common.dismiss")), "×")))
	SetHidden(f.update, false)
}

// reloadPage reloads the page, which then runs the newer version.
func reloadPage() {
	if location, err := bridge.Property(bridge.Global(), "location"); err == nil {
		location.Call("reload")
	}
}

// JoinSentences writes two sentences one after the other: with a space
// between them in English, and none after Chinese and Japanese full-width
// punctuation, which carries its own space.
func JoinSentences(first, second string) string {
	switch {
	case first == "":
		return second
	case second == "":
		return first
	}
	last, _ := utf8.DecodeLastRuneInString(first)
	next, _ := utf8.DecodeRuneInString(second)
	if strings.ContainsRune("。！？」）：；、", last) || strings.ContainsRune("（「『【", next) || cjk(last) && cjk(next) {
		return first + second
	}
	return first + " " + second
}

// cjk reports whether r is written without spaces around it: an
// ideograph or kana.
func cjk(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

// ClearMessage empties the message line.
func (f *Frame) ClearMessage() {
	f.message.SetInnerHTML("")
	f.message.Class().Remove("kz-error")
}

// Describe turns an error into sentences in the frame's language: where
// (the row), then what is wrong, with its specifics. The engine's English
// message is used only for an error the catalog has no words for.
func (f *Frame) Describe(err error) string {
	return f.describe(err, func(ce *CallError) string { return f.rowsAt(ce, "where.row") })
}

// DescribeLines is Describe for an error in pasted text: it names the
// line, and quotes it, since the reader's text has no row numbers.
func (f *Frame) DescribeLines(err error, text string) string {
	lines := splitLines(text)
	return f.describe(err, func(ce *CallError) string {
		if ce.Row != nil && *ce.Row < len(lines) {
			return f.T("where.line-quoted", *ce.Row+1, f.Quote(lines[*ce.Row]))
		}
		return f.rowsAt(ce, "where.line")
	})
}

// splitLines splits text into lines as the engine's parsers count them:
// \r\n, and a lone \r (an old Mac file), end a line as \n does, so the
// line quoted is the line at fault.
func splitLines(text string) []string {
	return strings.Split(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"), "\n")
}

func (f *Frame) describe(err error, where func(*CallError) string) string {
	switch {
	case errors.Is(err, ErrSuperseded):
		return ""
	case errors.Is(err, ErrStopped):
		return f.T("common.stopped")
	case errors.Is(err, errRestarted):
		return f.T("error.restarted")
	}
	ce, ok := err.(*CallError)
	if !ok {
		return f.T("error.internal", err.Error())
	}
	if f.Sentences != nil {
		if s, ok := f.Sentences(ce); ok {
			return s
		}
	}
	switch ce.Code {
	case "cancelled":
		return f.T("common.stopped")
	case "engine-crashed":
		return f.T("error.crashed")
	case "too-large":
		return f.T("error.too-large", ce.Size, ce.Limit)
	case "bad-input":
		key := "reason." + ce.Reason
		if ce.Reason == "" || !i18n.Has(i18n.English, key) {
			return f.T("error.bad-input", ce.Message)
		}
		text := f.T(key, f.Quote(ce.Symbol), Position(ce.Other), ce.Want, f.Quote(ce.Value), Position(ce.Pos), symbolCount(ce.Value))
		if at := where(ce); at != "" {
			text = f.T("where.prefix", at, text)
		}
		return text
	}
	return f.T("error.internal", ce.Message)
}

// Quote puts a piece of the reader's input in the language's quotation
// marks.
func (f *Frame) Quote(s string) string {
	trimmed := strings.TrimSpace(s)
	if trimmed == "" && s != "" {
		// The character at fault is blank itself (a space inside a row):
		// quoted as it is, it read as nothing, “”. It is shown by the
		// signs editors use for it.
		trimmed = strings.Map(func(r rune) rune {
			if r == '\t' {
				return '⇥'
			}
			return '␣'
		}, s)
	}
	return f.T("common.quote", trimmed)
}

// Position writes a 0-based position as the 1-based one people count.
func Position(p *int) int {
	if p == nil {
		return 0
	}
	return *p + 1
}

// symbolCount counts the symbols of a typed code, spaces aside.
func symbolCount(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n
}

// rowsAt names the rows at fault: "Row 2", "Rows 1, 3" (rowKey is
// where.row or where.line).
func (f *Frame) rowsAt(ce *CallError, rowKey string) string {
	switch {
	case ce.Row != nil:
		return f.T(rowKey, *ce.Row+1)
	case len(ce.Rows) == 1:
		return f.T(rowKey, ce.Rows[0]+1)
	case len(ce.Rows) > 1:
		nums := make([]string, len(ce.Rows))
		for i, r := range ce.Rows {
			nums[i] = i18n.Number(int64(r + 1))
		}
		return f.T(rowKey+"s", strings.Join(nums, f.T("where.list-sep")))
	}
	return ""
}

// CopyButton returns a button that copies text to the clipboard and says
// so.
func (f *Frame) CopyButton(text string) dom.Element {
	return El("button", Attr("type", "button"), Cls("kz-copy"), Data("copy", text), On("click", "frame.copy"), f.T("common.copy"))
}

// Copy puts a CopyButton's text, or any button's data-copy, on the
// clipboard. Where the clipboard
// cannot be written (an old browser, a page that forbids it), the text is
// put in a selected field instead, for the reader to copy.
func (f *Frame) Copy(button dom.Element) {
	text := button.GetAttribute("data-copy")
	done := func(ok bool) {
		if ok {
			button.SetTextContent(f.T("common.copied"))
			return
		}
		parent := button.ParentNode()
		if parent == nil {
			return // the widget redrew the button meanwhile: nothing to put the text in
		}
		field := El("input", Attr("type", "text"), Attr("readonly", ""), Cls("kz-copy-field"), Attr("aria-label", f.T("common.copy")))
		SetInputValue(field, text)
		parent.ReplaceChild(field, button)
		Focus(field)
		field.Underlying().Call("select")
	}
	clipboard, err := bridge.Global().Get("navigator")
	if err == nil {
		clipboard, err = clipboard.Get("clipboard")
	}
	if err != nil || clipboard.IsUndefined() || clipboard.IsNull() {
		done(false)
		return
	}
	f.Go(func() {
		promise, err := clipboard.Call("writeText", text)
		if err == nil {
			_, err = bridge.Await(promise)
		}
		done(err == nil)
	})
}

// Go runs fn on a goroutine of its own, as a widget does its work off the
// event that asked for it. A panic there would end the page's whole Go
// program, and freeze every widget on the page with no word (event
// handlers recover; goroutines cannot inherit that): it is recovered
// here, its stack goes to the console, and this widget says an internal
// error happened.
func (f *Frame) Go(fn func()) { go f.safely(fn) }

// After runs fn after d on a goroutine of its own, recovered as Go's are
// (time.AfterFunc's goroutine is as bare as any), and returns its timer.
func (f *Frame) After(d time.Duration, fn func()) *time.Timer {
	return time.AfterFunc(d, func() { f.safely(fn) })
}

// safely runs fn, turning a panic into this widget's internal error.
func (f *Frame) safely(fn func()) {
	defer func() {
		if p := recover(); p != nil {
			println("kibitz: panic in a widget's goroutine:", fmt.Sprint(p), string(debug.Stack()))
			f.ShowError(fmt.Errorf("internal error: %v", p))
		}
	}()
	fn()
}

// setTheme gives the widget, and the widgets nested in it, a theme:
// "light" or "dark" fixes its colours, anything else leaves them to the
// reader's system.
func (f *Frame) setTheme(theme string) {
	f.opts.Theme = theme
	if theme == "light" || theme == "dark" {
		f.shell.SetAttribute("data-theme", theme)
	} else {
		f.shell.RemoveAttribute("data-theme")
	}
	for _, child := range f.children {
		child.setTheme(theme)
	}
}

// unmount takes the widget down and releases the frame's listeners.
func (f *Frame) unmount() {
	f.stopLeaving()
	f.stopWindowListeners()
	for _, child := range f.children {
		child.unmount()
	}
	f.children = nil
	f.endLife()
	f.cancelAll()
	f.unwatchTabBars()
	shadow := safejs.Safe(f.root.Underlying())
	for typ, l := range f.listen {
		_, _ = shadow.Call("removeEventListener", typ, l.fn)
		l.release()
	}
	f.listen = nil
	_, _ = shadow.Call("replaceChildren")
	if empty, err := bridge.Array(); err == nil {
		_ = shadow.Set("adoptedStyleSheets", empty)
	}
	// Go hands a JS value back to JS only when its own collector finds
	// the Go side unreachable, and the page role allocates so little that
	// its collector may not run for minutes: meanwhile the widget's
	// detached nodes (hundreds, and the board's canvases) wait in Go's
	// table of values. One collection after the widget goes lets them go
	// (a few milliseconds; a page unmounts rarely).
	go runtime.GC()
}

// adoptedSheet is the widgets' style sheet, constructed once and shared
// by every shadow root (undefined until the first widget, or where the
// browser cannot construct sheets).
var adoptedSheet safejs.Value

// styleShadow gives a widget's shadow root the widgets' style sheet. A
// constructed sheet, adopted by the shadow root, is parsed once for all
// widgets and is no inline style, so a page whose
// Content-Security-Policy forbids inline styles (style-src without
// 'unsafe-inline', which refuses <style> elements) still shows them
// styled. A browser without constructed sheets gets a <style> element.
func styleShadow(shadow safejs.Value, root dom.DocumentFragment) {
	if adoptedSheet.IsUndefined() {
		if ctor, err := bridge.Global().Get("CSSStyleSheet"); err == nil && ctor.Type() == safejs.TypeFunction {
			if sheet, err := ctor.New(); err == nil {
				if _, err := sheet.Call("replaceSync", styleSheet()); err == nil {
					adoptedSheet = sheet
				}
			}
		}
	}
	if !adoptedSheet.IsUndefined() {
		if has, err := shadow.Get("adoptedStyleSheets"); err == nil && !has.IsUndefined() {
			if list, err := bridge.Array(adoptedSheet); err == nil && shadow.Set("adoptedStyleSheets", list) == nil {
				return
			}
		}
	}
	style := doc.CreateElement("style")
	style.SetTextContent(styleSheet())
	root.AppendChild(style)
}

// crash stops the page's Go for good, as its own fatal errors do: how is
// "stack" (a stack overflow, through the engine's debug.crash) or "panic"
// (a goroutine's panic that nothing recovers). It is the page role's
// counterpart of the engine's debug.crash, so that kibitz.js's restart of
// the widgets is tested end to end: no widget names it, a test's element
// does (data-on-click="debug.crash" data-how="stack"). A page's script
// could stop the widgets as surely by throwing from a getter they read.
func crash(how string) {
	switch how {
	case "stack":
		_, _ = api.Call(context.Background(), "debug.crash", []byte(`{"how":"stack"}`), nil)
	case "panic":
		go panic("debug.crash: a panic nothing recovers")
	}
}
