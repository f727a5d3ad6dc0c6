/// An exponential average (TA-Lib's EMA: k = 2 / (n + 1)) or Wilder's smoothing (TA-Lib's RSI
/// and ATR: (value × (n − 1) + x) / n), fed one value at a time: seeded with the simple
/// average of the first `bars` values, then `value = value × keep + x × weight` (keep = 1 − k
/// and weight = k, or keep = (n − 1) / n and weight = 1 / n). TA-Lib writes the EMA's step
/// `(x − value) × k + value` and Wilder's with a division: a chain of three operations from
/// each value to the next (or a division's latency) instead of a multiplication and an
/// addition; the values agree within 1e-15, the reference tests check to 1e-9. O(1) per
/// value; the shared step of `ExponentialAverage`, `MACD`, `RelativeStrength` and
/// `AverageTrueRange`, and of the chart's steps, which take it in loops of their own.
///
/// The steps after the seed are taken one value at a time or two (`paired`). Two at a time,
/// the first value of a pair is one step from the value before the pair (the anchor), the
/// second is worked out from the anchor directly, `anchor × keep² + (x₁ × keep × weight +
/// x₂ × weight)`, and is the next anchor. The chain a whole series' pass waits on is then a
/// multiplication and an addition every two values instead of every value (the first of a
/// pair and the sum of the two inputs are off it), at the cost of half as many operations
/// again. That pays where the chain is all a pass waits on (an EMA alone, ATR: a pass of 1e7
/// rows took a quarter less time) and not where two or three chains already overlap and the
/// operations are what it waits on (RSI's gains and losses and its division, MACD's three
/// averages: a tenth to a fifth more time), so each indicator says which it takes. Paired,
/// the values are the recurrence's rounded otherwise, within 1e-15 of one step a value. A
/// followed file's rows, a replay from a checkpoint and the whole pass all take the same
/// steps, so they give the same values bit for bit.
struct Smoothing: Sendable, Equatable {
    let bars: Int
    /// How many values came, counted until the seed.
    private var seen = 0
    /// The share of the value before that a step keeps.
    let keep: Double
    /// The share of the new value a step takes.
    let weight: Double
    /// Whether the steps are taken two values at a time.
    let paired: Bool
    /// keep², and keep × weight: the two steps of a pair in one.
    let keepSquared: Double
    let keepWeight: Double
    /// The value after the last whole pair (the seed at first; the sum of the values before it).
    var anchor = 0.0
    /// The first value of a pair whose second has not come yet.
    private(set) var pending = 0.0
    /// Whether a pair's first value came (`pending`) and its second has not.
    private(set) var halfway = false

    /// Whether the first `bars` values came: from then on `add` takes a step.
    var isSeeded: Bool { seen >= bars }

    /// The part of a smoothing that changes as values come, without its constants: what a
    /// checkpoint keeps of it (24 bytes, against 80 for the whole smoothing).
    struct State: Sendable {
        fileprivate var anchor: Double
        fileprivate var pending: Double
        fileprivate var seen: Int32
        fileprivate var halfway: Bool
    }

    /// The part that changes as values come (`State`); set, the smoothing is as it was then.
    var state: State {
        get { State(anchor: anchor, pending: pending, seen: Int32(seen), halfway: halfway) }
        set {
            anchor = newValue.anchor
            pending = newValue.pending
            seen = Int(newValue.seen)
            halfway = newValue.halfway
        }
    }

    /// An exponential average over `bars` values, its steps two values at a time where `paired`.
    static func exponential(bars: Int, paired: Bool) -> Smoothing {
        let k = 2 / Double(bars + 1)
        return Smoothing(bars: bars, keep: 1 - k, weight: k, paired: paired)
    }

    /// Wilder's smoothing over `bars` values, its steps two values at a time where `paired`.
    static func wilder(bars: Int, paired: Bool) -> Smoothing {
        let inverse = 1 / Double(bars)
        return Smoothing(bars: bars, keep: Double(bars - 1) * inverse, weight: inverse, paired: paired)
    }

    private init(bars: Int, keep: Double, weight: Double, paired: Bool) {
        precondition(bars >= 1 && bars <= Int(Int32.max), "a smoothing needs at least one bar")
        self.bars = bars
        self.keep = keep
        self.weight = weight
        self.paired = paired
        keepSquared = keep * keep
        keepWeight = keep * weight
    }

    /// Takes the next value and answers the smoothed value (NaN during the first `bars - 1` values).
    @inline(__always) mutating func add(_ x: Double) -> Double {
        guard seen >= bars else {
            anchor += x
            seen += 1
            guard seen == bars else { return .nan }
            anchor /= Double(bars)
            return anchor
        }
        if !paired {
            anchor = first(anchor, x)
            return anchor
        }
        if halfway {
            anchor = completed(anchor, pending, x)
            halfway = false
            return anchor
        }
        pending = x
        halfway = true
        return first(anchor, x)
    }

    /// The first value of a pair after `anchor`, whose first input is `x` (one step, as each is
    /// unpaired: a loop of unpaired steps takes them with this and sets `anchor` after).
    @inline(__always) func first(_ anchor: Double, _ x: Double) -> Double { anchor * keep + x * weight }

    /// The second value of a pair after `anchor` (the next anchor), whose inputs are `x1` and `x2`.
    @inline(__always) func completed(_ anchor: Double, _ x1: Double, _ x2: Double) -> Double {
        anchor * keepSquared + (x1 * keepWeight + x2 * weight)
    }

    /// Takes the values `input(i)` of the rows `rows` in order, once seeded and `paired`, and
    /// hands each row's smoothed value to `output(i, value)`, as `add` would give them: a row to
    /// finish a pair begun, then two rows at a time with the anchor in a local (the loop of a
    /// whole pass, the chain every two rows), then a row that begins a pair.
    @inline(__always) mutating func takePaired(_ rows: Range<Int>, _ input: (Int) -> Double,
                                               _ output: (Int, Double) -> Void) {
        assert(paired && isSeeded, "pairs once seeded")
        var i = rows.lowerBound
        let end = rows.upperBound
        if halfway && i < end {
            output(i, add(input(i)))
            i &+= 1
        }
        // The constants in a local, so that the loop's stores cannot be taken to change them.
        let steps = self
        var anchor = steps.anchor
        while i &+ 1 < end {
            let x = input(i), y = input(i &+ 1)
            output(i, steps.first(anchor, x))
            anchor = steps.completed(anchor, x, y)
            output(i &+ 1, anchor)
            i &+= 2
        }
        self.anchor = anchor
        if i < end { output(i, add(input(i))) }
    }
}
