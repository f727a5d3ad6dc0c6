/// An indicator's step as the chart runs it (issue 25): its state, the outputs a row gives
/// and how the state is kept at a checkpoint and restored from one. The whole pass, the
/// replay of a few rows and a followed file's rows all go through `run`, so they give the
/// same values bit for bit.
protocol IndicatorSteps: Sendable {
    /// The state kept at a checkpoint (beside the windows' values, `windowValues`).
    associatedtype Saved: Sendable
    /// How many values a row gives: the lines drawn, in the order drawn (then MACD's
    /// histogram), then any the legend reads that is not drawn (VWAP's before a gap is held over).
    var outputs: Int { get }
    /// How many of the first outputs are drawn (and indexed).
    var drawn: Int { get }
    /// The output the legend, the panes' titles and the screen reader say.
    var legendOutput: Int { get }
    /// The state to keep at a checkpoint.
    var saved: Saved { get }
    /// How many values of its windows a checkpoint keeps beside `saved` (those not rebuilt from the inputs).
    var windowValues: Int { get }
    /// Writes the `windowValues` values of the windows kept at a checkpoint to `out`.
    func saveWindows(to out: UnsafeMutablePointer<Double>)
    /// Gives these steps (their parameters kept) the state they had after the rows `0..<row`:
    /// `saved`, the windows' values kept beside it, and windows of inputs rebuilt from `inputs`,
    /// written into the windows these steps hold (a replay restores many times a frame).
    mutating func restore(_ saved: Saved, windows: UnsafeBufferPointer<Double>, after row: Int, _ inputs: InputColumns)
    /// Takes the rows `rows`, writing output k of row i to `out[k * stride + i - rows.lowerBound]`.
    mutating func run(_ rows: Range<Int>, _ inputs: InputColumns, _ out: UnsafeMutablePointer<Double>, stride: Int)
}

extension IndicatorSteps {
    var drawn: Int { outputs }
    var legendOutput: Int { 0 }
    var windowValues: Int { 0 }
    func saveWindows(to out: UnsafeMutablePointer<Double>) {}
}

/// What the chart keeps of an indicator instead of its columns (issue 25): the state of its
/// steps at the start of every `interval` rows (a checkpoint), the inputs, and the state after
/// the last row (a followed file's rows take it on). A value, or a run of them, is worked
/// out again from the checkpoint before it (`values`); the lines' block extremes are worked
/// out by the whole pass (`init`), a chunk at a time while it is in the cache, so that each
/// line's `MinMaxIndex` replays only the ends of a range. Twelve lines of 1e7 rows kept so
/// take about 30 MB of checkpoints and 30 MB of block extremes, not 960 MB of values.
struct CheckpointedIndicator<Steps: IndicatorSteps>: Sendable {
    /// Rows between checkpoints (`IndicatorCheckpoints.interval`).
    static var interval: Int { IndicatorCheckpoints.interval }
    /// Rows a pass takes at a time (`IndicatorCheckpoints.chunk`).
    static var chunk: Int { IndicatorCheckpoints.chunk }

    private(set) var inputs: IndicatorInputs
    private var checkpoints: [Steps.Saved] = []
    /// The windows' values kept beside each checkpoint (`Steps.windowValues` each).
    private var windows: [Double] = []
    /// The state after the last row.
    private var steps: Steps
    /// How many rows were taken.
    private(set) var count = 0

    /// The indicator over every row of `inputs`, the first level of each drawn line's min-max
    /// index worked out in the same pass (`summaries`, in the order of the lines).
    init(_ steps: Steps, inputs: IndicatorInputs, summaries: inout [BlockSummary]) {
        self.steps = steps
        self.inputs = inputs
        var pass = self
        summaries = Self.summarizing(drawn: steps.drawn, rows: inputs.count) { chunk in pass.advance(to: inputs.count, chunk) }
        self = pass
    }

