import CKernels

/// The mean and population variance of the last `bars` values, fed one value at a time.
///
/// Running sums of each value's distance from a shift (a value of the window), so the
/// variance is not the difference of two huge squares; the sums are taken afresh from
/// the window every `bars` values, so rounding errors cannot pile up over millions of rows.
/// Amortised O(1) per value (`bars` additions once every `bars` values). Bollinger bands
/// read both; the stochastic's %K and %D the mean alone. A whole series is fed through
/// `feeding`, the window reached through one unsafe view for all its values. A window of at
/// most `summedAfresh` values read for its mean alone (the stochastic's 3-bar %K and %D) sums
/// its values afresh at each value instead, oldest first: as few operations as the running
/// sums' for so few values, none of them on a chain from one value to the next.
struct WindowMoments: Sendable, Equatable {
    /// The longest window whose mean is summed afresh from its values (`addForMean`).
    static let summedAfresh = 8

    let bars: Int
    private var window: [Double]
    private(set) var sums = Sums()

    /// Everything but the window's values.
    struct Sums: Sendable, Equatable {
        var seen = 0
        /// The slot of the next value (`seen % bars`, kept without a division).
        var slot = 0
        /// The running sums of the values' distances from `shift` (and of their squares): a
        /// window summed afresh (`Feed.sumsAfresh`) keeps them only while it fills, and reads none.
        var shift = 0.0
        var sum = 0.0
        var squares = 0.0
    }

    /// The window while values are fed: its slots, through an unsafe pointer, and the sums.
    struct Feed {
        let window: UnsafeMutablePointer<Double>
        let bars: Int
        /// `1 / bars`: the mean and variance are multiplied by it, a division's latency
        /// saved on every value (within 1e-9 of TA-Lib's averages, as its tests check).
        let reciprocal: Double
        var sums: Sums

        /// Whether `bars` values came: from then on `addFull` and `addForMeanFull` take the values.
        var isFull: Bool { sums.seen >= bars }

        /// Whether the mean alone is summed afresh from the window's values (`summedAfresh`).
        var sumsAfresh: Bool { bars <= WindowMoments.summedAfresh }

        /// Takes the next value; answers the window's mean and variance, or nil while fewer than `bars` values came.
        @inline(__always) mutating func add(_ x: Double) -> (mean: Double, variance: Double)? {
            if sums.seen >= bars { return addFull(x) }
            if sums.seen == 0 { sums.shift = x }
            window[sums.slot] = x
            let d = x - sums.shift
            sums.sum += d
            sums.squares += d * d
            advance()
            guard sums.seen >= bars else { return nil }
            return (mean, variance)
        }

        /// `add` once the window is full (`isFull`): without the warm-up's branches, so a loop of
        /// these keeps the sums in registers.
        @inline(__always) mutating func addFull(_ x: Double) -> (mean: Double, variance: Double) {
            let old = window[sums.slot]
            window[sums.slot] = x
            if sums.slot == 0 {
                sums.shift = x
                var sum = 0.0, squares = 0.0
                for k in 0..<bars {
                    let d = window[k] - x
                    sum += d
                    squares += d * d
                }
                sums.sum = sum
                sums.squares = squares
            } else {
                let d = x - sums.shift, e = old - sums.shift
                sums.sum += d - e
                sums.squares += d * d - e * e
            }
            advance()
            return (mean, variance)
        }

        /// `addFull` of each of the `count` values from `x`, its mean written to `means` and its
        /// variance to `variances` (in C, `tc_moments_full`: the same operations, packed where
        /// they do not depend on the value before).
        @inline(__always) mutating func addFullRun(_ x: UnsafePointer<Double>, count: Int, means: UnsafeMutablePointer<Double>,
                                                   variances: UnsafeMutablePointer<Double>) {
            guard count > 0 else { return }
            var slot = sums.slot
            tc_moments_full(x, count, window, bars, &slot, &sums.shift, &sums.sum, &sums.squares, reciprocal, means, variances)
            sums.slot = slot
            sums.seen &+= count
        }

        /// Takes the next value; answers the window's mean (the one `add` answers, bit for bit), or
        /// nil while fewer than `bars` values came. Keeps no squares: for a window read for its mean alone.
        @inline(__always) mutating func addForMean(_ x: Double) -> Double? {
            if sums.seen >= bars { return addForMeanFull(x) }
            if sums.seen == 0 { sums.shift = x }
            window[sums.slot] = x
            sums.sum += x - sums.shift
            advance()
            guard sums.seen >= bars else { return nil }
            return sumsAfresh ? meanAfresh : mean
        }

