/// What tradechart remembers about one file: the last range (or free window), the
/// on/off settings of the settings table that are on (the volume pane, the axis), the moving
/// averages, the indicators, the style (line, candles, OHLC bars), the candle period, and the theme
/// and charset when they were given on the command line; for a folder, the overview's range,
/// order and filter. Every field but `updated` may be
/// missing (older files, or not set).
public struct RememberedView: Codable, Sendable, Equatable {
    public var range: String?
    public var theme: String?
    public var charset: String?
    /// The free window: the times of its first and last point.
    public var window: [Int64]?
    /// The on/off settings that are on: each is its entry's field (`"log": true`), present only when on.
    public var switches: Set<SettingID>
    /// The bars of the moving averages shown.
    public var averages: [Int]?
    /// The indicators shown, as the command line writes each (`bb:20,2.5`).
    public var indicators: [String]?
    /// `line`, `candles` or `ohlc` (a `ChartStyle`); nil for the line.
    public var style: String?
    /// The candle period chosen (a `CandlePeriod`: `1w`); nil for the automatic one.
    public var period: String?
    /// A folder's overview: its order (an `OverviewOrder`'s argument) and its name filter.
    public var order: String?
    public var filter: String?
    /// Seconds since 1970 of the last change, to keep the file small.
    public var updated: Double

    public init(range: String? = nil, theme: String? = nil, charset: String? = nil, window: [Int64]? = nil,
                switches: Set<SettingID> = [], averages: [Int]? = nil, indicators: [String]? = nil, style: String? = nil,
                period: String? = nil, order: String? = nil, filter: String? = nil, updated: Double = 0) {
        self.range = range
        self.theme = theme
        self.charset = charset
        self.window = window
        self.switches = switches
        self.averages = averages
        self.indicators = indicators
        self.style = style
        self.period = period
        self.order = order
        self.filter = filter
        self.updated = updated
    }

    /// Keeps the on/off setting `id` on or off.
    public mutating func remember(_ id: SettingID, on: Bool) {
        if on { switches.insert(id) } else { switches.remove(id) }
    }

    /// A field of the state file, by its name.
    struct Field: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// The field the settings table names for `id`.
    static func field(_ id: SettingID) -> Field {
        guard let name = Settings[id].fileField else { preconditionFailure("\(id) is not remembered per file") }
        return Field(name)
    }

    /// The on/off settings remembered per file, by their fields.
    static var switchFields: [(id: SettingID, field: String)] {
        Settings.table.compactMap { setting in setting.fileField.flatMap { setting.isToggle ? (setting.id, $0) : nil } }
    }

    public init(from decoder: Decoder) throws {
        let fields = try decoder.container(keyedBy: Field.self)
        range = try fields.decodeIfPresent(String.self, forKey: Self.field(.range))
        theme = try fields.decodeIfPresent(String.self, forKey: Self.field(.theme))
        charset = try fields.decodeIfPresent(String.self, forKey: Self.field(.charset))
        window = try fields.decodeIfPresent([Int64].self, forKey: Self.field(.window))
        averages = try fields.decodeIfPresent([Int].self, forKey: Self.field(.averages))
        indicators = try fields.decodeIfPresent([String].self, forKey: Self.field(.indicators))
        style = try fields.decodeIfPresent(String.self, forKey: Self.field(.style))
        period = try fields.decodeIfPresent(String.self, forKey: Self.field(.period))
        order = try fields.decodeIfPresent(String.self, forKey: Self.field(.overviewOrder))
        filter = try fields.decodeIfPresent(String.self, forKey: Self.field(.overviewFilter))
        updated = try fields.decode(Double.self, forKey: Field("updated"))
        switches = []
        for (id, field) in Self.switchFields where try fields.decodeIfPresent(Bool.self, forKey: Field(field)) == true {
            switches.insert(id)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var fields = encoder.container(keyedBy: Field.self)
        try fields.encodeIfPresent(range, forKey: Self.field(.range))
        try fields.encodeIfPresent(theme, forKey: Self.field(.theme))
        try fields.encodeIfPresent(charset, forKey: Self.field(.charset))
        try fields.encodeIfPresent(window, forKey: Self.field(.window))
        try fields.encodeIfPresent(averages, forKey: Self.field(.averages))
        try fields.encodeIfPresent(indicators, forKey: Self.field(.indicators))
        try fields.encodeIfPresent(style, forKey: Self.field(.style))
        try fields.encodeIfPresent(period, forKey: Self.field(.period))
        try fields.encodeIfPresent(order, forKey: Self.field(.overviewOrder))
        try fields.encodeIfPresent(filter, forKey: Self.field(.overviewFilter))
        try fields.encode(updated, forKey: Field("updated"))
        for (id, field) in Self.switchFields where switches.contains(id) { try fields.encode(true, forKey: Field(field)) }
    }
}
