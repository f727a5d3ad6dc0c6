/// Draws a `ViewerState` at a moment into a `Frame`: header, status line, chart
/// with baseline and cursor, price and time labels, range bar, key hint, overlays.
public struct ViewerView: Sendable {
    public let state: ViewerState
    public let time: Double

    public init(state: ViewerState, time: Double) {
        self.state = state
        self.time = time
    }

    var layout: ChartLayout { state.layout }
    var unicode: Bool { state.options.charset != .ascii }

    public func render() -> Frame {
        var frame = Frame(width: layout.columns, height: layout.rows)
        if layout.isTooSmall {
            drawTooSmall(into: &frame)
            return frame
        }
        let projection = state.projection(at: time)
        ChartPainter.paint(state: state, time: time, into: &frame)
        drawPriceLabels(projection, into: &frame)
        drawTimeLabels(projection, into: &frame)
        drawHeader(into: &frame)
        if let status = state.status { drawStatus(status, into: &frame) }
        drawBottomRow(into: &frame)
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
        if state.candles.drawsCandles, let candle = state.cursorCandle(at: time) {
            drawCandleHeader(candle, into: &frame)
            return
        }
        let series = state.series
        let cursor = state.displayedCursor(at: time)
        let index = cursor ?? state.slice.last
        let price = series.prices[index]
        let move = PriceMove(from: state.slice.reference, to: index, startPrice: state.baselinePrice, endPrice: price)
        let formatter = state.priceFormatter
        let change = move.change
        // Said in signs and words too, never by colour alone; no change has no arrow.
        let arrow = change == 0 ? "" : (unicode ? (change > 0 ? "▲ " : "▼ ") : (change > 0 ? "^ " : "v "))
        // The change also where it lies beyond Double's range (-1.7e308 to 1.7e308).
        let amount = change == 0 ? formatter.string(0) : formatter.change(move)
        let percent = move.percent.map { change == 0 ? "0.00%" : PriceFormatter.percent($0) } ?? "n/a"
        let word = change == 0 ? "unchanged" : (change > 0 ? "up" : "down")
        let changeStyle = change == 0 ? CellStyle(.plain, .bold) : CellStyle(change > 0 ? .rising : .falling, .bold)
        let bold = CellStyle(.plain, .bold)
        let ellipsis = unicode ? "…" : "..."

        var header = HeaderLayout(left: [
            .init(forms: HeaderLayout.shortenings(of: series.name, ellipsis: ellipsis), style: bold, yield: cursor == nil ? 2 : 1),
            .init(forms: [formatter.string(price)], style: bold, yield: 9),
            .init(forms: ["\(arrow)\(amount) (\(percent))", arrow + (move.percent == nil ? amount : percent), ""],
                  style: changeStyle, yield: 4),
            .init(forms: [word, ""], style: changeStyle, gap: 1, yield: 0),
        ], right: nil)
        // Times shown in another zone than the data's own (`--tz`) say which.
        let zone = state.options.clock.flatMap { series.hasTimeOfDay ? " " + $0.abbreviation(at: series.times[index]) : nil }
        if let cursor {
            let forms = momentTexts(state.shownSeries.times[cursor]).map { $0 + (zone ?? "") }
            header.right = .init(forms: forms + [""], style: .plain, yield: 3)
        } else {
            header.right = .init(forms: spanTexts().map { $0 + (zone ?? "") } + [""], style: .muted, yield: 1)
        }
        for part in header.place(columns: layout.columns) {
            frame.write(part.text, x: part.x, y: layout.headerRow, style: part.style)
        }
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
        let s = state.shownSeries
        let slice = state.slice
        let first = s.times[slice.first], last = s.times[slice.last]
        let dot = unicode ? " · " : " - "
        let dash = unicode ? "–" : "-"
        let span: String
        let oneDate = LocalTime.dayNumber(first) == LocalTime.dayNumber(last)
        if state.range == .oneDay && oneDate {
            span = "\(DateText.weekday(last)) \(DateText.dayMonthYear(last)) \(DateText.time(first))\(dash)\(DateText.time(last))"
        } else if state.range == .oneDay {
            // A trading day shown in a zone where it crosses midnight (`--tz`).
            span = "\(DateText.weekday(first)) \(DateText.dayMonth(first)) \(DateText.time(first)) \(dash) "
                + "\(DateText.weekday(last)) \(DateText.dayMonthYear(last)) \(DateText.time(last))"
        } else if slice.coversAllData {
            span = "all since \(DateText.dayMonthYear(first))" + (s.hasTimeOfDay ? " \(DateText.time(first))" : "")
        } else if s.hasTimeOfDay && state.range == .fiveDays {
            span = "\(DateText.dayMonthYear(first)) \(DateText.time(first)) \(dash) \(DateText.dayMonthYear(last)) \(DateText.time(last))"
        } else {
            span = "\(DateText.dayMonthYear(first)) \(dash) \(DateText.dayMonthYear(last))"
        }
        let short = state.range == .oneDay || state.range == .fiveDays
            ? "\(DateText.dayMonth(first))\(dash)\(DateText.dayMonth(last))"
            : "\(DateText.monthYear(first))\(dash)\(DateText.monthYear(last))"
        return withCandleLabel([state.range.label + dot + span, state.range.label + dot + short, state.range.label])
    }

