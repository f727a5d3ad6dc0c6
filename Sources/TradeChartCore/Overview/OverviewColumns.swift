/// Where the overview's columns go at a width: the mark, the name, the sparkline, the
/// last close, the change and the last date, a cell apart. Narrower screens first
/// shorten the sparkline, then drop the date, then shorten the name; wider ones give the
/// sparkline the room (up to `widestSparkline`).
struct OverviewColumns: Sendable, Equatable {
    static let markWidth = 2
    static let changeWidth = 9
    static let dateWidth = 11
    static let narrowestSparkline = 10
    /// Below this the date column gives its room to the sparkline.
    static let sparklineBeforeDate = 24
    static let widestSparkline = 120
    static let narrowestName = 6

    var name: Range<Int>
    var sparkline: Range<Int>
    var last: Range<Int>
    var change: Range<Int>
    /// Nil when the screen is too narrow for it.
    var date: Range<Int>?

    /// `longestName` and `widestLast` are what the rows hold (the columns shrink to them).
    init(width: Int, longestName: Int, widestLast: Int) {
        let lastWidth = max(widestLast, 4)
        var nameWidth = min(max(longestName, 4), width >= 100 ? 24 : 16)
        var showsDate = true
        func sparkRoom() -> Int {
            width - Self.markWidth - nameWidth - lastWidth - Self.changeWidth - (showsDate ? Self.dateWidth + 1 : 0) - 4
        }
        if sparkRoom() < Self.sparklineBeforeDate { showsDate = false }
        if sparkRoom() < Self.narrowestSparkline {
            nameWidth = max(Self.narrowestName, nameWidth - (Self.narrowestSparkline - sparkRoom()))
        }
        let spark = max(min(sparkRoom(), Self.widestSparkline), 1)
        var x = Self.markWidth
        name = x..<(x + nameWidth); x += nameWidth + 1
        sparkline = x..<(x + spark); x += spark + 1
        last = x..<(x + lastWidth); x += lastWidth + 1
        change = x..<(x + Self.changeWidth); x += Self.changeWidth + 1
        date = showsDate ? x..<(x + Self.dateWidth) : nil
    }
}
