import Glibc

/// What is drawn over the price and how its axis reads: the on/off settings of the settings
/// table (a log axis, `L`; percent labels, `%`), the moving averages (`m`, `--average`), the
/// indicators (`--indicator`) and the plotted values they make.
///
/// Invariant: `plotIndex` and `averages` are always those of `logAxis` and `averageBars` over
/// the same prices: `plot(_:scaled:scale:)` is the one place both are worked out.
struct PriceOverlays: Sendable {
    /// The on/off settings that are on (see `Settings.table`).
    var switches: Set<SettingID> = []
    /// Whether the price axis is logarithmic (`L`).
    var logAxis: Bool {
        get { switches.contains(.log) }
        set { turn(.log, newValue) }
    }
    /// Whether the price labels show the percent change from the reference price (`%`).
    var percentAxis: Bool {
        get { switches.contains(.percent) }
        set { turn(.percent, newValue) }
    }
    /// The bars of the moving averages shown (`m`, `--average`).
    var averageBars: [Int] = []
    /// The averages of `averageBars`, in that order.
    var averages: [AverageLine] = []
    /// The indicators asked for (`--indicator`, `i`), in their order.
    var indicatorChoices: [IndicatorChoice] = []
    /// Those of `indicatorChoices` this file has, computed, in that order.
    var indicators: [IndicatorLine] = []
    /// Those it has not, and why.
    var unavailableIndicators: [(choice: IndicatorChoice, why: IndicatorLine.Unavailable)] = []
    /// The min-max index of the plotted prices (the scaled prices' index, or the log
    /// prices' on a log axis): what the projections and the rasterizer see.
    var plotIndex: MinMaxIndex

    init(plotIndex: MinMaxIndex) {
        self.plotIndex = plotIndex
    }

    /// Turns the switch `id` on or off.
    mutating func turn(_ id: SettingID, _ on: Bool) {
        if on { switches.insert(id) } else { switches.remove(id) }
    }

    /// Works out the plotted index and the averages of `prices` (whose scaled index is
    /// `index`, at `scale`) for the axis and the averages asked for, and the indicators'
    /// plotted lines for the axis.
    mutating func plot(_ prices: [Double], scaled index: MinMaxIndex, scale: PriceScale) {
        plotIndex = ViewerState.plotIndex(of: prices, scaled: index, log: logAxis)
        refreshAverages(prices, scale: scale)
        // The overlays plotted for another axis are plotted afresh; the panes' lines do not depend on it.
        let log = logAxis
        for k in indicators.indices { indicators[k].plot(scale: scale, log: log) }
    }

    /// Works out the averages alone (the plotted index is already that of `prices`).
    mutating func refreshAverages(_ prices: [Double], scale: PriceScale) {
        let log = logAxis
        averages = averageBars.map { bars in
            AverageLine(MovingAverage(bars: bars, prices: prices), plotted: { Glibc.log($0) }, scale: scale, log: log)
        }
    }
}