    /// Two indicators over every row of their inputs (of the same rows) in one pass that
    /// takes a few rows of one, then the same rows of the other (`IndicatorCheckpoints.piece`),
    /// so that the processor works on both chains of operations at once: where each waits on
    /// its own chain (an exponential average, Wilder's smoothing), the two take little more
    /// time than one. The values, checkpoints and summaries are those of each alone, bit for bit.
    static func pair<Other: IndicatorSteps>(_ steps: Steps, inputs: IndicatorInputs, _ other: Other,
                                            inputs otherInputs: IndicatorInputs)
        -> (Self, [BlockSummary], CheckpointedIndicator<Other>, [BlockSummary]) {
        precondition(inputs.count == otherInputs.count, "a pair takes the same rows")
        var a = CheckpointedIndicator(unrun: steps, inputs: inputs)
        var b = CheckpointedIndicator<Other>(unrun: other, inputs: otherInputs)
        let n = inputs.count
        var otherSummaries: [BlockSummary] = []
        let summaries = summarizing(drawn: steps.drawn, rows: n) { chunkA in
            otherSummaries = CheckpointedIndicator<Other>.summarizing(drawn: other.drawn, rows: n) { chunkB in
                a.withPass(to: n) { passA in
                    b.withPass(to: n) { passB in
                        eachPiece(0..<n, rows: IndicatorCheckpoints.piece, { rows, chunkStart in
                            passA.take(rows, chunkStart: chunkStart)
                            passB.take(rows, chunkStart: chunkStart)
                        }, chunkDone: { rows in
                            chunkA(rows, passA.buffer, chunk)
                            chunkB(rows, passB.buffer, chunk)
                        })
                    }
                }
            }
        }
        return (a, summaries, b, otherSummaries)
    }

    /// The indicator before its first row (`init` and `pair` then take the rows).
    private init(unrun steps: Steps, inputs: IndicatorInputs) {
        self.steps = steps
        self.inputs = inputs
    }

    /// The first level of each of `drawn` lines' min-max index over `n` rows, in blocks of a
    /// replayed line (`MinMaxIndex.replayedShift`, 64 rows: a chunk holds whole ones), from the
    /// chunks of outputs `advance` hands to the function it is given (output k of row i at
    /// `k * stride + i - rows.lowerBound`), every row once, in order.
    private static func summarizing(drawn: Int, rows n: Int,
                                    _ advance: ((Range<Int>, UnsafeMutablePointer<Double>, Int) -> Void) -> Void)
        -> [BlockSummary] {
        let shift = MinMaxIndex.replayedShift, rowsPerBlock = 1 << shift
        let blocks = (n + rowsPerBlock - 1) >> shift
        var nans = [Int](repeating: 0, count: drawn)
        let pairs = DoubleColumn.makeColumns(drawn, count: 2 * blocks) { outs in
            advance { rows, buffer, stride in
                let firstBlock = rows.lowerBound >> shift
                let lastBlock = (rows.upperBound + rowsPerBlock - 1) >> shift
                for k in 0..<drawn {
                    MinMaxIndex.summarize(UnsafeBufferPointer(start: buffer + k * stride, count: rows.count),
                                          blocks: 0..<(lastBlock - firstBlock), into: outs[k] + 2 * firstBlock, nans: &nans[k],
                                          blockShift: shift)
                }
            }
        }
        return zip(pairs, nans).map { BlockSummary(pairs: $0, missing: $1) }
    }

    /// Takes the rows appended since (`inputs` holds every row): O(1) a row. Answers the
    /// new rows' outputs (output k's values in the k-th array, the drawn ones first), as the
    /// pass worked them out: what a replay from the checkpoint before them would give again.
    @discardableResult
    mutating func extend(_ inputs: IndicatorInputs) -> [[Double]] {
        self.inputs = inputs
        let first = count, drawn = steps.outputs
        var fresh = [[Double]](repeating: [], count: drawn)
        for k in 0..<drawn { fresh[k].reserveCapacity(inputs.count - first) }
        advance(to: inputs.count) { rows, buffer, stride in
            let from = max(rows.lowerBound, first)
            guard from < rows.upperBound else { return }
            for k in 0..<drawn {
                fresh[k].append(contentsOf: UnsafeBufferPointer(start: buffer + k * stride + (from - rows.lowerBound),
                                                                count: rows.upperBound - from))
            }
        }
        return fresh
    }

