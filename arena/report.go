package arena

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The report is one self-contained HTML page (inline CSS, SVG and a small
// script; nothing fetched) of one or several runs: the results table of
// every encounter with the score and the Elo interval as they evolved, the
// list of games and a replay of each. Every position of every game is
// computed here with the game's rules (ReplayGame) and embedded as JSON;
// the script only draws them.

//go:embed report.css
var reportCSS string

//go:embed report.js
var reportJS string

// ReportFile is the report's name in a run's folder.
const ReportFile = "report.html"

// pageGame is one game as the page's script reads it.
type pageGame struct {
	N       int               `json:"n"` // 1-based number in the list
	Game    string            `json:"game"`
	Players [2]string         `json:"p"`
	Colours [2]string         `json:"c"`
	Result  string            `json:"res"`
	Reason  Reason            `json:"why"`
	Detail  string            `json:"det,omitempty"`
	Opening int               `json:"op"` // plies of opening before the engines' moves
	Moves   []string          `json:"mv"` // opening moves, then the game's
	Ms      []int64           `json:"ms"` // think time per ply, -1 for opening moves
	Sides   []int             `json:"sd"` // colour of each ply
	Meta    map[string]any    `json:"meta,omitempty"`
	Start   string            `json:"s0"` // position at the start
	Diffs   [][]any           `json:"d"`  // position after each ply, as edits (stepDiff)
	Marks   [][]int           `json:"mk"` // cells to highlight after each ply
	Err     string            `json:"err,omitempty"`
	Options map[string]string `json:"opt,omitempty"`
}

// pageData is the JSON embedded in the page.
type pageData struct {
	Games []pageGame `json:"games"`
}

func buildPageGame(n int, g GameLine) pageGame {
	r := ReplayGame(g)
	pg := pageGame{N: n, Game: g.Game, Players: g.Players, Colours: g.Colours, Result: g.Result,
		Reason: g.Reason, Detail: g.Detail, Opening: len(g.Opening), Meta: r.Meta, Err: r.Err,
		Options: g.Options, Sides: r.Sides, Marks: r.Marks}
	if pg.Colours == [2]string{} {
		pg.Colours = [2]string{"first", "second"}
	}
	for _, m := range g.Opening {
		pg.Moves = append(pg.Moves, m)
		pg.Ms = append(pg.Ms, -1)
	}
	for _, m := range g.Moves {
		pg.Moves = append(pg.Moves, m.Move)
		pg.Ms = append(pg.Ms, m.Ms)
	}
	if len(r.Steps) > 0 {
		pg.Start = r.Steps[0]
		for i := 1; i < len(r.Steps); i++ {
			pg.Diffs = append(pg.Diffs, stepDiff(r.Steps[i-1], r.Steps[i]))
		}
	}
	if pg.Sides == nil {
		pg.Sides = []int{}
	}
	if pg.Diffs == nil {
		pg.Diffs = [][]any{}
	}
	if pg.Marks == nil {
		pg.Marks = [][]int{}
	}
	if pg.Moves == nil {
		pg.Moves, pg.Ms = []string{}, []int64{}
	}
	return pg
}

// evoPoint is an encounter's tally after one more of its games.
type evoPoint struct {
	Score         float64 // percent, first engine of the encounter
	Elo, Lo, Hi   float64
	PairsComplete int
}

// evolution replays an encounter's games through the aggregator that
// makes the tables (pairs complete when both their games are in).
func evolution(games []GameLine, k [2]string, sp *SPRT) []evoPoint {
	agg := &aggregator{sum: newSummary("", sp), pending: map[pairKey]float64{}, repeat: true}
	var pts []evoPoint
	for _, g := range games {
		if g.Pairing != k || g.Reason == Aborted {
			continue
		}
		agg.add(g)
		sc := *agg.sum.Pairings[k]
		e := sc.EloEstimate()
		pts = append(pts, evoPoint{Score: 100 * sc.Ratio(), Elo: e.Elo, Lo: e.Lo, Hi: e.Hi, PairsComplete: sc.Pairs()})
	}
	return pts
}

// WriteReport writes the report of games to path atomically (a temporary
// file in the same folder, then a rename), so that a reader never sees a
// page half written.
func WriteReport(path string, games []GameLine, sp *SPRT, sources []string) error {
	return writeReport(path, games, nil, sp, sources)
}

func writeReport(path string, games []GameLine, pages []pageGame, sp *SPRT, sources []string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".report-*.html")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = buildReport(f, games, pages, sp, sources)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// BuildReport writes the page: a section per game (kalah, gomoku, ...) with
// the table and plots of each encounter, then the games and their replays.
// sources name the runs (folders) it was made from.
func BuildReport(w io.Writer, games []GameLine, sp *SPRT, sources []string) error {
	return buildReport(w, games, nil, sp, sources)
}

// buildReport is BuildReport with the page data of the first games already
// made (pages[i] for games[i]; the live report keeps them between pages).
func buildReport(w io.Writer, games []GameLine, pages []pageGame, sp *SPRT, sources []string) error {
	var b strings.Builder
	esc := html.EscapeString
	title := "Arena report"
	var kinds []string
	byKind := map[string][]GameLine{}
	for _, g := range games {
		if _, ok := byKind[g.Game]; !ok {
			kinds = append(kinds, g.Game)
		}
		byKind[g.Game] = append(byKind[g.Game], g)
	}
	if len(kinds) > 0 {
		title += ": " + strings.Join(kinds, ", ")
	}
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n<style>%s</style>\n", esc(title), reportCSS)
	// Errors of the page's script are kept where a test can read them.
	b.WriteString(`<script>(function(){var e=[];function k(m){e.push(String(m));document.documentElement.setAttribute("data-errors",e.join(" | "));}` +
		`window.addEventListener("error",function(v){k(v.message||"error")});window.addEventListener("unhandledrejection",function(v){k("unhandled rejection: "+v.reason)});` +
		`var c=console.error;console.error=function(){k(Array.prototype.join.call(arguments," "));return c.apply(console,arguments)};})();</script>` + "\n")
	b.WriteString("</head><body>\n")
	fmt.Fprintf(&b, "<header><h1>%s</h1><p class=\"sub\">%d games", esc(title), len(games))
	if len(sources) > 0 {
		fmt.Fprintf(&b, " from %s", esc(strings.Join(sources, ", ")))
	}
	fmt.Fprintf(&b, "; written %s</p></header>\n", time.Now().UTC().Format("2006-01-02 15:04:05 UTC"))

	for _, kind := range kinds {
		gs := byKind[kind]
		sum := Merge(gs, sp)
		fmt.Fprintf(&b, "<section class=\"results\"><h2>%s: %d games</h2>\n", esc(kind), len(gs))
		if len(sum.Order) > 1 {
			b.WriteString("<table class=\"list standings\"><thead><tr><th>rank</th><th>engine</th><th>Elo against the field (95 %)</th><th>games</th><th>score</th><th>W / D / L</th></tr></thead><tbody>\n")
			for i, st := range sum.Standings() {
				sc, e := st.Score, st.Score.EloEstimate()
				fmt.Fprintf(&b, "<tr><td>%d</td><td>%s</td><td>%s <span class=\"note\">(%s .. %s)</span></td><td>%d</td><td>%.1f %%</td><td>%d / %d / %d</td></tr>\n",
					i+1, esc(st.Name), esc(e.String()), eloText(e.Lo), eloText(e.Hi), sc.Games(), 100*sc.Ratio(), sc.W, sc.D, sc.L)
			}
			b.WriteString("</tbody></table>\n")
		}
		for _, k := range sum.Order {
			writeEncounter(&b, gs, k, sp, len(sum.Order) == 1)
		}
		b.WriteString("</section>\n")
	}

	b.WriteString(`<section id="viewer" class="viewer"><h2 id="vtitle">Replay</h2>
<div class="vrow"><div class="vboard"><div id="board" class="board"></div>
<div class="controls"><button id="bfirst" title="first (Home)">|&#x25C0;</button><button id="bprev" title="back (&#x2190;)">&#x25C0;</button>` +
		`<span id="stepinfo"></span><button id="bnext" title="forward (&#x2192;)">&#x25B6;</button><button id="blast" title="last (End)">&#x25B6;|</button></div>
<p id="status" class="status"></p></div>
<div class="vmoves"><div id="moves" class="moves"></div></div></div></section>
`)

	b.WriteString("<section class=\"games\"><h2>Games</h2>\n<table id=\"gamelist\" class=\"list\"><thead><tr><th>#</th><th>game</th><th>first to move</th><th>second</th><th>opening</th><th>result</th><th>ending</th><th>plies</th><th>time</th></tr></thead><tbody>\n")
	data := pageData{}
	for i, g := range games {
		n := i + 1
		if i < len(pages) {
			data.Games = append(data.Games, pages[i])
		} else {
			data.Games = append(data.Games, buildPageGame(n, g))
		}
		col := g.Colours
		if col == [2]string{} {
			col = [2]string{"first", "second"}
		}
		op := strings.Join(g.Opening, " ")
		if op == "" {
			op = "-"
		}
		ending := string(g.Reason)
		if g.Detail != "" {
			ending += ": " + g.Detail
		}
		fmt.Fprintf(&b, "<tr data-game=\"%d\"><td><a href=\"#game=%d\">%d</a></td><td>%s</td><td>%s <span class=\"col\">(%s)</span></td><td>%s <span class=\"col\">(%s)</span></td>"+
			"<td class=\"op\">%s</td><td>%s</td><td class=\"end\">%s</td><td>%d</td><td>%.1f s</td></tr>\n",
			n, n, n, esc(g.Game), esc(g.Players[0]), esc(col[0]), esc(g.Players[1]), esc(col[1]), esc(op), esc(g.Result), esc(ending),
			len(g.Opening)+len(g.Moves), float64(g.Millis)/1000)
	}
	b.WriteString("</tbody></table></section>\n")
	js, err := json.Marshal(data) // escapes <, > and &: safe inside a script element
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, "<script type=\"application/json\" id=\"data\">%s</script>\n", js)
	fmt.Fprintf(&b, "<script>\n%s</script>\n</body></html>\n", reportJS)
	_, err = io.WriteString(w, b.String())
	return err
}

