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
        if let status = state.status {
            frame.write(status, x: 0, y: layout.statusRow, style: CellStyle(.accent))
        }
        drawBottomRow(into: &frame)
        switch state.overlay {
        case .none: break
        case .help: drawPanel(title: "Keys", lines: KeyMap.helpLines(width: layout.columns - 8), into: &frame)
        case .text(let title, let lines): drawPanel(title: title, lines: lines, into: &frame)
        }
        return frame
    }

    // MARK: - Parts

    func drawTooSmall(into frame: inout Frame) {
        let message = layout.columns >= 18 ? "Terminal too small" : "Too small"
        let detail = "need \(ChartLayout.minimumColumns)x\(ChartLayout.minimumRows)"
        let y = max(0, layout.rows / 2 - 1)
        frame.write(message, x: max(0, (layout.columns - message.count) / 2), y: y, style: CellStyle(.plain, .bold))
        frame.write(detail, x: max(0, (layout.columns - detail.count) / 2), y: y + 1, style: .muted)
    }

    func drawHeader(into frame: inout Frame) {
        let series = state.series
        let cursor = state.displayedCursor(at: time)
        let index = cursor ?? state.slice.last
        let price = series.prices[index]
        // The change of the shown point against the range's first price, the baseline.
        let move = PriceMove(from: state.slice.first, to: index, startPrice: state.baselinePrice, endPrice: price)
        let change = move.change
        let percent = move.percent ?? 0
        let up = change >= 0
        let sign: CellStyle = CellStyle(up ? .rising : .falling, .bold)
        let arrow = unicode ? (up ? "▲" : "▼") : (up ? "^" : "v")
        let formatter = state.priceFormatter

        var x = frame.write(series.name, x: 0, y: layout.headerRow, style: CellStyle(.plain, .bold)) + 2
        x = frame.write(formatter.string(price), x: x, y: layout.headerRow, style: CellStyle(.plain, .bold)) + 2
        // Said in signs and words too, never by colour alone.
        let word = change == 0 ? "unchanged" : (up ? "up" : "down")
        let changeText = "\(arrow) \(formatter.signed(change)) (\(PriceFormatter.percent(percent))) \(word)"
        frame.write(changeText, x: x, y: layout.headerRow, style: sign)

        // The right side: the scrubbed moment, or the range's span, shortened to fit.
        let candidates: [String]
        if let cursor {
            let t = series.times[cursor]
            candidates = [DateText.moment(t, withTime: series.hasTimeOfDay),
                          DateText.dayMonthYear(t) + (series.hasTimeOfDay ? " " + DateText.time(t) : "")]
        } else {
            candidates = spanTexts()
        }
        let room = layout.columns - (x + changeText.unicodeScalars.count + 2)
        if let right = candidates.first(where: { $0.unicodeScalars.count <= room }) {
            frame.write(right, x: layout.columns - right.unicodeScalars.count, y: layout.headerRow,
                        style: cursor == nil ? .muted : .plain)
        }
    }

    /// `1Y · 14 May 2018 – 13 May 2019` (or `5Y · all since 13 May 2014` when the
    /// range is longer than the data), then shorter forms for narrow terminals.
    func spanTexts() -> [String] {
        let s = state.series
        let slice = state.slice
        let first = s.times[slice.first], last = s.times[slice.last]
        let dot = unicode ? " · " : " - "
        let dash = unicode ? "–" : "-"
        let span: String
        if state.range == .oneDay {
            span = "\(DateText.weekday(last)) \(DateText.dayMonthYear(last)) \(DateText.time(first))\(dash)\(DateText.time(last))"
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
        return [state.range.label + dot + span, state.range.label + dot + short, state.range.label]
    }

    func drawPriceLabels(_ projection: ChartProjection, into frame: inout Frame) {
        let dotsHigh = Double((state.options.charset.dotRowsPerCell))
        let heightDots = Double(layout.chartHeight) * dotsHigh
        guard projection.y.scale != 0 else {
            // Flat series: one label at mid height.
            let price = state.series.prices[state.slice.last]
            let row = layout.chartY + Int(projection.y(price) / dotsHigh)
            writeLabel(state.priceFormatter.string(price), row: row, into: &frame)
            return
        }
        let top = projection.y.inverse(0), bottom = projection.y.inverse(heightDots)
        // About one label every four rows, never closer than every other row.
        let ticks = PriceTicks(low: min(top, bottom), high: max(top, bottom),
                               target: max(2, layout.chartHeight / 4), maxCount: max(2, layout.chartHeight / 2))
        let formatter = PriceFormatter(decimals: min(ticks.decimals, state.priceFormatter.decimals + 2))
        var usedRows = Set<Int>()
        for value in ticks.values {
            let row = layout.chartY + Int((projection.y(value) / dotsHigh).rounded(.down))
            guard row >= layout.chartY, row < layout.chartY + layout.chartHeight, !usedRows.contains(row) else { continue }
            usedRows.insert(row)
            writeLabel(formatter.string(value), row: row, into: &frame)
        }
    }

    func writeLabel(_ text: String, row: Int, into frame: inout Frame) {
        let count = text.unicodeScalars.count
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
            let text = active ? "[\(range.label)]" : " \(range.label) "
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
            guard candidate.map({ unicode ? $0.text : $0.ascii }).joined(separator: "  ").unicodeScalars.count <= room
            else { break }
            kept.append(hint)
        }
        let text = hints.filter(kept.contains).map { unicode ? $0.text : $0.ascii }.joined(separator: "  ")
        frame.write(text, x: layout.columns - text.unicodeScalars.count - 1, y: layout.bottomRow, style: .muted)
    }

    /// A framed panel centred over the chart.
    func drawPanel(title: String, lines: [String], into frame: inout Frame) {
        let inner = min(max(lines.map { $0.unicodeScalars.count }.max() ?? 0, title.unicodeScalars.count + 2), layout.columns - 4)
        let height = min(lines.count, layout.rows - 4)
        guard inner > 4, height > 0 else { return }
        let x0 = (layout.columns - inner - 4) / 2
        let y0 = max(1, (layout.rows - height - 2) / 2)
        let (h, v, tl, tr, bl, br) = unicode ? ("─", "│", "┌", "┐", "└", "┘") : ("-", "|", "+", "+", "+", "+")
        let border = CellStyle(.accent)
        frame.write(tl + String(repeating: h, count: inner + 2) + tr, x: x0, y: y0, style: border)
        frame.write(" \(title) ", x: x0 + 2, y: y0, style: CellStyle(.plain, .bold))
        for i in 0..<height {
            let text = String(lines[i].unicodeScalars.prefix(inner))
            let padded = text + String(repeating: " ", count: inner - text.unicodeScalars.count)
            frame.write(v + " " + padded + " " + v, x: x0, y: y0 + 1 + i, style: .plain)
            frame.restyle(x: x0, y: y0 + 1 + i, length: 1, style: border)
            frame.restyle(x: x0 + inner + 3, y: y0 + 1 + i, length: 1, style: border)
        }
        frame.write(bl + String(repeating: h, count: inner + 2) + br, x: x0, y: y0 + height + 1, style: border)
    }
}