    /// Lets go of the input columns (so that the series can grow in place); `extend` takes them back.
    mutating func releaseInputs() {
        inputs = IndicatorInputs(close: [])
    }

    /// How many outputs a row gives, how many of them are drawn, and the one the legend says (its steps').
    var outputLayout: (outputs: Int, drawn: Int, legend: Int) { (steps.outputs, steps.drawn, steps.legendOutput) }

    /// Applies `change` (`IndicatorEngine.change`).
    fileprivate mutating func apply(_ change: IndicatorEngine.Change) -> [[Double]] {
        switch change {
        case .extend(let inputs): return extend(inputs)
        case .releaseInputs:
            releaseInputs()
            return []
        }
    }

    /// Takes the rows from `count` to `n`, keeping a checkpoint at the start of every
    /// `interval` rows, and hands `chunk` each chunk's rows (chunks aligned to `chunk` rows)
    /// with their outputs (output k of row i at `k * stride + i - rows.lowerBound`).
    private mutating func advance(to n: Int, _ chunk: (Range<Int>, UnsafeMutablePointer<Double>, Int) -> Void) {
        let rows = count..<n
        withPass(to: n) { pass in
            Self.eachPiece(rows, rows: Self.interval, { pass.take($0, chunkStart: $1) },
                           chunkDone: { chunk($0, pass.buffer, Self.chunk) })
        }
    }

    /// Walks `rows` in order by pieces aligned to `pieceRows` rows (which divides `interval`)
    /// inside chunks aligned to `chunk` rows: `take` gets each piece with its chunk's first
    /// row, `chunkDone` each chunk once its pieces were taken.
    @inline(__always) private static func eachPiece(_ rows: Range<Int>, rows pieceRows: Int,
                                                    _ take: (Range<Int>, Int) -> Void, chunkDone: (Range<Int>) -> Void) {
        var start = rows.lowerBound
        while start < rows.upperBound {
            let end = min(rows.upperBound, (start / chunk + 1) * chunk)
            var row = start
            while row < end {
                let pieceEnd = min(end, (row / pieceRows + 1) * pieceRows)
                take(row..<pieceEnd, start)
                row = pieceEnd
            }
            chunkDone(start..<end)
            start = end
        }
    }

    /// A pass while it takes rows: the steps, the checkpoints and their windows' values held
    /// once (so that they grow in place), the input columns and a chunk's outputs.
    struct Pass {
        var steps: Steps
        var checkpoints: [Steps.Saved]
        var windows: [Double]
        let columns: InputColumns
        /// A chunk's outputs, output k of the chunk's row j at `k * chunk + j`.
        let buffer: UnsafeMutablePointer<Double>

        /// Takes the rows `rows`, inside one interval between checkpoints and inside the chunk
        /// that starts at row `chunkStart`: a checkpoint first where they start an interval.
        @inline(__always) mutating func take(_ rows: Range<Int>, chunkStart: Int) {
            if rows.lowerBound % CheckpointedIndicator.interval == 0 {
                checkpoints.append(steps.saved)
                let windowValues = steps.windowValues
                if windowValues > 0 {
                    let at = windows.count
                    windows.append(contentsOf: repeatElement(0, count: windowValues))
                    windows.withUnsafeMutableBufferPointer { steps.saveWindows(to: $0.baseAddress! + at) }
                }
            }
            steps.run(rows, columns, buffer + (rows.lowerBound - chunkStart), stride: CheckpointedIndicator.chunk)
        }
    }

