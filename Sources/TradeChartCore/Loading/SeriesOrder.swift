/// Sorting two parallel columns by time and dropping duplicate timestamps,
/// within the memory budget (never a second full copy of both columns).
enum SeriesOrder {
    /// Sorts by time; of rows with the same time keeps the one that came last.
    /// Returns how many rows were dropped as duplicates.
    ///
    /// Oldest-first input is only deduplicated; newest-first input is reversed in
    /// place; anything else is sorted through a 4-byte index permutation.
    /// `companions` (the open, high, low and volume, the UTC offsets; `NoCompanions` for
    /// none) have done to them what is done to the prices.
    static func sortKeepingLast<C: CompanionColumns>(_ times: inout [Int64], _ prices: inout [Double],
                                                     carrying companions: inout C) -> Int {
        guard times.count > 1 else { return 0 }
        let (ascending, descending) = direction(times)
        if ascending {
            return deduplicate(&times, &prices, &companions, keepFirst: false)
        }
        if descending {
            times.reverse()
            prices.reverse()
            companions.reverse()
            // Reversed, the row that came last in the file is now the first of its run.
            return deduplicate(&times, &prices, &companions, keepFirst: true)
        }
        permute(&times, &prices, &companions)
        return deduplicate(&times, &prices, &companions, keepFirst: false)
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
    static func permute<C: CompanionColumns>(_ times: inout [Int64], _ prices: inout [Double], _ companions: inout C) {
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
        prices = prices.permuted(order)
        companions.permute(order)
    }

    /// Collapses runs of equal times (already sorted) to one row, the first or the last of each run.
    static func deduplicate<C: CompanionColumns>(_ times: inout [Int64], _ prices: inout [Double], _ companions: inout C,
                                                 keepFirst: Bool) -> Int {
        let n = times.count
        var w = 0
        for i in 0..<n {
            if w > 0 && times[w - 1] == times[i] {
                if !keepFirst {
                    prices[w - 1] = prices[i]
                    companions.copyRow(i, to: w - 1)
                }
                continue
            }
            times[w] = times[i]
            prices[w] = prices[i]
            companions.copyRow(i, to: w)
            w += 1
        }
        let dropped = n - w
        if dropped > 0 {
            times.removeLast(dropped)
            prices.removeLast(dropped)
            companions.keepFirst(w)
        }
        return dropped
    }
}
