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
            switch line.values {
            case .ema, .vwap:
                return "\(choice.title) is \(text); the price is \(side(of: price, against: value))."
            case .bollinger(let bands):
                let lower = priceFormatter.string(bands.lower[last]), upper = priceFormatter.string(bands.upper[last])
                let middle = bands.middle[last]
                let place = price > bands.upper[last] ? "above the upper band" : price < bands.lower[last]
                    ? "below the lower band" : price >= middle ? "in the upper half" : "in the lower half"
                return "\(choice.title): \(lower) to \(upper) around \(priceFormatter.string(middle)); the price is \(place)."
            case .rsi(let rsi):
                return "\(choice.title) is \(text), \(value > 50 ? "above" : value < 50 ? "below" : "at") the middle"
                    + crossing(rsi.values, levels: [30, 70]) + "."
            case .stochastic(let s):
                return "\(choice.title): %K is \(text), %D \(indicatorText(s.d[last], of: choice))"
                    + crossing(s.k, levels: [20, 80]) + "."
            case .macd(let m):
                let signal = m.signalLine[last]
                let against = value > signal ? "above" : value < signal ? "below" : "at"
                let histogram = zip(m.line, m.signalLine).map { $0 - $1 }
                return "\(choice.title) is \(text), \(against) its signal \(indicatorText(signal, of: choice))"
                    + crossing(histogram, levels: [0], what: "its signal") + "."
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

    /// `; it crossed 30 upward on 12 Mar 2019`: the range's last crossing of a level, empty without one.
    func crossing(_ values: [Double], levels: [Double], what: String? = nil) -> String {
        var i = slice.last
        while i > slice.first {
            let now = values[i], before = values[i - 1]
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