// writeEncounter writes the table and the plots of one encounter; the SPRT
// applies when the run had this encounter only.
func writeEncounter(b *strings.Builder, games []GameLine, k [2]string, sp *SPRT, only bool) {
	esc := html.EscapeString
	var mine []GameLine
	for _, g := range games {
		if g.Pairing == k {
			mine = append(mine, g)
		}
	}
	sub := Merge(mine, sp)
	sc := *sub.Pairings[k]
	e := sc.EloEstimate()
	fmt.Fprintf(b, "<div class=\"enc\"><h3>%s vs %s</h3>\n<table class=\"stats\">\n", esc(k[0]), esc(k[1]))
	row := func(name, val string) { fmt.Fprintf(b, "<tr><th>%s</th><td>%s</td></tr>\n", name, val) }
	row("Games", fmt.Sprintf("%d (%d complete pairs)", sc.Games(), sc.Pairs()))
	row("W / D / L", fmt.Sprintf("%d / %d / %d <span class=\"note\">(%s)</span>", sc.W, sc.D, sc.L, esc(k[0])))
	row("Points", fmt.Sprintf("%s %.1f - %.1f %s (%.1f %%)", esc(k[0]), sc.Points(), float64(sc.Games())-sc.Points(), esc(k[1]), 100*sc.Ratio()))
	kind := "trinomial"
	if e.Pentanomial {
		kind = "pentanomial"
	}
	row("Elo", fmt.Sprintf("%s <span class=\"note\">(95 %%: %s .. %s, %s)</span>", esc(e.String()), eloText(e.Lo), eloText(e.Hi), kind))
	los := "n/a"
	if !math.IsNaN(e.LOS) {
		los = fmt.Sprintf("%.1f %%", 100*e.LOS)
	}
	row("LOS", los)
	if sc.Pairs() > 0 {
		row("Pentanomial (0-2)", fmt.Sprint(sc.Penta))
	}
	if sp != nil && only {
		lo, hi := sp.Bounds()
		v := "undecided"
		switch sub.Verdict {
		case "H1":
			v = "H1 accepted (elo &gt;= elo1)"
		case "H0":
			v = "H0 accepted (elo &lt;= elo0)"
		}
		row("SPRT", fmt.Sprintf("LLR %.2f (%.2f, %.2f) [%g, %g]: %s", sp.LLR(sc), lo, hi, sp.Elo0, sp.Elo1, v))
	}
	var ends []string
	for _, r := range reasonOrder(sub.Reasons) {
		ends = append(ends, fmt.Sprintf("%s %d", esc(string(r)), sub.Reasons[r]))
	}
	row("Endings", strings.Join(ends, ", "))
	var times []string
	for _, n := range sub.Names {
		if sub.Moves[n] > 0 {
			times = append(times, fmt.Sprintf("%s %d ms (%d moves)", esc(n), sub.ThinkMs[n]/int64(sub.Moves[n]), sub.Moves[n]))
		}
	}
	row("Mean time per move", strings.Join(times, ", "))
	b.WriteString("</table>\n")
	pts := evolution(games, k, sp)
	if len(pts) > 0 {
		b.WriteString("<div class=\"plots\">")
		b.WriteString(plotSVG("Score of "+k[0]+" (%)", pts, func(p evoPoint) (float64, float64, float64) { return p.Score, p.Score, p.Score }, 0, 100, 50))
		lim := 50.0
		for _, p := range pts {
			for _, v := range []float64{p.Elo, p.Lo, p.Hi} {
				if !math.IsInf(v, 0) && !math.IsNaN(v) {
					lim = math.Max(lim, math.Abs(v))
				}
			}
		}
		lim = math.Min(math.Ceil(lim/50)*50, 800)
		b.WriteString(plotSVG("Elo of "+k[0]+" with its 95% interval", pts, func(p evoPoint) (float64, float64, float64) { return p.Elo, p.Lo, p.Hi }, -lim, lim, 0))
		b.WriteString("</div>")
	}
	b.WriteString("</div>\n")
}

