import CKernels

/// The slow stochastic %K n, k, d of a candle file (SPEC section 11), as TA-Lib's STOCH with
/// simple averages: the fast %K is where the close lies between the lowest low and the
/// highest high of the last n bars, 100 × (close − lowest) / (highest − lowest) (0 when they
/// are equal); %K is its simple average over k bars and %D that of %K over d bars. Both
/// have values from bar n + k + d - 3 on (NaN before), as TA-Lib gives them. Appended rows
/// cost amortised O(1) each (`extend`), to the same values bit for bit; a whole series is
/// written through unsafe pointers (`DoubleColumn`), its windows fed through unsafe views.
public struct Stochastic: CandleIndicator, Equatable {
    public let bars: Int
    public let kBars: Int
    public let dBars: Int
    public private(set) var k: [Double] = []
    public private(set) var d: [Double] = []
    private var highest: WindowExtreme
    private var lowest: WindowExtreme
    private var kMean: WindowMoments
    private var dMean: WindowMoments

    /// The four windows while bars are fed.
    struct Feeds {
        var highest: WindowExtreme.Feed
        var lowest: WindowExtreme.Feed
        var averages: Averages

        /// The fast %K after `bar`: where its close lies between the extremes of the last bars.
        @inline(__always) mutating func fastK(_ bar: HighLowClose) -> Double {
            Stochastic.fastK(close: bar.close, highest: highest.add(bar.high), lowest: lowest.add(bar.low))
        }
    }

    /// The fast %K of a bar whose close is `close`, the extremes of the last bars `highest` and `lowest`.
    @inline(__always) static func fastK(close: Double, highest top: Double, lowest bottom: Double) -> Double {
        // One division a bar (TA-Lib divides the range by 100 first: within 1e-9 of it).
        let range = top - bottom
        return range != 0 ? (close - bottom) / range * 100 : 0
    }

    /// The two averages' windows while fast %K values are fed: %K that of the fast %K, %D that of %K.
    struct Averages {
        var kMean: WindowMoments.Feed
        var dMean: WindowMoments.Feed

        /// %K and %D after the fast %K `fast` of bar number `row` of a stochastic over `bars`
        /// bars (NaN before both have values; the averages take no fast %K before bar `bars - 1`).
        @inline(__always) mutating func slow(_ fast: Double, row: Int, bars: Int) -> (Double, Double) {
            if isFull { return slowFull(fast) }
            guard row >= bars - 1 else { return (.nan, .nan) }
            guard let slowK = kMean.addForMean(fast), !slowK.isNaN,
                  let slowD = dMean.addForMean(slowK), !slowD.isNaN else { return (.nan, .nan) }
            return (slowK, slowD)
        }

        /// Whether both averages' windows are full: from then on `slowFull` takes the fast %K.
        var isFull: Bool { kMean.isFull && dMean.isFull }

        /// `slow` once both averages are full (`isFull`): without the warm-up's branches.
        @inline(__always) mutating func slowFull(_ fast: Double) -> (Double, Double) {
            let slowK = kMean.addForMeanFull(fast)
            guard !slowK.isNaN else { return (.nan, .nan) }
            let slowD = dMean.addForMeanFull(slowK)
            guard !slowD.isNaN else { return (.nan, .nan) }
            return (slowK, slowD)
        }

        /// Where `take` reads the fast %K of the first bar in its scratch (the slots before are its own).
        var fastOffset: Int { kMean.bars }

        /// How many values `take`'s scratch holds for `rows` bars.
        func scratchCount(rows: Int) -> Int { kMean.bars + dMean.bars + Self.scratchCount(rows: rows) }

        /// How many values `take`'s scratch holds for `rows` bars beside the averages' windows.
        static func scratchCount(rows: Int) -> Int { 3 * rows + 1 }

        /// Takes the fast %K of the bars `rows` (that of bar `rows.lowerBound + j` in
        /// `scratch[fastOffset + j]`, the scratch `scratchCount` values) of a stochastic over `bars`
        /// bars, writing their %K to `k[j]` and %D to `d[j]`: `slow` until both averages are full,
        /// then the same sums as `slowFull`'s in two runs, %K of every bar, then %D of those %K
        /// that are numbers (a NaN %K is not fed to %D's window).
        @inline(__always) mutating func take(scratch: UnsafeMutablePointer<Double>, rows: Range<Int>, bars: Int,
                                             k: UnsafeMutablePointer<Double>, d: UnsafeMutablePointer<Double>) {
            // The windows in a local of the loops alone, so that their sums stay in registers.
            var local = self
            defer { self = local }
            let first = rows.lowerBound, count = rows.count, kBars = kMean.bars, dBars = dMean.bars
            let fast = scratch + kBars
            var j = 0
            while j < count && !local.isFull {
                (k[j], d[j]) = local.slow(fast[j], row: first &+ j, bars: bars)
                j &+= 1
            }
            guard j < count else { return }
            local.kMean.addForMeanFull(run: scratch + j, count: count &- j, means: k + j)
            // The %K that are numbers after %D's window, their %D after them.
            let fed = scratch + (kBars &+ count), means = fed + (dBars &+ count)
            let run = count &- j
            if tc_has_nan(k + j, run) == 0 {
                // Every %K a number (a run without gaps, found by packed comparisons): their %D are
                // the means as they come, and a %D that is not a number (from infinite prices)
                // blanks the row, as below.
                (fed + dBars).update(from: k + j, count: run)
                local.dMean.addForMeanFull(run: fed, count: run, means: d + j)
                if tc_has_nan(d + j, run) != 0 {
                    for t in j..<count where d[t] != d[t] { (k[t], d[t]) = (.nan, .nan) }
                }
                return
            }
            var m = 0
            for t in j..<count {
                let slowK = k[t]
                fed[dBars &+ m] = slowK
                m &+= slowK != slowK ? 0 : 1
            }
            local.dMean.addForMeanFull(run: fed, count: m, means: means)
            means[m] = .nan
            m = 0
            for t in j..<count {
                let slowK = k[t], slowD = means[m]
                m &+= slowK != slowK ? 0 : 1
                let both = slowK == slowK && slowD == slowD
                k[t] = both ? slowK : .nan
                d[t] = both ? slowD : .nan
            }
        }
    }