    /// Lets `body` take the rows from `count` to `n` (in order, through `Pass.take`), with room
    /// for every checkpoint of the new rows at once (a followed file's: half as many again).
    private mutating func withPass(to n: Int, _ body: (inout Pass) -> Void) {
        guard n > count else { return }
        let interval = Self.interval, chunkRows = Self.chunk
        let inputs = inputs
        // The state and the checkpoints in the pass alone (held once, so they grow in place).
        var checkpoints = checkpoints, windows = windows
        self.checkpoints = []
        self.windows = []
        let needed = n / interval + 1
        if checkpoints.capacity < needed {
            if checkpoints.isEmpty {
                // A whole series' (a third of the seven's fresh memory at 1e7 rows): advised as worth huge pages.
                checkpoints = DoubleColumn.reserved(needed)
                windows = DoubleColumn.reserved(needed * steps.windowValues)
            } else {
                checkpoints.reserveCapacity(needed + needed / 2)
                windows.reserveCapacity(checkpoints.capacity * steps.windowValues)
            }
        }
        let steps = steps
        let taken: (Steps, [Steps.Saved], [Double])? = withUnsafeTemporaryAllocation(of: Double.self,
                                                                                     capacity: steps.outputs * chunkRows) { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return inputs.reading { columns in
                var pass = Pass(steps: steps, checkpoints: checkpoints, windows: windows, columns: columns, buffer: base)
                checkpoints = []
                windows = []
                body(&pass)
                return (pass.steps, pass.checkpoints, pass.windows)
            }
        }
        guard let taken else { return }
        (self.steps, self.checkpoints, self.windows) = taken
        count = n
    }

    /// Writes output `output` of the rows `rows` (inside `0..<count`) to `out`: the state restored
    /// from the checkpoint before them, and the rows from there on taken again.
    func values(output: Int, _ rows: Range<Int>, into out: UnsafeMutablePointer<Double>) {
        guard !rows.isEmpty else { return }
        precondition(rows.lowerBound >= 0 && rows.upperBound <= count, "rows outside the indicator")
        let interval = Self.interval, c = rows.lowerBound / interval, from = c * interval
        let windowValues = steps.windowValues, outputs = steps.outputs
        let chunkRows = min(Self.chunk, rows.upperBound - from)
        inputs.reading { columns in
            windows.withUnsafeBufferPointer { kept in
                let saved = UnsafeBufferPointer(rebasing: kept[(c * windowValues)..<((c + 1) * windowValues)])
                var steps = steps
                steps.restore(checkpoints[c], windows: saved, after: from, columns)
                withUnsafeTemporaryAllocation(of: Double.self, capacity: outputs * chunkRows) { buffer in
                    guard let base = buffer.baseAddress else { return }
                    var start = from
                    while start < rows.upperBound {
                        let end = min(rows.upperBound, start + chunkRows)
                        steps.run(start..<end, columns, base, stride: chunkRows)
                        let first = max(start, rows.lowerBound)
                        if first < end {
                            (out + (first - rows.lowerBound)).update(from: base + output * chunkRows + (first - start),
                                                                     count: end - first)
                        }
                        start = end
                    }
                }
            }
        }
    }

    /// Writes every output of the rows `runs` (each inside `0..<count`, in increasing order,
    /// none overlapping), run after run, to `out`: output k of the j-th row asked for at
    /// `out[k * total + j]`, `total` the rows asked for. One pass from the checkpoint before the
    /// first run: a run takes the rows on from where the one before left the state when the
    /// checkpoint before it is not nearer (the same steps, so the same values as the whole pass).
    func values(runs: UnsafeBufferPointer<Range<Int>>, total: Int, into out: UnsafeMutablePointer<Double>) {
        guard let first = runs.first, let last = runs.last else { return }
        precondition(first.lowerBound >= 0 && last.upperBound <= count, "rows outside the indicator")
        let interval = Self.interval, windowValues = steps.windowValues, outputs = steps.outputs
        let chunkRows = Self.chunk
        inputs.reading { columns in
            windows.withUnsafeBufferPointer { kept in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: outputs * chunkRows) { buffer in
                    guard let base = buffer.baseAddress else { return }
                    var steps = steps
                    // The row the state `steps` stands after (none yet).
                    var position = Int.min
                    var written = 0
                    for run in runs where !run.isEmpty {
                        let c = run.lowerBound / interval, from = c * interval
                        if position < from || position > run.lowerBound {
                            let saved = UnsafeBufferPointer(rebasing: kept[(c * windowValues)..<((c + 1) * windowValues)])
                            steps.restore(checkpoints[c], windows: saved, after: from, columns)
                            position = from
                        }
                        while position < run.upperBound {
                            let end = min(run.upperBound, position + chunkRows)
                            steps.run(position..<end, columns, base, stride: chunkRows)
                            let first = max(position, run.lowerBound)
                            if first < end {
                                for k in 0..<outputs {
                                    (out + (k * total + written + first - run.lowerBound))
                                        .update(from: base + (k * chunkRows + first - position), count: end - first)
                                }
                            }
                            position = end
                        }
                        written += run.count
                    }
                }
            }
        }
    }
}

