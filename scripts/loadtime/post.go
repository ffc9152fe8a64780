//go:build !js

package main

import (
	_ "embed"
	"html"
	"strings"
)

// probeJS is the inline script that times the stages in the page; see
// probe.js.
//
//go:embed probe.js
var probeJS string

// lorem is the filler a blog post has around the widget.
var lorem = []string{
	"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.",
	"Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.",
	"Sed ut perspiciatis unde omnis iste natus error sit voluptatem accusantium doloremque laudantium, totam rem aperiam, eaque ipsa quae ab illo inventore veritatis et quasi architecto beatae vitae dicta sunt explicabo.",
	"Nemo enim ipsam voluptatem quia voluptas sit aspernatur aut odit aut fugit, sed quia consequuntur magni dolores eos qui ratione voluptatem sequi nesciunt. Neque porro quisquam est, qui dolorem ipsum quia dolor sit amet.",
	"At vero eos et accusamus et iusto odio dignissimos ducimus qui blanditiis praesentium voluptatum deleniti atque corrupti quos dolores et quas molestias excepturi sint occaecati cupiditate non provident.",
}

// postHTML is a blog post with one widget of the game: a heading, three
// paragraphs, the widget's element, two more paragraphs, and the embed
// script (named script, beside the post) at the end of the body, as the
// README tells a blogger to write it. The probe, timing the stages, sits
// in the head, so it runs before the embed script; ready is the CSS
// selector that matches in the widget's shadow root once it is usable.
func postHTML(game, script, ready string) []byte {
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<title>Notes from the minefield</title>\n")
	b.WriteString("<style>body{font:18px/1.7 Georgia,serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}</style>\n")
	// The selector goes into a JS string literal: quote what could end it.
	quoted := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "<", `\x3c`).Replace(ready)
	b.WriteString("<script>\n" + strings.Replace(probeJS, "__READY__", quoted, 1) + "</script>\n")
	b.WriteString("</head>\n<body>\n<article>\n<h1>Notes from the minefield</h1>\n")
	for _, p := range lorem[:3] {
		b.WriteString("<p>" + p + "</p>\n")
	}
	b.WriteString(`<div data-kibitz="` + html.EscapeString(game) + `"></div>` + "\n")
	for _, p := range lorem[3:] {
		b.WriteString("<p>" + p + "</p>\n")
	}
	b.WriteString("</article>\n")
	b.WriteString(`<script src="` + html.EscapeString(script) + `"></script>` + "\n")
	b.WriteString("</body>\n</html>\n")
	return []byte(b.String())
}

// readySelector is what matches in the widget's shadow root once the game
// is drawn. For Minesweeper that is a cell of the board: the widget's
// frame (and .kz-mines-board, the board's box) exist before the board
// fills its grid, the cells (.kz-mines-cell) only once it has. Other games
// take the first element of their own classes.
func readySelector(game string) string {
	if game == "mines" {
		return ".kz-mines-cell"
	}
	return `[class^="kz-` + game + `-"], [class*=" kz-` + game + `-"]`
}
