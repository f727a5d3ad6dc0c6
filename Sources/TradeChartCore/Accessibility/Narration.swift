/// What the screen-reader mode says: plain lines a screen reader reads as they appear,
/// made from the viewer's state before and after each event (the same `handle` and
/// key map as the viewer, so every key that works there is said here).
///
/// A cursor step says the moment, the price, the change from the reference price in
/// words and where the point is (`point 97 of 124`); a range switch says the range, its
/// change, lowest and highest; `d` says the whole description, `?` the keys; a note on
/// the status line (a key that does nothing, a range that cannot be shown, tones on or
/// off, a sound that could not play) is said as it is. A key that changes nothing (a
/// step at the end of the range) says so, and where the viewer is. Lines never hold escape codes, control characters or Braille.
public enum Narration {
    /// What is said on start: the file and range, the first lines of the description,
    /// a note when there is one, and how to go on.
    public static func opening(_ state: ViewerState) -> [String] {
        var lines = ["tradechart, screen-reader mode."]
        // The description up to its change (the previous close too, when the range has one).
        lines += description(state).prefix { !$0.hasPrefix("Lowest: ") }
        if let status = state.status { lines.append(status) }
        lines.append("Left and Right step through the prices, 1 to 6 pick a range, d describes it, "
                     + "? lists the keys, q quits.")
        return lines.map(spoken)
    }

    /// The lines that say what `event` changed, from `before` to `after`.
    public static func lines(for event: ViewerEvent, from before: ViewerState, to after: ViewerState) -> [String] {
        // The progress of a read behind the first frame is not spoken at every step.
        if case .olderRows(.reading) = event { return [] }
        var lines: [String] = []
        if after.status != before.status, let status = after.status, !status.isEmpty { lines.append(status) }
        switch event {
        case .key(let key):
            switch KeyMap.action(for: key) {
            case .quit?:
                return []
            case .describe?:
                lines += description(after)
            case .help?:
                lines += keyLines()
            case .messages?:
                lines += messageLines(after)
            case .listen?:
                // The sound's own note (playing, or written to a file) follows as its event.
                break
            default:
                lines += changes(from: before, to: after)
                // At the end of the range a step says so, and where it stays.
                if lines.isEmpty { lines.append("\(key.name): no change. \(whereItIs(after))") }
            }
        case .mouse:
            lines += changes(from: before, to: after)
        case .follow, .followFile:
            // A followed file grows often: the newest price is said, the range only when it changed.
            if after.range != before.range { lines.append(rangeLine(after)) }
            let newest = after.series.count - 1
            if after.series.count != before.series.count || after.series.prices[newest] != before.series.prices.last {
                lines.append("Latest: \(pointLine(after, at: newest))")
            }
        case .sound, .note, .resize, .interrupted, .bars, .overviewFile, .overviewAdded, .olderRows:
            break
        }
        return lines.map(spoken)
    }

    /// `Mon 13 May 2019, 11,876.65, down 1,101.06, 8.48 percent, point 251 of 251`: the
    /// moment (with the time for intraday data), the price, its change from the range's
    /// reference price and where it is in the range.
    package static func pointLine(_ state: ViewerState, at index: Int) -> String {
        // While candles are shown, the candle holding the point (see CandleNarration.swift).
        if let line = candleLine(state, at: index) { return line + markLine(state, to: index) }
        let series = state.series
        let price = series.prices[index]
        let move = PriceMove(from: state.slice.first, to: index, startPrice: state.baselinePrice, endPrice: price)
        let place = state.slice.contains(index) ? ", point \(index - state.slice.first + 1) of \(state.slice.count)" : ""
        let measured = markLine(state, to: index)
        // Compared files: each one's price and change at the same moment.
        var compared = ""
        for (k, other) in state.others.enumerated() {
            guard let value = state.otherValue(k, at: index) else {
                compared += "; \(other.name): no price then"
                continue
            }
            let format = other.formatter(around: value)
            let pct = state.otherChange(k, at: index)
            let words = pct.map { $0 == 0 ? "unchanged" : "\($0 > 0 ? "up" : "down") \(PriceFormatter(decimals: 2).string(abs($0))) percent" }
            compared += "; \(other.name) \(format.string(value))" + (words.map { ", " + $0 } ?? "")
        }
        return "\(ReadableTime.text(series.times[index], withTimeOfDay: series.hasTimeOfDay)), "
            + "\(state.priceFormatter.string(price)), \(change(move, state.priceFormatter))\(place)\(measured)\(compared)"
            + state.indicatorValues(at: index)
    }

    /// With a mark (Space), the change from the mark to point `index` too, in bars and days:
    /// `; from the mark: down 917.88, 7.07 percent, 249 bars, 361 days`; empty without one.
    static func markLine(_ state: ViewerState, to index: Int) -> String {
        guard let marked = state.markedPoint else { return "" }
        let prices = state.series.prices
        let fromMark = PriceMove(from: marked, to: index, startPrice: prices[marked], endPrice: prices[index])
        let measure = MarkMeasure(state, from: marked, to: index)
        return "; \(measure.from): \(change(fromMark, state.priceFormatter)), \(measure.words)"
    }

