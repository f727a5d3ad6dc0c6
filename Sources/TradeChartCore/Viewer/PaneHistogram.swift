/// A pane's histogram (MACD's) as a frame draws it: in each dot column the point at its
/// middle and that point's value (NaN where there is none). Worked out from the one kept
/// before under the same x map, only the columns whose point changed or is among the rows a
/// followed file's look added are read from the index (replayed from the checkpoints).
struct PaneHistogram: Sendable {
    let contents: MinMaxIndex.Contents
    let x: AffineMap
    let first: Int
    let last: Int
    /// Per dot column, the point at its middle, -1 where none is drawn.
    let rows: [Int]
    /// Per dot column, that point's value (NaN where none).
    let values: [Double]

    init(_ histogram: MinMaxIndex, x: AffineMap, first: Int, last: Int, widthDots: Int, reusing old: PaneHistogram? = nil) {
        contents = histogram.contents
        self.x = x
        self.first = first
        self.last = last
        let rows = (0..<widthDots).map { column in
            let i = Clamp.int(x.inverse(Double(column) + 0.5).rounded(), ifNaN: -1)
            return i >= first && i <= last ? i : -1
        }
        self.rows = rows
        // The rows whose values are those the histogram kept before was read from.
        var unchanged = 0
        if let old, old.x == x, old.rows.count == widthDots {
            if old.contents === histogram.contents {
                unchanged = histogram.count
            } else if let before = histogram.before, before.contents === old.contents {
                unchanged = before.unchanged
            }
        }
        var values = [Double](repeating: .nan, count: widthDots)
        // The columns whose value is not the one kept, read from the index at once.
        var unread: [Int] = []
        for (column, i) in rows.enumerated() where i >= 0 {
            if let old, i < unchanged, old.rows[column] == i {
                values[column] = old.values[column]
            } else {
                unread.append(column)
            }
        }
        if !unread.isEmpty {
            var read = RowValues(histogram, wanted: unread.map { rows[$0]..<(rows[$0] + 1) })
            for column in unread { values[column] = read.value(rows[column]) }
        }
        self.values = values
    }

    /// Whether this is the histogram of `histogram` over `first...last` under `x` in `widthDots` dot columns.
    func describes(_ histogram: MinMaxIndex, x: AffineMap, first: Int, last: Int, widthDots: Int) -> Bool {
        contents === histogram.contents && self.x == x && self.first == first && self.last == last && rows.count == widthDots
    }
}
