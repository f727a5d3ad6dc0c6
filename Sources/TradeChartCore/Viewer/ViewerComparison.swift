/// Comparing several files (SPEC section 9): the lines are drawn as percent change
/// from each one's own reference price on one shared axis; the first file is the
/// primary (its calendar is the x axis, the ranges are measured back from its newest
/// point) and `Tab` makes the next file the primary, with a morph.
extension ViewerState {
    /// True when other files are shown beside the primary one.
    package var comparing: Bool { !others.isEmpty }

    /// The percent change of `value` from `reference` (nil from a reference at or below zero).
    static func percent(_ value: Double, from reference: Double) -> Double? {
        guard reference > 0, reference.isFinite else { return nil }
        return (value / reference - 1) * 100
    }

    /// The map from a file's plotted value to a dot row: its percent change from `reference`
    /// (or on a log axis, the log of its ratio to it, both plotted) placed by the shared map
    /// `axisMap`; nil from a reference at or below zero.
    func composed(_ axisMap: AffineMap, reference: Double) -> AffineMap? {
        if logAxis {
            return reference.isFinite ? AffineMap(scale: axisMap.scale, offset: axisMap.offset - axisMap.scale * reference) : nil
        }
        guard reference > 0 else { return nil }
        return AffineMap(scale: axisMap.scale * 100 / reference, offset: axisMap.offset - 100 * axisMap.scale)
    }

    /// Where a plotted value lies on the shared axis: its percent change from the plotted
    /// `reference`, or on a log axis the log of its ratio to it.
    func axisValue(_ value: Double, from reference: Double) -> Double? {
        logAxis ? (reference.isFinite ? value - reference : nil) : Self.percent(value, from: reference)
    }

    /// Where `slice` lands when files are compared: every file's percent change from its
    /// reference price within the range sets the shared axis (on a log axis, the log of
    /// its ratio to it), 0% (the reference) is the baseline.
    func comparisonProjection(for slice: RangeSlice) -> ChartProjection {
        let dots = canvasDots
        let reference = plotIndex.values[slice.reference]
        let span = plotIndex.minMax(slice.first...slice.last)
        var low = 0.0, high = 0.0
        func widen(_ values: (min: Double, max: Double), _ ref: Double) {
            guard let a = axisValue(values.min, from: ref), let b = axisValue(values.max, from: ref) else { return }
            low = min(low, a, b)
            high = max(high, a, b)
        }
        widen(span, reference)
        var references: [Double?] = []
        for other in others {
            let ref = other.referenceValue(first: slice.first, last: slice.last, reference: slice.reference)
                .map(other.plotted)
            references.append(ref)
            if let ref, let run = other.covered(slice.first, slice.last) { widen(other.index.minMax(run), ref) }
        }
        let newest = axisValue(plotIndex.values[slice.last], from: reference) ?? 0
        let axis = ChartProjection(first: slice.first, last: slice.last, low: low, high: high, baseline: 0,
                                   newest: newest, widthDots: dots.width, heightDots: dots.height)
        var projection = axis
        // A primary whose reference is at or below zero keeps the axis flat for its line.
        projection.y = composed(axis.y, reference: reference) ?? axis.y
        projection.baseline = plotted(reference)
        projection.others = references.map { ref in
            ref.flatMap { composed(axis.y, reference: $0) } ?? AffineMap(scale: 0, offset: -1)
        }
        return projection
    }

    /// The value of the other file `k` at the primary point `point`, nil where it has none.
    package func otherValue(_ k: Int, at point: Int) -> Double? {
        let v = others[k].sampled.values[point]
        return v.isNaN ? nil : v
    }

    /// The change of the other file `k` at `point` from its reference price, in percent.
    package func otherChange(_ k: Int, at point: Int) -> Double? {
        guard let value = otherValue(k, at: point),
              let ref = others[k].referenceValue(first: slice.first, last: slice.last, reference: slice.reference)
        else { return nil }
        return Self.percent(value, from: ref)
    }

    /// The primary's change at `point` from its reference price, in percent.
    package func primaryChange(at point: Int) -> Double? {
        Self.percent(series.prices[point], from: baselinePrice)
    }

    /// One entry of the comparison's legend: the file, its symbol, its colour, and what it says.
    package struct LegendEntry: Sendable, Equatable {
        package var symbol: String
        package var name: String
        package var text: String
        package var role: ColorRole
    }

