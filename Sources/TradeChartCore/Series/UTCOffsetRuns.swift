/// The UTC offset of every point of a series, kept as runs: the index where each run
/// starts and the offset its points carry (`+01:00` until the clocks change, then
/// `+02:00`). Offsets change rarely (daylight saving), so a file of ten million
/// minute bars over ten years keeps about twenty runs, not a column per row.
///
/// With it, a point's wall-clock time (`PriceSeries.times`, the exchange's clock)
/// is placed in UTC exactly: `utc = time - offset`. A series read from times
/// without an offset (naive local times) has none.
public struct UTCOffsetRuns: Sendable, Equatable {
    /// The index of the first point of each run: ascending, the first is 0.
    public private(set) var starts: [Int] = []
    /// Seconds east of UTC of each run's points (`+01:00` is 3600).
    public private(set) var offsets: [Int32] = []

    public init() {}

    /// Runs from their starts and offsets; neighbouring runs of one offset are merged.
    public init(starts: [Int], offsets: [Int32]) {
        precondition(starts.count == offsets.count, "one offset per run")
        for (start, offset) in zip(starts, offsets) { add(offset, at: start) }
    }

    /// Runs of a column of one offset per point.
    init(column: [Int32]) {
        for (i, offset) in column.enumerated() { add(offset, at: i) }
    }

    /// The number of runs.
    public var count: Int { starts.count }

    /// The offset of point `index` (one binary search).
    public func offset(at index: Int) -> Int32 {
        var lo = 0, hi = starts.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if starts[mid] <= index { lo = mid } else { hi = mid }
        }
        return offsets[lo]
    }

    /// Points `index` on carry `offset`: a new run unless the last run has it already.
    /// A run that would start where the last one starts replaces it.
    mutating func add(_ offset: Int32, at index: Int) {
        if let last = starts.last, last == index {
            starts.removeLast()
            offsets.removeLast()
        }
        if offsets.last == offset { return }
        starts.append(index)
        offsets.append(offset)
    }

    /// Appends the runs of points that follow `shift` points of these runs.
    mutating func append(_ other: UTCOffsetRuns, shiftedBy shift: Int) {
        for (start, offset) in zip(other.starts, other.offsets) { add(offset, at: start + shift) }
    }

    /// One offset per point, for the `count` points the runs describe.
    func column(count: Int) -> [Int32] {
        var column: [Int32] = []
        column.reserveCapacity(count)
        for k in starts.indices {
            let end = k + 1 < starts.count ? starts[k + 1] : count
            column.append(contentsOf: repeatElement(offsets[k], count: max(0, end - starts[k])))
        }
        return column
    }

    /// The runs of points `from...` (counted from 0).
    func suffix(from index: Int) -> UTCOffsetRuns {
        var tail = UTCOffsetRuns()
        guard !starts.isEmpty else { return tail }
        tail.add(offset(at: index), at: 0)
        for k in starts.indices where starts[k] > index { tail.add(offsets[k], at: starts[k] - index) }
        return tail
    }
}
