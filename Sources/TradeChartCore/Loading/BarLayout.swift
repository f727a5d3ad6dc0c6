/// Where the open, high, low and volume are in each row, found from the header's
/// names as `ColumnLayout` compares them (case-insensitive, letters and digits only):
///
/// - open: `Open`, `Erster` (ariva), `Eröffnung`, `Otwarcie` (stooq in Polish);
/// - high: `High`, `Hoch`, `Höchst`, `Najwyzszy`; low: `Low`, `Tief`, `Tiefst`, `Najnizszy`;
/// - volume: `Volume`, MetaTrader 5's `<TICKVOL>` (before its `<VOL>`, the exchange volume
///   that is 0 for forex; the tick volume is what MetaTrader 4 exports and charts), `Vol.`
///   (investing.com), then `Stuecke`/`Stücke` (ariva's shares traded, what every other
///   export calls volume), then `Volumen` (ariva's turnover in money, used when there is no
///   count of shares), `Wolumen`.
///
/// A name must match whole: TradingView's `Volume MA` (a moving average of the volume)
/// is not the volume. The time columns are never taken.
struct BarLayout: Sendable, Equatable {
    /// Field indices, -1 for a column the file does not have.
    var open = -1
    var high = -1
    var low = -1
    var volume = -1

    static let openNames = ["open", "erster", "eröffnung", "eroeffnung", "otwarcie"]
    static let highNames = ["high", "hoch", "höchst", "hoechst", "najwyzszy"]
    static let lowNames = ["low", "tief", "tiefst", "najnizszy"]
    static let volumeNames = ["volume", "tickvol", "vol", "stuecke", "stücke", "volumen", "wolumen"]

    init() {}

    /// The columns of `layout` among `wanted`.
    init(_ layout: ColumnLayout, wanted: BarFields = .all) {
        let keys = layout.columns.map(ColumnLayout.key)
        func find(_ names: [String]) -> Int {
            for name in names {
                if let i = keys.indices.first(where: { keys[$0] == name && $0 != layout.timeIndex && $0 != layout.clockIndex }) {
                    return i
                }
            }
            return -1
        }
        if wanted.contains(.prices) {
            open = find(Self.openNames)
            high = find(Self.highNames)
            low = find(Self.lowNames)
        }
        if wanted.contains(.volume) { volume = find(Self.volumeNames) }
    }

    /// The highest field index a row is read up to for these columns (-1 for none).
    var lastField: Int { max(open, high, low, volume) }

    var isEmpty: Bool { lastField < 0 }

    /// The header's names of the columns found.
    func names(in layout: ColumnLayout) -> BarColumnNames {
        func name(_ i: Int) -> String? { i >= 0 && i < layout.columns.count ? layout.columns[i] : nil }
        return BarColumnNames(open: name(open), high: name(high), low: name(low), volume: name(volume))
    }
}