    /// The legend: every file with its change over the range (to its newest point in view,
    /// where its end label is, when it ends before the range does), or with its price and
    /// change at the cursor's moment; a file with no prices there says so.
    package func comparisonLegend(at cursor: Int?) -> [LegendEntry] {
        let point = cursor ?? slice.last
        let unicode = options.charset != .ascii
        let percentText = { (p: Double?) in p.map(PriceFormatter.percent) ?? "n/a" }
        var entries = [LegendEntry(symbol: unicode ? "━" : "=", name: series.name,
                                   text: cursor == nil ? percentText(primaryChange(at: point))
                                       : priceFormatter.string(series.prices[point]) + " " + percentText(primaryChange(at: point)),
                                   role: series.prices[point] >= baselinePrice ? .rising : .falling)]
        for (k, other) in others.enumerated() {
            let text: String
            if let shown = other.covered(slice.first, slice.last) {
                // Without a cursor, the file's newest point in view: where its line and end label end.
                let at = cursor ?? shown.upperBound
                if let value = otherValue(k, at: at) {
                    let format = other.formatter(around: value)
                    text = (cursor == nil ? "" : format.string(value) + " ") + percentText(otherChange(k, at: at))
                        + (shown != slice.first...slice.last ? " (part of the range)" : "")
                } else {
                    text = "no price then"
                }
            } else if other.sampled.covered == nil {
                text = "no overlap"
            } else {
                text = "no prices in this range"
            }
            entries.append(LegendEntry(symbol: String(other.symbol(options.charset)), name: other.name, text: text,
                                       role: other.role))
        }
        return entries
    }

    /// Makes the next file the primary (`Tab`): its calendar becomes the x axis, the
    /// range is cut again from its newest point, and the chart morphs there.
    mutating func makeNextPrimary(at time: Double) -> StatusMessage {
        guard let next = others.first else { return .nothingToCompare }
        let old = series
        let onScreen = projection(at: time)
        let oldSlice = slice
        let cursorTime = cursor.map { old.times[$0] }
        let rest = others.dropFirst().map { ($0.series, $0.file) } + [(old, primaryFile)]
        replacePrimary(next.series, file: next.file, others: rest)
        // What was on screen, in the new primary's indices: the old range's ends found by time.
        let a = series.lowerBound(of: old.times[oldSlice.first]), b = series.lowerBound(of: old.times[oldSlice.last])
        var from = target
        if b > a, oldSlice.last > oldSlice.first {
            let scale = Double(b - a) / Double(oldSlice.last - oldSlice.first)
            let toOld = AffineMap(scale: 1 / scale, offset: Double(oldSlice.first) - Double(a) / scale)
            from.x = AffineMap(scale: onScreen.x.scale * toOld.scale, offset: onScreen.x(toOld.offset))
        }
        morphFirst = slice.first
        morph = options.morphDuration > 0 ? Morph(from: from, to: target, start: time, duration: options.morphDuration) : nil
        cursor = cursorTime.flatMap { t in
            let i = min(series.lowerBound(of: t), series.count - 1)
            return slice.contains(i) ? i : nil
        }
        return .primary(file: series.name)
    }

    /// Puts `primary` (file number `file`) in front and `others` (with their file numbers)
    /// beside it, keeping the range (or window).
    mutating func replacePrimary(_ primary: PriceSeries, file: Int, others otherSeries: [(PriceSeries, Int)]) {
        let rebuilds = data.rebuilds
        data = ChartSeries(primary, clock: options.clock)
        data.rebuilds = rebuilds
        let files = otherSeries.count + 1
        comparison = Comparison(primaryFile: file, others: otherSeries.map {
            ComparedSeries($0.0, on: primary, slot: Self.slot(ofFile: $0.1, files: files), file: $0.1, log: logAxis)
        })
        overlays.plot(primary.prices, scaled: data.index, scale: data.priceScale)
        layout = ChartLayout(columns: layout.columns, rows: layout.rows, labelWidth: max(data.labelWidth, Self.percentLabelWidth))
        if let shown = window, let next = Self.windowSlice(primary, shown) {
            view.show(next.slice, range: next.range, window: next.window, labelling: data.shownSeries)
        } else {
            let opening = OpeningRange(series: primary, requested: range, availability: availability)
            view.show(opening.slice, range: opening.range, window: nil, labelling: data.shownSeries)
        }
        retarget()
        pointer.keep(within: slice)
    }

