/// What a chart shows beside its range, as the command line or the remembered state
/// asks for it on opening: a free window, the on/off settings (the axis), the moving averages,
/// the indicators.
public struct ViewSettings: Sendable, Equatable {
    /// The times of the window's first and last point (`--from`, `--to`), nil for a fixed range.
    public var window: ClosedRange<Int64>?
    /// The on/off settings of the settings table to turn on (`.log`, `.percent`).
    public var switches: Set<SettingID>
    /// The bars of each moving average.
    public var averages: [Int]
    /// The indicators (`--indicator`).
    public var indicators: [IndicatorChoice]

    public init(window: ClosedRange<Int64>? = nil, switches: Set<SettingID> = [], averages: [Int] = [],
                indicators: [IndicatorChoice] = []) {
        self.window = window
        self.switches = switches
        self.averages = averages
        self.indicators = indicators
    }

    /// What `remembered` holds.
    public init(remembered: RememberedView?) {
        let bounds = remembered?.window ?? []
        self.init(window: bounds.count == 2 && bounds[0] <= bounds[1] ? bounds[0]...bounds[1] : nil,
                  switches: remembered?.switches ?? [],
                  averages: (remembered?.averages ?? []).filter { $0 >= 1 && $0 <= 100_000 },
                  // A remembered choice this version cannot read is left out.
                  indicators: (remembered?.indicators ?? []).compactMap { try? IndicatorChoice.list($0).first })
    }
}
