/// Draws the overview into a frame: the title, the column names, a row a file (its
/// sparkline drawn by the chart's own rasterizer), the status line and the range bar.
extension OverviewState {
    /// The overview as it is at `time` (the sparklines part way through a morph).
    public func frame(at time: Double) -> Frame {
        var frame = Frame(width: columns, height: rows)
        guard !isTooSmall else {
            frame.write(DisplayWidth.prefix("\(columns)x\(rows) is too small for the overview (40x6)", cells: columns),
                        x: 0, y: 0, style: .muted)
            return frame
        }
        let shown = visible
        let layout = columnLayout(shown)
        drawTitle(shown.count, into: &frame)
        drawColumnNames(layout, into: &frame)
        let height = rowHeight(shown.count)
        for (line, k) in shown.dropFirst(scrollTop).prefix(rowsShown(shown.count)).enumerated() {
            drawRow(k, y: rowArea.lowerBound + line * height, height: height, layout: layout, at: time, into: &frame)
        }
        if shown.isEmpty {
            let why = entries.isEmpty ? "No price files here" : "No file's name holds \u{201C}\(filter)\u{201D} (Esc clears the filter)"
            frame.write(DisplayWidth.prefix(why, cells: columns - 2), x: 2, y: rowArea.lowerBound, style: .muted)
        }
        drawStatus(shown, into: &frame)
        drawRangeBar(into: &frame)
        return frame
    }

    /// The columns for the rows `shown`.
    func columnLayout(_ shown: [Int]) -> OverviewColumns {
        OverviewColumns(width: columns, longestName: shown.map { entries[$0].name.displayWidth }.max() ?? 4,
                        widestLast: shown.compactMap { k in facts(of: k).map { lastText(k, $0).displayWidth } }.max() ?? 4)
    }

    /// Where entry `k`'s sparkline is on screen (its cells, its top row and its height), nil
    /// when the row is not shown.
    func sparklinePlace(of k: Int) -> (span: Range<Int>, row: Int, height: Int)? {
        let shown = visible
        let height = rowHeight(shown.count)
        guard let at = shown.firstIndex(of: k), at >= scrollTop, at - scrollTop < rowsShown(shown.count) else { return nil }
        return (columnLayout(shown).sparkline, rowArea.lowerBound + (at - scrollTop) * height, height)
    }

    var unicode: Bool { options.charset != .ascii }
    var ellipsis: String { unicode ? "…" : "..." }

    /// `name` cut to `cells`, ending in … when it was longer.
    func fitted(_ name: String, _ cells: Int) -> String {
        name.displayWidth <= cells ? name : DisplayWidth.prefix(name, cells: max(cells - ellipsis.count, 0)) + ellipsis
    }

    /// The last close in as many decimals as the range's prices need (their largest size,
    /// from the row's min-max index: the same cost at any length, as every row's is needed each
    /// frame) and as the newest hundred of them are quoted with (a forex rate's five).
    func lastText(_ k: Int, _ facts: OverviewRowFacts) -> String {
        guard let index = entries[k].index else { return PriceFormatter(forPricesAround: facts.last).string(facts.last) }
        let (low, high) = index.minMax(facts.slice.first...facts.slice.last)
        let newest = index.values[max(facts.slice.first, facts.slice.last - 99)...facts.slice.last]
        return PriceFormatter(wholePrices: false, around: max(abs(low), abs(high)),
                              quoted: PriceFormatter.quotedDecimals(newest)).string(facts.last)
    }

    func drawTitle(_ count: Int, into frame: inout Frame) {
        let loading = entries.filter { $0.content == .loading }.count
        let failed = entries.filter { $0.problem != nil }.count
        var words = ["\(count == entries.count ? "" : "\(count) of ")\(CountText.of(entries.count, "file"))"]
        if loading > 0 { words.append("\(loading) loading") }
        if failed > 0 { words.append("\(failed) without a chart") }
        words.append("by \(order.rawValue)")
        let right = range.label
        let left = title + "  " + words.joined(separator: " · ")
        frame.write(DisplayWidth.prefix(left, cells: max(columns - right.count - 1, 0)), x: 0, y: 0, style: CellStyle(.plain, .bold))
        frame.write(right, x: columns - right.count, y: 0, style: CellStyle(.accent, .bold))
    }

    func drawColumnNames(_ layout: OverviewColumns, into frame: inout Frame) {
        let style = CellStyle(.muted, .underline)
        frame.write("Name", x: layout.name.lowerBound, y: 1, style: style)
        frame.write(DisplayWidth.prefix("\(range.label) chart", cells: layout.sparkline.count), x: layout.sparkline.lowerBound, y: 1, style: style)
        let last = "Last"
        frame.write(last, x: layout.last.upperBound - last.count, y: 1, style: style)
        let change = "Change"
        frame.write(change, x: layout.change.upperBound - change.count, y: 1, style: style)
        if let date = layout.date { frame.write("Last date", x: date.upperBound - 9, y: 1, style: style) }
    }