/// The spacing of an indicator's checkpoints and its pass's chunks, the same for every indicator.
enum IndicatorCheckpoints {
    /// Rows between checkpoints: a multiple of the index's block (a replay takes at most this
    /// many rows before the first one asked for). 128 rather than 64: the pass saves half as
    /// many states (a fifteenth fewer instructions for the seven), a frame that works the lines
    /// out replays up to twice as many rows at a column's edge (issue 25).
    static let interval = 128
    /// Rows a pass takes at a time (their outputs stay in the first-level cache while summarized).
    static let chunk = 512
    /// Rows of one indicator a pair's pass takes before the same rows of the other
    /// (`CheckpointedIndicator.pair`): few enough that the processor holds both runs' operations
    /// at once, enough that the start of each run costs little. Divides `interval`.
    static let piece = 32
}

/// A `CheckpointedIndicator` of each kind of steps, as `IndicatorLine` holds it: a case a kind,
/// so that every read goes to the code made for its steps (no generic code working its
/// steps' type out at run time, as it would behind a protocol).
enum IndicatorEngine: Sendable {
    case ema(CheckpointedIndicator<EMASteps>)
    case bands(CheckpointedIndicator<BandSteps>)
    case vwap(CheckpointedIndicator<VWAPSteps>)
    case rsi(CheckpointedIndicator<RSISteps>)
    case macd(CheckpointedIndicator<MACDSteps>)
    case stochastic(CheckpointedIndicator<StochasticSteps>)
    case atr(CheckpointedIndicator<ATRSteps>)

    /// The indicator `choice` over every row of `inputs`, its drawn lines' first levels in `summaries`.
    init(_ choice: IndicatorChoice, inputs: IndicatorInputs, summaries: inout [BlockSummary]) {
        switch choice {
        case .ema(let n): self = .ema(CheckpointedIndicator(EMASteps(bars: n), inputs: inputs, summaries: &summaries))
        case .bollinger(let n, let m):
            self = .bands(CheckpointedIndicator(BandSteps(bars: n, deviations: m), inputs: inputs, summaries: &summaries))
        case .vwap: self = .vwap(CheckpointedIndicator(VWAPSteps(), inputs: inputs, summaries: &summaries))
        case .rsi(let n): self = .rsi(CheckpointedIndicator(RSISteps(bars: n), inputs: inputs, summaries: &summaries))
        case .macd(let f, let s, let g):
            self = .macd(CheckpointedIndicator(MACDSteps(fast: f, slow: s, signal: g), inputs: inputs, summaries: &summaries))
        case .stochastic(let n, let k, let d):
            self = .stochastic(CheckpointedIndicator(StochasticSteps(bars: n, kBars: k, dBars: d), inputs: inputs,
                                                     summaries: &summaries))
        case .atr(let n): self = .atr(CheckpointedIndicator(ATRSteps(bars: n), inputs: inputs, summaries: &summaries))
        }
    }

    /// Whether `choice`'s steps wait on a chain of operations from row to row (an exponential
    /// average's, Wilder's smoothing's): two of them take little more time in one pass than one
    /// alone (`pair`).
    static func waitsOnChain(_ choice: IndicatorChoice) -> Bool {
        switch choice {
        case .ema, .rsi, .macd, .atr: true
        case .bollinger, .vwap, .stochastic: false
        }
    }

