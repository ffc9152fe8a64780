//go:build js && wasm

package ui

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/hack-pad/safejs"
	"honnef.co/go/js/dom/v2"

	"kibitz/wasm/bridge"
	"kibitz/wasm/i18n"
)

// styleFiles holds the widgets' CSS: style.css, shared by every widget,
// then one file per game (guess.css, chain.css, ...), in name order.
//
//go:embed *.css
var styleFiles embed.FS

// styleSheet is every CSS file, style.css first, joined once.
var styleSheet = func() string {
	names, _ := fs.Glob(styleFiles, "*.css")
	slices.SortFunc(names, func(a, b string) int {
		switch {
		case a == "style.css":
			return -1
		case b == "style.css":
			return 1
		}
		return strings.Compare(a, b)
	})
	var b strings.Builder
	for _, name := range names {
		text, _ := styleFiles.ReadFile(name)
		b.Write(text)
		b.WriteByte('\n')
	}
	return b.String()
}()

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
	message  dom.Element // the live region for errors and notices
	storeKey string
	handlers map[string]func(ev dom.Event, target dom.Element)
	host     safejs.Value // the element the widget is mounted on
	opts     Options
	game     string
	children []*Frame                      // frames mounted inside this one (the app's games)
	point    *mountPoint                   // where the page's handle finds the current frame
	lanes    map[string]context.CancelFunc // the call in progress in each lane
	running  int                           // calls in progress
	calls    int                           // calls started, to tell the latest apart
	listen   map[string]listener           // the delegated event listeners, by event type
}

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
	if err := shadow.Set("innerHTML", ""); err != nil {
		return nil, err
	}
	f := &Frame{
		Engine:   engine,
		root:     dom.WrapDocumentFragment(safejs.Unsafe(shadow)),
		host:     host,
		opts:     opts,
		game:     game,
		storeKey: "kibitz/" + game + "/" + opts.Key,
		handlers: map[string]func(dom.Event, dom.Element){},
		lanes:    map[string]context.CancelFunc{},
	}
	// The reader's own choice of language, saved by the language menu,
	// wins over the page's data-lang, which wins over the browser's.
	lang := opts.Lang
	if saved := f.loadString(f.storeKey + "#lang"); saved != "" {
		lang = saved
	}
	f.Lang = i18n.Choose(lang, opts.Languages)
	style := doc.CreateElement("style")
	style.SetTextContent(styleSheet)
	f.root.AppendChild(style)

	f.shell = el("div", cls("kz"), attr("lang", string(f.Lang)))
	f.busyText = el("span", cls("kz-busy-text"))
	f.busyBar = el("div", cls("kz-busy"), attr("hidden", ""), attr("role", "status"),
		el("span", cls("kz-spinner"), attr("aria-hidden", "true")),
		f.busyText,
		el("button", attr("type", "button"), cls("kz-link"), on("click", "frame.cancel"), f.T("common.cancel")),
	)
	f.message = el("div", cls("kz-message"), attr("role", "alert"), attr("aria-live", "assertive"))
	f.Body = el("div", cls("kz-body"))
	f.shell.AppendChild(f.busyBar)
	f.shell.AppendChild(f.message)
	f.shell.AppendChild(f.Body)
	f.root.AppendChild(f.shell)

	f.Handle("frame.cancel", func(dom.Event, dom.Element) { f.cancelAll() })
	f.Handle("frame.dismiss", func(dom.Event, dom.Element) { f.ClearMessage() })
	f.listen = map[string]listener{}
	for _, typ := range []string{"click", "input", "change", "submit", "keydown", "focusout"} {
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

// T translates a message key into the frame's language.
func (f *Frame) T(key string, args ...any) string { return i18n.T(f.Lang, key, args...) }

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

func localStorage() (safejs.Value, bool) {
	storage, err := bridge.Global().Get("localStorage")
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

// LanguageMenu returns a language select; choosing a language saves it
// and rebuilds the widget in it (the widget's state is saved, so the game
// carries on).
func (f *Frame) LanguageMenu() dom.Element {
	sel := el("select", attr("id", "kz-lang"), attr("aria-label", f.T("app.language")), on("change", "frame.lang"))
	for _, l := range i18n.Langs {
		sel.AppendChild(el("option", attr("value", string(l)), attr("lang", string(l)), i18n.Names[l]))
	}
	setInputValue(sel, string(f.Lang))
	f.Handle("frame.lang", func(_ dom.Event, t dom.Element) {
		lang := inputValue(t)
		f.saveString(f.storeKey+"#lang", lang)
		go f.relaunch()
	})
	return el("label", cls("kz-lang"), el("span", cls("kz-sr"), f.T("app.language")), sel)
}

// relaunch rebuilds the widget from scratch in a fresh frame.
func (f *Frame) relaunch() {
	f.unmount()
	if _, err := start(f.host, f.opts, f.Engine, f.point); err != nil {
		println("kibitz: relaunch:", err.Error())
	}
}

// Call runs an engine call with the frame's busy bar: the bar shows after
// a moment, with progress and a cancel button that stops every call in
// progress. Calls are grouped in lanes (one per mode of a widget, say): a
// new call cancels the one before it in its lane, whose answer nobody
// wants any more, and leaves other lanes alone. Call blocks, so run it on
// a goroutine.
func (f *Frame) Call(lane, method string, params, result any) error {
	if cancel := f.lanes[lane]; cancel != nil {
		cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	f.calls++
	call := f.calls
	f.lanes[lane] = cancel
	f.running++
	f.busyText.SetTextContent(f.T("common.working"))
	f.busyBar.RemoveAttribute("hidden")
	err := f.Engine.Call(ctx, method, params, result, func(done, total float64, note string) {
		if total > 0 && f.calls == call {
			f.busyText.SetTextContent(f.T("common.progress", int(100*done/total)))
		}
	})
	cancel()
	if f.calls == call {
		delete(f.lanes, lane)
	}
	if f.running--; f.running == 0 {
		f.busyBar.SetAttribute("hidden", "")
	}
	return err
}

// cancelAll stops every call in progress.
func (f *Frame) cancelAll() {
	for lane, cancel := range f.lanes {
		cancel()
		delete(f.lanes, lane)
	}
}

// ShowError puts an error in the message line, translated when the engine
// gave a reason the catalog knows, with the engine's English detail after.
func (f *Frame) ShowError(err error) {
	f.message.SetInnerHTML("")
	f.message.AppendChild(el("span", f.Describe(err)))
	f.message.AppendChild(el("button", attr("type", "button"), cls("kz-link"), on("click", "frame.dismiss"),
		attr("aria-label", f.T("common.dismiss")), "×"))
	f.message.Class().Add("kz-error")
}

// Notice puts a neutral message in the message line.
func (f *Frame) Notice(text string) {
	f.message.SetInnerHTML("")
	f.message.Class().Remove("kz-error")
	f.message.AppendChild(el("span", text))
}

// ClearMessage empties the message line.
func (f *Frame) ClearMessage() {
	f.message.SetInnerHTML("")
	f.message.Class().Remove("kz-error")
}

// Describe turns an error into one sentence in the frame's language.
func (f *Frame) Describe(err error) string {
	ce, ok := err.(*CallError)
	if !ok {
		return f.T("error.internal", err.Error())
	}
	switch ce.Code {
	case "cancelled":
		return f.T("error.cancelled")
	case "engine-crashed":
		return f.T("error.crashed")
	case "too-large":
		return f.T("error.too-large", ce.Size, ce.Limit)
	case "bad-input":
		where := f.where(ce)
		if key := "reason." + ce.Reason; ce.Reason != "" && i18n.Has(i18n.English, key) {
			text := f.T(key)
			if where != "" {
				text = where + ": " + text
			}
			// The English detail carries the specifics (which symbol, how
			// many); a conflict's rows are already named.
			if f.Lang != i18n.English && !strings.HasSuffix(ce.Reason, "conflict") {
				text += " (" + ce.Message + ")"
			}
			return text
		}
		return ce.Message
	}
	return f.T("error.internal", ce.Message)
}

// where names the place of a bad input: row, field and position.
func (f *Frame) where(ce *CallError) string {
	var parts []string
	if ce.Row != nil {
		parts = append(parts, f.T("where.row", *ce.Row+1))
	}
	if len(ce.Rows) > 0 {
		nums := make([]string, len(ce.Rows))
		for i, r := range ce.Rows {
			nums[i] = fmt.Sprint(r + 1)
		}
		parts = append(parts, f.T("where.rows", strings.Join(nums, ", ")))
	}
	if ce.Field != "" && i18n.Has(i18n.English, "field."+ce.Field) {
		parts = append(parts, f.T("field."+ce.Field))
	}
	if ce.Pos != nil {
		parts = append(parts, f.T("where.pos", *ce.Pos+1))
	}
	return strings.Join(parts, f.T("where.sep"))
}

// unmount takes the widget down and releases the frame's listeners.
func (f *Frame) unmount() {
	for _, child := range f.children {
		child.unmount()
	}
	f.children = nil
	f.cancelAll()
	shadow := safejs.Safe(f.root.Underlying())
	for typ, l := range f.listen {
		_, _ = shadow.Call("removeEventListener", typ, l.fn)
		l.release()
	}
	f.listen = nil
	_ = shadow.Set("innerHTML", "")
}
