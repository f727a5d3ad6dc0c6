import CKernels
/// The seven indicators' steps as the chart runs them (`IndicatorSteps`, issue 25): each the
/// step its indicator type takes a row with (the same arithmetic, so the chart's values are
/// the types' bit for bit), what it keeps at a checkpoint, and how it is restored. A window
/// of input values (the bands' closes) is rebuilt from the inputs rather than kept, or read
/// from them by each run (the stochastic's highs and lows); the running sums are kept, so a
/// replay adds what the pass added.
/// Once an average is seeded, a run takes the rows in a loop of its own with the state in
/// locals and no branch on the warm-up (three times as fast as the step with its warm-up
/// branches), most of them in C (CKernels: VWAP, the stochastic's windows and fast %K, the
/// bands' sums and widths, ATR's true ranges, RSI): the same operations in the same order as
/// the step's, so the same values.

/// Steps whose whole state is kept at a checkpoint (they hold no window): restored as kept.
protocol WholeStateSteps: IndicatorSteps where Saved == Self {}

extension WholeStateSteps {
    var saved: Self { self }

    mutating func restore(_ saved: Self, windows: UnsafeBufferPointer<Double>, after row: Int, _ inputs: InputColumns) {
        self = saved
    }
}

/// EMA n: one line. A checkpoint keeps the average's changing state, not its constants.
struct EMASteps: IndicatorSteps {
    var smoothing: Smoothing
    var saved: Smoothing.State { smoothing.state }

    mutating func restore(_ saved: Smoothing.State, windows: UnsafeBufferPointer<Double>, after row: Int,
                          _ inputs: InputColumns) {
        smoothing.state = saved
    }

    init(bars: Int) { smoothing = Smoothing.exponential(bars: bars, paired: true) }

    var outputs: Int { 1 }

    mutating func run(_ rows: Range<Int>, _ inputs: InputColumns, _ out: UnsafeMutablePointer<Double>, stride: Int) {
        let close = inputs.close, first = rows.lowerBound
        var i = first
        while i < rows.upperBound && !smoothing.isSeeded {
            out[i &- first] = smoothing.add(close[i])
            i &+= 1
        }
        guard i < rows.upperBound else { return }
        smoothing.takePaired(i..<rows.upperBound, { close[$0] }, { out[$0 &- first] = $1 })
    }
}

/// Bollinger bands n, m: the upper band, the middle line, the lower band (the order drawn).
struct BandSteps: IndicatorSteps {
    var moments: WindowMoments
    let deviations: Double

    init(bars: Int, deviations: Double) {
        moments = WindowMoments(bars: bars)
        self.deviations = deviations
    }

    var outputs: Int { 3 }
    var saved: WindowMoments.Sums { moments.sums }

    mutating func restore(_ saved: WindowMoments.Sums, windows: UnsafeBufferPointer<Double>, after row: Int,
                          _ inputs: InputColumns) {
        // Every close is fed: the window holds the closes before `row`.
        let first = max(0, saved.seen - moments.bars)
        moments.restore(sums: saved, last: UnsafeBufferPointer(rebasing: inputs.close[first..<row]))
    }

    mutating func run(_ rows: Range<Int>, _ inputs: InputColumns, _ out: UnsafeMutablePointer<Double>, stride: Int) {
        let deviations = deviations, close = inputs.close, first = rows.lowerBound
        let upper = out, middle = out + stride, lower = out + 2 &* stride
        moments.feeding { feed in
            var local = feed
            var i = first
            while i < rows.upperBound && !local.isFull {
                (middle[i &- first], upper[i &- first], lower[i &- first]) = BollingerBands.bands(&local, close[i],
                                                                                                deviations: deviations)
                i &+= 1
            }
            // The window full: each row's mean and variance first (the variance where the upper
            // band goes), then the bands (in C, `tc_bands`: packed, four rows a square root with
            // AVX; the operations of `BollingerBands.bands(mean:variance:deviations:)`).
            if i < rows.upperBound, let base = close.baseAddress {
                let r = i &- first, count = rows.upperBound &- i
                local.addFullRun(base + i, count: count, means: middle + r, variances: upper + r)
                tc_bands(middle + r, upper + r, lower + r, count, deviations)
            }
            feed = local
        }
    }
}