    /// The baseline's price at its row, then round tick values about every four rows,
    /// never on the baseline's row or next to it.
    func drawPriceLabels(_ projection: ChartProjection, into frame: inout Frame) {
        let dotsHigh = Double((state.options.charset.dotRowsPerCell))
        let heightDots = Double(layout.chartHeight) * dotsHigh
        // The projection maps scaled prices (see PriceScale); labels show prices.
        let scale = state.priceScale
        let chartRows = layout.chartY..<(layout.chartY + layout.chartHeight)
        guard projection.y.scale != 0 else {
            // Flat series (its reference price too): one label at mid height.
            let price = state.series.prices[state.slice.last]
            let row = layout.chartY + Clamp.int(projection.y(scale.scaled(price)) / dotsHigh)
            writeLabel(state.priceFormatter.string(price), row: row, into: &frame)
            return
        }
        // The baseline's price: during a morph, the price of the row the dashed line is on.
        let baselineRow = layout.chartY + Clamp.int((projection.baselineRow / dotsHigh).rounded(.down))
        let baselineShown = chartRows.contains(baselineRow) && projection.baselineRow >= 0
        if baselineShown {
            writeLabel(state.priceFormatter.string(scale.price(projection.y.inverse(projection.baselineRow))),
                       row: baselineRow, into: &frame)
        }
        let top = scale.price(projection.y.inverse(0)), bottom = scale.price(projection.y.inverse(heightDots))
        // About one label every four rows, never closer than every other row.
        let ticks = PriceTicks(low: min(top, bottom), high: max(top, bottom),
                               target: max(2, layout.chartHeight / 4), maxCount: max(2, layout.chartHeight / 2))
        let formatter = state.priceFormatter.forTicks(decimals: ticks.decimals)
        var usedRows: Set<Int> = baselineShown ? [baselineRow - 1, baselineRow, baselineRow + 1] : []
        for value in ticks.values {
            let row = layout.chartY + Clamp.int((projection.y(scale.scaled(value)) / dotsHigh).rounded(.down))
            guard chartRows.contains(row), !usedRows.contains(row) else { continue }
            usedRows.insert(row)
            writeLabel(formatter.string(value), row: row, into: &frame)
        }
    }

    func writeLabel(_ text: String, row: Int, into frame: inout Frame) {
        let count = text.displayWidth
        let x = max(layout.labelX, layout.columns - count)
        frame.write(text, x: x, y: row, style: .muted)
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

    func drawBottomRow(into frame: inout Frame) {
        var x = 0
        for range in ChartRange.allCases {
            let available = state.availability(of: range).slice != nil
            let active = range == state.range
            // Unavailable ranges are in parentheses, not only dim (vt100 has no dim).
            let text = active ? "[\(range.label)]" : (available ? " \(range.label) " : "(\(range.label))")
            let style: CellStyle = active ? CellStyle(.accent, [.bold, .reverse])
                : (available ? .plain : CellStyle(.muted, .dim))
            x = frame.write(text, x: x, y: layout.bottomRow, style: style)
        }
        // The key map's hints in its order; when space runs out the least important go
        // first, in the map's fixed order of importance.
        let hints = KeyMap.bindings.compactMap(\.hint)
        var kept: [KeyHint] = []
        let room = layout.columns - x - 2
        for hint in KeyMap.hints {
            let candidate = hints.filter { $0 == hint || kept.contains($0) }
            guard candidate.map({ unicode ? $0.text : $0.ascii }).joined(separator: "  ").displayWidth <= room
            else { break }
            kept.append(hint)
        }
        let text = hints.filter(kept.contains).map { unicode ? $0.text : $0.ascii }.joined(separator: "  ")
        frame.write(text, x: layout.columns - text.displayWidth - 1, y: layout.bottomRow, style: .muted)
    }

    /// The status line; a message too long for it is cut at a word with `…` and a dim
    /// `[m]` that says which key shows it whole.
    func drawStatus(_ status: String, into frame: inout Frame) {
        let style = CellStyle(.accent)
        guard HeaderLayout.width(status) > layout.columns else {
            frame.write(status, x: 0, y: layout.statusRow, style: style)
            return
        }
        let ellipsis = unicode ? "…" : "..."
        let key = " [m]"
        let room = layout.columns - HeaderLayout.width(ellipsis) - HeaderLayout.width(key)
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
}