    /// Two indicators that wait on chains (`waitsOnChain`) over the same rows, in one pass
    /// (`CheckpointedIndicator.pair`): each with its drawn lines' first levels, as each alone
    /// would give them. Nil for another indicator.
    static func pair(_ a: IndicatorChoice, inputs: IndicatorInputs, _ b: IndicatorChoice, inputs otherInputs: IndicatorInputs)
        -> (IndicatorEngine, [BlockSummary], IndicatorEngine, [BlockSummary])? {
        switch a {
        case .ema(let n): pair(EMASteps(bars: n), Self.ema, inputs, b, otherInputs)
        case .rsi(let n): pair(RSISteps(bars: n), Self.rsi, inputs, b, otherInputs)
        case .macd(let f, let s, let g): pair(MACDSteps(fast: f, slow: s, signal: g), Self.macd, inputs, b, otherInputs)
        case .atr(let n): pair(ATRSteps(bars: n), Self.atr, inputs, b, otherInputs)
        case .bollinger, .vwap, .stochastic: nil
        }
    }

    /// `pair` once the first indicator's steps are made (`engine` makes its case).
    private static func pair<A: IndicatorSteps>(_ a: A, _ engine: (CheckpointedIndicator<A>) -> IndicatorEngine,
                                                _ inputs: IndicatorInputs, _ b: IndicatorChoice,
                                                _ otherInputs: IndicatorInputs)
        -> (IndicatorEngine, [BlockSummary], IndicatorEngine, [BlockSummary])? {
        func with<B: IndicatorSteps>(_ other: B, _ otherEngine: (CheckpointedIndicator<B>) -> IndicatorEngine)
            -> (IndicatorEngine, [BlockSummary], IndicatorEngine, [BlockSummary]) {
            let (first, summaries, second, otherSummaries) = CheckpointedIndicator.pair(a, inputs: inputs, other,
                                                                                         inputs: otherInputs)
            return (engine(first), summaries, otherEngine(second), otherSummaries)
        }
        switch b {
        case .ema(let n): return with(EMASteps(bars: n), Self.ema)
        case .rsi(let n): return with(RSISteps(bars: n), Self.rsi)
        case .macd(let f, let s, let g): return with(MACDSteps(fast: f, slow: s, signal: g), Self.macd)
        case .atr(let n): return with(ATRSteps(bars: n), Self.atr)
        case .bollinger, .vwap, .stochastic: return nil
        }
    }

    /// How many rows were taken.
    var count: Int {
        switch self {
        case .ema(let e): e.count
        case .bands(let e): e.count
        case .vwap(let e): e.count
        case .rsi(let e): e.count
        case .macd(let e): e.count
        case .stochastic(let e): e.count
        case .atr(let e): e.count
        }
    }

    /// How many outputs a row gives (the drawn lines first), how many are drawn, and the
    /// one the legend says: what its steps say.
    private var outputLayout: (outputs: Int, drawn: Int, legend: Int) {
        switch self {
        case .ema(let e): e.outputLayout
        case .bands(let e): e.outputLayout
        case .vwap(let e): e.outputLayout
        case .rsi(let e): e.outputLayout
        case .macd(let e): e.outputLayout
        case .stochastic(let e): e.outputLayout
        case .atr(let e): e.outputLayout
        }
    }

    /// How many outputs a row gives (the drawn lines first).
    var outputs: Int { outputLayout.outputs }

    /// How many lines are drawn (the first outputs).
    var drawn: Int { outputLayout.drawn }

    /// The output the legend says.
    var legendOutput: Int { outputLayout.legend }

    /// Output `output` of `rows`, written to `out`.
    func values(output: Int, _ rows: Range<Int>, into out: UnsafeMutablePointer<Double>) {
        switch self {
        case .ema(let e): e.values(output: output, rows, into: out)
        case .bands(let e): e.values(output: output, rows, into: out)
        case .vwap(let e): e.values(output: output, rows, into: out)
        case .rsi(let e): e.values(output: output, rows, into: out)
        case .macd(let e): e.values(output: output, rows, into: out)
        case .stochastic(let e): e.values(output: output, rows, into: out)
        case .atr(let e): e.values(output: output, rows, into: out)
        }
    }