/// RSI n: one line. A checkpoint keeps the averages' changing state and the close before.
struct RSISteps: IndicatorSteps {
    var step: RelativeStrength.Step

    /// The averages' changing state and the close before.
    struct Saved: Sendable {
        var gains: Smoothing.State
        var losses: Smoothing.State
        var previous: Double
    }

    var saved: Saved { Saved(gains: step.gains.state, losses: step.losses.state, previous: step.previous) }

    mutating func restore(_ saved: Saved, windows: UnsafeBufferPointer<Double>, after row: Int, _ inputs: InputColumns) {
        step.gains.state = saved.gains
        step.losses.state = saved.losses
        step.previous = saved.previous
    }

    init(bars: Int) {
        step = RelativeStrength.Step(gains: Smoothing.wilder(bars: bars, paired: false),
                                     losses: Smoothing.wilder(bars: bars, paired: false))
    }

    var outputs: Int { 1 }

    mutating func run(_ rows: Range<Int>, _ inputs: InputColumns, _ out: UnsafeMutablePointer<Double>, stride: Int) {
        let close = inputs.close, first = rows.lowerBound
        var i = first
        while i < rows.upperBound && (i == 0 || !step.gains.isSeeded) {
            out[i &- first] = step.next(close[i], row: i)
            i &+= 1
        }
        guard i < rows.upperBound else { return }
        // One step a row (the two chains overlap), both averages as the lanes of one packed step,
        // a piece of rows' averages first, then their RSI four rows a division: in C (`tc_rsi`,
        // the operations of `Step.next` and `Step.index`; Swift compiled the gains' and losses'
        // choices to separate steps).
        let gains = step.gains, losses = step.losses
        var gain = gains.anchor, loss = losses.anchor, previous = step.previous
        precondition(close.count >= rows.upperBound, "a close for every row")
        tc_rsi(close.baseAddress! + i, rows.upperBound &- i, &previous, &gain, &loss, gains.keep, gains.weight,
               losses.keep, losses.weight, out + (i &- first))
        step.gains.anchor = gain
        step.losses.anchor = loss
        step.previous = previous
    }
}

/// MACD fast, slow, signal: the MACD line, the signal line, the histogram. A checkpoint keeps
/// the three averages' changing state (72 bytes, where the whole steps are 240).
struct MACDSteps: IndicatorSteps {
    var step: MACD.Step

    /// The three averages' changing state.
    struct Saved: Sendable {
        var fast: Smoothing.State
        var slow: Smoothing.State
        var signal: Smoothing.State
    }

    var saved: Saved { Saved(fast: step.fastAverage.state, slow: step.slowAverage.state, signal: step.signalAverage.state) }

    mutating func restore(_ saved: Saved, windows: UnsafeBufferPointer<Double>, after row: Int, _ inputs: InputColumns) {
        step.fastAverage.state = saved.fast
        step.slowAverage.state = saved.slow
        step.signalAverage.state = saved.signal
    }

    init(fast: Int, slow: Int, signal: Int) {
        step = MACD.Step(fastAverage: Smoothing.exponential(bars: fast, paired: false),
                         slowAverage: Smoothing.exponential(bars: slow, paired: false),
                         signalAverage: Smoothing.exponential(bars: signal, paired: false))
    }

    var outputs: Int { 3 }

    mutating func run(_ rows: Range<Int>, _ inputs: InputColumns, _ out: UnsafeMutablePointer<Double>, stride: Int) {
        let close = inputs.close, first = rows.lowerBound
        var i = first
        while i < rows.upperBound && !step.signalAverage.isSeeded {
            (out[i &- first], out[stride &+ i &- first], out[2 &* stride &+ i &- first]) = step.next(close[i], row: i)
            i &+= 1
        }
        guard i < rows.upperBound else { return }
        // The three averages seeded, one step a row (unpaired, `Smoothing`: the fast and slow
        // ones' chains overlap, the signal's follows), the averages in locals.
        let fastSteps = step.fastAverage, slowSteps = step.slowAverage, signalSteps = step.signalAverage
        var fast = fastSteps.anchor, slow = slowSteps.anchor, signal = signalSteps.anchor
        let line = out, signalLine = out + stride, histogram = out + 2 &* stride
        while i < rows.upperBound {
            let x = close[i]
            slow = slowSteps.first(slow, x)
            fast = fastSteps.first(fast, x)
            let macd = fast - slow
            signal = signalSteps.first(signal, macd)
            line[i &- first] = macd
            signalLine[i &- first] = signal
            histogram[i &- first] = macd - signal
            i &+= 1
        }
        step.fastAverage.anchor = fast
        step.slowAverage.anchor = slow
        step.signalAverage.anchor = signal
    }
}

