/// The UTC offsets of the rows while a load ends: kept as runs while nothing moves
/// the rows, or as one offset per row (only for rows whose offset changes, and only
/// while they are sorted or thinned) so that each point keeps its own.
enum RowOffsets {
    /// The rows carry no offset (naive local times), or not all of them do.
    case none
    /// Runs that stay right whatever is sorted or dropped (one offset for every row),
    /// or rows that are not moved.
    case runs(UTCOffsetRuns)
    /// One offset per row, moved with the rows.
    case column([Int32])

    /// The offsets of `rowCount` rows read as `runs`; `moves` says whether rows will
    /// be dropped or reordered.
    init(runs: UTCOffsetRuns, dropped: Bool, rowCount: Int, moves: Bool) {
        if dropped || runs.count == 0 || rowCount == 0 || runs.offsets.contains(ParsedTime.noOffset) {
            self = .none
        } else if runs.count == 1 || !moves {
            self = .runs(runs)
        } else {
            self = .column(runs.column(count: rowCount))
        }
    }

    /// Drops the offsets of the slashed dates that do not fit the column's order, as
    /// `resolveSlashed` drops their rows (call it first, on the packed times).
    mutating func dropUnresolved(_ packed: [Int64], dayFirst: Bool) {
        guard case .column(var column) = self else { return }
        self = .none
        var kept = 0
        for i in packed.indices where SlashedDate.resolve(packed[i], dayFirst: dayFirst) != nil {
            column[kept] = column[i]
            kept += 1
        }
        column.removeLast(column.count - kept)
        self = .column(column)
    }

    /// Sorts the rows by time and drops duplicate times (the last row kept), the
    /// offsets along with them; returns how many were dropped.
    mutating func sortKeepingLast(_ times: inout [Int64], _ prices: inout [Double]) -> Int {
        var none = NoCompanions()
        return sortKeepingLast(&times, &prices, carrying: &none)
    }

    /// The same, doing to `companions` (the open, high, low and volume) what is done to the prices.
    mutating func sortKeepingLast<C: CompanionColumns>(_ times: inout [Int64], _ prices: inout [Double],
                                                       carrying companions: inout C) -> Int {
        guard case .column(let column) = self else {
            return SeriesOrder.sortKeepingLast(&times, &prices, carrying: &companions)
        }
        self = .none
        var both = CompanionPair(first: column, second: companions)
        let dropped = SeriesOrder.sortKeepingLast(&times, &prices, carrying: &both)
        companions = both.second
        self = .column(both.first)
        return dropped
    }

    /// The runs to keep with the series.
    var runs: UTCOffsetRuns? {
        switch self {
        case .none: return nil
        case .runs(let runs): return runs
        case .column(let column): return UTCOffsetRuns(column: column)
        }
    }
}

extension CSVStreamParser {
    /// More runs than this (a file whose offset changes nearly every row) are not kept:
    /// the times are then read as local times without an offset, costing no memory.
    static let maxOffsetRuns = 1 << 20

    /// Row `index` (of `times`) carries another offset than the row before it.
    @inline(never)
    mutating func noteOffset(_ offset: Int32, at index: Int) {
        lastOffset = Int64(offset)
        guard !offsetsDropped else { return }
        offsetRuns.add(offset, at: index)
        // One more than the limit: then the whole file has more than the limit too,
        // however it was split into parts (see `RowOffsets`).
        if offsetRuns.count > Self.maxOffsetRuns + 1 { dropOffsets() }
    }

    mutating func dropOffsets() {
        offsetsDropped = true
        offsetRuns = UTCOffsetRuns()
    }

    /// The offsets of the `rowCount` rows read, ready for `assemble`; `moves` when rows
    /// will be dropped or reordered.
    func rowOffsets(rowCount: Int, moves: Bool) -> RowOffsets {
        RowOffsets(runs: offsetRuns, dropped: offsetsDropped || offsetRuns.count > Self.maxOffsetRuns,
                   rowCount: rowCount, moves: moves)
    }

    /// Takes over the offsets of the next part's rows, which follow this parser's rows.
    mutating func absorbOffsets(of part: CSVStreamParser) {
        if part.offsetsDropped { dropOffsets() }
        if !offsetsDropped {
            offsetRuns.append(part.offsetRuns, shiftedBy: times.count)
            if offsetRuns.count > Self.maxOffsetRuns + 1 { dropOffsets() }
        }
        if !part.times.isEmpty { lastOffset = part.lastOffset }
    }
}
