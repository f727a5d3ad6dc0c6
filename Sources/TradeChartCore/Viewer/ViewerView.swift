/// Draws a `ViewerState` at a moment into a `Frame`: header, status line, chart
/// with baseline and cursor, price and time labels, range bar, key hint, overlays.
package struct ViewerView: Sendable {
    package let state: ViewerState
    package let time: Double
    /// Where the state lands on the screen at `time`: worked out once, read by every part.
    let geometry: FrameGeometry

    package init(state: ViewerState, time: Double) {
        self.state = state
        self.time = time
        geometry = state.geometry(at: time)
    }

    var layout: ChartLayout { state.layout }
    var unicode: Bool { state.options.charset != .ascii }

    package func render() -> Frame {
        var frame = Frame(width: layout.columns, height: layout.rows)
        if layout.isTooSmall {
            drawTooSmall(into: &frame)
            return frame
        }
        let projection = geometry.projection
        ChartPainter.paint(state: state, geometry: geometry, into: &frame)
        drawPriceLabels(projection, into: &frame)
        drawTimeLabels(projection, into: &frame)
        drawHeader(into: &frame)
        // Comparing, the legend stays beside a message: it says which line is which file.
        var statusRoom = layout.columns
        if state.comparing {
            statusRoom = max(0, layout.columns - drawComparisonLegend(besides: state.status, into: &frame) - 3)
        } else {
            drawLegend(into: &frame)
        }
        if let status = state.status ?? state.indicatorsLeftOut?.text { drawStatus(status, room: statusRoom, into: &frame) }
        drawBottomRow(into: &frame)
        // An image lies over the plot's cells: they are blank, so the text under it never shows through.
        if state.showsPlotAsImage {
            let area = state.imageArea
            frame.clear(x: area.column, y: area.row, width: area.columns, height: area.rows)
        }
        if let panel = state.panel { drawPanel(panel, title: state.panelTitle, into: &frame) }
        return frame
    }

    // MARK: - Parts

    func drawTooSmall(into frame: inout Frame) {
        let message = layout.columns >= 18 ? "Terminal too small" : "Too small"
        let detail = "need \(ChartLayout.minimumColumns)x\(ChartLayout.minimumRows)"
        let y = max(0, layout.rows / 2 - 1)
        frame.write(message, x: max(0, (layout.columns - message.displayWidth) / 2), y: y, style: CellStyle(.plain, .bold))
        frame.write(detail, x: max(0, (layout.columns - detail.displayWidth) / 2), y: y + 1, style: .muted)
    }

    /// The header: name, price, the change against the baseline (the reference price),
    /// the change in words, and on the right the scrubbed moment or the range's span.
    /// When space runs out, the words go first, then the name (shortened with `…`),
    /// then the date; with no cursor the span goes before the name. Price and change stay.
    func drawHeader(into frame: inout Frame) {
        // A candle under the cursor shows its values; a mark (Space) measures as on the line.
        if state.drawsCandles, state.markedPoint == nil, let candle = geometry.cursorCandle {
            drawCandleHeader(candle, into: &frame)
            return
        }
        let series = state.series
        let cursor = geometry.cursor
        let index = cursor ?? state.slice.last
        let price = series.prices[index]
        // With a mark (Space) the change is measured from the mark, else from the reference price.
        let marked = state.markedPoint
        let move = marked.map { PriceMove(from: $0, to: index, startPrice: series.prices[$0], endPrice: price) }
            ?? PriceMove(from: state.slice.reference, to: index, startPrice: state.baselinePrice, endPrice: price)
        let formatter = state.priceFormatter
        let change = move.change
        let (arrow, amount, percent, changeStyle) = Self.changeTexts(move, formatter, unicode: unicode)
        let word = change == 0 ? "unchanged" : (change > 0 ? "up" : "down")
        let bold = CellStyle(.plain, .bold)
        let ellipsis = unicode ? "…" : "..."

        // The name's shorter forms are made only when the fullest forms do not all fit.
        var header = HeaderLayout(left: [
            .init(forms: [series.name], style: bold, yield: cursor == nil ? 2 : 1),
            .init(forms: [formatter.string(price)], style: bold, yield: 9),
            .init(forms: changeForms(arrow, amount, percent, marked: marked),
                  style: changeStyle, yield: 4),
            marked.map { .init(forms: measureTexts(from: $0, to: index), style: changeStyle, gap: 0, yield: 0) }
                ?? .init(forms: [word, ""], style: changeStyle, gap: 1, yield: 0),
        ], right: nil)
        // Times shown in another zone than the data's own (`--tz`) say which.
        let zone = state.options.clock.flatMap { series.hasTimeOfDay ? " " + $0.abbreviation(in: series, at: index) : nil }
        if let cursor {
            let forms = momentTexts(state.shownSeries.times[cursor]).map { $0 + (zone ?? "") }
            header.right = .init(forms: forms + [""], style: .plain, yield: 3)
        } else {
            header.right = .init(forms: spanTexts().map { $0 + (zone ?? "") } + [""], style: .muted, yield: 1)
        }
        let placed = header.placeWhole(columns: layout.columns) ?? {
            header.left[0].forms = HeaderLayout.shortenings(of: series.name, ellipsis: ellipsis)
            return header.place(columns: layout.columns)
        }()
        for part in placed {
            frame.write(part.text, x: part.x, y: layout.headerRow, style: part.style)
        }
    }

    /// The change, then shorter forms: `▼ -1,124.59 (-8.65%)`, `▼ -8.65%`. With a mark every
    /// form says what it is measured from, whatever else gives way: `from the mark` (`before
    /// the range` or `after` it when the range does not hold it), at the least `◆`.
    func changeForms(_ arrow: String, _ amount: String, _ percent: String?, marked: Int?) -> [String] {
        // A percent of a start at or below zero means nothing: `(n/a)` says so.
        let full = "\(arrow)\(amount) (\(percent ?? "n/a"))"
        let short = arrow + (percent ?? amount)
        guard let marked else { return [full, short, ""] }
        let note = MarkMeasure.from(marked, state)
        var notes = [note, "from the mark"] + (unicode ? ["from ◆", "◆"] : ["from mark"])
        if note == notes[1] { notes.remove(at: 1) }
        return [full + " " + note] + notes.map { short + " " + $0 } + [""]
    }

    /// What a measurement from the mark says after its change's `from the mark`, then
    /// shorter forms: ` on 3 Jan 2019: 87 bars, 130 days`, `: 87 bars, 130 days`, `: 87 bars`.
    func measureTexts(from marked: Int, to point: Int) -> [String] {
        let times = state.shownSeries.times
        let measure = MarkMeasure(state, from: marked, to: point)
        let when = state.series.hasTimeOfDay ? DateText.dayMonth(times[marked]) + " " + DateText.time(times[marked])
            : DateText.dayMonthYear(times[marked])
        return [" on \(when): \(measure.words)", ": \(measure.words)", ": " + CountText.of(measure.bars, "bar"), ""]
    }

    /// A point's moment, then shorter forms: `Fri 8 Nov 2019 15:59`, `8 Nov 2019 15:59`,
    /// `8 Nov 15:59`, `15:59` (daily data: `Mon 13 May 2019`, `13 May 2019`, `13 May`).
    func momentTexts(_ t: Int64) -> [String] {
        guard state.series.hasTimeOfDay else {
            return [DateText.moment(t, withTime: false), DateText.dayMonthYear(t), DateText.dayMonth(t)]
        }
        return [DateText.moment(t, withTime: true), DateText.dayMonthYear(t) + " " + DateText.time(t),
                DateText.dayMonth(t) + " " + DateText.time(t), DateText.time(t)]
    }

    /// `1Y · 14 May 2018 – 13 May 2019` (or `5Y · all since 13 May 2014` when the
    /// range is longer than the data), then shorter forms for narrow terminals.
    func spanTexts() -> [String] {
        withCandleLabel(state.shownSpanDates())
    }

    /// The price axis's labels (see `ViewerState.priceLabels`), right-aligned in the
    /// label column; one wider than the column (for a moment of a morph) is left out, never cut.
    func drawPriceLabels(_ projection: ChartProjection, into frame: inout Frame) {
        for label in state.shownPriceLabels(projection) where label.text.displayWidth <= layout.labelWidth {
            frame.write(label.text, x: layout.columns - label.text.displayWidth, y: label.row, style: label.style)
        }
    }

    /// The comparison's legend on the status line: every file with its symbol and its
    /// change over the range, or its price and change at the cursor; names are
    /// shortened (then left out) when the line is too narrow. Beside a message it stands
    /// at the right and leaves the message at least a third of the line (or all it needs);
    /// its width.
    func drawComparisonLegend(besides status: String?, into frame: inout Frame) -> Int {
        // The primary's moving averages follow the files, the first left out when room is short.
        let entries = state.comparisonLegend(at: geometry.cursor)
            + state.averageLegend(at: geometry.cursor ?? state.slice.last).map {
                ViewerState.LegendEntry(symbol: "", name: "", text: $0.text, role: $0.role)
            }
        let ellipsis = unicode ? "…" : "..."
        let room = layout.columns - (status.map { min(HeaderLayout.width($0), max(12, layout.columns / 3)) + 3 } ?? 0)
        func width(_ texts: [String]) -> Int { texts.map(\.displayWidth).reduce(0, +) + 3 * max(0, texts.count - 1) }
        var texts: [String] = []
        for nameRoom in [40, 16, 8, 0] {
            texts = entries.map { entry -> String in
                let name = nameRoom == 0 ? "" : HeaderLayout.shortenings(of: entry.name, ellipsis: ellipsis)
                    .first { $0.displayWidth <= nameRoom } ?? ""
                return ([entry.symbol, name, entry.text].filter { !$0.isEmpty }).joined(separator: " ")
            }
            if width(texts) <= room { break }
        }
        // The averages that do not fit are left out, and beside a message the files at the right too.
        let files = state.others.count + 1
        while width(texts) > room && !texts.isEmpty && (status != nil || texts.count > files) { texts.removeLast() }
        var x = status == nil ? 0 : layout.columns - width(texts)
        for (entry, text) in zip(entries, texts) {
            x = frame.write(text, x: x, y: layout.statusRow, style: CellStyle(entry.role)) + 3
        }
        return width(texts)
    }

    func drawTimeLabels(_ projection: ChartProjection, into frame: inout Frame) {
        let dotsWide = Double(state.options.charset.dotColumnsPerCell)
        let labels = state.timeLabels.place(width: layout.chartWidth) { index in
            projection.x(Double(index)) / dotsWide
        }
        for label in labels {
            frame.write(label.text, x: layout.chartX + label.column, y: layout.timeLabelRow, style: .muted)
        }
    }

    /// The bottom row (`ViewerState.bottomRow`): kept by the state, or worked out.
    func drawBottomRow(into frame: inout Frame) {
        for text in state.shownBottomRow() { frame.write(text.text, x: text.x, y: text.y, style: text.style) }
    }

    /// The moving averages' and overlay indicators' legend at the right of the status line, each name in its
    /// colour with its value at the cursor (or the newest point); what does not fit is
    /// left out from the right, and a status message covers it.
    func drawLegend(into frame: inout Frame) {
        let point = geometry.cursor ?? state.slice.last
        var entries = state.averageLegend(at: point) + state.indicatorLegend(at: point)
        guard !entries.isEmpty else { return }
        let reserved = (state.status ?? state.indicatorsLeftOut?.text).map { HeaderLayout.width($0) + 2 } ?? 0
        while !entries.isEmpty,
              entries.map({ HeaderLayout.width($0.text) }).reduce(0, +) + 2 * (entries.count - 1) > layout.columns - reserved {
            entries.removeLast()
        }
        var x = layout.columns - (entries.map { HeaderLayout.width($0.text) }.reduce(0, +) + 2 * max(0, entries.count - 1))
        for entry in entries {
            x = frame.write(entry.text, x: x, y: layout.statusRow, style: CellStyle(entry.role)) + 2
        }
    }

    /// The status line, in its first `columns` cells; a message too long for them is cut at
    /// a word with `…` and, where panels open (not in `--print`), a dim `[!]` that says
    /// which key shows it whole.
    func drawStatus(_ status: String, room columns: Int, into frame: inout Frame) {
        let style = CellStyle(.accent)
        guard HeaderLayout.width(status) > columns else {
            frame.write(status, x: 0, y: layout.statusRow, style: style)
            return
        }
        let ellipsis = unicode ? "…" : "..."
        let key = state.options.showsPanels ? " [\(KeyMap.names(of: .messages).first ?? "?")]" : ""
        let room = columns - HeaderLayout.width(ellipsis) - HeaderLayout.width(key)
        var kept = DisplayWidth.prefix(status, cells: max(0, room))
        // Cut at a word when one ends in the last third, so no number is cut in two.
        if let space = kept.lastIndex(of: " "), kept.distance(from: kept.startIndex, to: space) > room * 2 / 3 {
            kept = String(kept[..<space])
        }
        let x = frame.write(kept.trimmingTrailingSpaces() + ellipsis, x: 0, y: layout.statusRow, style: style)
        frame.write(key, x: x, y: layout.statusRow, style: .muted)
    }

    /// A framed panel over the chart, scrolled to `state.panelScroll`; the border says
    /// when there is more above or below.
    func drawPanel(_ panel: PanelLayout, title: String, into frame: inout Frame) {
        let inner = panel.inner
        let (x0, y0) = (panel.x, panel.y)
        let scroll = panel.clamped(state.panelScroll)
        let (h, v, tl, tr, bl, br) = unicode ? ("─", "│", "┌", "┐", "└", "┘") : ("-", "|", "+", "+", "+", "+")
        let border = CellStyle(.accent)
        frame.write(tl + String(repeating: h, count: inner + 2) + tr, x: x0, y: y0, style: border)
        frame.write(" \(title) ", x: x0 + 2, y: y0, style: CellStyle(.plain, .bold))
        for i in 0..<panel.visible {
            let text = panel.lines[scroll + i]
            let padded = text + String(repeating: " ", count: max(0, inner - HeaderLayout.width(text)))
            frame.write(v + " " + padded + " " + v, x: x0, y: y0 + 1 + i, style: .plain)
            frame.restyle(x: x0, y: y0 + 1 + i, length: 1, style: border)
            frame.restyle(x: x0 + inner + 3, y: y0 + 1 + i, length: 1, style: border)
        }
        let bottom = y0 + panel.visible + 1
        frame.write(bl + String(repeating: h, count: inner + 2) + br, x: x0, y: bottom, style: border)
        // More above or below: said on the border, at its right end.
        let below = panel.lines.count - scroll - panel.visible
        if scroll > 0 {
            let more = unicode ? " ▲ \(scroll) more " : " ^ \(scroll) more "
            frame.write(more, x: x0 + inner + 2 - HeaderLayout.width(more), y: y0, style: border)
        }
        if below > 0 {
            let more = unicode ? " ▼ \(below) more " : " v \(below) more "
            frame.write(more, x: x0 + inner + 2 - HeaderLayout.width(more), y: bottom, style: border)
        }
    }

    /// A change as the header shows it: said in signs and words too, never by colour alone
    /// (no change has no arrow); the amount also where it lies beyond Double's range
    /// (-1.7e308 to 1.7e308); the percent when the start is above zero.
    static func changeTexts(_ move: PriceMove, _ formatter: PriceFormatter, unicode: Bool)
        -> (arrow: String, amount: String, percent: String?, style: CellStyle) {
        let change = move.change
        let arrow = change == 0 ? "" : (unicode ? (change > 0 ? "▲ " : "▼ ") : (change > 0 ? "^ " : "v "))
        let amount = change == 0 ? formatter.string(0) : formatter.change(move)
        let percent = move.percent.map { change == 0 ? "0.00%" : PriceFormatter.percent($0) }
        let style = change == 0 ? CellStyle(.plain, .bold) : CellStyle(change > 0 ? .rising : .falling, .bold)
        return (arrow, amount, percent, style)
    }
}
