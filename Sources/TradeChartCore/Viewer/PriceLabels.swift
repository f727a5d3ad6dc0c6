/// A label of the price axis: the screen row it is on, its text and its style.
struct AxisLabel: Sendable, Equatable {
    var row: Int
    var text: String
    var style: CellStyle
}

/// The labels of the price axis, and the label column sized to hold them: worked out
/// for a projection, so the view draws what the layout made room for.
extension ViewerState {
    /// The labels of the price axis for `projection`: the baseline's price at its row, then
    /// round tick values about every four rows, never on the baseline's row or next to it.
    /// On a log axis the ticks are 1-2-5 per decade (`LogTicks`); with percent labels they
    /// are round percent changes from the reference price, and the baseline is `0%`.
    /// Compared files first put their change at the right end of each line.
    func priceLabels(_ projection: ChartProjection) -> [AxisLabel] {
        let dotsHigh = Double(options.charset.dotRowsPerCell)
        let heightDots = Double(layout.chartHeight) * dotsHigh
        let chartRows = layout.chartY..<(layout.chartY + layout.chartHeight)
        let reference = baselinePrice
        // Compared files share a percent axis.
        let percent = (percentAxis || comparing) && reference > 0
        func row(_ price: Double) -> Int {
            layout.chartY + Clamp.int((projection.y(plotted(price)) / dotsHigh).rounded(.down))
        }
        guard projection.y.scale != 0 else {
            // Flat series (its reference price too): one label at mid height.
            let price = series.prices[slice.last]
            return [AxisLabel(row: row(price), text: percent ? "0%" : priceFormatter.string(price), style: .muted)]
        }
        var result: [AxisLabel] = []
        // Compared files: each line's right end carries its change, in its colour, with its symbol.
        var endRows: Set<Int> = []
        if comparing {
            for label in comparisonEndLabels(projection) where chartRows.contains(label.row) && !endRows.contains(label.row) {
                endRows.insert(label.row)
                result.append(label)
            }
        }
        let top = price(ofPlotted: projection.y.inverse(0))
        let bottom = price(ofPlotted: projection.y.inverse(heightDots))
        let (low, high) = (min(top, bottom), max(top, bottom))
        // About one label every four rows, never closer than every other row.
        let target = max(2, layout.chartHeight / 4), most = max(2, layout.chartHeight / 2)
        let ticks: [(price: Double, text: String)]
        // The baseline's price is shown in as many decimals as the ticks (one precision a column).
        var baselineFormat = priceFormatter
        if percent && logAxis {
            // Round ratios to the reference on a log scale, said in percent.
            let steps = LogTicks(low: low / reference, high: high / reference, target: target, maxCount: most)
            let formatter = PriceFormatter(decimals: max(0, steps.decimals - 2))
            ticks = steps.values.map { ratio in
                let pct = (ratio - 1) * 100
                return (reference * ratio, abs(pct) < 1e-9 ? "0%" : formatter.signed(pct) + "%")
            }
        } else if percent {
            let steps = PriceTicks(low: (low / reference - 1) * 100, high: (high / reference - 1) * 100,
                                   target: target, maxCount: most)
            let formatter = PriceFormatter(decimals: steps.decimals)
            ticks = steps.values.map { pct in
                (reference * (1 + pct / 100), pct == 0 ? "0%" : formatter.signed(pct) + "%")
            }
        } else {
            let values: [Double], decimals: Int
            if logAxis {
                let steps = LogTicks(low: low, high: high, target: target, maxCount: most)
                (values, decimals) = (steps.values, steps.decimals)
            } else {
                let steps = PriceTicks(low: low, high: high, target: target, maxCount: most)
                (values, decimals) = (steps.values, steps.decimals)
            }
            let formatter = priceFormatter.forTicks(decimals: decimals)
            ticks = values.map { ($0, formatter.string($0)) }
            baselineFormat = priceFormatter.alongside(formatter)
        }
        // The baseline's price: during a morph, the old reference's until halfway, then the new one's.
        let baselineRow = layout.chartY + Clamp.int((projection.baselineRow / dotsHigh).rounded(.down))
        let baselineShown = chartRows.contains(baselineRow) && projection.baselineRow >= 0 && !endRows.contains(baselineRow)
        if baselineShown {
            let text = percent ? "0%" : baselineFormat.string(price(ofPlotted: projection.baseline))
            result.append(AxisLabel(row: baselineRow, text: text, style: .muted))
        }
        var usedRows: Set<Int> = baselineShown ? [baselineRow - 1, baselineRow, baselineRow + 1] : []
        for row in endRows { usedRows.formUnion([row - 1, row, row + 1]) }
        for tick in ticks {
            let at = row(tick.price)
            guard chartRows.contains(at), !usedRows.contains(at) else { continue }
            usedRows.insert(at)
            result.append(AxisLabel(row: at, text: tick.text, style: .muted))
        }
        return result
    }

