/// The overview in words (`--describe DIR`): a sentence a file, in the order shown.
extension OverviewState {
    public var descriptionLines: [String] {
        ["\(title): \(CountText.of(entries.count, "price file")), \(range.label), by \(order.rawValue)."] + descriptionRows
    }

    /// A sentence a file shown, in order.
    var descriptionRows: [String] { visible.map(sentence(ofEntry:)) }

    /// Row `k` in words: `dax: last 11,876.65 on 13 May 2019, down 8.65% over 1Y.`, or why it has no chart.
    public func sentence(ofEntry k: Int) -> String {
        let entry = entries[k]
        guard let facts = facts(of: k) else {
            let why = entry.problem ?? (entry.content == .loading ? "still being read" : "no prices for \(range.label)")
            return "\(entry.name): no chart (\(why))."
        }
        let change = facts.changePercent.map { value in
            let word = value > 0 ? "up" : (value < 0 ? "down" : "unchanged")
            return value == 0 ? "unchanged over \(range.label)" : "\(word) \(PriceFormatter(decimals: 2).string(abs(value)))% over \(range.label)"
        } ?? "no change in percent (its reference price is 0)"
        return "\(entry.name): last \(lastText(k, facts)) on \(DateText.dayMonthYear(facts.lastTime)), \(change)."
    }
}