/// VWAP: the line drawn (a value missing after the first holds the one before, so the line
/// does not break), then the value as it is (what the legend says).
struct VWAPSteps: WholeStateSteps {
    /// The session's sums.
    var step = VolumeWeightedAverage.Step()
    /// The value held over a gap.
    var held = Double.nan

    var outputs: Int { 2 }
    var drawn: Int { 1 }
    var legendOutput: Int { 1 }

    /// The sums of the rows first, each row's written where its outputs go (the price times
    /// volume where the line goes, the volume where the value goes), then their quotients,
    /// the value held over a gap: in C (`tc_vwap_sums`, `tc_vwap_values`: Swift kept the
    /// session's sums in memory and tested its day a row; four quotients a division), the
    /// operations of `VolumeWeightedAverage.Step` bit for bit.
    mutating func run(_ rows: Range<Int>, _ inputs: InputColumns, _ out: UnsafeMutablePointer<Double>, stride: Int) {
        guard !rows.isEmpty else { return }
        precondition(inputs.times.count >= rows.upperBound && inputs.high.count >= rows.upperBound
                     && inputs.low.count >= rows.upperBound && inputs.volume.count >= rows.upperBound
                     && inputs.close.count >= rows.upperBound, "a time, high, low, close and volume for every row")
        let times = inputs.times.baseAddress!, high = inputs.high.baseAddress!, low = inputs.low.baseAddress!
        let close = inputs.close.baseAddress!, volume = inputs.volume.baseAddress!
        let first = rows.lowerBound, count = rows.count, line = out, value = out + stride
        var session = tc_vwap_session(day: step.session, priceVolume: step.priceVolume, volume: step.volume)
        tc_vwap_sums(times + first, high + first, low + first, close + first, volume + first, count,
                     LocalTime.secondsPerDay, &session, line, value)
        held = tc_vwap_values(line, value, count, held)
        step.session = session.day
        step.priceVolume = session.priceVolume
        step.volume = session.volume
    }
}

/// The slow stochastic n, k, d: %K, %D. The highest high and lowest low of a run of rows are
/// worked out from the inputs (`BarWindowExtremes`), so nothing of them is kept or rebuilt at
/// a checkpoint; the two averages' sums and windows are kept.
struct StochasticSteps: IndicatorSteps {
    /// The two averages' sums (their windows are kept beside them).
    struct Saved: Sendable {
        var k: WindowMoments.Sums
        var d: WindowMoments.Sums
    }

    let bars: Int
    var kMean: WindowMoments
    var dMean: WindowMoments
    /// The runs' scratch, grown to the longest run (so that a run of a pass allocates nothing):
    /// the extremes' pairs, then the averages' values.
    private var pairs: [SIMD2<Double>] = []
    private var values: [Double] = []

    /// How many rows a run takes at a time: their fast %K first, then their averages.
    static let chunk = 512

    init(bars: Int, kBars: Int, dBars: Int) {
        self.bars = bars
        kMean = WindowMoments(bars: kBars)
        dMean = WindowMoments(bars: dBars)
    }

    var outputs: Int { 2 }
    var saved: Saved { Saved(k: kMean.sums, d: dMean.sums) }
    var windowValues: Int { kMean.bars + dMean.bars }

    func saveWindows(to out: UnsafeMutablePointer<Double>) {
        kMean.copyWindow(to: out)
        dMean.copyWindow(to: out + kMean.bars)
    }