    /// How many bars a whole series' pass takes at a time: their fast %K first, then their
    /// averages, two short loops whose bars overlap in the processor (one loop of both keeps
    /// about two bars in flight, each waiting on four divisions in a row).
    static let chunk = 1024

    public init(bars: Int, kBars: Int, dBars: Int, high: [Double], low: [Double], close: [Double]) {
        self.bars = bars
        self.kBars = kBars
        self.dBars = dBars
        highest = WindowExtreme(bars: bars, highest: true)
        lowest = WindowExtreme(bars: bars, highest: false)
        kMean = WindowMoments(bars: kBars)
        dMean = WindowMoments(bars: dBars)
        extend(high: high, low: low, close: close)
    }

    public var count: Int { k.count }

    /// Lets `body` feed bars through the four windows' unsafe views.
    private mutating func feeding<R>(_ body: (inout Feeds) -> R) -> R {
        Self.feeding(&highest, &lowest, &kMean, &dMean, body)
    }

    /// Lets `body` feed bars through the unsafe views of the four windows given.
    static func feeding<R>(_ highest: inout WindowExtreme, _ lowest: inout WindowExtreme, _ kMean: inout WindowMoments,
                           _ dMean: inout WindowMoments, _ body: (inout Feeds) -> R) -> R {
        highest.feeding { h in
            lowest.feeding { l in
                averaging(&kMean, &dMean) { averages in
                    var feeds = Feeds(highest: h, lowest: l, averages: averages)
                    defer { (h, l, averages) = (feeds.highest, feeds.lowest, feeds.averages) }
                    return body(&feeds)
                }
            }
        }
    }

    /// Lets `body` feed fast %K values through the unsafe views of the two averages' windows given.
    @inline(__always) static func averaging<R>(_ kMean: inout WindowMoments, _ dMean: inout WindowMoments,
                                               _ body: (inout Averages) -> R) -> R {
        kMean.feeding { km in
            dMean.feeding { dm in
                var averages = Averages(kMean: km, dMean: dm)
                defer { (km, dm) = (averages.kMean, averages.dMean) }
                return body(&averages)
            }
        }
    }

    public mutating func extend(high: [Double], low: [Double], close: [Double]) {
        var none: [BlockSummary]? = nil
        extend(high: high, low: low, close: close, summaries: &none)
    }

    /// Takes the bars appended since; made from no row with `summaries` non-nil, also
    /// summarizes each line in the same pass (in the order of the lines' columns), for the
    /// chart's min-max index (`DoubleColumn.grow(_:to:summaries:_:)`).
    package mutating func extend(high: [Double], low: [Double], close: [Double], summaries: inout [BlockSummary]?) {
        let bars = bars
        var k = self.k, d = self.d
        self.k = []
        self.d = []
        feeding { feeds in
            DoubleColumn.grow(&k, &d, to: close.count, summaries: &summaries) { rows, pk, pd in
                HighLowClose.reading(high: high, low: low, close: close) { columns in
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: feeds.averages.scratchCount(rows: Self.chunk)) {
                        let scratch = $0.baseAddress!, fast = scratch + feeds.averages.fastOffset
                        // The state in a local of the loops alone, so it stays in registers.
                        var local = feeds
                        var start = rows.lowerBound
                        while start < rows.upperBound {
                            let end = min(start + Self.chunk, rows.upperBound)
                            for i in start..<end { fast[i - start] = local.fastK(columns[i]) }
                            local.averages.take(scratch: scratch, rows: start..<end, bars: bars, k: pk + start, d: pd + start)
                            start = end
                        }
                        feeds = local
                    }
                }
            }
        }
        self.k = k
        self.d = d
    }

    /// Takes the next bar.
    public mutating func append(_ bar: HighLowClose) {
        let row = k.count, bars = bars
        let (slowK, slowD) = feeding { $0.averages.slow($0.fastK(bar), row: row, bars: bars) }
        k.append(slowK)
        d.append(slowD)
    }

    /// The first bar that has a value.
    public var firstDefined: Int { bars + kBars + dBars - 3 }
}
