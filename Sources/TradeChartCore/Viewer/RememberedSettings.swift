/// The settings of the viewer that are remembered about a file, as the state holds them:
/// the range or free window, the on/off settings of the settings table (the volume pane,
/// the axis), the moving averages, the indicators, the style and the candle period. `ViewerState.remember(changesSince:)` is the one place they are written into
/// the remembered view: a setting is written when it changed, so what the host handed in
/// stays as it was until the person changes it.
struct RememberedSettings: Sendable, Equatable {
    var range: ChartRange
    var window: ClosedRange<Int64>?
    /// The on/off settings remembered per file that are on.
    var switches: Set<SettingID>
    var averages: [Int]
    var indicators: [IndicatorChoice]
    var style: ChartStyle
    var period: CandlePeriod?

    /// Writes into `memory` what an opening decides whatever was remembered: the fixed
    /// range it opens on, the style and the pane (a window and the axis are written when
    /// they are applied, as changes).
    func writeOpening(into memory: inout RememberedView) {
        memory.range = range.label
        memory.style = style == .line ? nil : style.rawValue
        memory.period = period?.rawValue
        memory.remember(.volume, on: switches.contains(.volume))
    }

    /// Writes into `memory` each setting that differs from `before`.
    func write(into memory: inout RememberedView, since before: RememberedSettings) {
        if window != before.window || (window == nil && range != before.range) {
            if let window {
                memory.window = [window.lowerBound, window.upperBound]
            } else {
                memory.window = nil
                memory.range = range.label
            }
        }
        for id in switches.symmetricDifference(before.switches) { memory.remember(id, on: switches.contains(id)) }
        if averages != before.averages { memory.averages = averages.isEmpty ? nil : averages }
        if indicators != before.indicators { memory.indicators = indicators.isEmpty ? nil : indicators.map(\.argument) }
        if style != before.style { memory.style = style == .line ? nil : style.rawValue }
        if period != before.period { memory.period = period?.rawValue }
    }
}

extension ViewerState {
    /// The remembered settings as they stand.
    var rememberedSettings: RememberedSettings {
        RememberedSettings(range: range, window: window, switches: rememberedSwitches, averages: averageBars,
                           indicators: indicatorChoices,
                           style: candles.style, period: candles.period)
    }

    /// Writes into `memory` every remembered setting changed since `before`.
    mutating func remember(changesSince before: RememberedSettings) {
        rememberedSettings.write(into: &memory, since: before)
    }
}