func eloText(v float64) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return fmt.Sprintf("%+.0f", v)
	}
	return fmt.Sprintf("%+.1f", v+0)
}

func reasonOrder(m map[Reason]int) []Reason {
	var out []Reason
	known := []Reason{Normal, Illegal, Malformed, TimeLoss, Crash, Closed, StartFail, MemoryLimit, Aborted}
	for _, r := range known {
		if m[r] > 0 {
			out = append(out, r)
		}
	}
	for r, n := range m {
		found := false
		for _, k := range known {
			found = found || k == r
		}
		if !found && n > 0 {
			out = append(out, r)
		}
	}
	return out
}

// plotSVG draws a value (and a band lo..hi) over the games of an encounter
// as inline SVG; values beyond the range (infinite ends) are drawn at its
// edge.
func plotSVG(title string, pts []evoPoint, val func(evoPoint) (v, lo, hi float64), min, max, ref float64) string {
	const W, H, L, R, T, B = 460.0, 200.0, 44.0, 10.0, 22.0, 26.0
	n := len(pts)
	x := func(i int) float64 {
		if n == 1 {
			return L + (W-L-R)/2
		}
		return L + float64(i)*(W-L-R)/float64(n-1)
	}
	y := func(v float64) float64 {
		if math.IsNaN(v) {
			v = (min + max) / 2
		}
		v = math.Max(min, math.Min(max, v))
		return T + (max-v)/(max-min)*(H-T-B)
	}
	var s strings.Builder
	fmt.Fprintf(&s, "<svg class=\"plot\" viewBox=\"0 0 %g %g\" width=\"%g\" height=\"%g\" role=\"img\"><title>%s</title>", W, H, W, H, html.EscapeString(title))
	fmt.Fprintf(&s, "<text x=\"%g\" y=\"14\" class=\"pt\">%s</text>", L, html.EscapeString(title))
	fmt.Fprintf(&s, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" class=\"frame\"/>", L, T, W-L-R, H-T-B)
	for _, v := range []float64{min, ref, max} {
		fmt.Fprintf(&s, "<text x=\"%g\" y=\"%g\" class=\"ax\" text-anchor=\"end\">%g</text>", L-4, y(v)+4, v)
	}
	fmt.Fprintf(&s, "<line x1=\"%g\" x2=\"%g\" y1=\"%g\" y2=\"%g\" class=\"ref\"/>", L, W-R, y(ref), y(ref))
	fmt.Fprintf(&s, "<text x=\"%g\" y=\"%g\" class=\"ax\">1</text><text x=\"%g\" y=\"%g\" class=\"ax\" text-anchor=\"end\">%d games</text>", L, H-8, W-R, H-8, n)
	var band, line []string
	for i, p := range pts {
		_, _, hi := val(p)
		band = append(band, fmt.Sprintf("%.1f,%.1f", x(i), y(hi)))
	}
	for i := n - 1; i >= 0; i-- {
		_, lo, _ := val(pts[i])
		band = append(band, fmt.Sprintf("%.1f,%.1f", x(i), y(lo)))
	}
	for i, p := range pts {
		v, _, _ := val(p)
		line = append(line, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
	}
	fmt.Fprintf(&s, "<polygon class=\"band\" points=\"%s\"/>", strings.Join(band, " "))
	fmt.Fprintf(&s, "<polyline class=\"line\" points=\"%s\"/>", strings.Join(line, " "))
	last := pts[n-1]
	v, _, _ := val(last)
	fmt.Fprintf(&s, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" class=\"dot\"/>", x(n-1), y(v))
	s.WriteString("</svg>")
	return s.String()
}

// RunReport writes the report of the runs in dirs: "arena report [-o FILE]
// DIR...". The default file is DIR/report.html for one folder, report.html
// in the working folder for several.
func RunReport(args []string, stdout io.Writer) error {
	out := ""
	var dirs []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-o" || a == "--o" || a == "-out":
			if i+1 >= len(args) {
				return errors.New("report: -o needs a file")
			}
			i++
			out = args[i]
		case strings.HasPrefix(a, "-o="):
			out = a[3:]
		case strings.HasPrefix(a, "-"):
			return fmt.Errorf("report: unknown flag %s (usage: arena report [-o FILE] DIR...)", a)
		default:
			dirs = append(dirs, a)
		}
	}
	if len(dirs) == 0 {
		return errors.New("usage: arena report [-o FILE] DIR...")
	}
	if out == "" {
		out = ReportFile
		if len(dirs) == 1 {
			out = filepath.Join(dirs[0], ReportFile)
		}
	}
	games, sp, err := ReadRecords(dirs)
	if err != nil {
		return err
	}
	if err := WriteReport(out, games, sp, dirs); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "report of %d games written to %s\n", len(games), out)
	return nil
}
