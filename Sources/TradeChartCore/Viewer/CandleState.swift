/// What the viewer shows of the open, high, low and volume (SPEC section 8): the
/// style, whether the volume pane is up, which of the columns the file has (known
/// from its header) and the candles of those read so far. A file shown as a line
/// has read none of them; `c` or `v` asks the host to read them (`loadBars`) and
/// takes them when they come (`.bars`).
public struct CandleState: Sendable {
    /// The style asked for; candles and OHLC bars are drawn only once their columns are read.
    public internal(set) var style: ChartStyle
    /// Whether the volume pane is asked for.
    public internal(set) var volume: Bool
    /// The candle period chosen (`p`, `--period`), used where it fits the width; nil for
    /// the automatic one, the smallest that fits.
    public internal(set) var period: CandlePeriod?
    /// The file's open, high, low and volume columns, by their header names.
    public internal(set) var names: BarColumnNames
    /// The candles of the columns read so far, nil before any were.
    public internal(set) var series: CandleSeries?
    /// The columns asked for from the host and not come yet.
    package internal(set) var awaited: BarFields = []
    /// What the person asked for while they were read (candles, the pane): what to say when they come.
    var asked: BarFields = []

    /// - Parameters:
    ///   - names: the columns the file's header has.
    ///   - bars: the columns read with the series (nil: none read).
    ///   - closes: the series' prices, the candles' closes.
    ///   - style, volume, period: what the command line or the remembered view asks for.
    public init(names: BarColumnNames = .init(), bars: BarColumns? = nil, closes: [Double] = [],
                style: ChartStyle = .line, volume: Bool = false, period: CandlePeriod? = nil) {
        self.names = names
        self.style = style
        self.volume = volume
        self.period = period
        if let bars, bars.count == closes.count, bars.count > 0 { series = CandleSeries(bars: bars, closes: closes) }
    }

    /// The columns read so far.
    public var loaded: BarFields {
        guard let bars = series?.bars else { return [] }
        return BarFields().union(bars.hasCandles ? .prices : []).union(bars.volume != nil ? .volume : [])
    }

    /// Whether candles or OHLC bars are drawn rather than the line.
    package var drawsCandles: Bool { style != .line && loaded.contains(.prices) }

    /// Whether the volume pane is drawn.
    package var drawsVolume: Bool { volume && loaded.contains(.volume) }

    /// The columns the file has.
    package var offered: BarFields {
        BarFields().union(names.hasCandles ? .prices : []).union(names.volume != nil ? .volume : [])
    }

    /// The columns `style` and the volume pane (`volume`) need: candles and OHLC bars read
    /// the volume too, which their header shows (`V 107.3M`) with the pane hidden as well.
    public static func fields(style: ChartStyle, volume: Bool) -> BarFields {
        style != .line ? [.prices, .volume] : (volume ? .volume : [])
    }

    /// The columns that what is asked for needs and that are not read yet (but the file has).
    public var missing: BarFields {
        Self.fields(style: style, volume: volume).intersection(offered).subtracting(loaded)
    }

    /// The same request, with the columns of another load of the file (a followed file, a reload).
    mutating func take(_ loaded: LoadedSeries) {
        names = loaded.barNames
        if let bars = loaded.bars, bars.count == loaded.series.count, bars.count > 0 {
            series = CandleSeries(bars: bars, closes: loaded.series.prices)
        } else {
            series = nil
        }
        awaited = []
    }

    /// Why the file cannot show candles (nil when it can): the columns it lacks.
    func noCandles(file: String) -> StatusMessage? {
        let missing = names.missingForCandles
        return missing.isEmpty ? nil : .candlesNeedColumns(file: file, missing: missing)
    }

    /// Why the file cannot show a volume pane (nil when it can).
    func noVolume(file: String) -> StatusMessage? {
        names.volume == nil ? .noVolumeColumn(file: file) : nil
    }

    /// Why the file cannot show candles, in the status line's words (nil when it can).
    public func whyNoCandles(file: String) -> String? { noCandles(file: file)?.text }

    /// Why the file cannot show a volume pane, in the status line's words (nil when it can).
    public func whyNoVolume(file: String) -> String? { noVolume(file: file)?.text }
}