    /// `1M, Mon 15 Apr 2019 to Mon 13 May 2019, 20 prices: up 541.87, 4.75 percent. Lowest
    /// 11,234.50 on Thu 18 Apr 2019, highest 12,345.00 on Fri 3 May 2019.`
    package static func rangeLine(_ state: ViewerState) -> String {
        let series = state.series, slice = state.slice
        let stats = RangeStatistics(series: series, slice: slice)
        let format = state.priceFormatter
        let when = { (i: Int) in ReadableTime.text(series.times[i], withTimeOfDay: series.hasTimeOfDay) }
        let move = PriceMove(from: slice.first, to: slice.last, startPrice: state.baselinePrice,
                             endPrice: series.prices[slice.last])
        let all = slice.coversAllData && state.window == nil && state.range != .max ? " (all the data)" : ""
        return "\(spanName(state))\(all), \(when(slice.first)) to \(when(slice.last)), \(slice.count) prices: "
            + "\(change(move, format)). Lowest \(format.string(stats.minimum)) on \(when(stats.minIndex)), "
            + "highest \(format.string(stats.maximum)) on \(when(stats.maxIndex))."
    }

    /// The keys, one line each: what is pressed and what it does (rows without keys,
    /// such as the mouse's, are left out: there is nothing to click).
    package static func keyLines() -> [String] {
        // Panels do not open here (each key says its lines): nothing scrolls.
        let unused = KeyMap.bindings.filter { $0.keys.allSatisfy { if case .scroll = $0.1 { true } else { false } } }.map(\.names)
        return ["Keys:"] + KeyMap.bindings.filter { !$0.keys.isEmpty && !unused.contains($0.names) }.map { binding in
            let names = binding.names.map { $0 == "…" ? "to" : $0 == "/" ? "or" : $0 }
            return "\(names.joined(separator: " ")): \(binding.help)."
        }
    }

    /// `!`: the messages said so far, newest first.
    static func messageLines(_ state: ViewerState) -> [String] {
        state.messages.isEmpty ? ["No messages yet."] : ["Messages, newest first:"] + state.messages.reversed()
    }

    /// The range described in words, a sentence a line: the description's lines that
    /// were broken to fit a panel (`Largest rise: ...,` `from ...` `to ....`) are joined.
    static func description(_ state: ViewerState) -> [String] {
        var lines: [String] = []
        var continues = false
        for line in state.descriptionLines {
            if continues, let last = lines.popLast() { lines.append(last + " " + line) } else { lines.append(line) }
            continues = !line.hasSuffix(".")
        }
        return lines
    }

    /// `up 541.87, 4.75 percent`, `down 3.10, 0.50 percent` or `unchanged`.
    static func change(_ move: PriceMove, _ format: PriceFormatter) -> String {
        let size = format.string(abs(move.change))
        guard size != format.string(0) else { return "unchanged" }
        let word = move.change > 0 ? "up" : "down"
        guard let percent = move.percent else { return "\(word) \(size)" }
        return "\(word) \(size), \(PriceFormatter(decimals: 2).string(abs(percent))) percent"
    }

    /// What an event changed that can be said: the range (its line), the cursor (its
    /// point), a cursor gone.
    static func changes(from before: ViewerState, to after: ViewerState) -> [String] {
        var lines: [String] = []
        let rangeChanged = after.range != before.range || after.slice != before.slice
        if rangeChanged { lines.append(rangeLine(after)) }
        if let cursor = after.cursor, cursor != before.cursor || rangeChanged {
            lines.append(pointLine(after, at: cursor))
        } else if after.cursor == nil, before.cursor != nil {
            lines.append("Cursor hidden. Latest: \(pointLine(after, at: after.slice.last))")
        }
        return lines
    }

    /// Where the viewer is: the cursor's point, else the range and its latest price.
    static func whereItIs(_ state: ViewerState) -> String {
        if let cursor = state.cursor { return pointLine(state, at: cursor) }
        return "\(spanName(state)), latest: \(pointLine(state, at: state.slice.last))"
    }

    /// What the chart shows, said: `1M`, `All the data`, `Window`.
    static func spanName(_ state: ViewerState) -> String {
        state.window != nil ? "Window" : state.range == .max ? "All the data" : state.range.label
    }

    /// The line as it may be said: no control characters (escape codes), no Braille,
    /// the viewer's signs in words.
    static func spoken(_ line: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in TextSanitizer.clean(line).unicodeScalars where !(0x2800...0x28FF).contains(scalar.value) {
            switch scalar {
            case "▲": out.append(contentsOf: "up".unicodeScalars)
            case "▼": out.append(contentsOf: "down".unicodeScalars)
            case "←": out.append(contentsOf: "Left".unicodeScalars)
            case "→": out.append(contentsOf: "Right".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