    /// The colour and symbol slot of file number `file` of `files`: the second file has the
    /// first slot, the third the second, ..., and the first file (once another is the
    /// primary) the last, so every file keeps its colour and symbol through `Tab`.
    static func slot(ofFile file: Int, files: Int) -> Int { file == 0 ? files - 1 : file - 1 }

    /// Room for the percent labels of a comparison (`+1,234.5%`).
    static let percentLabelWidth = 9

    /// The description of every file over the range, one paragraph each, then which did best.
    func comparisonDescription() -> [String] {
        var lines = RangeDescription(series: shownSeries, slice: slice).lines
        var results: [(name: String, change: Double)] = []
        if let change = primaryChange(at: slice.last) { results.append((series.name, change)) }
        for (k, other) in others.enumerated() {
            lines.append("")
            guard let run = other.covered(slice.first, slice.last) else {
                lines.append("\(other.name): no prices between \(DateText.dayMonthYear(series.times[slice.first])) "
                             + "and \(DateText.dayMonthYear(series.times[slice.last])).")
                continue
            }
            // Its own rows over the same time, with its own previous close.
            let first = other.series.lowerBound(of: series.times[run.lowerBound])
            let last = max(first, min(other.series.count - 1, other.series.lowerBound(of: series.times[run.upperBound] + 1) - 1))
            if last > first {
                let own = RangeSlice(range: range, first: first, last: last, coversAllData: false)
                lines += RangeDescription(series: other.series, slice: own).lines
            }
            if let change = otherChange(k, at: run.upperBound) { results.append((other.name, change)) }
        }
        if results.count > 1 {
            let ranked = results.sorted { $0.change > $1.change }
            lines.append("")
            lines.append("Best: \(ranked[0].name), \(PriceFormatter.percent(ranked[0].change)); then "
                         + ranked.dropFirst().map { "\($0.name), \(PriceFormatter.percent($0.change))" }.joined(separator: "; ")
                         + ".")
        }
        return lines
    }
}

/// Following several files: each file's looks reach the file wherever it is now.
extension ViewerState {
    /// `event` with a rewritten file's series told apart from the one shown (`FollowChange.resolved`):
    /// no change when it reads the same, else a reload.
    func resolvingRewrite(_ event: ViewerEvent) -> ViewerEvent {
        let file: Int, change: FollowChange
        switch event {
        case .follow(let c): (file, change) = (0, c)
        case .followFile(let f, let c): (file, change) = (f, c)
        default: return event
        }
        guard case .rewritten = change else { return event }
        let resolved = if file == primaryFile { change.resolved(against: series, bars: candles.series?.bars) }
            else if let other = others.first(where: { $0.file == file }) { change.resolved(against: other.series, bars: nil) }
            else { change }
        return if case .follow = event { .follow(resolved) } else { .followFile(file, resolved) }
    }

    /// A look at the followed file number `file` (0 is the first on the command line).
    mutating func followFile(_ file: Int, _ change: FollowChange, at time: Double) -> StatusChange {
        guard file != primaryFile, let k = others.firstIndex(where: { $0.file == file }) else {
            return follow(change, at: time)
        }
        // Its place only: a copy of the file held here would make it copy its columns as it grows.
        let slot = others[k].slot
        switch change {
        case .updated(let loaded, _), .rewritten(let loaded):
            guard loaded.series.count >= 2 else { return .keep }
            comparison.replace(k, with: ComparedSeries(loaded.series, on: series, slot: slot, file: file, log: logAxis))
        case .appended(let rows):
            // Grown where it lies: a copy of the file's columns (or of the calendar's values) per row would cost O(N).
            comparison.append(rows, toOther: k, primary: series)
        case .waiting(let reason), .problem(let reason):
            return .show(.note(reason))
        case .none:
            return .keep
        }
        retarget()
        // A morph under way goes on to the new picture; a still chart takes it at once.
        if let running = morph, !running.isFinished(at: time) {
            morph = running.retargeted(to: target, at: time)
        }
        return .keep
    }
}