    /// The end labels of compared files: at the row of each line's newest point in view,
    /// its change from its reference price (`━+4.2%` for the primary, `◆-1.3%` for another).
    func comparisonEndLabels(_ projection: ChartProjection) -> [AxisLabel] {
        let dotsHigh = Double(options.charset.dotRowsPerCell)
        let last = slice.last
        var labels: [AxisLabel] = []
        let compact = { (p: Double) in PriceFormatter(decimals: abs(p) >= 100 ? 0 : 1).signed(p) + "%" }
        if let change = primaryChange(at: last) {
            let row = layout.chartY + Clamp.int((projection.y(plotIndex.values[last]) / dotsHigh).rounded(.down))
            labels.append(AxisLabel(row: row, text: (options.charset != .ascii ? "━" : "=") + compact(change),
                                    style: CellStyle(series.prices[last] >= baselinePrice ? .rising : .falling, .bold)))
        }
        for (k, other) in others.enumerated() where k < projection.others.count {
            guard let run = other.covered(slice.first, last), let change = otherChange(k, at: run.upperBound)
            else { continue }
            let row = layout.chartY + Clamp.int((projection.others[k](other.plotted(other.sampled.values[run.upperBound])) / dotsHigh)
                .rounded(.down))
            labels.append(AxisLabel(row: row, text: String(other.symbol(options.charset)) + compact(change),
                                    style: CellStyle(other.role, .bold)))
        }
        return labels
    }

    /// The label column's width for a still chart with the axis's `labels`: as wide as the widest
    /// price of the series (so it keeps its width from range to range), as the percent
    /// labels of compared files, and as every label the axis shows.
    func labelColumnWidth(for labels: [AxisLabel]) -> Int {
        let floor = comparing ? max(data.labelWidth, Self.percentLabelWidth) : data.labelWidth
        return labels.reduce(floor) { max($0, $1.text.displayWidth) }
    }

    /// Sets the still projection for the points shown, widening (or narrowing back) the
    /// label column first when its labels need it: no label is ever cut.
    mutating func retarget() {
        retargetKeepingPeriod()
        // The labels first: `labelColumnWidth(for: keepPriceLabels(target))` would call the
        // width on a copy of the state taken before the labels were kept (every column retained).
        let labels = keepPriceLabels(target)
        let width = labelColumnWidth(for: labels)
        guard width != layout.labelWidth else { return }
        layout = layout.withLabelWidth(width)
        retargetKeepingPeriod()
        _ = keepPriceLabels(target)
    }

    /// The target projection for the range, and the candle period its volume pane was worked
    /// out with kept as the still chart's (so that no frame works it out again).
    private mutating func retargetKeepingPeriod() {
        let (projection, period) = projectionAndPeriod(for: slice)
        target = projection
        if let period { keptCandlePeriod.keep(period, for: candlePeriodInputs) }
    }
}
