/// The overview in the screen-reader mode: a line a row, and what each key changed.
extension OverviewState {
    /// Where the selection is: `Row 3 of 12: dax: last 11,876.65 on 13 May 2019, down 8.65% over 1Y.`
    var selectionLine: String? {
        let shown = visible
        guard let selected, let at = shown.firstIndex(of: selected) else { return nil }
        return "Row \(at + 1) of \(shown.count)\(marked.contains(selected) ? ", marked" : ""): " + sentence(ofEntry: selected)
    }
}

extension OverviewSession {
    /// What a screen reader says of `event`, which led from `before` to this state: the
    /// chart's own narration while one is open; on opening it, the chart's first lines; in the
    /// overview, every row once when the last file is read, then the row the selection is on
    /// after each key, the new order, range or filter first.
    public func narration(of event: ViewerEvent, from before: OverviewSession) -> [String] {
        switch (before.chart, chart) {
        case (let old?, let new?) where closingSince == nil:
            return Narration.lines(for: event, from: old, to: new)
        case (nil, let new?):
            return ["Opened \(new.series.name) from the overview (Backspace goes back)."] + Narration.opening(new)
        case (_?, _):
            return ["Back in the overview."] + [overview.selectionLine].compactMap { $0 }
        case (nil, nil):
            break
        }
        let old = before.overview, new = overview
        if case .overviewFile = event {
            let waiting = new.entries.filter { $0.content == .loading }.count
            guard waiting == 0, old.entries.contains(where: { $0.content == .loading }) else { return [] }
            return ["All \(new.entries.count) files read, by \(new.order.rawValue), \(new.range.label):"] + new.descriptionRows
        }
        guard case .key = event else { return [] }
        var lines: [String] = []
        if new.range != old.range { lines.append("Range \(new.range.label).") }
        if new.order != old.order { lines.append("Order: \(new.order.rawValue).") }
        if new.filter != old.filter { lines.append(new.filter.isEmpty ? "Filter cleared." : "Filter \(new.filter): \(new.visible.count) shown.") }
        if new.marked != old.marked { lines.append("\(new.marked.count) marked.") }
        if let status = new.status, status != old.status { lines.append(status) }
        if let selection = new.selectionLine, selection != old.selectionLine || !lines.isEmpty { lines.append(selection) }
        return lines
    }
}

extension OverviewState {
    /// What the screen-reader mode says first: the title, then a line a row (the files
    /// still being read are said when the last one is in).
    public var openingLines: [String] {
        let waiting = entries.filter { $0.content == .loading }.count
        guard waiting == 0 else {
            return ["Overview of \(title): \(CountText.of(entries.count, "file")), reading them. "
                    + "Up and Down go through the rows, 1 to 6 and 0 the range, o the order, / filters, "
                    + "Enter opens a file, Backspace comes back, q quits."]
        }
        return descriptionLines + [selectionLine].compactMap { $0 }
    }
}