    /// Every output of the rows `runs` (`CheckpointedIndicator.values(runs:total:into:)`).
    func values(runs: UnsafeBufferPointer<Range<Int>>, total: Int, into out: UnsafeMutablePointer<Double>) {
        switch self {
        case .ema(let e): e.values(runs: runs, total: total, into: out)
        case .bands(let e): e.values(runs: runs, total: total, into: out)
        case .vwap(let e): e.values(runs: runs, total: total, into: out)
        case .rsi(let e): e.values(runs: runs, total: total, into: out)
        case .macd(let e): e.values(runs: runs, total: total, into: out)
        case .stochastic(let e): e.values(runs: runs, total: total, into: out)
        case .atr(let e): e.values(runs: runs, total: total, into: out)
        }
    }

    /// Takes the rows appended since; answers their outputs (`CheckpointedIndicator.extend`).
    @discardableResult
    mutating func extend(_ inputs: IndicatorInputs) -> [[Double]] { change(.extend(inputs)) }

    /// Lets go of the input columns.
    mutating func releaseInputs() { _ = change(.releaseInputs) }

    /// What `change(_:)` does to the indicator.
    fileprivate enum Change {
        case extend(IndicatorInputs)
        case releaseInputs
    }

    /// Applies `change` to the indicator, taken out of `self` meanwhile (`self` holds an
    /// indicator of no row) so that it is held once and its checkpoints are not copied.
    private mutating func change(_ change: Change) -> [[Double]] {
        let fresh: [[Double]]
        switch self {
        case .ema(var e): self = Self.none; fresh = e.apply(change); self = .ema(e)
        case .bands(var e): self = Self.none; fresh = e.apply(change); self = .bands(e)
        case .vwap(var e): self = Self.none; fresh = e.apply(change); self = .vwap(e)
        case .rsi(var e): self = Self.none; fresh = e.apply(change); self = .rsi(e)
        case .macd(var e): self = Self.none; fresh = e.apply(change); self = .macd(e)
        case .stochastic(var e): self = Self.none; fresh = e.apply(change); self = .stochastic(e)
        case .atr(var e): self = Self.none; fresh = e.apply(change); self = .atr(e)
        }
        return fresh
    }

    /// An indicator of no row, held by `self` while its own changes.
    private static let none: IndicatorEngine = {
        var summaries: [BlockSummary] = []
        return .atr(CheckpointedIndicator(ATRSteps(bars: 1), inputs: IndicatorInputs(close: []), summaries: &summaries))
    }()

    /// Output `output` as a `MinMaxIndex` reads it; the lines of one indicator share `shared`.
    func replay(of output: Int, shared: ReplayCache) -> ReplayedLine {
        ReplayedLine(engine: self, output: output, cache: shared)
    }
}

/// One output of an indicator, as a `MinMaxIndex` reads it.
struct ReplayedLine: LineReplay {
    let engine: IndicatorEngine
    let output: Int
    /// The indicator's rows.
    let count: Int
    /// What was worked out last, shared by the indicator's lines (`ReplayCache`).
    let cache: ReplayCache

    init(engine: IndicatorEngine, output: Int, cache: ReplayCache) {
        self.engine = engine
        self.output = output
        self.cache = cache
        count = engine.count
    }

    func values(_ rows: Range<Int>, into out: UnsafeMutablePointer<Double>) {
        guard !rows.isEmpty else { return }
        cache.read(rows, output: output, interval: IndicatorCheckpoints.interval, count: count, into: out) { rows, out in
            engine.values(output: output, rows, into: out)
        }
    }

    func values(runs: [Range<Int>], into out: UnsafeMutablePointer<Double>) {
        cache.read(runs: runs, output: output, outputs: engine.outputs, count: count, into: out) { runs, total, out in
            engine.values(runs: runs, total: total, into: out)
        }
    }
}