        /// `addForMean` once the window is full (`isFull`).
        @inline(__always) mutating func addForMeanFull(_ x: Double) -> Double {
            if sumsAfresh {
                window[sums.slot] = x
                advance()
                return meanAfresh
            }
            let old = window[sums.slot]
            window[sums.slot] = x
            if sums.slot == 0 {
                sums.shift = x
                var sum = 0.0
                for k in 0..<bars { sum += window[k] - x }
                sums.sum = sum
            } else {
                sums.sum += (x - sums.shift) - (old - sums.shift)
            }
            advance()
            return mean
        }

        /// `addForMeanFull` of `count` values in a row, the j-th read from `values[bars + j]`, its mean
        /// written to `means[j]`, bit for bit: the window's values are put before them
        /// (`values[0..<bars]`, oldest first), so that the value leaving the window is read `bars`
        /// places before the one coming in, no slot written and none wrapped but the count's; the
        /// window takes the last `bars` values at the end. For a run of values of a full window.
        @inline(__always) mutating func addForMeanFull(run values: UnsafeMutablePointer<Double>, count: Int,
                                                       means: UnsafeMutablePointer<Double>) {
            let bars = bars, reciprocal = reciprocal, oldest = sums.slot
            // Slot `oldest` holds the oldest value.
            var s = oldest
            for t in 0..<bars {
                values[t] = window[s]
                s = s &+ 1 == bars ? 0 : s &+ 1
            }
            if sumsAfresh {
                // Each mean summed from the values before it, oldest first (the stochastic's three
                // bars a case of their own, so that the compiler writes the sum out).
                if bars == 3 {
                    Self.meansAfresh(values, count: count, bars: 3, reciprocal: reciprocal, means)
                } else {
                    Self.meansAfresh(values, count: count, bars: bars, reciprocal: reciprocal, means)
                }
            } else {
                var slot = oldest, shift = sums.shift, sum = sums.sum
                // Value j as `addForMeanFull` takes it.
                func take(_ j: Int) {
                    let x = values[bars &+ j]
                    if slot == 0 {
                        (shift, sum) = Self.sumAfresh(values, j, bars: bars)
                    } else {
                        sum += (x - shift) - (values[j] - shift)
                    }
                    slot = slot &+ 1 == bars ? 0 : slot &+ 1
                    means[j] = Self.mean(shift: shift, sum: sum, reciprocal: reciprocal)
                }
                var j = 0
                while j < count && slot != 0 {
                    take(j)
                    j &+= 1
                }
                // Whole turns of the slots, each from slot 0, without a slot kept (the stochastic's three
                // bars a case of their own, so that the compiler writes their loops out).
                if bars == 3 {
                    Self.meansOfTurns(values, from: &j, count: count, bars: 3, reciprocal: reciprocal, &shift, &sum, means)
                } else {
                    Self.meansOfTurns(values, from: &j, count: count, bars: bars, reciprocal: reciprocal, &shift, &sum, means)
                }
                while j < count {
                    take(j)
                    j &+= 1
                }
                (sums.shift, sums.sum) = (shift, sum)
            }
            // The window takes the last `bars` values, each in the slot it would have had.
            let slot = (oldest &+ count) % bars
            s = slot
            for t in 0..<bars {
                window[s] = values[count &+ t]
                s = s &+ 1 == bars ? 0 : s &+ 1
            }
            sums.seen += count
            sums.slot = slot
        }

        /// The shift and sum `addForMeanFull` takes afresh at slot 0 for value j of a run (`addForMeanFull(run:count:means:)`):
        /// slot 0 holds the value, slot k the one fed `bars - k` before it.
        @inline(__always) static func sumAfresh(_ values: UnsafeMutablePointer<Double>, _ j: Int, bars: Int) -> (Double, Double) {
            let x = values[bars &+ j]
            var sum = 0.0
            sum += x - x
            for k in 1..<bars { sum += values[j &+ k] - x }
            return (x, sum)
        }

