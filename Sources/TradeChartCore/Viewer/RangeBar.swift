/// The range bar on the bottom row: every range's entry and the cells it takes.
/// `[1Y]` is the active range, ` 5Y ` another, `(1D)` one that cannot be shown (not
/// only dim: vt100 has no dim); while a free window is shown, no entry is active.
/// The view draws it and the update hit-tests a click on it, both from this one value.
struct RangeBar: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var range: ChartRange
        var text: String
        var available: Bool
        var active: Bool
        var cells: Range<Int>
    }

    /// The entries left to right from column 0: next to each other, but a cell apart
    /// beside an unavailable one, so brackets never meet (`(1D) [5D]`, not `(1D)[5D]`). The
    /// gaps hang on what can be shown, not on the active range: switching never moves an entry.
    let entries: [Entry]

    /// The bar for ranges that `available` says can be shown,
    /// `active` the fixed range shown (nil for a free window).
    init(available: (ChartRange) -> Bool, active: ChartRange?) {
        var x = 0
        var previousShown = true
        entries = ChartRange.allCases.enumerated().map { k, range in
            let shown = available(range)
            if k > 0 && !(shown && previousShown) { x += 1 }
            previousShown = shown
            let text = range == active ? "[\(range.label)]" : (shown ? " \(range.label) " : "(\(range.label))")
            defer { x += text.count }
            return Entry(range: range, text: text, available: shown, active: range == active, cells: x..<(x + text.count))
        }
    }

    /// The range whose entry takes cell `column`, nil between or past the entries.
    func range(atColumn column: Int) -> ChartRange? {
        entries.first { $0.cells.contains(column) }?.range
    }
}

extension ViewerState {
    /// The range bar as it stands.
    var rangeBar: RangeBar {
        // Read once into flags: a closure over the state would copy it for every range.
        let shown = availability.map { $0.slice != nil }
        return RangeBar(available: { shown[$0.rawValue - 1] }, active: activeRange)
    }
}
