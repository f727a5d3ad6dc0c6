/// The header's words about candles: under the cursor, the candle's open, high, low,
/// close and volume, the change of its close from the range's reference price (as the
/// line's header measures it) and its dates (the first and the last when it merges bars);
/// without a cursor, what one candle stands for beside the range's span.
extension ViewerView {
    /// The header for the candle under the cursor. The close, the change and the candle's
    /// dates stay at every width (in their shortest forms: `11,876.65  ▼ -8.65%  6–13 May`);
    /// the volume, the open, high and low, then the name give way first.
    func drawCandleHeader(_ candle: Candle, into frame: inout Frame) {
        let formatter = state.priceFormatter
        let bold = CellStyle(.plain, .bold)
        let ellipsis = unicode ? "…" : "..."
        // A single bar shows what its row gives: a value the row left out is `–`.
        let bars = state.candles.series?.bars
        func given(_ column: [Double]?) -> Bool { candle.bars > 1 || !(column?[candle.first].isNaN ?? true) }
        let dash = unicode ? "–" : "-"
        func price(_ value: Double, _ column: [Double]?) -> String { given(column) ? formatter.string(value) : dash }
        let o = "O " + price(candle.open, bars?.open), h = "H " + price(candle.high, bars?.high)
        let l = "L " + price(candle.low, bars?.low), close = formatter.string(candle.close)
        let volume: [String] = bars?.volume == nil ? [""] : ["V " + (candle.volume.map(CompactNumber.string) ?? dash), ""]
        let move = PriceMove(from: state.slice.reference, to: candle.last, startPrice: state.baselinePrice,
                             endPrice: candle.close)
        let (arrow, amount, percent, changeStyle) = Self.changeTexts(move, formatter, unicode: unicode)
        let changes = changeForms(arrow, amount, percent, marked: nil).filter { !$0.isEmpty }
        // Times shown in another zone than the data's own (`--tz`) say which.
        let series = state.series
        let zone = state.options.clock.flatMap { series.hasTimeOfDay ? " " + $0.abbreviation(in: series, at: candle.last) : nil }
        let dates = candleDates(candle).map { $0 + (zone ?? "") }
        // The close, the change and the dates at their shortest are kept; when all three do not
        // fit, the change gives way to the dates.
        var placed: [HeaderLayout.Placed] = []
        for changeGivesWay in [false, true] {
            // The name's shorter forms are made only when the fullest forms do not all fit.
            var header = HeaderLayout(left: [
                .init(forms: [state.series.name], style: bold, yield: 1),
                .init(forms: ["\(o)  \(h)  \(l)", "\(o) \(h) \(l)", ""], style: bold, yield: 6),
                .init(forms: ["C " + close, close], style: bold, yield: 9),
                .init(forms: volume, style: .plain, yield: 7),
                .init(forms: changes + (changeGivesWay ? [""] : []), style: changeStyle, yield: 8),
            ], right: .init(forms: dates, style: .plain, yield: 5))
            if let whole = header.placeWhole(columns: layout.columns) {
                placed = whole
                break
            }
            header.left[0].forms = HeaderLayout.shortenings(of: state.series.name, ellipsis: ellipsis)
            placed = header.place(columns: layout.columns)
            if placed.contains(where: { dates.contains($0.text) }) { break }
        }
        for part in placed {
            frame.write(part.text, x: part.x, y: layout.headerRow, style: part.style)
        }
    }

    /// A candle's moment (one bar) or its first and last, fullest first:
    /// `6 May 2019 – 10 May 2019`, `6 May – 10 May`; `Fri 8 Nov 2019 15:30–15:59`.
    func candleDates(_ candle: Candle) -> [String] {
        let times = state.shownSeries.times
        let first = times[candle.first], last = times[candle.last]
        guard candle.bars > 1 else { return momentTexts(first) }
        let dash = unicode ? "–" : "-"
        guard state.series.hasTimeOfDay else {
            // `6–13 May` within a month, `29 Apr–3 May` across one.
            let sameMonth = DateText.monthYear(first) == DateText.monthYear(last)
            let compact = (sameMonth ? DateText.dayMonth(first).split(separator: " ")[0] : Substring(DateText.dayMonth(first)))
                + dash + DateText.dayMonth(last)
            return ["\(DateText.dayMonthYear(first)) \(dash) \(DateText.dayMonthYear(last))",
                    "\(DateText.dayMonth(first)) \(dash) \(DateText.dayMonthYear(last))",
                    "\(DateText.dayMonth(first)) \(dash) \(DateText.dayMonth(last))", compact]
        }
        if LocalTime.dayNumber(first) == LocalTime.dayNumber(last) {
            let hours = "\(DateText.time(first))\(dash)\(DateText.time(last))"
            return ["\(DateText.weekday(last)) \(DateText.dayMonthYear(last)) \(hours)", "\(DateText.dayMonth(last)) \(hours)",
                    hours]
        }
        return ["\(DateText.dayMonth(first)) \(DateText.time(first)) \(dash) \(DateText.dayMonthYear(last)) \(DateText.time(last))",
                "\(DateText.dayMonth(first)) \(dash) \(DateText.dayMonth(last))"]
    }

    /// The span's forms with what a candle stands for after the range's label (before the
    /// dates of a free window), when candles or OHLC bars are drawn:
    /// `1Y · 1 candle = 1 day · 14 May 2018 – 13 May 2019`; the last form stays as it was.
    func withCandleLabel(_ forms: [String]) -> [String] {
        guard state.drawsCandles, let period = geometry.candlePeriod else { return forms }
        let label = CandleGrouping.label(period, noun: state.candles.style == .ohlc ? "bar" : "candle")
        let dot = unicode ? " · " : " - "
        let range = state.range.label
        let labelled = forms.map { form in
            guard state.window == nil else { return label + dot + form }
            return form == range ? range + dot + label : range + dot + label + form.dropFirst(range.count)
        }
        return labelled + forms.suffix(1)
    }
}
