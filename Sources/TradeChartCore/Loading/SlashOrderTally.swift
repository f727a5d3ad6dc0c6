/// Slashed dates (`03/04/2019`) that fit only one day/month order, counted with the
/// first line of each kind: the column's order is decided once, on all of them
/// (`finish`), and the rows that do not fit it are bad rows from those lines.
struct SlashOrderTally: Sendable {
    var monthFirstOnly = 0, dayFirstOnly = 0
    var firstMonthFirstOnlyLine = 0, firstDayFirstOnlyLine = 0

    /// Counts a date read at `line` that fits only month first (`orders` 1) or only day first (2).
    @inline(__always)
    mutating func add(orders: UInt8, line: Int) {
        if orders == 1 {
            if monthFirstOnly == 0 { firstMonthFirstOnlyLine = line }
            monthFirstOnly += 1
        } else if orders == 2 {
            if dayFirstOnly == 0 { firstDayFirstOnlyLine = line }
            dayFirstOnly += 1
        }
    }

    /// Adds the tally of the next part, whose lines start after `lines` lines.
    mutating func absorb(_ part: SlashOrderTally, lines: Int) {
        if part.monthFirstOnly > 0 {
            if monthFirstOnly == 0 { firstMonthFirstOnlyLine = part.firstMonthFirstOnlyLine + lines }
            monthFirstOnly += part.monthFirstOnly
        }
        if part.dayFirstOnly > 0 {
            if dayFirstOnly == 0 { firstDayFirstOnlyLine = part.firstDayFirstOnlyLine + lines }
            dayFirstOnly += part.dayFirstOnly
        }
    }

    /// Whether the column reads day first: more dates fit only that order (a tie reads day first).
    var dayFirst: Bool { dayFirstOnly > 0 && dayFirstOnly >= monthFirstOnly }

    /// The first line of a date that does not fit the order decided.
    func firstLine(against dayFirst: Bool) -> Int { dayFirst ? firstMonthFirstOnlyLine : firstDayFirstOnlyLine }
}
