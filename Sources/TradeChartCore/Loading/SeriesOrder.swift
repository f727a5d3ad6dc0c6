/// Sorting two parallel columns by time and dropping duplicate timestamps,
/// within the memory budget (never a second full copy of both columns).
enum SeriesOrder {
    /// Sorts by time; of rows with the same time keeps the one that came last.
    /// Returns how many rows were dropped as duplicates.
    ///
    /// Oldest-first input is only deduplicated; newest-first input is reversed in
    /// place; anything else is sorted through a 4-byte index permutation.
    static func sortKeepingLast(_ times: inout [Int64], _ prices: inout [Double]) -> Int {
        guard times.count > 1 else { return 0 }
        let (ascending, descending) = direction(times)
        if ascending {
            return deduplicate(&times, &prices, keepFirst: false)
        }
        if descending {
            times.reverse()
            prices.reverse()
            // Reversed, the row that came last in the file is now the first of its run.
            return deduplicate(&times, &prices, keepFirst: true)
        }
        permute(&times, &prices)
        return deduplicate(&times, &prices, keepFirst: false)
    }

    /// Whether the times never fall (ascending) and whether they never rise (descending).
    static func direction(_ times: [Int64]) -> (ascending: Bool, descending: Bool) {
        var ascending = true, descending = true
        for i in times.indices.dropFirst() {
            if times[i] < times[i - 1] { ascending = false }
            if times[i] > times[i - 1] { descending = false }
            if !ascending && !descending { break }
        }
        return (ascending, descending)
    }

    /// Stable sort by time through an index array (file order breaks ties).
    static func permute(_ times: inout [Int64], _ prices: inout [Double]) {
        var order = [UInt32](unsafeUninitializedCapacity: times.count) { buffer, count in
            for i in 0..<buffer.count { buffer[i] = UInt32(truncatingIfNeeded: i) }
            count = buffer.count
        }
        times.withUnsafeBufferPointer { t in
            order.sort { a, b in
                let ta = t[Int(a)], tb = t[Int(b)]
                return ta < tb || (ta == tb && a < b)
            }
        }
        let sortedTimes = [Int64](unsafeUninitializedCapacity: times.count) { buffer, count in
            for (k, i) in order.enumerated() { buffer[k] = times[Int(i)] }
            count = order.count
        }
        times = sortedTimes
        let sortedPrices = [Double](unsafeUninitializedCapacity: prices.count) { buffer, count in
            for (k, i) in order.enumerated() { buffer[k] = prices[Int(i)] }
            count = order.count
        }
        prices = sortedPrices
    }

    /// Collapses runs of equal times (already sorted) to one row, the first or the last of each run.
    static func deduplicate(_ times: inout [Int64], _ prices: inout [Double], keepFirst: Bool) -> Int {
        let n = times.count
        var w = 0
        for i in 0..<n {
            if w > 0 && times[w - 1] == times[i] {
                if !keepFirst { prices[w - 1] = prices[i] }
                continue
            }
            times[w] = times[i]
            prices[w] = prices[i]
            w += 1
        }
        let dropped = n - w
        if dropped > 0 {
            times.removeLast(dropped)
            prices.removeLast(dropped)
        }
        return dropped
    }
}
