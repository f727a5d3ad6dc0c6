/// The overview in words (`--describe DIR`): a sentence a file, in the order shown.
extension OverviewState {
    public var descriptionLines: [String] {
        var lines = ["\(title): \(CountText.of(entries.count, "price file")), \(range.label), by \(order.rawValue)."]
        for k in visible {
            let entry = entries[k]
            guard let facts = facts(of: k) else {
                lines.append("\(entry.name): no chart (\(entry.problem ?? "no prices for \(range.label)")).")
                continue
            }
            let change = facts.changePercent.map { value in
                let word = value > 0 ? "up" : (value < 0 ? "down" : "unchanged")
                return value == 0 ? "unchanged over \(range.label)" : "\(word) \(PriceFormatter(decimals: 2).string(abs(value)))% over \(range.label)"
            } ?? "no change in percent (its reference price is 0)"
            lines.append("\(entry.name): last \(lastText(k, facts)) on \(DateText.dayMonthYear(facts.lastTime)), \(change).")
        }
        return lines
    }
}