    func drawRow(_ k: Int, y: Int, height: Int, layout: OverviewColumns, at time: Double, into frame: inout Frame) {
        let entry = entries[k]
        let isSelected = k == selected
        if marked.contains(k) { frame.write(unicode ? "●" : "*", x: 0, y: y, style: CellStyle(.accent, .bold)) }
        let nameStyle = isSelected ? CellStyle(.plain, [.reverse, .bold]) : CellStyle.plain
        let name = fitted(entry.name, layout.name.count)
        frame.write(name + String(repeating: " ", count: max(0, layout.name.count - name.displayWidth)),
                    x: layout.name.lowerBound, y: y, style: nameStyle)
        guard let series = entry.series, let facts = facts(of: k) else {
            let why: String
            switch entry.content {
            case .loading: why = "loading" + ellipsis
            case .failed(let reason): why = reason
            case .loaded: why = "no prices for \(range.label)"
            }
            let x = layout.sparkline.lowerBound
            frame.write(fitted(why, columns - x), x: x, y: y, style: .muted)
            return
        }
        drawSparkline(k, series: series, facts: facts, in: layout.sparkline, y: y, height: height, at: time, into: &frame)
        let last = lastText(k, facts)
        frame.write(last, x: layout.last.upperBound - last.displayWidth, y: y, style: isSelected ? CellStyle(.plain, .bold) : .plain)
        let change = facts.changePercent.map { PriceFormatter.percent($0) } ?? "–"
        frame.write(change, x: layout.change.upperBound - change.displayWidth, y: y,
                    style: CellStyle(facts.rising ? .rising : .falling))
        if let date = layout.date {
            let text = DateText.dayMonthYear(facts.lastTime)
            frame.write(text, x: date.upperBound - text.displayWidth, y: y, style: .muted)
        }
    }

    /// The sparkline of entry `k` in the cells `span` of the `height` rows from `y`: the points of the range,
    /// or during a morph the picture part way from the old range's to the new one's.
    func drawSparkline(_ k: Int, series: PriceSeries, facts: OverviewRowFacts, in span: Range<Int>, y: Int, height: Int,
                       at time: Double, into frame: inout Frame) {
        guard let index = entries[k].index, span.count > 0 else { return }
        var canvas = DotCanvas(columns: span.count, rows: height, charset: options.charset)
        var projection = sparklineProjection(facts, index: index, width: canvas.widthDots, height: canvas.heightDots)
        var points = facts.slice.first...facts.slice.last
        if let rangeMorph, time < rangeMorph.start + options.morphDuration,
           let old = self.facts(of: k, range: rangeMorph.from) {
            let from = sparklineProjection(old, index: index, width: canvas.widthDots, height: canvas.heightDots)
            projection = Morph(from: from, to: projection, start: rangeMorph.start, duration: options.morphDuration)
                .projection(at: time)
            points = min(old.slice.first, facts.slice.first)...max(old.slice.last, facts.slice.last)
        }
        LineRasterizer.drawLine(index, points: points, x: projection.x, y: projection.y, into: &canvas)
        canvas.render(into: &frame, x: span.lowerBound, y: y, style: CellStyle(projection.rising ? .rising : .falling))
    }

    /// The row's sparkline projection: its points across the width, their lowest to
    /// highest price down the height, coloured by the newest price against the reference.
    func sparklineProjection(_ facts: OverviewRowFacts, index: MinMaxIndex, width: Int, height: Int) -> ChartProjection {
        let (low, high) = index.minMax(facts.slice.first...facts.slice.last)
        return ChartProjection(first: facts.slice.first, last: facts.slice.last, low: low, high: high,
                               baseline: facts.reference, newest: facts.last, widthDots: width, heightDots: height)
    }

    func drawStatus(_ shown: [Int], into frame: inout Frame) {
        let y = rows - 2
        if typingFilter || !filter.isEmpty {
            let prompt = "/" + filter + (typingFilter ? "_" : "")
            let after = typingFilter ? "  (\(shown.count) shown; Enter keeps, Esc clears)" : "  (\(shown.count) shown; / changes, Esc clears)"
            let x = frame.write(prompt, x: 0, y: y, style: CellStyle(.accent, .bold))
            frame.write(DisplayWidth.prefix(after, cells: max(columns - x, 0)), x: x, y: y, style: .muted)
            return
        }
        let loading = entries.filter { $0.content == .loading }.count
        let progress = loading == 0 ? nil
            : "Reading the files: \(entries.count - loading) of \(entries.count) read, on every core; keys work meanwhile"
        if let status {
            let x = frame.write(fitted(status, columns), x: 0, y: y, style: .plain)
            if let progress, x + 3 < columns { frame.write(fitted(" · " + progress, columns - x), x: x, y: y, style: .muted) }
        } else if let progress {
            frame.write(fitted(progress, columns), x: 0, y: y, style: .muted)
        } else if let k = selected, let problem = entries[k].problem {
            frame.write(fitted("\(entries[k].name): \(problem)", columns), x: 0, y: y, style: .muted)
        }
    }

    func drawRangeBar(into frame: inout Frame) {
        let y = rows - 1
        var x = 0
        for entry in rangeBar.entries {
            let style = entry.active ? CellStyle(.accent, .bold) : (entry.available ? .plain : .muted)
            frame.write(entry.text, x: entry.cells.lowerBound, y: y, style: style)
            x = entry.cells.upperBound
        }
        let hints = ["o order", "/ filter", "Space mark", "Enter open", "? keys", "q quit"]
        var line = ""
        for hint in hints where x + 2 + line.count + hint.count + 2 <= columns { line += "  " + hint }
        frame.write(line, x: x, y: y, style: .muted)
    }
}
