/// The indicators in words, a sentence each, at the range's newest point (what `d`,
/// `--describe` and the screen reader's description say), and their values at one point
/// (what the screen reader says at each cursor step):
/// `RSI 14 is 42.2, below the middle; it crossed 30 upward on 12 Mar 2019.`
extension ViewerState {
    /// A sentence per indicator shown, at the range's newest point.
    func indicatorDescriptionLines() -> [String] {
        let last = slice.last
        return indicators.map { line in
            let choice = line.choice
            let value = line.value(at: last)
            guard !value.isNaN else { return "\(choice.title): none yet (fewer bars than it needs)." }
            let text = indicatorText(value, of: choice)
            let price = series.prices[last]
            switch choice {
            case .ema, .vwap:
                return "\(choice.title) is \(text); the price is \(side(of: price, against: value))."
            case .bollinger:
                let upperValue = line.value(line: 0, at: last), middle = line.value(line: 1, at: last)
                let lowerValue = line.value(line: 2, at: last)
                let lower = priceFormatter.string(lowerValue), upper = priceFormatter.string(upperValue)
                let place = price > upperValue ? "above the upper band" : price < lowerValue
                    ? "below the lower band" : price >= middle ? "in the upper half" : "in the lower half"
                return "\(choice.title): \(lower) to \(upper) around \(priceFormatter.string(middle)); the price is \(place)."
            case .rsi:
                return "\(choice.title) is \(text), \(value > 50 ? "above" : value < 50 ? "below" : "at") the middle"
                    + crossing(of: line, 0, levels: [30, 70]) + "."
            case .stochastic:
                return "\(choice.title): %K is \(text), %D \(indicatorText(line.value(line: 1, at: last), of: choice))"
                    + crossing(of: line, 0, levels: [20, 80]) + "."
            case .macd:
                let signal = line.value(line: 1, at: last)
                let against = value > signal ? "above" : value < signal ? "below" : "at"
                // The histogram is the line less its signal: it crosses zero where they cross.
                return "\(choice.title) is \(text), \(against) its signal \(indicatorText(signal, of: choice))"
                    + crossing(of: line, 2, levels: [0], what: "its signal") + "."
            case .atr:
                let share = price != 0 ? " (" + PriceFormatter(decimals: 2).string(value / abs(price) * 100) + "% of the price)" : ""
                return "\(choice.title) is \(text)\(share)."
            }
        } + unavailableIndicatorTexts.map { $0 + "." }
    }

    /// `2.08% above it`, `below it`, `at it`.
    func side(of price: Double, against value: Double) -> String {
        let side = price > value ? "above" : price < value ? "below" : "at"
        let gap = value > 0 && price != value ? PriceFormatter(decimals: 2).string(abs(price / value - 1) * 100) + "% " : ""
        return gap + side + " it"
    }

    /// `; it crossed 30 upward on 12 Mar 2019`: the range's last crossing of a level by line
    /// `k` of `line`, empty without one. The values are read back from the newest a run at a time.
    func crossing(of line: IndicatorLine, _ k: Int, levels: [Double], what: String? = nil) -> String {
        var run: [Double] = [], runStart = slice.last + 1
        func value(_ i: Int) -> Double {
            if i < runStart {
                runStart = max(slice.first, i - 4_095)
                run = line.values(line: k, in: runStart..<(i + 1))
            }
            return run[i - runStart]
        }
        var i = slice.last
        while i > slice.first {
            let now = value(i), before = value(i - 1)
            if !now.isNaN && !before.isNaN {
                for level in levels where (before < level) != (now < level) {
                    let name = what ?? PriceFormatter(decimals: 0).string(level)
                    let when = series.hasTimeOfDay ? DateText.dayMonth(series.times[i]) + " " + DateText.time(series.times[i])
                        : DateText.dayMonthYear(series.times[i])
                    return "; it crossed \(name) \(now > before ? "upward" : "downward") on \(when)"
                }
            }
            i -= 1
        }
        return ""
    }

    /// `; RSI 14 42.2, MACD 12,26,9 61.42`: the indicators' values at `index`, for the screen
    /// reader's step (empty without indicators).
    func indicatorValues(at index: Int) -> String {
        guard !indicators.isEmpty else { return "" }
        return "; " + indicators.map { $0.choice.title + " " + indicatorText($0.value(at: index), of: $0.choice) }
            .joined(separator: ", ")
    }
}