    mutating func restore(_ saved: Saved, windows: UnsafeBufferPointer<Double>, after row: Int, _ inputs: InputColumns) {
        let kBars = kMean.bars, dBars = dMean.bars
        let kHeld = saved.k.seen - max(0, saved.k.seen - kBars), dHeld = saved.d.seen - max(0, saved.d.seen - dBars)
        kMean.restore(sums: saved.k, last: UnsafeBufferPointer(rebasing: windows[0..<kHeld]))
        dMean.restore(sums: saved.d, last: UnsafeBufferPointer(rebasing: windows[kBars..<(kBars + dHeld)]))
    }

    mutating func run(_ rows: Range<Int>, _ inputs: InputColumns, _ out: UnsafeMutablePointer<Double>, stride: Int) {
        let bars = bars, first = rows.lowerBound, most = min(rows.count, Self.chunk)
        let high = inputs.high, low = inputs.low, close = inputs.close
        let pairCount = BarWindowExtremes.scratchCount(rows: most, bars: bars)
        let valueCount = kMean.bars + dMean.bars + Stochastic.Averages.scratchCount(rows: most)
        if pairs.count < pairCount { pairs = Array(repeating: .zero, count: pairCount) }
        if values.count < valueCount { values = Array(repeating: 0, count: valueCount) }
        pairs.withUnsafeMutableBufferPointer { pairs in
            values.withUnsafeMutableBufferPointer { values in
                let extremes = pairs.baseAddress!, scratch = values.baseAddress!
                Stochastic.averaging(&kMean, &dMean) { averages in
                    let fast = scratch + averages.fastOffset
                    // The state in a local of the loops alone, so it stays in registers; the fast %K
                    // of a run of rows first, then their averages (the divisions overlap).
                    var local = averages
                    var start = first
                    while start < rows.upperBound {
                        let end = min(start + Self.chunk, rows.upperBound)
                        BarWindowExtremes.fastK(bars: bars, start..<end, high: high, low: low, close: close,
                                                scratch: extremes, into: fast)
                        local.take(scratch: scratch, rows: start..<end, bars: bars, k: out + (start &- first),
                                   d: out + (stride &+ start &- first))
                        start = end
                    }
                    averages = local
                }
            }
        }
    }
}

/// ATR n: one line. A checkpoint keeps the average's changing state and the close before.
struct ATRSteps: IndicatorSteps {
    var step: AverageTrueRange.Step

    /// The average's changing state and the close before.
    struct Saved: Sendable {
        var smoothing: Smoothing.State
        var previousClose: Double
    }

    var saved: Saved { Saved(smoothing: step.smoothing.state, previousClose: step.previousClose) }

    mutating func restore(_ saved: Saved, windows: UnsafeBufferPointer<Double>, after row: Int, _ inputs: InputColumns) {
        step.smoothing.state = saved.smoothing
        step.previousClose = saved.previousClose
    }

    init(bars: Int) { step = AverageTrueRange.Step(smoothing: Smoothing.wilder(bars: bars, paired: true)) }

    var outputs: Int { 1 }

    mutating func run(_ rows: Range<Int>, _ inputs: InputColumns, _ out: UnsafeMutablePointer<Double>, stride: Int) {
        let first = rows.lowerBound
        var i = first
        while i < rows.upperBound && (i == 0 || !step.smoothing.isSeeded) {
            out[i &- first] = step.next(inputs.bar(i), row: i)
            i &+= 1
        }
        guard i < rows.upperBound else { return }
        precondition(inputs.high.count >= rows.upperBound && inputs.low.count >= rows.upperBound
                     && inputs.close.count >= rows.upperBound, "a high, low and close for every row")
        let high = inputs.high.baseAddress!, low = inputs.low.baseAddress!, close = inputs.close.baseAddress!
        // The rows' true ranges first where their ATR goes (in C, `tc_true_ranges`: packed, as
        // none depends on the one before), then the average's steps over them, in place.
        let at = out + (i &- first)
        tc_true_ranges(high + i, low + i, close + i, rows.upperBound &- i, step.previousClose, at)
        step.smoothing.takePaired(i..<rows.upperBound, { out[$0 &- first] }, { out[$0 &- first] = $1 })
        step.previousClose = close[rows.upperBound &- 1]
    }
}
