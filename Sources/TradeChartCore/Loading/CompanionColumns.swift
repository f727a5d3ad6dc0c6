/// Columns kept beside the times and prices while a file loads (the open, high, low
/// and volume of candles): when rows are dropped, reversed or sorted, the same is done
/// to them, row for row. `SeriesOrder` and the day/month resolution take them as a
/// generic parameter, so a load without them (`NoCompanions`) costs nothing more.
protocol CompanionColumns {
    /// Row `from` is copied over row `to` (`to <= from`), as rows are compacted.
    mutating func copyRow(_ from: Int, to: Int)
    /// Only the first `count` rows stay.
    mutating func keepFirst(_ count: Int)
    mutating func reverse()
    /// Row `k` becomes the row at `order[k]`.
    mutating func permute(_ order: [UInt32])
}

/// No columns beside the times and prices.
struct NoCompanions: CompanionColumns {
    @inline(__always) mutating func copyRow(_ from: Int, to: Int) {}
    @inline(__always) mutating func keepFirst(_ count: Int) {}
    @inline(__always) mutating func reverse() {}
    @inline(__always) mutating func permute(_ order: [UInt32]) {}
}

extension Optional: CompanionColumns where Wrapped: CompanionColumns {
    mutating func copyRow(_ from: Int, to: Int) { self?.copyRow(from, to: to) }
    mutating func keepFirst(_ count: Int) { self?.keepFirst(count) }
    mutating func reverse() { self?.reverse() }
    mutating func permute(_ order: [UInt32]) { self?.permute(order) }
}

/// Two sets of companion columns moved together (the UTC offsets and the bars).
struct CompanionPair<First: CompanionColumns, Second: CompanionColumns>: CompanionColumns {
    var first: First
    var second: Second

    mutating func copyRow(_ from: Int, to: Int) {
        first.copyRow(from, to: to)
        second.copyRow(from, to: to)
    }

    mutating func keepFirst(_ count: Int) {
        first.keepFirst(count)
        second.keepFirst(count)
    }

    mutating func reverse() {
        first.reverse()
        second.reverse()
    }

    mutating func permute(_ order: [UInt32]) {
        first.permute(order)
        second.permute(order)
    }
}

/// One UTC offset per row (`RowOffsets.column`).
extension Array: CompanionColumns where Element == Int32 {
    mutating func copyRow(_ from: Int, to: Int) { self[to] = self[from] }

    mutating func keepFirst(_ count: Int) {
        if count < self.count { removeLast(self.count - count) }
    }

    mutating func permute(_ order: [UInt32]) {
        self = [Int32](unsafeUninitializedCapacity: order.count) { buffer, count in
            for (k, i) in order.enumerated() { buffer[k] = self[Int(i)] }
            count = order.count
        }
    }
}

extension Array where Element == Double {
    /// Row `k` becomes the row at `order[k]` (one column at a time: one extra column of memory).
    func permuted(_ order: [UInt32]) -> [Double] {
        [Double](unsafeUninitializedCapacity: order.count) { buffer, count in
            for (k, i) in order.enumerated() { buffer[k] = self[Int(i)] }
            count = order.count
        }
    }
}

extension BarColumns: CompanionColumns {
    mutating func copyRow(_ from: Int, to: Int) {
        guard from != to else { return }
        if let v = open?[from] { open![to] = v }
        if let v = high?[from] { high![to] = v }
        if let v = low?[from] { low![to] = v }
        if let v = volume?[from] { volume![to] = v }
    }

    mutating func keepFirst(_ count: Int) {
        guard count < self.count else { return }
        open?.removeLast(self.count - count)
        high?.removeLast(self.count - count)
        low?.removeLast(self.count - count)
        volume?.removeLast(self.count - count)
        self.count = count
    }

    mutating func reverse() {
        open?.reverse()
        high?.reverse()
        low?.reverse()
        volume?.reverse()
    }

    mutating func permute(_ order: [UInt32]) {
        open = open?.permuted(order)
        high = high?.permuted(order)
        low = low?.permuted(order)
        volume = volume?.permuted(order)
    }
}