        /// The means of the values of a run (`addForMeanFull(run:count:means:)`) from value `j`, at slot 0,
        /// a whole turn of the slots at a time while one is left: the sum afresh, then the values after it.
        @inline(__always) static func meansOfTurns(_ values: UnsafeMutablePointer<Double>, from j: inout Int, count: Int,
                                                   bars: Int, reciprocal: Double, _ shift: inout Double,
                                                   _ sum: inout Double, _ means: UnsafeMutablePointer<Double>) {
            var i = j, x = shift, total = sum
            while i &+ bars <= count {
                (x, total) = sumAfresh(values, i, bars: bars)
                means[i] = mean(shift: x, sum: total, reciprocal: reciprocal)
                for q in 1..<bars {
                    total += (values[bars &+ i &+ q] - x) - (values[i &+ q] - x)
                    means[i &+ q] = mean(shift: x, sum: total, reciprocal: reciprocal)
                }
                i &+= bars
            }
            (j, shift, sum) = (i, x, total)
        }

        /// The means of a run of values (`addForMeanFull(run:count:means:)`) of a window summed
        /// afresh: that after value j the sum of `values[j + 1 ... j + bars]` in order, times `1 / bars`.
        @inline(__always) static func meansAfresh(_ values: UnsafeMutablePointer<Double>, count: Int, bars: Int,
                                                  reciprocal: Double, _ means: UnsafeMutablePointer<Double>) {
            for j in 0..<count {
                var sum = values[j &+ 1], k = 2
                while k <= bars {
                    sum += values[j &+ k]
                    k &+= 1
                }
                means[j] = sum * reciprocal
            }
        }

        /// The mean of the window's values summed afresh, oldest first (the next slot holds the oldest).
        @inline(__always) private var meanAfresh: Double {
            var k = sums.slot
            var sum = window[k]
            for _ in 1..<bars {
                k = k &+ 1 == bars ? 0 : k &+ 1
                sum += window[k]
            }
            return sum * reciprocal
        }

        /// One more value seen, the slot moved on.
        @inline(__always) private mutating func advance() {
            sums.seen += 1
            sums.slot = sums.slot + 1 == bars ? 0 : sums.slot + 1
        }

        /// The window's mean.
        @inline(__always) private var mean: Double { Self.mean(shift: sums.shift, sum: sums.sum, reciprocal: reciprocal) }

        /// The mean of a window whose values' distances from `shift` add up to `sum`.
        @inline(__always) static func mean(shift: Double, sum: Double, reciprocal: Double) -> Double {
            shift + sum * reciprocal
        }

        /// The window's population variance.
        @inline(__always) private var variance: Double {
            let meanDistance = sums.sum * reciprocal
            return max(0, sums.squares * reciprocal - meanDistance * meanDistance)
        }
    }

    init(bars: Int) {
        precondition(bars >= 1, "a window needs at least one bar")
        self.bars = bars
        window = [Double](repeating: 0, count: bars)
    }

    /// The window as it was after `sums.seen` values: `sums`, and its values (the last `bars`
    /// of those fed, oldest first; fewer at the start) from `last`.
    init(bars: Int, sums: Sums, last: UnsafeBufferPointer<Double>) {
        self.init(bars: bars)
        restore(sums: sums, last: last)
    }

    /// This window as it was after `sums.seen` values (as `init(bars:sums:last:)` makes it), its
    /// slots written in place (no new array where this one holds its own).
    mutating func restore(sums: Sums, last: UnsafeBufferPointer<Double>) {
        self.sums = sums
        let bars = bars, seen = sums.seen, first = Swift.max(0, seen - bars)
        precondition(last.count == seen - first, "the window's values")
        window.withUnsafeMutableBufferPointer { window in
            window.update(repeating: 0)
            // The value fed as number r lies in slot r % bars.
            var slot = first % bars
            for value in last {
                window[slot] = value
                slot = slot + 1 == bars ? 0 : slot + 1
            }
        }
    }

    /// Copies the window's values (the last `bars` fed, oldest first; fewer at the start) to `out`.
    func copyWindow(to out: UnsafeMutablePointer<Double>) {
        let seen = sums.seen, first = Swift.max(0, seen - bars)
        var slot = first % bars
        for k in 0..<(seen - first) {
            out[k] = window[slot]
            slot = slot + 1 == bars ? 0 : slot + 1
        }
    }

    /// Lets `body` feed values through one unsafe view of the window.
    @inline(__always) mutating func feeding<R>(_ body: (inout Feed) -> R) -> R {
        let bars = bars
        var sums = sums
        let result = window.withUnsafeMutableBufferPointer { slots in
            var feed = Feed(window: slots.baseAddress!, bars: bars, reciprocal: 1 / Double(bars), sums: sums)
            defer { sums = feed.sums }
            return body(&feed)
        }
        self.sums = sums
        return result
    }
}
